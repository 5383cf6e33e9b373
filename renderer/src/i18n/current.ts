// The window's language, one place for React and for code outside it (stores,
// notices): the current locale, its catalog and the IntlShape made from them.
// LocaleProvider hands the same IntlShape to react-intl, so `getIntl()` and
// `useIntl()` always agree.
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { create } from 'zustand';
import { SOURCE_LOCALE, type AnyLocale } from '../../../shared/i18n/locales.ts';
import { loadMessages, type Messages } from './catalogs.ts';

const cache = createIntlCache();

function onError(err: { code?: string }): void {
  // English is the source's defaultMessage (there is no English catalog to load), and a
  // catalog a translator has not finished falls back to English: neither is a fault here.
  // The catalog check (npm run i18n:check) is where a missing message fails.
  if (err.code === 'MISSING_TRANSLATION') return;
  console.error(err);
}

export function makeIntl(locale: AnyLocale, messages: Messages): IntlShape {
  return createIntl({ locale, defaultLocale: SOURCE_LOCALE, messages, onError }, cache);
}

interface LocaleState {
  locale: AnyLocale;
  intl: IntlShape;
}

export const useLocaleStore = create<LocaleState>(() => ({
  locale: SOURCE_LOCALE,
  intl: makeIntl(SOURCE_LOCALE, {}),
}));

let wanted: AnyLocale = SOURCE_LOCALE;

/**
 * Switches the window to a locale: its catalog loads (only that one), then every
 * screen re-renders in it. Asked twice quickly, the later request wins.
 */
export async function setLocale(locale: AnyLocale): Promise<void> {
  wanted = locale;
  if (useLocaleStore.getState().locale === locale) return;
  let messages: Messages = {};
  try {
    messages = await loadMessages(locale);
  } catch (err) {
    console.error(`The ${locale} catalog did not load; English is shown instead.`, err);
  }
  if (wanted !== locale) return;
  useLocaleStore.setState({ locale, intl: makeIntl(locale, messages) });
}

/** The IntlShape of the current locale, for code outside React (take it at the call, not once). */
export const getIntl = (): IntlShape => useLocaleStore.getState().intl;
/** The current locale, for code outside React. */
export const getLocale = (): AnyLocale => useLocaleStore.getState().locale;
