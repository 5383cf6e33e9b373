// The local instance's backups: make one now, see them all, and put one back.
// A restore restarts the local server, so it is asked for first and says what
// happens to the database it replaces.
import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { BackupsView, BackupView } from '../../../../shared/transfer.ts';
import { call, toIpcError } from '../../api/api.ts';
import { queryClient } from '../../api/query.ts';
import { notify } from '../../notify.ts';
import { useInstances } from '../../state/instances-store.ts';
import { fmt } from '../../format.ts';
import { getIntl } from '../../i18n/current.ts';
import { plain } from '../../i18n/plain.ts';

const when = (iso: string) => fmt.dateTime(iso);
/** A file's size in the locale's units: "12 KB", "1,5 MB", "12 КБ"… */
const size = (bytes: number, intl: IntlShape = getIntl()) => (bytes < 1024 * 1024
  ? intl.formatNumber(Math.max(1, Math.round(bytes / 1024)), { style: 'unit', unit: 'kilobyte' })
  : intl.formatNumber(bytes / 1024 / 1024, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }));

const m = plain(defineMessages({
  restoreTitle: { id: 'app.backups.restore.title', defaultMessage: 'Restore this backup?' },
  restoreWhat: {
    id: 'app.backups.restore.what',
    defaultMessage: "The local instance's links, domains, spaces, pixels, keys and statistics become those of the backup of <b>{when}</b>. Everything changed since then is replaced.",
  },
  restoreHow: {
    id: 'app.backups.restore.how',
    defaultMessage: 'The local server stops and starts again, so short links do not answer for a moment. The current database is kept in the data folder as <code>{file}</code>, so this can be undone.',
  },
  restoring: { id: 'app.backups.restore.progress', defaultMessage: 'Restoring… the local server is restarting.' },
  notRestored: { id: 'app.backups.restore.failed', defaultMessage: 'Not restored' },
  cancel: { id: 'app.backups.restore.cancel', defaultMessage: 'Cancel' },
  restoreAndRestart: { id: 'app.backups.restore.confirm', defaultMessage: 'Restore and restart' },
  made: { id: 'app.backups.made', defaultMessage: 'Backup made' },
  madeMessage: { id: 'app.backups.made.message', defaultMessage: '{name} ({size})' },
  notMade: { id: 'app.backups.notMade', defaultMessage: 'No backup made' },
  restored: { id: 'app.backups.restored', defaultMessage: 'Backup restored' },
  restoredMessage: { id: 'app.backups.restored.message', defaultMessage: 'The local server is running again on the backup of {when}.' },
  title: { id: 'app.backups.title', defaultMessage: 'Backups' },
  intro: {
    id: 'app.backups.intro',
    defaultMessage: "Copies of the local instance's database, taken while it serves. Linkdesk makes one automatically each day and keeps the last 7 automatic ones; backups made with Back up now are kept until you delete them from {folder}.",
  },
  theFolder: { id: 'app.backups.intro.folder', defaultMessage: 'the backups folder' },
  backUpNow: { id: 'app.backups.backUpNow', defaultMessage: 'Back up now' },
  notListed: { id: 'app.backups.notListed', defaultMessage: 'Backups not listed' },
  loading: { id: 'app.backups.loading', defaultMessage: 'Loading backups' },
  none: { id: 'app.backups.none', defaultMessage: 'No backups yet.' },
  table: { id: 'app.backups.table', defaultMessage: 'Backups of the local instance' },
  colMade: { id: 'app.backups.column.made', defaultMessage: 'Made' },
  colSize: { id: 'app.backups.column.size', defaultMessage: 'Size' },
  colKind: { id: 'app.backups.column.kind', defaultMessage: 'Kind' },
  colActions: { id: 'app.backups.column.actions', defaultMessage: 'Actions' },
  new: { id: 'app.backups.new', defaultMessage: 'New' },
  automatic: { id: 'app.backups.automatic', defaultMessage: 'Automatic' },
  manual: { id: 'app.backups.manual', defaultMessage: 'Manual' },
  restore: { id: 'app.backups.restore', defaultMessage: 'Restore…' },
  restoreLabel: { id: 'app.backups.restore.label', defaultMessage: 'Restore the backup of {when}' },
}));
const b = (chunks: React.ReactNode[]) => <b>{chunks}</b>;
const code = (chunks: React.ReactNode[]) => <code dir="ltr">{chunks}</code>;

