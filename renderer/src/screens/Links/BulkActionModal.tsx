// One bulk action on the selected links: what will happen to how many links
// (with the space or expiry to set), then the job's progress, then a notice.
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import type { CallArgs } from '../../../../shared/contract.ts';
import type { JobView, LinkSelection } from '../../../../shared/transfer.ts';
import { call } from '../../api/api.ts';
import { JobProgress } from '../../components/JobProgress/JobProgress.tsx';
import { useJobDialog } from '../../components/JobProgress/use-job-dialog.ts';
import { notify } from '../../notify.ts';
import { toOptions, type LinkOptions } from './use-link-options.ts';
import { plain } from '../../i18n/plain.ts';

export type BulkKind = 'delete' | 'disable' | 'enable' | 'space' | 'setExpiry' | 'clearExpiry';
type Action = CallArgs<'links.bulk'>['action'];

const titles = plain(defineMessages({
  delete: { id: 'app.links.bulk.delete.title', defaultMessage: 'Delete links' },
  disable: { id: 'app.links.bulk.disable.title', defaultMessage: 'Disable links' },
  enable: { id: 'app.links.bulk.enable.title', defaultMessage: 'Enable links' },
  space: { id: 'app.links.bulk.space.title', defaultMessage: 'Move to space' },
  setExpiry: { id: 'app.links.bulk.setExpiry.title', defaultMessage: 'Set expiry' },
  clearExpiry: { id: 'app.links.bulk.clearExpiry.title', defaultMessage: 'Clear expiry' },
}));
const confirms = plain(defineMessages({
  delete: { id: 'app.links.bulk.delete.confirm', defaultMessage: 'Delete' },
  disable: { id: 'app.links.bulk.disable.confirm', defaultMessage: 'Disable' },
  enable: { id: 'app.links.bulk.enable.confirm', defaultMessage: 'Enable' },
  space: { id: 'app.links.bulk.space.confirm', defaultMessage: 'Move' },
  setExpiry: { id: 'app.links.bulk.setExpiry.confirm', defaultMessage: 'Set expiry' },
  clearExpiry: { id: 'app.links.bulk.clearExpiry.confirm', defaultMessage: 'Clear expiry' },
}));
const whats = plain(defineMessages({
  delete: { id: 'app.links.bulk.delete.what', defaultMessage: 'Delete {count, plural, one {# link} other {# links}}? Their statistics go with them; this cannot be undone.' },
  disable: { id: 'app.links.bulk.disable.what', defaultMessage: 'Disable {count, plural, one {# link} other {# links}}? Visitors get a "not found" page until they are enabled again.' },
  enable: { id: 'app.links.bulk.enable.what', defaultMessage: 'Enable {count, plural, one {# link} other {# links}}? They redirect again (unless expired).' },
  space: { id: 'app.links.bulk.space.what', defaultMessage: 'Move {count, plural, one {# link} other {# links}} to the space chosen below.' },
  setExpiry: { id: 'app.links.bulk.setExpiry.what', defaultMessage: "Set the expiry of {count, plural, one {# link} other {# links}}: they stop redirecting at this date and time (the instance's time zone)." },
  clearExpiry: { id: 'app.links.bulk.clearExpiry.what', defaultMessage: 'Clear the expiry date and time of {count, plural, one {# link} other {# links}}? They no longer expire by date.' },
}));
const m = plain(defineMessages({
  done: {
    id: 'app.links.bulk.done',
    defaultMessage: '{kind, select, delete {{count, plural, one {# link deleted} other {# links deleted}}} disable {{count, plural, one {# link disabled} other {# links disabled}}} enable {{count, plural, one {# link enabled} other {# links enabled}}} space {{count, plural, one {# link moved} other {# links moved}}} other {{count, plural, one {# link changed} other {# links changed}}}}{rejected, plural, =0 {} other {; # could not be (see the report)}}.',
  },
  cancelled: {
    id: 'app.links.bulk.cancelled',
    defaultMessage: 'Cancelled after {kind, select, delete {{count, plural, one {# link deleted} other {# links deleted}}} disable {{count, plural, one {# link disabled} other {# links disabled}}} enable {{count, plural, one {# link enabled} other {# links enabled}}} space {{count, plural, one {# link moved} other {# links moved}}} other {{count, plural, one {# link changed} other {# links changed}}}}.',
  },
  failed: { id: 'app.links.bulk.failed', defaultMessage: 'The action failed.' },
  space: { id: 'app.links.bulk.space', defaultMessage: 'Space' },
  chooseSpace: { id: 'app.links.bulk.space.placeholder', defaultMessage: 'Choose a space' },
  noSpace: { id: 'app.links.bulk.space.none', defaultMessage: 'No space' },
  date: { id: 'app.links.bulk.date', defaultMessage: 'Date' },
  time: { id: 'app.links.bulk.time', defaultMessage: 'Time' },
  timeDefault: { id: 'app.links.bulk.time.description', defaultMessage: 'Default 00:00' },
  cancel: { id: 'app.links.bulk.cancel', defaultMessage: 'Cancel' },
  close: { id: 'app.links.bulk.close', defaultMessage: 'Close' },
}));

