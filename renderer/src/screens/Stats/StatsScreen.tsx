// A link's statistics. This module and its charts (recharts) load only when
// the screen opens.
import { Button, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { api } from '../../api/api.ts';
import { useRemote } from '../../api/use-remote.ts';
import { ErrorState, LoadingState, NothingHere } from '../../components/DataStates/DataStates.tsx';
import { ScreenHeader } from '../../components/ScreenHeader/ScreenHeader.tsx';
import { formatCount, formatDateTime } from '../../format.ts';
import { useRoute } from '../../state/route.ts';
import { LinkStatusBadge } from '../Links/LinkStatusBadge.tsx';
import { StatsCharts } from './StatsCharts.tsx';

export default function StatsScreen() {
  const id = useRoute((s) => s.route.id) ?? 0;
  const data = useRemote(async () => {
    const [link, stats] = await Promise.all([api.links.get(id), api.stats(id)]);
    return { link, stats };
  }, [id]);
  const back = () => window.history.length > 1 ? window.history.back() : useRoute.getState().navigate('links');

  const link = data.data?.link;
  return (
    <>
      <ScreenHeader title={link ? `Statistics: ${link.alias}` : 'Statistics'} description={link?.short_url}>
        <Button variant="default" onClick={back}>Back to links</Button>
        <Button variant="light" onClick={data.reload} loading={data.loading}>Refresh</Button>
      </ScreenHeader>
      {data.error ? <ErrorState error={data.error} onRetry={data.reload} /> : null}
      {!data.data && data.loading ? <LoadingState label="Loading statistics…" /> : null}
      {data.data ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }} mb="md">
            <Card withBorder>
              <Text size="sm" c="dimmed">Total clicks</Text>
              <Text fz={32} fw={700} data-testid="total-clicks">{formatCount(data.data.stats.clicks)}</Text>
            </Card>
            <Card withBorder>
              <Text size="sm" c="dimmed">Destination</Text>
              <Text size="sm" fw={600} truncate="end" title={data.data.link.url}>{data.data.link.url}</Text>
              <Group mt={4} gap="xs"><LinkStatusBadge status={data.data.link.status} /></Group>
            </Card>
            <Card withBorder>
              <Text size="sm" c="dimmed">Created</Text>
              <Text size="sm" fw={600}>{formatDateTime(data.data.link.created_at)}</Text>
            </Card>
          </SimpleGrid>
          {data.data.stats.clicks === 0 ? (
            <NothingHere title="No clicks yet" description="Charts appear after the first visit through the short URL." />
          ) : <StatsCharts stats={data.data.stats} />}
        </>
      ) : null}
    </>
  );
}