function RestoreModal({ backup, onClose, onRestored }: { backup: BackupView | null; onClose(): void; onRestored(b: BackupView): void }) {
  const intl = useIntl();
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
    <Modal opened={backup !== null} onClose={close} title={intl.formatMessage(m.restoreTitle)} centered returnFocus={false}
      closeOnClickOutside={!busy} closeOnEscape={!busy} withCloseButton={!busy}>
      {backup ? (
        <Stack>
          <Text size="sm"><FormattedMessage {...m.restoreWhat} values={{ when: when(backup.createdAt), b }} /></Text>
          <Text size="sm"><FormattedMessage {...m.restoreHow} values={{ file: 'linkdesk.sqlite.before-restore-<time>', code }} /></Text>
          {busy ? (
            <Group gap="sm" role="status" data-testid="restore-progress">
              <Loader size="sm" />
              <Text size="sm"><FormattedMessage {...m.restoring} /></Text>
            </Group>
          ) : null}
          {error ? <Alert color="red" role="alert" title={intl.formatMessage(m.notRestored)} data-testid="restore-error">{error}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy} data-autofocus><FormattedMessage {...m.cancel} /></Button>
            <Button color="red" onClick={() => void restore(backup)} loading={busy}><FormattedMessage {...m.restoreAndRestart} /></Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

export function BackupsCard() {
  const intl = useIntl();
  const t = (d: (typeof m)[keyof typeof m], values?: Record<string, string>) => intl.formatMessage(d, values);
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
      notify({ color: 'teal', title: t(m.made), message: t(m.madeMessage, { name: b.name, size: size(b.size, intl) }) });
      await load();
    } catch (e) {
      notify({ color: 'red', title: t(m.notMade), message: toIpcError(e).message });
    } finally {
      setCreating(false);
    }
  };

  const restored = (b: BackupView) => {
    setChosen(null);
    notify({ color: 'teal', title: t(m.restored), message: t(m.restoredMessage, { when: when(b.createdAt) }) });
    void reloadInstances({ silent: true }); // the local server may listen on another port now
    // Every answer cached from the local server came from the database the backup replaced.
    const local = useInstances.getState().instances.find((i) => i.kind === 'local');
    void queryClient.invalidateQueries({ queryKey: ['instance', local?.id ?? 'none'] });
    void load();
  };

  return (
    <Paper withBorder p="md" mb="md" component="section" aria-label={t(m.title)} data-testid="backups-card">
      <Title order={2} size="h4" mb="sm">{t(m.title)}</Title>
      <Text size="sm" c="dimmed" mb="sm">
        <FormattedMessage {...m.intro} values={{ folder: view ? <code dir="ltr">{view.dir}</code> : t(m.theFolder) }} />
      </Text>
      <Button mb="md" onClick={() => void backUp()} loading={creating}>{t(m.backUpNow)}</Button>
      {loadError ? <Alert color="red" role="alert" title={t(m.notListed)}>{loadError}</Alert> : null}
      {!view && !loadError ? <Loader size="sm" aria-label={t(m.loading)} /> : null}
      {view && view.backups.length === 0 ? <Text size="sm" data-testid="no-backups">{t(m.none)}</Text> : null}
      {view && view.backups.length > 0 ? (
        <Table.ScrollContainer minWidth={480}>
          <Table striped aria-label={t(m.table)}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t(m.colMade)}</Table.Th>
                <Table.Th>{t(m.colSize)}</Table.Th>
                <Table.Th>{t(m.colKind)}</Table.Th>
                <Table.Th><VisuallyHidden>{t(m.colActions)}</VisuallyHidden></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.backups.map((b) => (
                <Table.Tr key={b.name} data-backup={b.name}>
                  <Table.Td>
                    <Group gap="xs">
                      <Text size="sm">{when(b.createdAt)}</Text>
                      {b.name === made ? <Badge color="teal" variant="light">{t(m.new)}</Badge> : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>{size(b.size, intl)}</Table.Td>
                  <Table.Td>{b.automatic ? <Badge color="gray" variant="light">{t(m.automatic)}</Badge> : <Badge variant="light">{t(m.manual)}</Badge>}</Table.Td>
                  <Table.Td ta="end">
                    <Button size="xs" variant="default" onClick={() => setChosen(b)} aria-label={t(m.restoreLabel, { when: when(b.createdAt) })}>{t(m.restore)}</Button>
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
