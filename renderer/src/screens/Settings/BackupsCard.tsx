// The local instance's backups: make one now, see them all, and put one back.
// A restore restarts the local server, so it is asked for first and says what
// happens to the database it replaces.
import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import type { BackupsView, BackupView } from '../../../../shared/transfer.ts';
import { call, toIpcError } from '../../api/api.ts';
import { queryClient } from '../../api/query.ts';
import { notify } from '../../notify.ts';
import { useInstances } from '../../state/instances-store.ts';
import { fmt } from '../../format.ts';

const when = fmt.dateTime;
const size = (bytes: number) => (bytes < 1024 * 1024 ? `${fmt.count(Math.max(1, Math.round(bytes / 1024)))} KB` : `${fmt.number(bytes / 1024 / 1024, 1)} MB`);

function RestoreModal({ backup, onClose, onRestored }: { backup: BackupView | null; onClose(): void; onRestored(b: BackupView): void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (busy) return; // the server is between databases: stay until it answers
    setError(null);
    onClose();
  };
  const restore = async (b: BackupView) => {
    setBusy(true);
    setError(null);
    try {
      await call('backups.restore', { name: b.name });
      setBusy(false);
      onRestored(b);
    } catch (e) {
      setBusy(false);
      setError(toIpcError(e).message);
    }
  };
  return (
    <Modal opened={backup !== null} onClose={close} title="Restore this backup?" centered returnFocus={false}
      closeOnClickOutside={!busy} closeOnEscape={!busy} withCloseButton={!busy}>
      {backup ? (
        <Stack>
          <Text size="sm">
            The local instance's links, domains, spaces, pixels, keys and statistics become those of the backup of <b>{when(backup.createdAt)}</b>.
            Everything changed since then is replaced.
          </Text>
          <Text size="sm">
            The local server stops and starts again, so short links do not answer for a moment. The current database is kept in the
            data folder as <code>linkdesk.sqlite.before-restore-&lt;time&gt;</code>, so this can be undone.
          </Text>
          {busy ? (
            <Group gap="sm" role="status" data-testid="restore-progress">
              <Loader size="sm" />
              <Text size="sm">Restoring… the local server is restarting.</Text>
            </Group>
          ) : null}
          {error ? <Alert color="red" role="alert" title="Not restored" data-testid="restore-error">{error}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy} data-autofocus>Cancel</Button>
            <Button color="red" onClick={() => void restore(backup)} loading={busy}>Restore and restart</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

export function BackupsCard() {
  const [view, setView] = useState<BackupsView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<string | null>(null);
  const [chosen, setChosen] = useState<BackupView | null>(null);
  const reloadInstances = useInstances((s) => s.load);

  const load = useCallback(async () => {
    try {
      setView(await call('backups.list', undefined, { quiet: true }));
      setLoadError(null);
    } catch (e) {
      setLoadError(toIpcError(e).message);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const backUp = async () => {
    setCreating(true);
    try {
      const b = await call('backups.create');
      setMade(b.name);
      notify({ color: 'teal', title: 'Backup made', message: `${b.name} (${size(b.size)})` });
      await load();
    } catch (e) {
      notify({ color: 'red', title: 'No backup made', message: toIpcError(e).message });
    } finally {
      setCreating(false);
    }
  };

  const restored = (b: BackupView) => {
    setChosen(null);
    notify({ color: 'teal', title: 'Backup restored', message: `The local server is running again on the backup of ${when(b.createdAt)}.` });
    void reloadInstances({ silent: true }); // the local server may listen on another port now
    // Every answer cached from the local server came from the database the backup replaced.
    const local = useInstances.getState().instances.find((i) => i.kind === 'local');
    void queryClient.invalidateQueries({ queryKey: ['instance', local?.id ?? 'none'] });
    void load();
  };

  return (
    <Paper withBorder p="md" mb="md" component="section" aria-label="Backups" data-testid="backups-card">
      <Title order={2} size="h4" mb="sm">Backups</Title>
      <Text size="sm" c="dimmed" mb="sm">
        Copies of the local instance's database, taken while it serves. Linkdesk makes one automatically each day and keeps
        the last 7 automatic ones; backups made with Back up now are kept until you delete them from {view ? <code>{view.dir}</code> : 'the backups folder'}.
      </Text>
      <Button mb="md" onClick={() => void backUp()} loading={creating}>Back up now</Button>
      {loadError ? <Alert color="red" role="alert" title="Backups not listed">{loadError}</Alert> : null}
      {!view && !loadError ? <Loader size="sm" aria-label="Loading backups" /> : null}
      {view && view.backups.length === 0 ? <Text size="sm" data-testid="no-backups">No backups yet.</Text> : null}
      {view && view.backups.length > 0 ? (
        <Table.ScrollContainer minWidth={480}>
          <Table striped aria-label="Backups of the local instance">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Made</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.backups.map((b) => (
                <Table.Tr key={b.name} data-backup={b.name}>
                  <Table.Td>
                    <Group gap="xs">
                      <Text size="sm">{when(b.createdAt)}</Text>
                      {b.name === made ? <Badge color="teal" variant="light">New</Badge> : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>{size(b.size)}</Table.Td>
                  <Table.Td>{b.automatic ? <Badge color="gray" variant="light">Automatic</Badge> : <Badge variant="light">Manual</Badge>}</Table.Td>
                  <Table.Td ta="right">
                    <Button size="xs" variant="default" onClick={() => setChosen(b)} aria-label={`Restore the backup of ${when(b.createdAt)}`}>Restore…</Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <RestoreModal backup={chosen} onClose={() => setChosen(null)} onRestored={restored} />
    </Paper>
  );
}
