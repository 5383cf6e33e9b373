// Step 2's columns: each column of the file with the field it fills, which the
// person can change or skip. A field goes to one column only: giving it to a
// column takes it from the one that had it.
import { Badge, Button, Group, Select, Table, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ColumnMapping as Mapping, ImportField } from '../../../../shared/transfer.ts';
import { fieldOptions, SKIP } from './fields.ts';

export const sameMapping = (a: Mapping, b: Mapping) => a.length === b.length && a.every((m, i) => m.column === b[i]!.column && m.field === b[i]!.field);

/** `column` now fills `field` (null: nothing); no other column fills it. */
function remap(mapping: Mapping, column: string, field: ImportField | null): Mapping {
  return mapping.map((m) => (m.column === column ? { ...m, field } : field !== null && m.field === field ? { ...m, field: null } : m));
}

export function ColumnMapping({ mapping, detected, busy, onChange }: {
  mapping: Mapping; detected: Mapping; busy: boolean; onChange(mapping: Mapping): void;
}) {
  const intl = useIntl();
  const changed = !sameMapping(mapping, detected);
  const options = [
    { group: intl.formatMessage({ id: 'app.import.mapping.leaveOut', defaultMessage: 'Leave out' }), items: [{ value: SKIP, label: intl.formatMessage({ id: 'app.import.mapping.notImported', defaultMessage: 'Not imported' }) }] },
    ...fieldOptions(intl),
  ];
  return (
    <>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5"><FormattedMessage id="app.import.mapping.title" defaultMessage="Columns" /></Title>
        {changed ? <Button size="xs" variant="subtle" onClick={() => onChange(detected)} disabled={busy}><FormattedMessage id="app.import.mapping.reset" defaultMessage="Use the format's columns" /></Button> : null}
      </Group>
      <Text size="sm" c="dimmed" mb="xs">
        <FormattedMessage id="app.import.mapping.hint" defaultMessage="Choose the field each column fills, or leave it out. The first rows below follow your choice." />
      </Text>
      <Table mb="md" withTableBorder aria-label={intl.formatMessage({ id: 'app.import.mapping.label', defaultMessage: 'Column mapping' })} data-testid="import-mapping" verticalSpacing={4}>
        <Table.Thead><Table.Tr>
          <Table.Th w="40%"><FormattedMessage id="app.import.mapping.column" defaultMessage="File column" /></Table.Th>
          <Table.Th><FormattedMessage id="app.import.mapping.field" defaultMessage="Linkdesk field" /></Table.Th>
        </Table.Tr></Table.Thead>
        <Table.Tbody>
          {mapping.map((m, i) => {
            const mine = detected[i]?.field !== m.field;
            return (
              <Table.Tr key={m.column} data-column={m.column}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" ff="monospace">{m.column}</Text>
                    {mine ? <Badge size="xs" variant="light"><FormattedMessage id="app.import.mapping.yours" defaultMessage="your choice" /></Badge> : null}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Select
                    size="xs" aria-label={intl.formatMessage({ id: 'app.import.mapping.fieldFor', defaultMessage: 'Field for column {column}' }, { column: m.column })} data={options}
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
