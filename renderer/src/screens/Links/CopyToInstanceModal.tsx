// Copy to another instance: choose where, see what the copy maps and creates
// (a target domain for each source domain, the spaces and pixels the target
// lacks), choose what happens to aliases already there, then follow the job.
import { Alert, Button, Group, List, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import type { CopyPlan, JobView, LinkSelection } from '../../../../shared/transfer.ts';
import { call } from '../../api/api.ts';
import { JobProgress, jobSummary } from '../../components/JobProgress/JobProgress.tsx';
import { useJobDialog } from '../../components/JobProgress/use-job-dialog.ts';
import { notify } from '../../notify.ts';
import { useInstances } from '../../state/instances-store.ts';
import { fmt } from '../../format.ts';
import { plain } from '../../i18n/plain.ts';

const CREATE = 'create';
const DEFAULT = 'default';
const conflictWords = plain(defineMessages({
  error: { id: 'app.links.copy.conflict.error', defaultMessage: 'Leave it out and report it' },
  skip: { id: 'app.links.copy.conflict.skip', defaultMessage: 'Skip the link' },
  rename: { id: 'app.links.copy.conflict.rename', defaultMessage: 'Copy under a new alias' },
  update: { id: 'app.links.copy.conflict.update', defaultMessage: 'Update the existing link' },
}));
const m = plain(defineMessages({
  title: { id: 'app.links.copy.title', defaultMessage: 'Copy to another instance' },
  toTarget: { id: 'app.links.copy.notice', defaultMessage: 'Copy to {instance}' },
  failed: { id: 'app.links.copy.failed', defaultMessage: 'The copy failed.' },
  cancelled: { id: 'app.links.copy.cancelled', defaultMessage: 'Cancelled: {summary}.' },
  summary: { id: 'app.links.copy.summary', defaultMessage: '{summary}.' },
  createOnTarget: { id: 'app.links.copy.domain.create', defaultMessage: 'Create on target' },
  defaultDomain: { id: 'app.links.copy.domain.default', defaultMessage: 'Default domain' },
  intro: {
    id: 'app.links.copy.intro',
    defaultMessage: 'Copy {count, plural, one {# link} other {# links}} to another instance. Statistics stay here; password-protected links arrive disabled, since passwords never leave an instance.',
  },
  target: { id: 'app.links.copy.target', defaultMessage: 'Target instance' },
  chooseTarget: { id: 'app.links.copy.target.placeholder', defaultMessage: 'Choose an instance' },
  addFirst: { id: 'app.links.copy.noTarget', defaultMessage: 'Add another instance first (Instances screen).' },
  domainHere: { id: 'app.links.copy.column.domain', defaultMessage: 'Domain here' },
  links: { id: 'app.links.copy.column.links', defaultMessage: 'Links' },
  onTarget: { id: 'app.links.copy.column.onTarget', defaultMessage: 'On {instance}' },
  targetFor: { id: 'app.links.copy.domain.label', defaultMessage: 'Target domain for {domain}' },
  targetForDefault: { id: 'app.links.copy.domain.label.default', defaultMessage: 'Target domain for the default domain' },
  created: { id: 'app.links.copy.creates', defaultMessage: 'Created on {instance}:' },
  space: { id: 'app.links.copy.creates.space', defaultMessage: 'Space {name}' },
  pixel: { id: 'app.links.copy.creates.pixel', defaultMessage: 'Pixel {name}' },
  conflict: { id: 'app.links.copy.conflict', defaultMessage: 'When an alias already exists on the target' },
  cancel: { id: 'app.links.copy.cancel', defaultMessage: 'Cancel' },
  start: { id: 'app.links.copy.start', defaultMessage: 'Start copy' },
  next: { id: 'app.links.copy.next', defaultMessage: 'Next' },
  close: { id: 'app.links.copy.close', defaultMessage: 'Close' },
}));
type OnConflict = 'error' | 'skip' | 'rename' | 'update';

const toValue = (p: number | null | 'create') => (p === null ? DEFAULT : String(p));
const fromValue = (v: string): number | null | 'create' => (v === DEFAULT ? null : v === CREATE ? CREATE : Number(v));

export function CopyToInstanceModal({ selection, count, onClose, onDone }: {
  selection: LinkSelection; count: number; onClose(): void; onDone(job: JobView): void;
}) {
  const intl = useIntl();
  const t = (d: (typeof m)[keyof typeof m], values?: Record<string, string>) => intl.formatMessage(d, values);
  const instances = useInstances((s) => s.instances);
  const currentId = useInstances((s) => s.selectedId);
  const targets = instances.filter((i) => i.id !== currentId);
  const [targetId, setTargetId] = useState<string | null>(targets.length === 1 ? targets[0]!.id : null);
  const [plan, setPlan] = useState<CopyPlan | null>(null);
  const [map, setMap] = useState<Record<string, string>>({});
  const [onConflict, setOnConflict] = useState<OnConflict>('error');
  const dialog = useJobDialog();
  const { jobId, ended, busy, error, closable } = dialog;
  const targetName = targets.find((t) => t.id === targetId)?.name ?? '';

  const loadPlan = async () => {
    if (!targetId) return;
    const p = await dialog.run(() => call('transfer.copyPlan', { targetInstanceId: targetId, selection }));
    if (!p) return;
    setPlan(p);
    setMap(Object.fromEntries(p.domains.map((d) => [d.source ?? '', toValue(d.proposed)])));
  };
  const start = async () => {
    if (!targetId) return;
    const domainMap = Object.fromEntries(Object.entries(map).map(([k, v]) => [k, fromValue(v)]));
    await dialog.start(() => call('transfer.copy', { targetInstanceId: targetId, selection, domainMap, onConflict }));
  };
  const end = (job: JobView) => {
    dialog.markEnded();
    notify({
      title: t(m.toTarget, { instance: targetName }),
      message: job.status === 'failed' ? job.message ?? t(m.failed) : t(job.status === 'cancelled' ? m.cancelled : m.summary, { summary: jobSummary(job) }),
      color: job.status === 'done' && !job.rejected ? 'teal' : job.status === 'failed' ? 'red' : 'yellow',
    });
    onDone(job);
  };
  const domainOptions = plan ? [
    ...plan.targetDomains.map((d) => ({ value: String(d.id), label: d.name })),
    { value: CREATE, label: t(m.createOnTarget) },
    { value: DEFAULT, label: t(m.defaultDomain) },
  ] : [];

  return (
    <Modal opened onClose={() => closable && onClose()} title={t(m.title)} size="lg" centered
      closeOnEscape={closable} withCloseButton={closable}>
      <Stack data-testid="copy-modal">
        {jobId ? <JobProgress jobId={jobId} pausable onEnd={end} /> : (
          <>
            <Text size="sm"><FormattedMessage {...m.intro} values={{ count }} /></Text>
            {targets.length ? (
              <Select label={t(m.target)} placeholder={t(m.chooseTarget)} data={targets.map((t) => ({ value: t.id, label: t.name }))}
                value={targetId} onChange={(v) => { setTargetId(v); setPlan(null); }} allowDeselect={false} data-testid="copy-target" />
            ) : <Alert color="yellow">{t(m.addFirst)}</Alert>}
            {plan ? (
              <>
                <Table data-testid="copy-domains">
                  <Table.Thead><Table.Tr><Table.Th>{t(m.domainHere)}</Table.Th><Table.Th>{t(m.links)}</Table.Th><Table.Th>{t(m.onTarget, { instance: targetName })}</Table.Th></Table.Tr></Table.Thead>
                  <Table.Tbody>
                    {plan.domains.map((d) => (
                      <Table.Tr key={d.source ?? ''}>
                        <Table.Td dir={d.source ? 'ltr' : undefined}>{d.source ?? t(m.defaultDomain)}</Table.Td>
                        <Table.Td>{fmt.count(d.links)}</Table.Td>
                        <Table.Td>
                          <Select aria-label={d.source ? t(m.targetFor, { domain: d.source }) : t(m.targetForDefault)} data={domainOptions} allowDeselect={false}
                            value={map[d.source ?? '']} onChange={(v) => v && setMap((m) => ({ ...m, [d.source ?? '']: v }))} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                {plan.createSpaces.length || plan.createPixels.length ? (
                  <div data-testid="copy-creates">
                    <Text size="sm" fw={500}>{t(m.created, { instance: targetName })}</Text>
                    <List size="sm">
                      {plan.createSpaces.map((s) => <List.Item key={`s-${s}`}>{t(m.space, { name: s })}</List.Item>)}
                      {plan.createPixels.map((p) => <List.Item key={`p-${p}`}>{t(m.pixel, { name: p })}</List.Item>)}
                    </List>
                  </div>
                ) : null}
                <Select label={t(m.conflict)} data={(['error', 'skip', 'rename', 'update'] as const).map((value) => ({ value, label: intl.formatMessage(conflictWords[value]) }))} value={onConflict} allowDeselect={false}
                  onChange={(v) => v && setOnConflict(v as OnConflict)} data-testid="copy-conflict" />
              </>
            ) : null}
            {error ? <Alert color="red" role="alert">{error}</Alert> : null}
          </>
        )}
        <Group justify="flex-end">
          {!jobId ? (
            <>
              <Button variant="default" onClick={onClose}>{t(m.cancel)}</Button>
              {plan
                ? <Button loading={busy} onClick={() => void start()}>{t(m.start)}</Button>
                : <Button loading={busy} disabled={!targetId} onClick={() => void loadPlan()}>{t(m.next)}</Button>}
            </>
          ) : ended ? <Button onClick={onClose}>{t(m.close)}</Button> : null}
        </Group>
      </Stack>
    </Modal>
  );
}
