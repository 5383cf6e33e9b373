// Clicks as they happen on the selected instance (local or remote): newest
// first, a clicks-per-second line for the last five minutes, a pause. The
// desktop keeps the stream open and reconnects by itself (after the instance
// restarts, say); this screen shows which state it is in.
import { Badge, Button, Card, Group, Table, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import type { IpcError } from '../../../../shared/contract.ts';
import { call, toIpcError } from '../../api/api.ts';
import { onAppCommand } from '../../api/pushes.ts';
import { ErrorState } from '../../components/DataStates/DataStates.tsx';
import { ScreenHeader } from '../../components/ScreenHeader/ScreenHeader.tsx';
import { useInstances } from '../../state/instances-store.ts';
import { useRoute } from '../../state/route.ts';
import { plain } from '../../i18n/plain.ts';
import { countryName, LABEL, unknownWord } from '../Stats/dimension-labels.ts';
import { arrive, emptyFeed, rate, resume, type Feed } from './live-feed.ts';
import type { LiveClick, LiveConnection, LivePush, LiveStatePush } from './live-types.ts';

type LivePushes = LivePush | LiveStatePush;
import { Sparkline } from './Sparkline.tsx';

const SHOWN = 100;

const COLORS: Record<LiveConnection, string> = { connecting: 'gray', open: 'teal', reconnecting: 'yellow', closed: 'red' };
const states = plain(defineMessages({
  connecting: { id: 'app.live.state.connecting', defaultMessage: 'Connecting…' },
  open: { id: 'app.live.state.open', defaultMessage: 'Live' },
  reconnecting: { id: 'app.live.state.reconnecting', defaultMessage: 'Reconnecting…' },
  closed: { id: 'app.live.state.closed', defaultMessage: 'Stopped' },
}));
const m = plain(defineMessages({
  place: { id: 'app.live.place', defaultMessage: '{city}, {country}', description: 'Where a click came from: its city and country' },
  title: { id: 'app.live.title', defaultMessage: 'Live' },
  all: { id: 'app.live.description.all', defaultMessage: 'Clicks on this instance’s links as they happen' },
  one: { id: 'app.live.description.one', defaultMessage: 'Clicks on one link as they happen' },
  allLinks: { id: 'app.live.allLinks', defaultMessage: 'All links' },
  resume: { id: 'app.live.resume', defaultMessage: '{held, plural, =0 {Resume} other {Resume (# new)}}' },
  pause: { id: 'app.live.pause', defaultMessage: 'Pause' },
  paused: { id: 'app.live.pausedNote', defaultMessage: 'Paused: new clicks are kept and shown when you resume.' },
  newest: { id: 'app.live.caption', defaultMessage: 'Newest first; the latest {shown, number} are shown.' },
  time: { id: 'app.live.column.time', defaultMessage: 'Time' },
  link: { id: 'app.live.column.link', defaultMessage: 'Link' },
  where: { id: 'app.live.column.place', defaultMessage: 'Place' },
  device: { id: 'app.live.column.device', defaultMessage: 'Device' },
  source: { id: 'app.live.column.source', defaultMessage: 'Source' },
  pausedEmpty: { id: 'app.live.empty.paused', defaultMessage: 'Paused.' },
  waiting: { id: 'app.live.empty', defaultMessage: 'Waiting for clicks. Open one of this instance’s short links to see it here.' },
}));

const place = (c: LiveClick, intl: IntlShape) => {
  const country = c.country ? countryName(c.country, intl) : '';
  if (c.city && country) return intl.formatMessage(m.place, { city: c.city, country });
  return c.city || country || unknownWord(intl);
};

export default function LiveScreen() {
  const intl = useIntl();
  const t = (d: (typeof m)[keyof typeof m]) => intl.formatMessage(d);
  const time = useMemo(() => new Intl.DateTimeFormat(intl.locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }), [intl.locale]);
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

  return (
    <>
      <ScreenHeader title={t(m.title)} description={t(linkId === null ? m.all : m.one)}>
        {linkId !== null ? <Button variant="default" onClick={() => useRoute.getState().setParams({})}>{t(m.allLinks)}</Button> : null}
        <Button variant={paused ? 'filled' : 'default'} onClick={togglePause} aria-pressed={paused} data-testid="pause">
          {paused ? intl.formatMessage(m.resume, { held: feed.held.length }) : t(m.pause)}
        </Button>
      </ScreenHeader>
      {error ? <ErrorState error={error} /> : null}
      <Card withBorder mb="md">
        <Group justify="space-between" mb="xs" role="status" aria-live="polite">
          <Group gap="xs">
            <Badge color={COLORS[conn.state]} variant="light" data-testid="live-state" data-state={conn.state}>{intl.formatMessage(states[conn.state])}</Badge>
            {conn.message ? <Text size="sm" c="dimmed" data-testid="live-message">{conn.message}</Text> : null}
          </Group>
          {paused ? <Text size="sm" c="dimmed">{t(m.paused)}</Text> : null}
        </Group>
        <Sparkline counts={rate(feed, now)} />
      </Card>
      <Card withBorder>
        {feed.clicks.length ? (
          <Table striped verticalSpacing={6} data-testid="live-clicks">
            <caption style={{ captionSide: 'top', textAlign: 'start', paddingBottom: 6 }}>
              <Text size="sm" c="dimmed" span>{intl.formatMessage(m.newest, { shown: SHOWN })}</Text>
            </caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t(m.time)}</Table.Th><Table.Th>{t(m.link)}</Table.Th><Table.Th>{t(m.where)}</Table.Th>
                <Table.Th>{t(m.device)}</Table.Th><Table.Th>{t(m.source)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {feed.clicks.slice(0, SHOWN).map((c) => (
                <Table.Tr key={c.key} data-alias={c.alias}>
                  <Table.Td><time dateTime={c.at}>{time.format(new Date(c.at))}</time></Table.Td>
                  <Table.Td dir="ltr">{c.alias}</Table.Td>
                  <Table.Td>{place(c, intl)}</Table.Td>
                  <Table.Td>{c.device ? LABEL.devices(c.device, intl) : unknownWord(intl)}</Table.Td>
                  <Table.Td>{LABEL.sources(c.source, intl)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed" data-testid="live-empty">
            {t(paused ? m.pausedEmpty : m.waiting)}
          </Text>
        )}
      </Card>
    </>
  );
}
