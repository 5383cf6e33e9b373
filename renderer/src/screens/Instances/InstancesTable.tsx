import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import type { InstanceView, Reachability } from '../../../../shared/contract.ts';
import { InstanceWarnings } from './InstanceWarnings.tsx';
import { KeyExpiry } from './KeyExpiry.tsx';
import { ReachabilityBadge, reachDetail, reachLabel } from '../../components/ReachabilityBadge/ReachabilityBadge.tsx';
import { notify } from '../../notify.ts';
import { useInstances, type ReachState } from '../../state/instances-store.ts';

/**
 * What is known about the key, in step with the connection: green only once
 * the server accepted it, red when it refused it; stored but untried (or the
 * server out of reach) is neutral.
 */
const KEY_WORDS: Record<'none' | 'refused' | 'accepted' | 'stored', MessageDescriptor> = defineMessages({
  none: { id: 'app.instances.key.none', defaultMessage: 'No key' },
  refused: { id: 'app.instances.key.refused', defaultMessage: 'Key refused' },
  accepted: { id: 'app.instances.key.accepted', defaultMessage: 'Key accepted' },
  stored: { id: 'app.instances.key.stored', defaultMessage: 'Key stored' },
});
/** data-key-state keeps the English words: tests and styles read it, whatever the language. */
const KEY_STATE = { none: 'No key', refused: 'Key refused', accepted: 'Key accepted', stored: 'Key stored' } as const;

function KeyBadge({ hasKey, reach }: { hasKey: boolean; reach: ReachState | undefined }) {
  const intl = useIntl();
  const state = reach?.state;
  const [key, color] = !hasKey || state === 'no-key' ? ['none', 'gray'] as const
    : state === 'invalid-key' ? ['refused', 'red'] as const
      : state === 'connected' ? ['accepted', 'teal'] as const
        : ['stored', 'gray'] as const;
  return <Badge variant="light" color={color} data-key-state={KEY_STATE[key]}>{intl.formatMessage(KEY_WORDS[key])}</Badge>;
}

