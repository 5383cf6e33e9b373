import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { AppLayout } from './components/AppLayout/AppLayout.tsx';
import { ScreenRouter } from './screens/ScreenRouter.tsx';
import { useInstances } from './state/instances-store.ts';
import { cssVariablesResolver, theme } from './theme.ts';

export function App() {
  const load = useInstances((s) => s.load);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      {/* Bottom left: clear of the drawer's and dialogs' buttons, which sit at the right. */}
      <Notifications position="bottom-left" />
      <AppLayout>
        <ScreenRouter />
      </AppLayout>
    </MantineProvider>
  );
}
