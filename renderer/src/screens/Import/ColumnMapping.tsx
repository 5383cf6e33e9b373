// Step 2's columns: each column of the file with the field it fills, which the
// person can change or skip. A field goes to one column only: giving it to a
// column takes it from the one that had it.
import { Badge, Button, Group, Select, Table, Text, Title } from '@mantine/core';
import type { ColumnMapping as Mapping, ImportField } from '../../../../shared/transfer.ts';
import { FIELD_OPTIONS, SKIP } from './fields.ts';

export const sameMapping = (a: Mapping, b: Mapping) => a.length === b.length && a.every((m, i) => m.column === b[i]!.column && m.field === b[i]!.field);

/** `column` now fills `field` (null: nothing); no other column fills it. */
function remap(mapping: Mapping, column: string, field: ImportField | null): Mapping {
  return mapping.map((m) => (m.column === column ? { ...m, field } : field !== null && m.field === field ? { ...m, field: null } : m));
}

export function ColumnMapping({ mapping, detected, busy, onChange }: {
  mapping: Mapping; detected: Mapping; busy: boolean; onChange(mapping: Mapping): void;
}) {
  const changed = !sameMapping(mapping, detected);
  return (
    <>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">Columns</Title>
        {changed ? <Button size="xs" variant="subtle" onClick={() => onChange(detected)} disabled={busy}>Use the format&apos;s columns</Button> : null}
      </Group>
      <Text size="sm" c="dimmed" mb="xs">Choose the field each column fills, or leave it out. The first rows below follow your choice.</Text>
      <Table mb="md" withTableBorder aria-label="Column mapping" data-testid="import-mapping" verticalSpacing={4}>
        <Table.Thead><Table.Tr><Table.Th w="40%">File column</Table.Th><Table.Th>Linkdesk field</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>
          {mapping.map((m, i) => {
            const mine = detected[i]?.field !== m.field;
            return (
              <Table.Tr key={m.column} data-column={m.column}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" ff="monospace">{m.column}</Text>
                    {mine ? <Badge size="xs" variant="light">your choice</Badge> : null}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Select
                    size="xs" aria-label={`Field for column ${m.column}`} data={[{ group: 'Leave out', items: [{ value: SKIP, label: 'Not imported' }] }, ...FIELD_OPTIONS]}
                    value={m.field ?? SKIP} allowDeselect={false} disabled={busy} comboboxProps={{ withinPortal: true }}
                    onChange={(v) => onChange(remap(mapping, m.column, v === null || v === SKIP ? null : v as ImportField))}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </>
  );
}
