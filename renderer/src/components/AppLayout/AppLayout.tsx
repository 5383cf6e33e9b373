import { AppShell, Button, Group, NavLink, Progress, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useActivity } from '../../api/activity.ts';
import { useRoute } from '../../state/route.ts';
import { PaletteButton } from '../CommandPalette/PaletteButton.tsx';
import { IconChart } from '../Icons/Icons.tsx';
import { InstanceSwitcher } from '../InstanceSwitcher/InstanceSwitcher.tsx';
import { UpdateBanner } from '../UpdateBanner/UpdateBanner.tsx';
import classes from './AppLayout.module.css';
import { useScreenNav } from './screens-nav.tsx';

export function AppLayout({ children }: { children: ReactNode }) {
  const screen = useRoute((s) => s.route.screen);
  const busy = useActivity((s) => s.pending > 0);
  const current = screen === 'stats' ? 'links' : screen;
  const nav = useScreenNav();
  const intl = useIntl();

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 210, breakpoint: 0 }} padding="lg">
      <a className={classes.skip} href="#main-content" onClick={(e) => {
        e.preventDefault();
        document.getElementById('main-content')?.focus();
      }}>
        <Button component="span" size="xs"><FormattedMessage id="app.layout.skipToContent" defaultMessage="Skip to content" /></Button>
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <IconChart size={22} />
            <Text fw={700} size="lg">Linkdesk</Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <PaletteButton />
            <InstanceSwitcher />
          </Group>
        </Group>
        {busy ? <Progress className={classes.progress} value={100} animated striped size={3} aria-label={intl.formatMessage({ id: 'app.layout.loading', defaultMessage: 'Loading' })} /> : null}
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={intl.formatMessage({ id: 'app.layout.screens', defaultMessage: 'Screens', description: 'The navigation sidebar, for screen readers' })}>
        {nav.map((item) => {
          // Not offered here: shown, but disabled with the reason instead of leading to an empty screen.
          if (item.unavailable) {
            return (
              <NavLink key={item.screen} component="div" label={item.label} leftSection={item.icon} disabled aria-disabled="true"
                description={item.unavailable} data-testid={`nav-unavailable-${item.screen}`} />
            );
          }
          return (
            <NavLink key={item.screen} href={`#/${item.screen}`} label={item.label} leftSection={item.icon}
              active={current === item.screen} aria-current={current === item.screen ? 'page' : undefined} />
          );
        })}
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1}><UpdateBanner />{children}</AppShell.Main>
    </AppShell>
  );
}
