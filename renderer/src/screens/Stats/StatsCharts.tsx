import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { Box, Card, SimpleGrid, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { RangeStats, StatsInterval } from '../../../../shared/api-types.ts';
import { formatCount } from '../../format.ts';
import { LABELERS, LIST_BELOW, bucketLabel, bucketTick, seriesRows, topRows } from './stats-data.ts';

const BREAKDOWNS = [
  { key: 'countries', title: 'By country' },
  { key: 'platforms', title: 'By platform' },
  { key: 'browsers', title: 'By browser' },
  { key: 'languages', title: 'By language' },
  { key: 'referrers', title: 'By referrer' },
] as const;

/** Each chart has the same numbers as a table for screen readers. */
function NumbersTable({ caption, rows }: { caption: string; rows: { name: string; Clicks: number }[] }) {
  return (
    <VisuallyHidden>
      <Table>
        <caption>{caption}</caption>
        <Table.Thead><Table.Tr><Table.Th>Value</Table.Th><Table.Th>Clicks</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>{rows.map((r) => <Table.Tr key={r.name}><Table.Td>{r.name}</Table.Td><Table.Td>{r.Clicks}</Table.Td></Table.Tr>)}</Table.Tbody>
      </Table>
    </VisuallyHidden>
  );
}

const CAPTIONS: Record<StatsInterval, string> = {
  day: 'Clicks per day',
  week: 'Clicks per week (weeks start on Monday)',
  month: 'Clicks per month',
};

/** The range's buckets, zeros included, as a chart and as a table. */
export function ClicksOverTime({ stats }: { stats: RangeStats }) {
  const interval = stats.interval ?? 'day';
  const rows = seriesRows(stats).map((r) => ({ ...r, tick: bucketTick(r.date, interval) }));
  return (
    <Card withBorder mb="md" data-testid="chart-days">
      <Title order={2} size="h4" mb="sm">Clicks over time</Title>
      {rows.length ? (
        <>
          {/* Clicks are whole: the axis never shows 0.5. */}
          <AreaChart h={260} data={rows} dataKey="tick" series={[{ name: 'Clicks', color: 'indigo.6' }]} curveType="monotone"
            withDots={rows.length < 40} valueFormatter={formatCount} yAxisProps={{ allowDecimals: false }} accessibilityLayer={false} aria-hidden />
          <NumbersTable caption={CAPTIONS[interval]} rows={rows.map((d) => ({ name: bucketLabel(d.date, interval), Clicks: d.Clicks }))} />
        </>
      ) : <Text size="sm" c="dimmed">No clicks in this range.</Text>}
    </Card>
  );
}

/** Countries, platforms, browsers, languages and referrers of the range. */
export function Breakdowns({ stats }: { stats: RangeStats }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {BREAKDOWNS.map(({ key, title }) => {
        const rows = topRows(stats[key], LABELERS[key]);
        return (
          <Card withBorder key={key} data-testid={`chart-${key}`}>
            <Title order={2} size="h4" mb="sm">{title}</Title>
            {rows.length && rows.length < LIST_BELOW ? <RankedList caption={`Clicks ${title.toLowerCase()}`} rows={rows} /> : rows.length ? (
              <>
                <BarChart h={Math.max(120, rows.length * 30 + 40)} data={rows} dataKey="name" orientation="vertical"
                  series={[{ name: 'Clicks', color: 'teal.6' }]} valueFormatter={formatCount} gridAxis="none"
                  yAxisProps={{ width: 130 }} xAxisProps={{ allowDecimals: false }} accessibilityLayer={false} aria-hidden />
                <NumbersTable caption={`Clicks ${title.toLowerCase()}`} rows={rows} />
              </>
            ) : <Text size="sm" c="dimmed">No clicks in this range.</Text>}
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

/** A few values, largest first, each with its share as a bar: what a one-bar chart tries to say. */
function RankedList({ caption, rows }: { caption: string; rows: { name: string; Clicks: number }[] }) {
  const total = rows.reduce((n, r) => n + r.Clicks, 0) || 1;
  return (
    <Table verticalSpacing={6} data-kind="ranked-list">
      <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{caption}</caption>
      <Table.Thead style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        <Table.Tr><Table.Th>Value</Table.Th><Table.Th>Clicks</Table.Th></Table.Tr>
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

export function StatsCharts({ stats }: { stats: RangeStats }) {
  return (
    <>
      <ClicksOverTime stats={stats} />
      <Breakdowns stats={stats} />
    </>
  );
}