function summaryOf(intl: IntlShape, kind: BulkKind, job: JobView): string {
  if (job.status === 'done') return intl.formatMessage(m.done, { kind, count: job.updated, rejected: job.rejected });
  if (job.status === 'cancelled') return intl.formatMessage(m.cancelled, { kind, count: job.updated });
  return job.message ?? intl.formatMessage(m.failed);
}

const NO_SPACE = 'none';

export function BulkActionModal({ kind, selection, count, options, onClose, onDone }: {
  kind: BulkKind; selection: LinkSelection; count: number; options: LinkOptions | undefined;
  onClose(): void;
  /** The job ended: refresh the table and clear the selection. */
  onDone(job: JobView): void;
}) {
  const intl = useIntl();
  const t = (d: (typeof m)[keyof typeof m]) => intl.formatMessage(d);
  const title = intl.formatMessage(titles[kind]);
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
    notify({ title, message: summaryOf(intl, kind, job), color: job.status === 'done' && !job.rejected ? 'teal' : job.status === 'failed' ? 'red' : 'yellow' });
    onDone(job);
  };

  return (
    <Modal opened onClose={() => closable && onClose()} title={title} centered closeOnEscape={closable} withCloseButton={closable}>
      <Stack data-testid="bulk-modal">
        {jobId ? (
          <JobProgress jobId={jobId} counts={false} onEnd={end} />
        ) : (
          <>
            <Text size="sm" data-testid="bulk-confirm-text">{intl.formatMessage(whats[kind], { count })}</Text>
            {kind === 'space' ? (
              <Select label={t(m.space)} placeholder={t(m.chooseSpace)} data-autofocus value={space} onChange={setSpace} allowDeselect={false}
                data={[{ value: NO_SPACE, label: t(m.noSpace) }, ...toOptions(options?.spaces ?? [])]} searchable />
            ) : null}
            {kind === 'setExpiry' ? (
              <Group grow>
                <TextInput label={t(m.date)} type="date" required value={date} onChange={(e) => setDate(e.currentTarget.value)} data-autofocus />
                <TextInput label={t(m.time)} type="time" description={t(m.timeDefault)} value={time} onChange={(e) => setTime(e.currentTarget.value)} />
              </Group>
            ) : null}
            {error ? <Alert color="red" role="alert">{error}</Alert> : null}
          </>
        )}
        <Group justify="flex-end">
          {!jobId ? (
            <>
              <Button variant="default" onClick={onClose} data-autofocus={kind !== 'space' && kind !== 'setExpiry' ? true : undefined}>{t(m.cancel)}</Button>
              <Button color={kind === 'delete' ? 'red' : undefined} loading={busy} disabled={!action()} onClick={() => void start()}>{intl.formatMessage(confirms[kind])}</Button>
            </>
          ) : ended ? <Button onClick={onClose}>{t(m.close)}</Button> : null}
        </Group>
      </Stack>
    </Modal>
  );
}
