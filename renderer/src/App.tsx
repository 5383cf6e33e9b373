import { MantineProvider, useMantineColorScheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { Suspense, lazy, useEffect } from 'react';
import { defineMessages } from 'react-intl';
import { api } from './api/api.ts';
import { useAppCommands } from './components/AppCommands/use-app-commands.ts';
import { AppLayout } from './components/AppLayout/AppLayout.tsx';
import { CommandPalette } from './components/CommandPalette/CommandPalette.tsx';
import { palette } from './components/CommandPalette/palette-store.ts';
import { LoadingState } from './components/DataStates/DataStates.tsx';
import { MAX_VISIBLE, noticeCorner, notify } from './notify.ts';
import { useLocale } from './i18n/use-locale.ts';
import { ScreenRouter } from './screens/ScreenRouter.tsx';
import { useInstances } from './state/instances-store.ts';
import { openLinkDrawer } from './state/link-intent.ts';
import { useRoute } from './state/route.ts';
import { useSettings } from './state/settings-store.ts';
import { cssVariablesResolver, theme } from './theme.ts';
import { getIntl } from './i18n/current.ts';
import { plain } from './i18n/plain.ts';

const m = plain(defineMessages({
  notOpened: { id: 'app.openLink.failed.title', defaultMessage: 'Link not opened' },
  noSuchLink: { id: 'app.openLink.failed.message', defaultMessage: 'There is no link {id} on this instance.' },
}));

const QuickShortenWindow = lazy(() => import('./screens/Quick/QuickShortenWindow.tsx'));

/** The saved theme (light, dark, or the system's), applied when the window opens. */
function ThemeFromSettings() {
  const theme = useSettings((s) => s.view?.settings.theme);
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    if (theme) setColorScheme(theme === 'system' ? 'auto' : theme);
  }, [theme, setColorScheme]);
  return null;
}

async function openLink(id: number) {
  try {
    openLinkDrawer(await api.links.get(id));
  } catch {
    const intl = getIntl();
    notify({ color: 'red', title: intl.formatMessage(m.notOpened), message: intl.formatMessage(m.noSuchLink, { id: String(id) }) });
  }
}

export function App() {
  useLocale(); // the notices' corner follows the language's direction
  const quick = useRoute((s) => s.route.screen === 'quick');
  const loadSettings = useSettings((s) => s.load);
  useEffect(() => {
    void loadSettings();
  }, [loadSettings]);
  useAppCommands({ openPalette: () => palette.open(), openLink: (id) => void openLink(id) });

  const load = useInstances((s) => s.load);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      {/* Bottom left (bottom right in a right-to-left language, where the drawer opens at the left): clear of the
          drawer's and dialogs' buttons; above a dialog's overlay, so a notice is never dimmed below readable contrast. */}
      <Notifications position={noticeCorner()} limit={MAX_VISIBLE} zIndex={1000} />
      <ThemeFromSettings />
      {quick ? (
        <Suspense fallback={<LoadingState />}><QuickShortenWindow /></Suspense>
      ) : (
        <>
          <AppLayout>
            <ScreenRouter />
          </AppLayout>
          <CommandPalette />
        </>
      )}
    </MantineProvider>
  );
}
