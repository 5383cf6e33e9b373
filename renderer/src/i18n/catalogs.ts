/// <reference path="../env.d.ts" />
// The app's catalogs, one chunk per language: only the current locale's loads
// (English needs none: its text is the source's defaultMessage). The pseudo-locale
// is made from English when chosen.
import { PSEUDO_LOCALE, SOURCE_LOCALE, type AnyLocale, type Locale } from '../../../shared/i18n/locales.ts';

export type Messages = Record<string, string>;
type Catalog = Promise<{ default: Messages }>;

// One import() per language, by name: the build turns each into its own chunk and
// leaves no file name behind (a glob's keys would stay in the bundle as paths
// that the packaged app's import check reads as files to ship).
const files: Record<Locale, () => Catalog> = {
  en: () => import('./messages/en.json') as Catalog,
  de: () => import('./messages/de.json') as Catalog,
  fr: () => import('./messages/fr.json') as Catalog,
  es: () => import('./messages/es.json') as Catalog,
  'pt-BR': () => import('./messages/pt-BR.json') as Catalog,
  it: () => import('./messages/it.json') as Catalog,
  nl: () => import('./messages/nl.json') as Catalog,
  pl: () => import('./messages/pl.json') as Catalog,
  tr: () => import('./messages/tr.json') as Catalog,
  ja: () => import('./messages/ja.json') as Catalog,
  'zh-Hans': () => import('./messages/zh-Hans.json') as Catalog,
  ar: () => import('./messages/ar.json') as Catalog,
};

export async function loadMessages(locale: AnyLocale): Promise<Messages> {
  if (locale === SOURCE_LOCALE) return {};
  if (locale === PSEUDO_LOCALE) {
    const [en, pseudo] = await Promise.all([files.en(), import('../../../shared/i18n/pseudo.ts')]);
    return pseudo.pseudoMessages(en.default);
  }
  const load = files[locale];
  return load ? (await load()).default : {};
}
