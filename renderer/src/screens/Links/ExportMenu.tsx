// Export as Linkdesk CSV or JSON: a menu of what to export (all links, the
// current filter, the selection) in which format, then the export job's
// progress with "Save export" once the file is made.
import { Button, Menu, Modal, Stack } from '@mantine/core';
import { Fragment, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { LinkSelection } from '../../../../shared/transfer.ts';
import { call, toIpcError } from '../../api/api.ts';
import { IconChevronDown, IconDownload } from '../../components/Icons/Icons.tsx';
import { JobProgress } from '../../components/JobProgress/JobProgress.tsx';
import { notify } from '../../notify.ts';
import { plain } from '../../i18n/plain.ts';

const m = plain(defineMessages({
  notStarted: { id: 'app.links.export.notStarted', defaultMessage: 'Export not started' },
  as: { id: 'app.links.export.as', defaultMessage: '{what} as {format}', description: 'A menu item: what to export ("All links") in which file format ("CSV")' },
  title: { id: 'app.links.export.title', defaultMessage: 'Export links' },
  save: { id: 'app.links.export.save', defaultMessage: 'Save export' },
  failed: { id: 'app.links.export.failed', defaultMessage: 'Export failed' },
  failedMessage: { id: 'app.links.export.failed.message', defaultMessage: 'The export failed.' },
  close: { id: 'app.links.export.close', defaultMessage: 'Close' },
}));

export interface ExportChoice {
  label: string;
  /** Absent: every link of the instance. */
  selection?: LinkSelection;
}

const FORMATS = [{ format: 'csv', label: 'CSV' }, { format: 'json', label: 'JSON' }] as const;

export function ExportMenu({ label, choices, size }: { label: string; choices: ExportChoice[]; size?: 'xs' | 'sm' }) {
  const intl = useIntl();
  const t = (d: (typeof m)[keyof typeof m]) => intl.formatMessage(d);
  const [jobId, setJobId] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);

  const start = async (choice: ExportChoice, format: 'csv' | 'json') => {
    try {
      const job = await call('transfer.export', { format, ...(choice.selection ? { selection: choice.selection } : {}) });
      setEnded(false);
      setJobId(job.id);
    } catch (e) {
      notify({ title: t(m.notStarted), message: toIpcError(e).message, color: 'red' });
    }
  };

  return (
    <>
      <Menu position="bottom-end" shadow="md">
        <Menu.Target>
          <Button variant="default" size={size} leftSection={<IconDownload size={16} />} rightSection={<IconChevronDown size={14} />}>{label}</Button>
        </Menu.Target>
        <Menu.Dropdown>
          {choices.map((c, i) => (
            <Fragment key={c.label}>
              {i > 0 ? <Menu.Divider /> : null}
              <Menu.Label>{c.label}</Menu.Label>
              {FORMATS.map((f) => (
                <Menu.Item key={f.format} onClick={() => void start(c, f.format)}>{intl.formatMessage(m.as, { what: c.label, format: f.label })}</Menu.Item>
              ))}
            </Fragment>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Modal opened={jobId !== null} onClose={() => ended && setJobId(null)} title={t(m.title)} centered closeOnEscape={ended} withCloseButton={ended}>
        {jobId ? (
          <Stack>
            <JobProgress jobId={jobId} counts={false} fileLabel={t(m.save)} onEnd={(j) => {
              setEnded(true);
              if (j.status === 'failed') notify({ title: t(m.failed), message: j.message ?? t(m.failedMessage), color: 'red' });
            }} />
            {ended ? <Button variant="default" onClick={() => setJobId(null)}>{t(m.close)}</Button> : null}
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
