// The tables every statistics card uses: the numbers behind a chart for
// screen readers, and a ranked list with each value's share as a bar.
import { Box, Table, Text, VisuallyHidden } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { plain } from '../../i18n/plain.ts';
import { formatCount } from '../../format.ts';

export interface NamedCount { name: string; Clicks: number }

const words = plain(defineMessages({
  clicks: { id: 'app.stats.clicks', defaultMessage: 'Clicks' },
  value: { id: 'app.stats.value', defaultMessage: 'Value' },
}));
export const clicksWord = words.clicks;
const valueWord = words.value;

const hidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } as const;

/** Each chart has the same numbers as a table for screen readers. */
export function NumbersTable({ caption, rows, head }: { caption: string; rows: NamedCount[]; head?: string }) {
  const intl = useIntl();
  return (
    <VisuallyHidden>
      <Table>
        <caption>{caption}</caption>
        <Table.Thead><Table.Tr><Table.Th>{head ?? intl.formatMessage(valueWord)}</Table.Th><Table.Th>{intl.formatMessage(clicksWord)}</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>{rows.map((r) => <Table.Tr key={r.name}><Table.Td>{r.name}</Table.Td><Table.Td>{r.Clicks}</Table.Td></Table.Tr>)}</Table.Tbody>
      </Table>
    </VisuallyHidden>
  );
}

/** A few values, largest first, each with its share as a bar: what a one-bar chart tries to say. */
export function RankedList({ caption, rows, head }: { caption: string; rows: NamedCount[]; head?: string }) {
  const intl = useIntl();
  const total = rows.reduce((n, r) => n + r.Clicks, 0) || 1;
  return (
    <Table verticalSpacing={6} data-kind="ranked-list">
      <caption style={hidden}>{caption}</caption>
      <Table.Thead style={hidden}>
        <Table.Tr><Table.Th>{head ?? intl.formatMessage(valueWord)}</Table.Th><Table.Th>{intl.formatMessage(clicksWord)}</Table.Th></Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.name}>
            <Table.Td style={{ position: 'relative' }}>
              <Box aria-hidden pos="absolute" top={4} bottom={4} style={{ insetInlineStart: 0, borderRadius: 4 }} w={`${(r.Clicks / total) * 100}%`}
                bg="var(--mantine-color-teal-light)" />
              <Text size="sm" pos="relative" px={6}>{r.name}</Text>
            </Table.Td>
            <Table.Td ta="end" w={80}><Text size="sm" fw={600}>{formatCount(r.Clicks)}</Text></Table.Td>
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
