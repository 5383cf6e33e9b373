// Settings → Updates: the feed a company hosts (none by default: no checks),
// the check at start, and a check now with its answer in words. Main asks
// before a new feed is used (its own dialog); a build without the publisher's
// key says here that updates are off and why (the status line).
import { Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import { feedUrlProblem, type UpdateStatus } from '../../../../shared/updates.ts';
import { call, toIpcError } from '../../api/api.ts';
import { storeUpdates, useUpdates } from '../../components/UpdateBanner/updates-query.ts';
import { plain } from '../../i18n/plain.ts';
import { notify } from '../../notify.ts';

const m = plain(defineMessages({
  checking: { id: 'app.settings.updates.checking', defaultMessage: 'Checking…' },
  downloading: { id: 'app.settings.updates.downloading', defaultMessage: 'Downloading Linkdesk {version}…' },
  saved: { id: 'app.settings.saved', defaultMessage: 'Settings saved' },
  notSaved: { id: 'app.settings.updates.notSaved', defaultMessage: 'Not saved' },
  feedSaved: { id: 'app.settings.updates.feed.saved', defaultMessage: 'Update feed saved.' },
  feedRemoved: { id: 'app.settings.updates.feed.removed', defaultMessage: 'Update feed removed: no update checks.' },
  check: { id: 'app.settings.updates.check', defaultMessage: 'Check for updates' },
  title: { id: 'app.settings.updates.title', defaultMessage: 'Updates' },
  feed: { id: 'app.settings.updates.feed', defaultMessage: 'Update feed' },
  feedHelp: {
    id: 'app.settings.updates.feed.description',
    defaultMessage: 'Where your organisation publishes Linkdesk releases (latest.yml beside the installers). Empty: Linkdesk never looks for updates.',
  },
  atStart: { id: 'app.settings.updates.atStart', defaultMessage: 'Check when Linkdesk starts (at most once a day)' },
  atStartOn: { id: 'app.settings.updates.atStart.on', defaultMessage: 'Linkdesk checks for updates at start.' },
  atStartOff: { id: 'app.settings.updates.atStart.off', defaultMessage: 'No update check at start.' },
}));

function statusText(s: UpdateStatus, intl: IntlShape): string {
  if (s.state === 'checking') return intl.formatMessage(m.checking);
  if (s.state === 'downloading') return intl.formatMessage(m.downloading, { version: s.version });
  return s.message;
}

export function UpdatesCard() {
  const intl = useIntl();
  const t = (d: (typeof m)[keyof typeof m]) => intl.formatMessage(d);
  const { data: view } = useUpdates();
  const [feedUrl, setFeedUrl] = useState('');
  const [feedError, setFeedError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  useEffect(() => { if (view) setFeedUrl(view.feedUrl); }, [view?.feedUrl]);
  if (!view) return null;

  const configure = async (patch: { feedUrl?: string; checkAtStart?: boolean }, done: string) => {
    setFeedError(null);
    try {
      storeUpdates(await call('updates.configure', patch));
      notify({ color: 'teal', title: t(m.saved), message: done });
    } catch (e) {
      const err = toIpcError(e);
      if (patch.feedUrl !== undefined) setFeedError(err.fields?.feedUrl?.[0] ?? err.message);
      else notify({ color: 'red', title: t(m.notSaved), message: err.message });
    }
  };
  const saveFeed = () => {
    if (feedUrl.trim() === view.feedUrl) return;
    // Refused where it is typed (main refuses it too): https:// only, http:// only for 127.0.0.1.
    const problem = feedUrlProblem(feedUrl.trim());
    if (problem) return setFeedError(problem);
    void configure({ feedUrl: feedUrl.trim() }, t(feedUrl.trim() ? m.feedSaved : m.feedRemoved));
  };
  const checkNow = async () => {
    setChecking(true);
    try {
      storeUpdates(await call('updates.check'));
    } catch (e) {
      notify({ color: 'red', title: t(m.check), message: toIpcError(e).message });
    } finally {
      setChecking(false);
    }
  };

  return (
    <Paper withBorder p="md" mb="md" component="section" aria-label={t(m.title)}>
      <Title order={2} size="h4" mb="sm">{t(m.title)}</Title>
      <Stack gap="md">
        <TextInput label={t(m.feed)} placeholder="https://updates.example.com/linkdesk/" value={feedUrl} dir="ltr"
          description={t(m.feedHelp)}
          error={feedError} onChange={(e) => setFeedUrl(e.currentTarget.value)} onBlur={saveFeed}
          onKeyDown={(e) => { if (e.key === 'Enter') saveFeed(); }} />
        <Switch checked={view.checkAtStart} label={t(m.atStart)} disabled={!view.feedUrl}
          onChange={(e) => void configure({ checkAtStart: e.currentTarget.checked }, t(e.currentTarget.checked ? m.atStartOn : m.atStartOff))} />
        <Group gap="sm">
          <Button variant="default" loading={checking} disabled={!view.supported || !view.feedUrl} onClick={() => void checkNow()}>{t(m.check)}</Button>
          <Text size="sm" c={view.status.state === 'failed' ? 'red' : 'dimmed'} data-testid="update-status" role="status">{statusText(view.status, intl)}</Text>
        </Group>
      </Stack>
    </Paper>
  );
}
