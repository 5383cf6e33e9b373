// Always in the header: which instance this window works on, how each one is
// reachable, and a way to switch or to manage them.
import { Button, Group, Menu, Text } from '@mantine/core';
import { useRoute } from '../../state/route.ts';
import { selectedInstance, useInstances } from '../../state/instances-store.ts';
import { switchInstance } from '../../state/switch-instance.ts';
import { IconCheck, IconChevronDown, IconRefresh, IconServer } from '../Icons/Icons.tsx';
import { ReachabilityBadge, reachLabel } from '../ReachabilityBadge/ReachabilityBadge.tsx';

export function InstanceSwitcher() {
  const { instances, reach, status } = useInstances();
  const current = useInstances(selectedInstance);
  const checkAll = useInstances((s) => s.checkAll);
  const navigate = useRoute((s) => s.navigate);


  const label = current ? `${current.name}, ${reachLabel(reach[current.id])}` : 'No instance';
  return (
    <Group gap="xs" wrap="nowrap">
      <Menu position="bottom-end" width={340} shadow="md" withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <Button variant="default" loading={status === 'loading'} aria-label={`Instance: ${label}. Switch instance`}
            leftSection={<IconServer />} rightSection={<IconChevronDown />} data-testid="instance-switcher">
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={600} truncate maw={180}>{current?.name ?? 'No instance'}</Text>
              {current ? <ReachabilityBadge reach={reach[current.id]} /> : null}
            </Group>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Switch instance</Menu.Label>
          {instances.map((i) => (
            <Menu.Item key={i.id} onClick={() => void switchInstance(i.id)} aria-label={`${i.name} (${i.kind}), ${reachLabel(reach[i.id])}`}
              leftSection={i.id === current?.id ? <IconCheck /> : <span style={{ width: 16, display: 'inline-block' }} />}
              rightSection={<ReachabilityBadge reach={reach[i.id]} />}>
              <Text size="sm" fw={i.id === current?.id ? 700 : 400}>{i.name}</Text>
              <Text size="xs" c="dimmed" truncate maw={160}>{i.kind === 'local' ? 'This computer' : i.baseUrl}</Text>
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item leftSection={<IconRefresh />} onClick={() => void checkAll()}>Check all connections</Menu.Item>
          <Menu.Item leftSection={<IconServer />} onClick={() => navigate('instances')}>Manage instances…</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
