import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { Box, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { plain } from '../../i18n/plain.ts';
import type { RangeStats } from '../../../../shared/api-types.ts';
import { formatCount } from '../../format.ts';
import { ChartCard } from './ChartCard.tsx';
import { PlaceAndDevice } from './PlaceAndDevice.tsx';
import { LABELERS, LIST_BELOW, bucketLabel, bucketTick, seriesRows, topRows } from './stats-data.ts';
import { NumbersTable, RankedList, clicksWord } from './StatsTables.tsx';
import type { PreviousSeries, ShownStats } from './stats-types.ts';
import { TimePatterns } from './TimePatterns.tsx';
import { WorldMap } from './WorldMap.tsx';

// Countries are on the map.
const BREAKDOWNS = ['platforms', 'browsers', 'languages', 'referrers'] as const;
const titles = plain(defineMessages({
  platforms: { id: 'app.stats.breakdown.platforms', defaultMessage: 'By platform' },
  browsers: { id: 'app.stats.breakdown.browsers', defaultMessage: 'By browser' },
  languages: { id: 'app.stats.breakdown.languages', defaultMessage: 'By language' },
  referrers: { id: 'app.stats.breakdown.referrers', defaultMessage: 'By referrer' },
}));
const captions = plain(defineMessages({
  platforms: { id: 'app.stats.breakdown.platforms.caption', defaultMessage: 'Clicks by platform' },
  browsers: { id: 'app.stats.breakdown.browsers.caption', defaultMessage: 'Clicks by browser' },
  languages: { id: 'app.stats.breakdown.languages.caption', defaultMessage: 'Clicks by language' },
  referrers: { id: 'app.stats.breakdown.referrers.caption', defaultMessage: 'Clicks by referrer' },
}));
const intervals = plain(defineMessages({
  day: { id: 'app.stats.perDay', defaultMessage: 'Clicks per day' },
  week: { id: 'app.stats.perWeek', defaultMessage: 'Clicks per week (weeks start on Monday)' },
  month: { id: 'app.stats.perMonth', defaultMessage: 'Clicks per month' },
}));
const m = plain(defineMessages({
  previous: { id: 'app.stats.previousPeriod', defaultMessage: 'Previous period' },
  previousCaption: { id: 'app.stats.previousPeriod.caption', defaultMessage: '{caption}, previous period' },
  overTime: { id: 'app.stats.overTime', defaultMessage: 'Clicks over time' },
  dashed: { id: 'app.stats.previousPeriod.legend', defaultMessage: 'Dashed: the previous period' },
  none: { id: 'app.stats.noClicksInRange', defaultMessage: 'No clicks in this range.' },
}));

/** The data key of the previous period's points (a key, not a word: the series' label says it). */
const PREVIOUS = 'previous';

/** The range's buckets, zeros included, as a chart and as a table; the previous range dashed beneath, bucket for bucket. */
export function ClicksOverTime({ stats, previous, pngName = 'clicks-over-time' }: { stats: RangeStats; previous?: PreviousSeries | null; pngName?: string }) {
  const intl = useIntl();
  const t = (d: (typeof m)[keyof typeof m]) => intl.formatMessage(d);
  const interval = stats.interval ?? 'day';
  const caption = intl.formatMessage(intervals[interval]);
  const rows = seriesRows(stats).map((r, i) => ({
    ...r, tick: bucketTick(r.date, interval), ...(previous ? { [PREVIOUS]: previous.series[i]?.count ?? 0 } : {}),
  }));
  const series = [
    ...(previous ? [{ name: PREVIOUS, label: t(m.previous), color: 'gray.6', strokeDasharray: '6 4' }] : []),
    { name: 'Clicks', label: intl.formatMessage(clicksWord), color: 'indigo.6' },
  ];
  return (
    <Box mb="md">
      <ChartCard testId="days" title={t(m.overTime)} png={rows.length ? pngName : undefined}
        aside={previous ? <Text size="xs" c="dimmed" data-testid="previous-legend">{t(m.dashed)}</Text> : null}>
        {/* Time runs left to right in every language. */}
        <div data-testid="chart-days" data-png dir="ltr">
          {rows.length ? (
            <>
              {/* Clicks are whole: the axis never shows 0.5. */}
              <AreaChart h={260} data={rows} dataKey="tick" series={series} curveType="monotone" fillOpacity={0.15}
                withDots={rows.length < 40} valueFormatter={formatCount} yAxisProps={{ allowDecimals: false }} accessibilityLayer={false} aria-hidden />
              <NumbersTable caption={caption} rows={rows.map((d) => ({ name: bucketLabel(d.date, interval), Clicks: d.Clicks }))} />
            </>
          ) : <Text size="sm" c="dimmed">{t(m.none)}</Text>}
        </div>
        {previous && previous.series.length ? (
          <NumbersTable caption={intl.formatMessage(m.previousCaption, { caption })}
            rows={previous.series.map((b) => ({ name: bucketLabel(b.date, interval), Clicks: b.count }))} />
        ) : null}
      </ChartCard>
    </Box>
  );
}

/** Platforms, browsers, languages and referrers of the range. */
export function Breakdowns({ stats, pngPrefix = 'clicks' }: { stats: RangeStats; pngPrefix?: string }) {
  const intl = useIntl();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mb="md">
      {BREAKDOWNS.map((key) => {
        const title = intl.formatMessage(titles[key]);
        const caption = intl.formatMessage(captions[key]);
        const rows = topRows(stats[key], (v) => LABELERS[key](v, intl), 10, intl);
        const chart = rows.length >= LIST_BELOW;
        return (
          <ChartCard key={key} testId={key} title={title} png={chart ? `${pngPrefix}-${key}` : undefined}>
            <div data-testid={`chart-${key}`} data-png>
              {rows.length && !chart ? <RankedList caption={caption} rows={rows} /> : rows.length ? (
                <>
                  <BarChart h={Math.max(120, rows.length * 30 + 40)} data={rows} dataKey="name" orientation="vertical"
                    series={[{ name: 'Clicks', label: intl.formatMessage(clicksWord), color: 'teal.6' }]} valueFormatter={formatCount} gridAxis="none"
                    yAxisProps={{ width: 130 }} xAxisProps={{ allowDecimals: false }} accessibilityLayer={false} aria-hidden />
                  <NumbersTable caption={caption} rows={rows} />
                </>
              ) : <Text size="sm" c="dimmed">{intl.formatMessage(m.none)}</Text>}
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
