import type { AnyLocale } from '../../../shared/i18n/locales.ts';
import { useLocaleStore } from './current.ts';

/** The locale this window speaks now; a component using it re-renders when it changes. */
export const useLocale = (): AnyLocale => useLocaleStore((s) => s.locale);
