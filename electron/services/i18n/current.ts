// The language main and the services speak right now: the effective locale
// (Settings → Language, 'system' resolved against the operating system's
// languages). createDesktop sets it at start and whenever the setting changes;
// whoever writes a word for the user (menus, the tray, dialogs, notifications,
// job titles, errors) reads `t()` at that moment, so a change applies at once.
import type { IntlShape } from '@formatjs/intl';
import type { AnyLocale } from '../../../shared/i18n/locales.ts';
import { intlFor } from './intl.ts';

export interface LocaleHolder {
  locale(): AnyLocale;
  intl(): IntlShape;
  /** Changes the language; true when it was another one (listeners are told then only). */
  set(locale: AnyLocale): boolean;
  onChange(listener: (locale: AnyLocale) => void): () => void;
}

export function createLocaleHolder(initial: AnyLocale = 'en'): LocaleHolder {
  let current = initial;
  const listeners = new Set<(locale: AnyLocale) => void>();
  return {
    locale: () => current,
    intl: () => intlFor(current),
    set(locale) {
      if (locale === current) return false;
      current = locale;
      for (const l of listeners) l(locale);
      return true;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The main process's one language (a process has one user). */
export const desktopLocale = createLocaleHolder();
/** The IntlShape of the current language. */
export const t = (): IntlShape => desktopLocale.intl();
