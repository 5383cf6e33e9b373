// The whole account's clicks for a chosen range: totals, the series, the top
// links (each opening its own statistics) and the breakdowns. Loads with the
// charts, only when opened.
import { Button, Card, SimpleGrid, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AccountStats } from '../../../../shared/api-types.ts';
import { api } from '../../api/api.ts';
import { useInstanceQuery } from '../../api/use-instance-query.ts';
import { ErrorState, LoadingState } from '../../components/DataStates/DataStates.tsx';
import { ScreenHeader } from '../../components/ScreenHeader/ScreenHeader.tsx';
import { formatCount } from '../../format.ts';
import { RangeControls } from '../Stats/RangeControls.tsx';
import { useStatsRange } from '../Stats/range-store.ts';
import { bucketLabel } from '../Stats/stats-data.ts';
import { queryOf } from '../Stats/stats-range.ts';
import { StatsCharts } from '../Stats/StatsCharts.tsx';
import { ExportCsvButton, RangeChange } from '../Stats/StatsExtras.tsx';
import type { ShownStats } from '../Stats/stats-types.ts';
import { usePreviousPeriod } from '../Stats/use-previous.ts';
import { TopLinks } from './TopLinks.tsx';

/** The bucket with the most clicks, the earliest of a tie; none when the range has no clicks. */
function busiest(stats: AccountStats): { date: string; count: number } | null {
  let best: { date: string; count: number } | null = null;
  for (const b of stats.series ?? []) if (b.count > 0 && (!best || b.count > best.count)) best = b;
  return best;
}

export default function DashboardScreen() {
  const intl = useIntl();
  const range = useStatsRange((s) => s.applied);
  const asked = queryOf(range);
  const stats = useInstanceQuery('stats', { account: true, range }, () => api.accountStats(asked));
  const s: (AccountStats & ShownStats) | undefined = stats.data;
  const previous = usePreviousPeriod(undefined, stats.stale ? undefined : s, asked);
  const peak = s ? busiest(s) : null;

  return (
    <>
      <ScreenHeader title={intl.formatMessage({ id: 'app.dashboard.title', defaultMessage: 'Dashboard' })}
        description={intl.formatMessage({ id: 'app.dashboard.description', defaultMessage: 'Clicks on all links of this instance' })}>
        {s && stats.error?.kind !== 'unsupported' ? <ExportCsvButton query={asked} /> : null}
        <Button variant="light" onClick={stats.reload} loading={stats.loading}><FormattedMessage id="app.dashboard.refresh" defaultMessage="Refresh" /></Button>
      </ScreenHeader>
      {stats.error ? <ErrorState error={stats.error} onRetry={stats.reload} kept={s !== undefined} /> : null}
      {!stats.error && !s ? <LoadingState label={intl.formatMessage({ id: 'app.dashboard.loading', defaultMessage: 'Loading statistics…' })} /> : null}
      {s && stats.error?.kind !== 'unsupported' ? (
        <>
          <RangeControls shown={stats.loading ? undefined : s} />
          <SimpleGrid cols={{ base: 1, sm: 3 }} mb="md">
            <Card withBorder>
              <Text size="sm" c="dimmed"><FormattedMessage id="app.dashboard.clicksInRange" defaultMessage="Clicks in range" /></Text>
              <Text fz={32} fw={700} data-testid="range-clicks">{formatCount(s.total)}</Text>
              <RangeChange current={s.total} previous={previous.range} />
            </Card>
            <Card withBorder>
              <Text size="sm" c="dimmed">
                <FormattedMessage id="app.dashboard.average" defaultMessage="Average per {interval, select, week {week} month {month} other {day}}"
                  values={{ interval: s.interval ?? 'day' }} />
              </Text>
              {/* An average of 0.2 clicks a day is not 0: one decimal. */}
              <Text fz={32} fw={700} data-testid="average">{s.series?.length ? intl.formatNumber(s.total / s.series.length, { maximumFractionDigits: 1 }) : '—'}</Text>
            </Card>
            <Card withBorder>
              <Text size="sm" c="dimmed">
                <FormattedMessage id="app.dashboard.busiest" defaultMessage="Busiest {interval, select, week {week} month {month} other {day}}"
                  values={{ interval: s.interval ?? 'day' }} />
              </Text>
              <Text fz={32} fw={700} data-testid="busiest">{peak ? formatCount(peak.count) : '—'}</Text>
              <Text size="sm" c="dimmed">{peak ? bucketLabel(peak.date, s.interval ?? 'day') : intl.formatMessage({ id: 'app.dashboard.noClicksShort', defaultMessage: 'No clicks in this range' })}</Text>
            </Card>
          </SimpleGrid>
          <StatsCharts stats={s} previous={previous.series} pngPrefix="linkdesk-account" between={<TopLinks links={s.top_links} />} />
        </>
      ) : null}
    </>
  );
}
