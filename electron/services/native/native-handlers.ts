// The calls behind the settings screen and the quick-shorten window. Settings
// that act on the system (the global shortcut, start at login) are applied
// first and saved only once they work, so the file never claims what is not so;
// what did work is saved even when a later part of the same change is refused.
import type { Domain, Page } from '../../../shared/api-types.ts';
import type { ProfileStore } from '../instance-profiles.ts';
import type { AppSettings, ClipboardPeek, QuickShortened, SettingsView, ThemeSetting } from '../../../shared/native.ts';
import { ServiceError } from '../errors.ts';
import type { SettingsStore } from './app-settings.ts';
import type { QuickFields, QuickShorten } from './quick-shorten.ts';
import { pickLocale, type AnyLocale } from '../../../shared/i18n/locales.ts';
import type { ShortcutManager } from './shortcuts.ts';
import { defineMessages } from '@formatjs/intl';
import { t } from '../i18n/current.ts';

const m = defineMessages({
  instanceGone: { id: 'desktop.settings.instanceGone', defaultMessage: 'That instance no longer exists.' },
  loginDesktopOnly: { id: 'desktop.settings.startAtLoginDesktopOnly', defaultMessage: 'Starting at login can be set in the desktop app only.' },
});

export interface NativeSettingsDeps {
  settings: SettingsStore;
  profiles: ProfileStore;
  shortcuts: ShortcutManager;
  quick: QuickShorten;
  /** Turns starting at login on or off; resolves to null, or to why it could not. Null: not in this session. */
  setStartAtLogin: ((open: boolean) => Promise<string | null>) | null;
  applyTheme(theme: ThemeSetting): void;
  onChange(settings: AppSettings): void;
  /** The operating system's preferred languages, best first (Electron: app.getPreferredSystemLanguages()). */
  systemLanguages?: () => readonly string[];
}

/** The language a setting means now: a chosen one, or the first of the system's Linkdesk speaks (else English). */
export function effectiveLocale(setting: AppSettings['language'], systemLanguages: readonly string[]): AnyLocale {
  return setting === 'system' ? pickLocale(systemLanguages) : setting;
}

const refuse = (field: keyof AppSettings, message: string) => new ServiceError('validation', message, { fields: { [field]: [message] } });

export function createNativeHandlers(d: NativeSettingsDeps) {
  const view = (): SettingsView => {
    const target = d.quick.instance();
    return {
      settings: d.settings.get(),
      shortcut: d.shortcuts.status(),
      startAtLogin: d.setStartAtLogin
        ? { supported: true, message: null }
        : { supported: false, message: t().formatMessage(m.loginDesktopOnly) },
      quickShortenInstance: { id: target.id, name: target.name },
      locale: effectiveLocale(d.settings.get().language, d.systemLanguages?.() ?? []),
    };
  };

  return {
    'settings.get': async (): Promise<SettingsView> => view(),
    'settings.update': async (patch: Partial<AppSettings>): Promise<SettingsView> => {
      const before = d.settings.get();
      const next: Partial<AppSettings> = {};
      if (patch.quickShortenInstanceId !== undefined) {
        if (patch.quickShortenInstanceId !== null && !d.profiles.get(patch.quickShortenInstanceId)) {
          throw refuse('quickShortenInstanceId', t().formatMessage(m.instanceGone));
        }
        next.quickShortenInstanceId = patch.quickShortenInstanceId;
      }
      try {
        if (patch.globalShortcut !== undefined) next.globalShortcut = d.shortcuts.change(patch.globalShortcut).accelerator;
        if (patch.theme !== undefined) {
          next.theme = patch.theme;
          d.applyTheme(patch.theme);
        }
        if (patch.language !== undefined) next.language = patch.language;
        if (patch.keepServingInTray !== undefined) next.keepServingInTray = patch.keepServingInTray;
        if (patch.startAtLogin !== undefined && patch.startAtLogin !== before.startAtLogin) {
          if (!d.setStartAtLogin) throw refuse('startAtLogin', t().formatMessage(m.loginDesktopOnly));
          const problem = await d.setStartAtLogin(patch.startAtLogin);
          if (problem) throw refuse('startAtLogin', problem);
          next.startAtLogin = patch.startAtLogin;
        }
      } finally {
        if (Object.keys(next).length) d.onChange(await d.settings.update(next));
      }
      return view();
    },
    'quick.peek': (): Promise<ClipboardPeek> => d.quick.peek(),
    'quick.domains': async (): Promise<Page<Domain>> => d.quick.domains(),
    'quick.shorten': async (fields: QuickFields): Promise<QuickShortened> => d.quick.shorten(fields),
  };
}
export type NativeHandlers = ReturnType<typeof createNativeHandlers>;
