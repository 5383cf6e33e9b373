// One bulk action on the selected links: what will happen to how many links
// (with the space or expiry to set), then the job's progress, then a notice.
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { CallArgs } from '../../../../shared/contract.ts';
import type { JobView, LinkSelection } from '../../../../shared/transfer.ts';
import { call } from '../../api/api.ts';
import { JobProgress } from '../../components/JobProgress/JobProgress.tsx';
import { useJobDialog } from '../../components/JobProgress/use-job-dialog.ts';
import { notify } from '../../notify.ts';
import { toOptions, type LinkOptions } from './use-link-options.ts';
import { LINK, fmt } from '../../format.ts';

export type BulkKind = 'delete' | 'disable' | 'enable' | 'space' | 'setExpiry' | 'clearExpiry';
type Action = CallArgs<'links.bulk'>['action'];

const links = (n: number) => fmt.plural(n, LINK);

const TEXT: Record<BulkKind, { title: string; confirm: string; what(n: number): string; done: string }> = {
  delete: { title: 'Delete links', confirm: 'Delete', what: (n) => `Delete ${links(n)}? Their statistics go with them; this cannot be undone.`, done: 'deleted' },
  disable: { title: 'Disable links', confirm: 'Disable', what: (n) => `Disable ${links(n)}? Visitors get a "not found" page until they are enabled again.`, done: 'disabled' },
  enable: { title: 'Enable links', confirm: 'Enable', what: (n) => `Enable ${links(n)}? They redirect again (unless expired).`, done: 'enabled' },
  space: { title: 'Move to space', confirm: 'Move', what: (n) => `Move ${links(n)} to the space chosen below.`, done: 'moved' },
  setExpiry: { title: 'Set expiry', confirm: 'Set expiry', what: (n) => `Set the expiry of ${links(n)}: they stop redirecting at this date and time (the instance's time zone).`, done: 'changed' },
  clearExpiry: { title: 'Clear expiry', confirm: 'Clear expiry', what: (n) => `Clear the expiry date and time of ${links(n)}? They no longer expire by date.`, done: 'changed' },
};

const NO_SPACE = 'none';

export function BulkActionModal({ kind, selection, count, options, onClose, onDone }: {
  kind: BulkKind; selection: LinkSelection; count: number; options: LinkOptions | undefined;
  onClose(): void;
  /** The job ended: refresh the table and clear the selection. */
  onDone(job: JobView): void;
}) {
  const text = TEXT[kind];
  const [space, setSpace] = useState<string | null>(null);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const dialog = useJobDialog();
  const { jobId, ended, busy, error, closable } = dialog;

  const action = (): Action | null => {
    switch (kind) {
      case 'delete': return { type: 'delete' };
      case 'disable': return { type: 'disable', disabled: 1 };
      case 'enable': return { type: 'disable', disabled: 0 };
      case 'space': return space === null ? null : { type: 'space', space_id: space === NO_SPACE ? null : Number(space) };
      case 'setExpiry': return date ? { type: 'expiry', expiration_date: date, ...(time ? { expiration_time: time } : {}) } : null;
      case 'clearExpiry': return { type: 'expiry', expiration_date: null, expiration_time: null };
    }
  };
  const start = async () => {
    const a = action();
    if (a) await dialog.start(() => call('links.bulk', { selection, action: a }));
  };
  const end = (job: JobView) => {
    dialog.markEnded();
    const summary = job.status === 'done'
      ? `${links(job.updated)} ${text.done}${job.rejected ? `; ${fmt.count(job.rejected)} could not be (see the report)` : ''}.`
      : job.status === 'cancelled' ? `Cancelled after ${links(job.updated)} ${text.done}.` : job.message ?? 'The action failed.';
    notify({ title: text.title, message: summary, color: job.status === 'done' && !job.rejected ? 'teal' : job.status === 'failed' ? 'red' : 'yellow' });
    onDone(job);
  };

  return (
    <Modal opened onClose={() => closable && onClose()} title={text.title} centered closeOnEscape={closable} withCloseButton={closable}>
      <Stack data-testid="bulk-modal">
        {jobId ? (
          <JobProgress jobId={jobId} counts={false} onEnd={end} />
        ) : (
          <>
            <Text size="sm" data-testid="bulk-confirm-text">{text.what(count)}</Text>
            {kind === 'space' ? (
              <Select label="Space" placeholder="Choose a space" data-autofocus value={space} onChange={setSpace} allowDeselect={false}
                data={[{ value: NO_SPACE, label: 'No space' }, ...toOptions(options?.spaces ?? [])]} searchable />
            ) : null}
            {kind === 'setExpiry' ? (
              <Group grow>
                <TextInput label="Date" type="date" required value={date} onChange={(e) => setDate(e.currentTarget.value)} data-autofocus />
                <TextInput label="Time" type="time" description="Default 00:00" value={time} onChange={(e) => setTime(e.currentTarget.value)} />
              </Group>
            ) : null}
            {error ? <Alert color="red" role="alert">{error}</Alert> : null}
          </>
        )}
        <Group justify="flex-end">
          {!jobId ? (
            <>
              <Button variant="default" onClick={onClose} data-autofocus={kind !== 'space' && kind !== 'setExpiry' ? true : undefined}>Cancel</Button>
              <Button color={kind === 'delete' ? 'red' : undefined} loading={busy} disabled={!action()} onClick={() => void start()}>{text.confirm}</Button>
            </>
          ) : ended ? <Button onClick={onClose}>Close</Button> : null}
        </Group>
      </Stack>
    </Modal>
  );
}