export function InstancesTable({ onEdit, onRemove, onRotate, onCertificate }: {
  onEdit(i: InstanceView): void; onRemove(i: InstanceView): void; onRotate(i: InstanceView): void;
  onCertificate(i: InstanceView, r: Extract<Reachability, { state: 'error' }>): void;
}) {
  const intl = useIntl();
  const { instances, reach, selectedId, check, select } = useInstances();

  const test = async (i: InstanceView) => {
    const r = await check(i.id);
    if (!r) return;
    // A certificate this computer does not trust: show it, with the choice to trust its CA.
    if (r.state === 'error' && r.certificate) return onCertificate(i, r);
    notify({
      color: r.state === 'connected' ? 'teal' : 'red',
      title: intl.formatMessage({ id: 'app.instances.testTitle', defaultMessage: '{name}: {state}', description: 'An instance and its connection state' }, { name: i.name, state: reachLabel(r, intl) }),
      message: r.state === 'connected' ? intl.formatMessage({ id: 'app.instances.testDetail', defaultMessage: '{detail}.', description: 'A sentence from the connection detail' }, { detail: reachDetail(r, intl) }) : r.message,
    });
  };

  return (
    <Table.ScrollContainer minWidth={980}>
      <Table verticalSpacing="sm" data-testid="instances-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th><FormattedMessage id="app.instances.column.name" defaultMessage="Name" /></Table.Th>
            <Table.Th><FormattedMessage id="app.instances.column.address" defaultMessage="Address" /></Table.Th>
            <Table.Th><FormattedMessage id="app.instances.column.apiKey" defaultMessage="API key" /></Table.Th>
            <Table.Th><FormattedMessage id="app.instances.column.connection" defaultMessage="Connection" /></Table.Th>
            <Table.Th><FormattedMessage id="app.instances.column.actions" defaultMessage="Actions" /></Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {instances.map((i) => {
            const current = i.id === selectedId;
            return (
              <Table.Tr key={i.id} data-instance={i.name}>
                <Table.Td>
                  <Text size="sm" fw={600}>{i.name}</Text>
                  <Group gap={6} mt={2}>
                    <Badge size="sm" variant="outline" color="gray" style={{ flexShrink: 0 }}>{intl.formatMessage({ id: 'app.instances.kind', defaultMessage: '{kind, select, local {Local} other {Remote}}' }, { kind: i.kind })}</Badge>
                    {current ? <Badge size="sm" variant="filled" style={{ flexShrink: 0 }}><FormattedMessage id="app.instances.inUse" defaultMessage="In use" /></Badge> : null}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace" truncate="end" maw={260} title={i.baseUrl}>{i.baseUrl}</Text>
                  <InstanceWarnings instance={i} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <KeyBadge hasKey={i.hasApiKey} reach={reach[i.id]} />
                  <KeyExpiry instance={i} connected={reach[i.id]?.state === 'connected'} />
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap"><ReachabilityBadge reach={reach[i.id]} /></Group>
                  {reachDetail(reach[i.id], intl) ? <Text size="xs" c="dimmed" maw={280} style={{ overflowWrap: 'anywhere' }} data-testid="reach-detail">{reachDetail(reach[i.id], intl)}</Text> : null}
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    {/* No spinner inside the button: Mantine's loader slides over the short label and leaves a stray
                        glyph above it in a table row; the connection badge beside it already says "Checking…". */}
                    <Button size="xs" variant="default" onClick={() => void test(i)} disabled={reach[i.id]?.state === 'checking'} miw={72}
                      aria-busy={reach[i.id]?.state === 'checking'} aria-label={intl.formatMessage({ id: 'app.instances.testNamed', defaultMessage: 'Test connection to {name}' }, { name: i.name })}>
                      {reach[i.id]?.state === 'checking'
                        ? intl.formatMessage({ id: 'app.instances.testing', defaultMessage: 'Testing…' })
                        : intl.formatMessage({ id: 'app.instances.test', defaultMessage: 'Test' })}
                    </Button>
                    <Button size="xs" variant="light" disabled={current} onClick={() => void select(i.id)} aria-label={intl.formatMessage({ id: 'app.instances.useNamed', defaultMessage: 'Use {name}' }, { name: i.name })}>
                      {intl.formatMessage({ id: 'app.instances.use', defaultMessage: 'Use' })}
                    </Button>
                    <Button size="xs" variant="subtle" onClick={() => onEdit(i)} aria-label={intl.formatMessage({ id: 'app.rowActions.editNamed', defaultMessage: 'Edit {name}', description: 'Screen-reader label of a row\'s edit button; name: the row\'s name' }, { name: i.name })}>
                      {intl.formatMessage({ id: 'app.rowActions.edit', defaultMessage: 'Edit' })}
                    </Button>
                    {/* Rotation needs a key the server accepts now; elsewhere the button would only fail. */}
                    {i.hasApiKey && reach[i.id]?.state === 'connected' ? (
                      <Button size="xs" variant="subtle" onClick={() => onRotate(i)} aria-label={intl.formatMessage({ id: 'app.instances.rotateNamed', defaultMessage: 'Rotate the key of {name}' }, { name: i.name })}>
                        {intl.formatMessage({ id: 'app.instances.rotate', defaultMessage: 'Rotate key' })}
                      </Button>
                    ) : null}
                    {i.kind === 'remote' ? (
                      <Button size="xs" variant="subtle" color="red" onClick={() => onRemove(i)} aria-label={intl.formatMessage({ id: 'app.instances.removeNamed', defaultMessage: 'Remove {name}' }, { name: i.name })}>
                        {intl.formatMessage({ id: 'app.instances.remove', defaultMessage: 'Remove' })}
                      </Button>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
