// Settings → Language, followed: the effective locale ('system' resolved
// against the operating system's languages) set at start, and on each settings
// change that means another language, every window told `{type:'locale'}` once
// and then whoever builds words in main (the menus) told too.
import type { AnyLocale } from '../../../shared/i18n/locales.ts';
import type { AppCommand, AppSettings } from '../../../shared/native.ts';
import { effectiveLocale } from '../native/native-handlers.ts';
import type { LocaleHolder } from './current.ts';

export function followLanguage(holder: LocaleHolder, initial: AppSettings, systemLanguages: () => readonly string[], push: (c: AppCommand) => void) {
  const listeners = new Set<(locale: AnyLocale) => void>();
  holder.set(effectiveLocale(initial.language, systemLanguages()));
  return {
    /** After every settings change. */
    settingsChanged(s: AppSettings): void {
      const locale = effectiveLocale(s.language, systemLanguages());
      if (!holder.set(locale)) return;
      push({ type: 'locale', locale });
      for (const l of listeners) l(locale);
    },
    onLocale(listener: (locale: AnyLocale) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
