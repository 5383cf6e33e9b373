// Always in the header: which instance this window works on, how each one is
// reachable, and a way to switch or to manage them.
import { Button, Group, Menu, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
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
  const intl = useIntl();
  const none = intl.formatMessage({ id: 'app.instanceSwitcher.none', defaultMessage: 'No instance' });
  const named = (name: string, state: string) => intl.formatMessage(
    { id: 'app.instanceSwitcher.nameState', defaultMessage: '{name}, {state}', description: 'An instance and its connection state, e.g. "Office, Connected"' }, { name, state });
  const label = current ? named(current.name, reachLabel(reach[current.id], intl)) : none;
  return (
    <Group gap="xs" wrap="nowrap">
      <Menu position="bottom-end" width={340} shadow="md" withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <Button variant="default" loading={status === 'loading'} aria-label={intl.formatMessage({ id: 'app.instanceSwitcher.button', defaultMessage: 'Instance: {label}. Switch instance' }, { label })}
            leftSection={<IconServer />} rightSection={<IconChevronDown />} data-testid="instance-switcher">
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={600} truncate maw={180}>{current?.name ?? none}</Text>
              {current ? <ReachabilityBadge reach={reach[current.id]} /> : null}
            </Group>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{intl.formatMessage({ id: 'app.instanceSwitcher.switch', defaultMessage: 'Switch instance' })}</Menu.Label>
          {instances.map((i) => (
            <Menu.Item key={i.id} onClick={() => void switchInstance(i.id)} aria-label={intl.formatMessage({
                id: 'app.instanceSwitcher.item', defaultMessage: '{name} ({kind, select, local {local} other {remote}}), {state}',
                description: 'An instance in the switcher: its name, whether it runs on this computer, its connection state',
              }, { name: i.name, kind: i.kind, state: reachLabel(reach[i.id], intl) })}
              leftSection={i.id === current?.id ? <IconCheck /> : <span style={{ width: 16, display: 'inline-block' }} />}
              rightSection={<ReachabilityBadge reach={reach[i.id]} />}>
              <Text size="sm" fw={i.id === current?.id ? 700 : 400}>{i.name}</Text>
              <Text size="xs" c="dimmed" truncate maw={160}>{i.kind === 'local' ? intl.formatMessage({ id: 'app.instance.thisComputer', defaultMessage: 'This computer' }) : i.baseUrl}</Text>
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item leftSection={<IconRefresh />} onClick={() => void checkAll()}>{intl.formatMessage({ id: 'app.instanceSwitcher.checkAll', defaultMessage: 'Check all connections' })}</Menu.Item>
          <Menu.Item leftSection={<IconServer />} onClick={() => navigate('instances')}>{intl.formatMessage({ id: 'app.instanceSwitcher.manage', defaultMessage: 'Manage instances…' })}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
