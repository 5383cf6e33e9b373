// A link's statistics for a chosen range. This module and its charts
// (recharts) load only when the screen opens.
import { Button, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import type { CountRow } from '../../../../shared/api-types.ts';
import { plain } from '../../i18n/plain.ts';
import { api } from '../../api/api.ts';
import { useInstanceQuery } from '../../api/use-instance-query.ts';
import { ErrorState, LoadingState, NotOffered, NothingHere } from '../../components/DataStates/DataStates.tsx';
import { ScreenHeader } from '../../components/ScreenHeader/ScreenHeader.tsx';
import { formatCount, formatDateTime } from '../../format.ts';
import { useRoute } from '../../state/route.ts';
import { LinkStatusBadge } from '../Links/LinkStatusBadge.tsx';
import { Destinations } from './Destinations.tsx';
import { RangeControls } from './RangeControls.tsx';
import { useStatsRange } from './range-store.ts';
import { queryOf } from './stats-range.ts';
import { StatsCharts } from './StatsCharts.tsx';
import { ExportCsvButton, RangeChange } from './StatsExtras.tsx';
import type { ShownStats } from './stats-types.ts';
import { usePreviousPeriod } from './use-previous.ts';

const m = plain(defineMessages({
  titleOf: { id: 'app.stats.titleOf', defaultMessage: 'Statistics: {alias}' },
  title: { id: 'app.stats.title', defaultMessage: 'Statistics' },
  back: { id: 'app.stats.back', defaultMessage: 'Back to links' },
  live: { id: 'app.stats.watchLive', defaultMessage: 'Watch live' },
  refresh: { id: 'app.stats.refresh', defaultMessage: 'Refresh' },
  loading: { id: 'app.stats.loading', defaultMessage: 'Loading statistics…' },
  inRange: { id: 'app.stats.card.inRange', defaultMessage: 'Clicks in range' },
  allTime: { id: 'app.stats.card.allTime', defaultMessage: 'All-time clicks' },
  destination: { id: 'app.stats.card.destination', defaultMessage: 'Destination' },
  created: { id: 'app.stats.card.created', defaultMessage: 'Created' },
  noClicks: { id: 'app.stats.empty.title', defaultMessage: 'No clicks yet' },
  noClicksHelp: { id: 'app.stats.empty.description', defaultMessage: 'Charts appear after the first visit through the short URL.' },
}));

export default function StatsScreen() {
  const intl = useIntl();
  const t = (d: (typeof m)[keyof typeof m]) => intl.formatMessage(d);
  const id = useRoute((s) => s.route.id) ?? 0;
  const range = useStatsRange((s) => s.applied);
  const link = useInstanceQuery('links', { id }, () => api.links.get(id));
  const asked = queryOf(range);
  const stats = useInstanceQuery('stats', { id, range }, () => api.stats(id, asked));
  const back = () => window.history.length > 1 ? window.history.back() : useRoute.getState().navigate('links');
  const refresh = () => { link.reload(); stats.reload(); };

  // Without statistics from the server, the link's own record still tells its clicks.
  const notOffered = stats.error?.kind === 'unsupported' ? stats.error : null;
  const error = link.error ?? (notOffered ? null : stats.error);
  const l = link.data;
  const s: (ShownStats & { clicks: number }) | undefined = notOffered ? undefined : stats.data;
  const previous = usePreviousPeriod(id, stats.stale ? undefined : s, asked);
  // What was shown stays shown when a refresh fails; the error sits above it.
  const ready = l && (s || notOffered);
  return (
    <>
      <ScreenHeader title={l ? intl.formatMessage(m.titleOf, { alias: l.alias }) : t(m.title)} description={l ? <span dir="ltr">{l.short_url}</span> : undefined}>
        <Button variant="default" onClick={back}>{t(m.back)}</Button>
        <Button variant="default" onClick={() => useRoute.getState().navigate('live', { params: { link: String(id) } })}>{t(m.live)}</Button>
        {s && s.clicks > 0 ? <ExportCsvButton id={id} query={asked} /> : null}
        <Button variant="light" onClick={refresh} loading={link.loading || stats.loading}>{t(m.refresh)}</Button>
      </ScreenHeader>
      {error ? <ErrorState error={error} onRetry={refresh} kept={Boolean(ready)} /> : null}
      {!error && !ready ? <LoadingState label={t(m.loading)} /> : null}
      {ready ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} mb="md">
            {s ? (
              <Card withBorder>
                <Text size="sm" c="dimmed">{t(m.inRange)}</Text>
                <Text fz={32} fw={700} data-testid="range-clicks">{formatCount(s.total)}</Text>
                <RangeChange current={s.total} previous={previous.range} />
              </Card>
            ) : null}
            <Card withBorder>
              <Text size="sm" c="dimmed">{t(m.allTime)}</Text>
              <Text fz={32} fw={700} data-testid="total-clicks">{formatCount(s ? s.clicks : l.clicks)}</Text>
            </Card>
            <Card withBorder>
              <Text size="sm" c="dimmed">{t(m.destination)}</Text>
              <Text size="sm" fw={600} truncate="end" title={l.url} dir="ltr">{l.url}</Text>
              <Group mt={4} gap="xs"><LinkStatusBadge status={l.status} /></Group>
            </Card>
            <Card withBorder>
              <Text size="sm" c="dimmed">{t(m.created)}</Text>
              <Text size="sm" fw={600}>{formatDateTime(l.created_at)}</Text>
            </Card>
          </SimpleGrid>
          {notOffered ? <NotOffered message={notOffered.message} /> : null}
          {s?.clicks === 0 ? <NothingHere title={t(m.noClicks)} description={t(m.noClicksHelp)} /> : null}
          {s && s.clicks > 0 ? (
            <>
              <RangeControls shown={stats.loading ? undefined : s} />
              <StatsCharts stats={s} previous={previous.series} pngPrefix={`linkdesk-${l.alias}`}
                between={<Destinations rows={(s as { destinations?: CountRow[] }).destinations} />} />
            </>
          ) : null}
        </>
      ) : null}
    </>
  );
}
