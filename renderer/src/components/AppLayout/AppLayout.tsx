import { AppShell, Button, Group, NavLink, Progress, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useActivity } from '../../api/activity.ts';
import { useRoute, type Screen } from '../../state/route.ts';
import { IconChart, IconFolder, IconLink, IconServer, IconTarget, IconWorld } from '../Icons/Icons.tsx';
import { InstanceSwitcher } from '../InstanceSwitcher/InstanceSwitcher.tsx';
import classes from './AppLayout.module.css';

const NAV: { screen: Screen; label: string; icon: ReactNode }[] = [
  { screen: 'dashboard', label: 'Dashboard', icon: <IconChart /> },
  { screen: 'links', label: 'Links', icon: <IconLink /> },
  { screen: 'domains', label: 'Domains', icon: <IconWorld /> },
  { screen: 'spaces', label: 'Spaces', icon: <IconFolder /> },
  { screen: 'pixels', label: 'Pixels', icon: <IconTarget /> },
  { screen: 'instances', label: 'Instances', icon: <IconServer /> },
];

export function AppLayout({ children }: { children: ReactNode }) {
  const screen = useRoute((s) => s.route.screen);
  const busy = useActivity((s) => s.pending > 0);
  const current = screen === 'stats' ? 'links' : screen;

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 210, breakpoint: 0 }} padding="lg">
      <a className={classes.skip} href="#main-content" onClick={(e) => {
        e.preventDefault();
        document.getElementById('main-content')?.focus();
      }}>
        <Button component="span" size="xs">Skip to content</Button>
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <IconChart size={22} />
            <Text fw={700} size="lg">Linkdesk</Text>
          </Group>
          <InstanceSwitcher />
        </Group>
        {busy ? <Progress className={classes.progress} value={100} animated striped size={3} aria-label="Loading" /> : null}
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Screens">
        {NAV.map((item) => (
          <NavLink key={item.screen} href={`#/${item.screen}`} label={item.label} leftSection={item.icon}
            active={current === item.screen} aria-current={current === item.screen ? 'page' : undefined} />
        ))}
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1}>{children}</AppShell.Main>
    </AppShell>
  );
}
