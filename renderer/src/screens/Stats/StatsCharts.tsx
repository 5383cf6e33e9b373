import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { Card, SimpleGrid, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { RangeStats, StatsInterval } from '../../../../shared/api-types.ts';
import { formatCount } from '../../format.ts';
import { LABELERS, seriesRows, topRows } from './stats-data.ts';

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
  const rows = seriesRows(stats);
  return (
    <Card withBorder mb="md" data-testid="chart-days">
      <Title order={2} size="h4" mb="sm">Clicks over time</Title>
      {rows.length ? (
        <>
          <AreaChart h={260} data={rows} dataKey="date" series={[{ name: 'Clicks', color: 'indigo.6' }]} curveType="monotone"
            withDots={rows.length < 40} valueFormatter={formatCount} accessibilityLayer={false} aria-hidden />
          <NumbersTable caption={CAPTIONS[stats.interval ?? 'day']} rows={rows.map((d) => ({ name: d.date, Clicks: d.Clicks }))} />
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
            {rows.length ? (
              <>
                <BarChart h={Math.max(120, rows.length * 30 + 40)} data={rows} dataKey="name" orientation="vertical"
                  series={[{ name: 'Clicks', color: 'teal.6' }]} valueFormatter={formatCount} gridAxis="none"
                  yAxisProps={{ width: 130 }} accessibilityLayer={false} aria-hidden />
                <NumbersTable caption={`Clicks ${title.toLowerCase()}`} rows={rows} />
              </>
            ) : <Text size="sm" c="dimmed">No clicks in this range.</Text>}
          </Card>
        );
      })}
    </SimpleGrid>
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
