import { MantineProvider, useMantineColorScheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { Suspense, lazy, useEffect } from 'react';
import { api } from './api/api.ts';
import { useAppCommands } from './components/AppCommands/use-app-commands.ts';
import { AppLayout } from './components/AppLayout/AppLayout.tsx';
import { CommandPalette } from './components/CommandPalette/CommandPalette.tsx';
import { palette } from './components/CommandPalette/palette-store.ts';
import { LoadingState } from './components/DataStates/DataStates.tsx';
import { MAX_VISIBLE, notify } from './notify.ts';
import { ScreenRouter } from './screens/ScreenRouter.tsx';
import { useInstances } from './state/instances-store.ts';
import { openLinkDrawer } from './state/link-intent.ts';
import { useRoute } from './state/route.ts';
import { useSettings } from './state/settings-store.ts';
import { cssVariablesResolver, theme } from './theme.ts';

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
    notify({ color: 'red', title: 'Link not opened', message: `There is no link ${id} on this instance.` });
  }
}

export function App() {
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
      {/* Bottom left: clear of the drawer's and dialogs' buttons, which sit at the right;
          above a dialog's overlay, so a notice is never dimmed below readable contrast. */}
      <Notifications position="bottom-left" limit={MAX_VISIBLE} zIndex={1000} />
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
