// The desktop's main process in the user's language: one FormatJS IntlShape
// per locale, from the catalogs in ./messages (en.json is extracted from the
// source by `npm run i18n:extract`; the other eleven are translations). The
// pseudo-locale is English made longer and accented (shared/i18n/pseudo.ts).
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { LOCALES, type AnyLocale, type Locale } from '../../../shared/i18n/locales.ts';
import { pseudoMessages } from '../../../shared/i18n/pseudo.ts';
import en from './messages/en.json' with { type: 'json' };
import de from './messages/de.json' with { type: 'json' };
import fr from './messages/fr.json' with { type: 'json' };
import es from './messages/es.json' with { type: 'json' };
import ptBR from './messages/pt-BR.json' with { type: 'json' };
import it from './messages/it.json' with { type: 'json' };
import nl from './messages/nl.json' with { type: 'json' };
import pl from './messages/pl.json' with { type: 'json' };
import tr from './messages/tr.json' with { type: 'json' };
import ja from './messages/ja.json' with { type: 'json' };
import zhHans from './messages/zh-Hans.json' with { type: 'json' };
import ar from './messages/ar.json' with { type: 'json' };

export type Catalog = Record<string, string>;

/** The desktop catalogs: small enough (a few KB each) to be part of main's bundle. */
export const DESKTOP_CATALOGS: Record<Locale, Catalog> = {
  en, de, fr, es, 'pt-BR': ptBR, it, nl, pl, tr, ja, 'zh-Hans': zhHans, ar,
};


const cache = createIntlCache();
const made = new Map<AnyLocale, IntlShape>();

/** The IntlShape for a locale (made once, then kept). */
export function intlFor(locale: AnyLocale): IntlShape {
  let intl = made.get(locale);
  if (!intl) {
    const messages = locale === 'en-XA' ? pseudoMessages(en) : DESKTOP_CATALOGS[(LOCALES as readonly string[]).includes(locale) ? locale as Locale : 'en'];
    intl = createIntl({
      locale,
      defaultLocale: 'en',
      messages,
      // A message missing from a catalog falls back to English; `npm run i18n:check` is what finds it.
      onError: (err) => { if (err.code !== 'MISSING_TRANSLATION') console.error('Linkdesk i18n:', err.message); },
    }, cache);
    made.set(locale, intl);
  }
  return intl;
}
