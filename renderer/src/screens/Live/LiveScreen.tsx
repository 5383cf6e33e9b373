// Clicks as they happen on the selected instance (local or remote): newest
// first, a clicks-per-second line for the last five minutes, a pause. The
// desktop keeps the stream open and reconnects by itself (after the instance
// restarts, say); this screen shows which state it is in.
import { Badge, Button, Card, Group, Table, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { IpcError } from '../../../../shared/contract.ts';
import { call, toIpcError } from '../../api/api.ts';
import { onAppCommand } from '../../api/pushes.ts';
import { ErrorState } from '../../components/DataStates/DataStates.tsx';
import { ScreenHeader } from '../../components/ScreenHeader/ScreenHeader.tsx';
import { useInstances } from '../../state/instances-store.ts';
import { useRoute } from '../../state/route.ts';
import { countryName, LABEL } from '../Stats/dimension-labels.ts';
import { arrive, emptyFeed, rate, resume, type Feed } from './live-feed.ts';
import type { LiveClick, LiveConnection, LivePush, LiveStatePush } from './live-types.ts';

type LivePushes = LivePush | LiveStatePush;
import { Sparkline } from './Sparkline.tsx';

const SHOWN = 100;

const STATES: Record<LiveConnection, { label: string; color: string }> = {
  connecting: { label: 'Connecting…', color: 'gray' },
  open: { label: 'Live', color: 'teal' },
  reconnecting: { label: 'Reconnecting…', color: 'yellow' },
  closed: { label: 'Stopped', color: 'red' },
};

const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const place = (c: LiveClick) => {
  const country = c.country ? countryName(c.country) : '';
  return [c.city, country].filter(Boolean).join(', ') || 'Unknown';
};

export default function LiveScreen() {
  const instanceId = useInstances((s) => s.selectedId);
  // `#/live?link=12`: one link's clicks (from its statistics' Watch live).
  const linkParam = useRoute((s) => s.route.params.link);
  const linkId = linkParam && /^[1-9]\d{0,15}$/.test(linkParam) ? Number(linkParam) : null;
  const [feed, setFeed] = useState<Feed>(emptyFeed);
  const [paused, setPaused] = useState(false);
  const pausedRef = useRef(false);
  const [conn, setConn] = useState<{ state: LiveConnection; message: string | null }>({ state: 'connecting', message: null });
  const [error, setError] = useState<IpcError | null>(null);
  const [now, setNow] = useState(() => Date.now());

  // The line moves on with the clock even when nothing arrives.
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);

  useEffect(() => {
    if (!instanceId) return;
    setFeed(emptyFeed());
    setConn({ state: 'connecting', message: null });
    setError(null);
    // Every window hears every follow's pushes; this one keeps its own follow's. Those that come before
    // start has answered with the follow's id wait for it.
    let followId: string | null = null;
    let gone = false;
    const early: LivePushes[] = [];
    const take = (c: LivePushes) => {
      if (c.type === 'live-clicks') setFeed((f) => arrive(f, c.clicks, pausedRef.current, Date.now()));
      else setConn({ state: c.state, message: c.message });
    };
    const off = onAppCommand((c) => {
      if (c.type !== 'live-clicks' && c.type !== 'live-state') return;
      if (followId === null) early.push(c);
      else if (c.followId === followId) take(c);
    });
    call('stats.live.start', { linkId }).then((r) => {
      if (gone) return;
      followId = r.followId;
      for (const c of early.splice(0)) if (c.followId === followId) take(c);
    }, (e) => setError(toIpcError(e)));
    return () => {
      gone = true;
      off();
      void call('stats.live.stop', {}, { quiet: true }).catch(() => undefined);
    };
  }, [instanceId, linkId]);

  const togglePause = () => {
    pausedRef.current = !paused;
    if (paused) setFeed(resume);
    setPaused(!paused);
  };

  const s = STATES[conn.state];
  return (
    <>
      <ScreenHeader title="Live" description={linkId === null ? 'Clicks on this instance’s links as they happen' : 'Clicks on one link as they happen'}>
        {linkId !== null ? <Button variant="default" onClick={() => useRoute.getState().setParams({})}>All links</Button> : null}
        <Button variant={paused ? 'filled' : 'default'} onClick={togglePause} aria-pressed={paused} data-testid="pause">
          {paused ? `Resume${feed.held.length ? ` (${feed.held.length} new)` : ''}` : 'Pause'}
        </Button>
      </ScreenHeader>
      {error ? <ErrorState error={error} /> : null}
      <Card withBorder mb="md">
        <Group justify="space-between" mb="xs" role="status" aria-live="polite">
          <Group gap="xs">
            <Badge color={s.color} variant="light" data-testid="live-state" data-state={conn.state}>{s.label}</Badge>
            {conn.message ? <Text size="sm" c="dimmed" data-testid="live-message">{conn.message}</Text> : null}
          </Group>
          {paused ? <Text size="sm" c="dimmed">Paused: new clicks are kept and shown when you resume.</Text> : null}
        </Group>
        <Sparkline counts={rate(feed, now)} />
      </Card>
      <Card withBorder>
        {feed.clicks.length ? (
          <Table striped verticalSpacing={6} data-testid="live-clicks">
            <caption style={{ captionSide: 'top', textAlign: 'left', paddingBottom: 6 }}>
              <Text size="sm" c="dimmed" span>Newest first; the latest {SHOWN} are shown.</Text>
            </caption>
            <Table.Thead>
              <Table.Tr><Table.Th>Time</Table.Th><Table.Th>Link</Table.Th><Table.Th>Place</Table.Th><Table.Th>Device</Table.Th><Table.Th>Source</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {feed.clicks.slice(0, SHOWN).map((c) => (
                <Table.Tr key={c.key} data-alias={c.alias}>
                  <Table.Td><time dateTime={c.at}>{time.format(new Date(c.at))}</time></Table.Td>
                  <Table.Td>{c.alias}</Table.Td>
                  <Table.Td>{place(c)}</Table.Td>
                  <Table.Td>{c.device ? LABEL.devices(c.device) : 'Unknown'}</Table.Td>
                  <Table.Td>{LABEL.sources(c.source)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed" data-testid="live-empty">
            {paused ? 'Paused.' : 'Waiting for clicks. Open one of this instance’s short links to see it here.'}
          </Text>
        )}
      </Card>
    </>
  );
}
