import { Badge, Button, Group, Table, Text } from '@mantine/core';
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
function KeyBadge({ hasKey, reach }: { hasKey: boolean; reach: ReachState | undefined }) {
  const state = reach?.state;
  const [label, color] = !hasKey || state === 'no-key' ? ['No key', 'gray']
    : state === 'invalid-key' ? ['Key refused', 'red']
      : state === 'connected' ? ['Key accepted', 'teal']
        : ['Key stored', 'gray'];
  return <Badge variant="light" color={color} data-key-state={label}>{label}</Badge>;
}

export function InstancesTable({ onEdit, onRemove, onRotate, onCertificate }: {
  onEdit(i: InstanceView): void; onRemove(i: InstanceView): void; onRotate(i: InstanceView): void;
  onCertificate(i: InstanceView, r: Extract<Reachability, { state: 'error' }>): void;
}) {
  const { instances, reach, selectedId, check, select } = useInstances();

  const test = async (i: InstanceView) => {
    const r = await check(i.id);
    if (!r) return;
    // A certificate this computer does not trust: show it, with the choice to trust its CA.
    if (r.state === 'error' && r.certificate) return onCertificate(i, r);
    notify({
      color: r.state === 'connected' ? 'teal' : 'red',
      title: `${i.name}: ${reachLabel(r)}`,
      message: r.state === 'connected' ? `${reachDetail(r)}.` : r.message,
    });
  };

  return (
    <Table.ScrollContainer minWidth={980}>
      <Table verticalSpacing="sm" data-testid="instances-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Address</Table.Th>
            <Table.Th>API key</Table.Th>
            <Table.Th>Connection</Table.Th>
            <Table.Th>Actions</Table.Th>
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
                    <Badge size="sm" variant="outline" color="gray" style={{ flexShrink: 0 }}>{i.kind === 'local' ? 'Local' : 'Remote'}</Badge>
                    {current ? <Badge size="sm" variant="filled" style={{ flexShrink: 0 }}>In use</Badge> : null}
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
                  {reachDetail(reach[i.id]) ? <Text size="xs" c="dimmed" maw={280} style={{ overflowWrap: 'anywhere' }} data-testid="reach-detail">{reachDetail(reach[i.id])}</Text> : null}
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    {/* No spinner inside the button: Mantine's loader slides over the short label and leaves a stray
                        glyph above it in a table row; the connection badge beside it already says "Checking…". */}
                    <Button size="xs" variant="default" onClick={() => void test(i)} disabled={reach[i.id]?.state === 'checking'} miw={72}
                      aria-busy={reach[i.id]?.state === 'checking'} aria-label={`Test connection to ${i.name}`}>
                      {reach[i.id]?.state === 'checking' ? 'Testing…' : 'Test'}
                    </Button>
                    <Button size="xs" variant="light" disabled={current} onClick={() => void select(i.id)} aria-label={`Use ${i.name}`}>Use</Button>
                    <Button size="xs" variant="subtle" onClick={() => onEdit(i)} aria-label={`Edit ${i.name}`}>Edit</Button>
                    {/* Rotation needs a key the server accepts now; elsewhere the button would only fail. */}
                    {i.hasApiKey && reach[i.id]?.state === 'connected' ? (
                      <Button size="xs" variant="subtle" onClick={() => onRotate(i)} aria-label={`Rotate the key of ${i.name}`}>Rotate key</Button>
                    ) : null}
                    {i.kind === 'remote' ? (
                      <Button size="xs" variant="subtle" color="red" onClick={() => onRemove(i)} aria-label={`Remove ${i.name}`}>Remove</Button>
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
