import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { Box, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { RangeStats, StatsInterval } from '../../../../shared/api-types.ts';
import { formatCount } from '../../format.ts';
import { ChartCard } from './ChartCard.tsx';
import { PlaceAndDevice } from './PlaceAndDevice.tsx';
import { LABELERS, LIST_BELOW, bucketLabel, bucketTick, seriesRows, topRows } from './stats-data.ts';
import { NumbersTable, RankedList } from './StatsTables.tsx';
import type { PreviousSeries, ShownStats } from './stats-types.ts';
import { TimePatterns } from './TimePatterns.tsx';
import { WorldMap } from './WorldMap.tsx';

// Countries are on the map.
const BREAKDOWNS = [
  { key: 'platforms', title: 'By platform' },
  { key: 'browsers', title: 'By browser' },
  { key: 'languages', title: 'By language' },
  { key: 'referrers', title: 'By referrer' },
] as const;

const CAPTIONS: Record<StatsInterval, string> = {
  day: 'Clicks per day',
  week: 'Clicks per week (weeks start on Monday)',
  month: 'Clicks per month',
};

const PREVIOUS = 'Previous period';

/** The range's buckets, zeros included, as a chart and as a table; the previous range dashed beneath, bucket for bucket. */
export function ClicksOverTime({ stats, previous, pngName = 'clicks-over-time' }: { stats: RangeStats; previous?: PreviousSeries | null; pngName?: string }) {
  const interval = stats.interval ?? 'day';
  const rows = seriesRows(stats).map((r, i) => ({
    ...r, tick: bucketTick(r.date, interval), ...(previous ? { [PREVIOUS]: previous.series[i]?.count ?? 0 } : {}),
  }));
  const series = [
    ...(previous ? [{ name: PREVIOUS, color: 'gray.6', strokeDasharray: '6 4' }] : []),
    { name: 'Clicks', color: 'indigo.6' },
  ];
  return (
    <Box mb="md">
      <ChartCard testId="days" title="Clicks over time" png={rows.length ? pngName : undefined}
        aside={previous ? <Text size="xs" c="dimmed" data-testid="previous-legend">Dashed: the previous period</Text> : null}>
        <div data-testid="chart-days" data-png>
          {rows.length ? (
            <>
              {/* Clicks are whole: the axis never shows 0.5. */}
              <AreaChart h={260} data={rows} dataKey="tick" series={series} curveType="monotone" fillOpacity={0.15}
                withDots={rows.length < 40} valueFormatter={formatCount} yAxisProps={{ allowDecimals: false }} accessibilityLayer={false} aria-hidden />
              <NumbersTable caption={CAPTIONS[interval]} rows={rows.map((d) => ({ name: bucketLabel(d.date, interval), Clicks: d.Clicks }))} />
            </>
          ) : <Text size="sm" c="dimmed">No clicks in this range.</Text>}
        </div>
        {previous && previous.series.length ? (
          <NumbersTable caption={`${CAPTIONS[interval]}, previous period`}
            rows={previous.series.map((b) => ({ name: bucketLabel(b.date, interval), Clicks: b.count }))} />
        ) : null}
      </ChartCard>
    </Box>
  );
}

/** Platforms, browsers, languages and referrers of the range. */
export function Breakdowns({ stats, pngPrefix = 'clicks' }: { stats: RangeStats; pngPrefix?: string }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mb="md">
      {BREAKDOWNS.map(({ key, title }) => {
        const rows = topRows(stats[key], LABELERS[key]);
        const chart = rows.length >= LIST_BELOW;
        return (
          <ChartCard key={key} testId={key} title={title} png={chart ? `${pngPrefix}-${key}` : undefined}>
            <div data-testid={`chart-${key}`} data-png>
              {rows.length && !chart ? <RankedList caption={`Clicks ${title.toLowerCase()}`} rows={rows} /> : rows.length ? (
                <>
                  <BarChart h={Math.max(120, rows.length * 30 + 40)} data={rows} dataKey="name" orientation="vertical"
                    series={[{ name: 'Clicks', color: 'teal.6' }]} valueFormatter={formatCount} gridAxis="none"
                    yAxisProps={{ width: 130 }} xAxisProps={{ allowDecimals: false }} accessibilityLayer={false} aria-hidden />
                  <NumbersTable caption={`Clicks ${title.toLowerCase()}`} rows={rows} />
                </>
              ) : <Text size="sm" c="dimmed">No clicks in this range.</Text>}
            </div>
          </ChartCard>
        );
      })}
    </SimpleGrid>
  );
}

/** Everything below the totals, in the order people read it: when, where, on what, from where. */
export function StatsCharts({ stats, previous, pngPrefix, between }: {
  stats: ShownStats; previous?: PreviousSeries | null; pngPrefix: string; between?: ReactNode;
}) {
  return (
    <>
      <ClicksOverTime stats={stats} previous={previous} pngName={`${pngPrefix}-clicks-over-time`} />
      {between}
      <Box mb="md"><WorldMap countries={stats.countries} pngName={`${pngPrefix}-map`} /></Box>
      <PlaceAndDevice stats={stats} pngPrefix={pngPrefix} />
      <Box mb="md"><TimePatterns stats={stats} pngName={`${pngPrefix}-when`} /></Box>
      <Breakdowns stats={stats} pngPrefix={pngPrefix} />
    </>
  );
}
