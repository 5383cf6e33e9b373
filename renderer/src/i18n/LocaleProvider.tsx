// The window's language for every screen: react-intl's provider with the
// current locale's catalog, `<html lang dir>`, and Mantine's direction (right to
// left for Arabic). English shows until the settings load; then the effective
// locale (SettingsView.locale) applies, and again at once on each settings
// change or `{type:'locale'}` push (api/pushes.ts), without a reload.
import { DirectionProvider } from '@mantine/core';
import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import { directionOf } from '../../../shared/i18n/locales.ts';
import { useSettings } from '../state/settings-store.ts';
import { setLocale, useLocaleStore } from './current.ts';

export function LocaleProvider({ children }: { children: ReactNode }) {
  const intl = useLocaleStore((s) => s.intl);
  const locale = useLocaleStore((s) => s.locale);
  const chosen = useSettings((s) => s.view?.locale);
  useEffect(() => {
    if (chosen) void setLocale(chosen);
  }, [chosen]);
  // Before paint: Mantine's DirectionProvider follows the html element's dir attribute.
  useLayoutEffect(() => {
    const html = document.documentElement;
    html.lang = locale;
    html.dir = directionOf(locale);
  }, [locale]);
  return (
    <DirectionProvider initialDirection={directionOf(locale)} detectDirection>
      <RawIntlProvider value={intl}>{children}</RawIntlProvider>
    </DirectionProvider>
  );
}
