// Settings → Updates: the feed a company hosts (none by default: no checks),
// the check at start, and a check now with its answer in words. Main asks
// before a new feed is used (its own dialog); a build without the publisher's
// key says here that updates are off and why (the status line).
import { Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { feedUrlProblem, type UpdateStatus } from '../../../../shared/updates.ts';
import { call, toIpcError } from '../../api/api.ts';
import { storeUpdates, useUpdates } from '../../components/UpdateBanner/updates-query.ts';
import { notify } from '../../notify.ts';

function statusText(s: UpdateStatus): string {
  if (s.state === 'checking') return 'Checking…';
  if (s.state === 'downloading') return `Downloading Linkdesk ${s.version}…`;
  return s.message;
}

export function UpdatesCard() {
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
      notify({ color: 'teal', title: 'Settings saved', message: done });
    } catch (e) {
      const err = toIpcError(e);
      if (patch.feedUrl !== undefined) setFeedError(err.fields?.feedUrl?.[0] ?? err.message);
      else notify({ color: 'red', title: 'Not saved', message: err.message });
    }
  };
  const saveFeed = () => {
    if (feedUrl.trim() === view.feedUrl) return;
    // Refused where it is typed (main refuses it too): https:// only, http:// only for 127.0.0.1.
    const problem = feedUrlProblem(feedUrl.trim());
    if (problem) return setFeedError(problem);
    void configure({ feedUrl: feedUrl.trim() }, feedUrl.trim() ? 'Update feed saved.' : 'Update feed removed: no update checks.');
  };
  const checkNow = async () => {
    setChecking(true);
    try {
      storeUpdates(await call('updates.check'));
    } catch (e) {
      notify({ color: 'red', title: 'Check for updates', message: toIpcError(e).message });
    } finally {
      setChecking(false);
    }
  };

  return (
    <Paper withBorder p="md" mb="md" component="section" aria-label="Updates">
      <Title order={2} size="h4" mb="sm">Updates</Title>
      <Stack gap="md">
        <TextInput label="Update feed" placeholder="https://updates.example.com/linkdesk/" value={feedUrl}
          description="Where your organisation publishes Linkdesk releases (latest.yml beside the installers). Empty: Linkdesk never looks for updates."
          error={feedError} onChange={(e) => setFeedUrl(e.currentTarget.value)} onBlur={saveFeed}
          onKeyDown={(e) => { if (e.key === 'Enter') saveFeed(); }} />
        <Switch checked={view.checkAtStart} label="Check when Linkdesk starts (at most once a day)" disabled={!view.feedUrl}
          onChange={(e) => void configure({ checkAtStart: e.currentTarget.checked }, e.currentTarget.checked ? 'Linkdesk checks for updates at start.' : 'No update check at start.')} />
        <Group gap="sm">
          <Button variant="default" loading={checking} disabled={!view.supported || !view.feedUrl} onClick={() => void checkNow()}>Check for updates</Button>
          <Text size="sm" c={view.status.state === 'failed' ? 'red' : 'dimmed'} data-testid="update-status" role="status">{statusText(view.status)}</Text>
        </Group>
      </Stack>
    </Paper>
  );
}
