// The tables every statistics card uses: the numbers behind a chart for
// screen readers, and a ranked list with each value's share as a bar.
import { Box, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatCount } from '../../format.ts';

export interface NamedCount { name: string; Clicks: number }

const hidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } as const;

/** Each chart has the same numbers as a table for screen readers. */
export function NumbersTable({ caption, rows, head = 'Value' }: { caption: string; rows: NamedCount[]; head?: string }) {
  return (
    <VisuallyHidden>
      <Table>
        <caption>{caption}</caption>
        <Table.Thead><Table.Tr><Table.Th>{head}</Table.Th><Table.Th>Clicks</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>{rows.map((r) => <Table.Tr key={r.name}><Table.Td>{r.name}</Table.Td><Table.Td>{r.Clicks}</Table.Td></Table.Tr>)}</Table.Tbody>
      </Table>
    </VisuallyHidden>
  );
}

/** A few values, largest first, each with its share as a bar: what a one-bar chart tries to say. */
export function RankedList({ caption, rows, head = 'Value' }: { caption: string; rows: NamedCount[]; head?: string }) {
  const total = rows.reduce((n, r) => n + r.Clicks, 0) || 1;
  return (
    <Table verticalSpacing={6} data-kind="ranked-list">
      <caption style={hidden}>{caption}</caption>
      <Table.Thead style={hidden}>
        <Table.Tr><Table.Th>{head}</Table.Th><Table.Th>Clicks</Table.Th></Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.name}>
            <Table.Td style={{ position: 'relative' }}>
              <Box aria-hidden pos="absolute" top={4} bottom={4} left={0} w={`${(r.Clicks / total) * 100}%`}
                bg="var(--mantine-color-teal-light)" style={{ borderRadius: 4 }} />
              <Text size="sm" pos="relative" px={6}>{r.name}</Text>
            </Table.Td>
            <Table.Td ta="right" w={80}><Text size="sm" fw={600}>{formatCount(r.Clicks)}</Text></Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A longer list in a box of its own height that scrolls; the box takes focus so a keyboard can scroll it too. */
export function ScrollingList({ label, rows, head, maxHeight = 320 }: { label: string; rows: NamedCount[]; head?: string; maxHeight?: number }) {
  return (
    <Box mah={maxHeight} style={{ overflowY: 'auto' }} tabIndex={0} role="region" aria-label={label}>
      <RankedList caption={label} rows={rows} head={head} />
    </Box>
  );
}
