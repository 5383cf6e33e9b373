// The app's catalogs, one chunk per language: only the current locale's loads
// (English needs none: its text is the source's defaultMessage). The pseudo-locale
// is made from English when chosen.
import { PSEUDO_LOCALE, SOURCE_LOCALE, type AnyLocale } from '../../../shared/i18n/locales.ts';

export type Messages = Record<string, string>;

const files = import.meta.glob<{ default: Messages }>('./messages/*.json');

export async function loadMessages(locale: AnyLocale): Promise<Messages> {
  if (locale === SOURCE_LOCALE) return {};
  if (locale === PSEUDO_LOCALE) {
    const [en, pseudo] = await Promise.all([files['./messages/en.json']!(), import('../../../shared/i18n/pseudo.ts')]);
    return pseudo.pseudoMessages(en.default);
  }
  const load = files[`./messages/${locale}.json`];
  return load ? (await load()).default : {};
}
