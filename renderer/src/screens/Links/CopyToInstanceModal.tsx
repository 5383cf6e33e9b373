// Copy to another instance: choose where, see what the copy maps and creates
// (a target domain for each source domain, the spaces and pixels the target
// lacks), choose what happens to aliases already there, then follow the job.
import { Alert, Button, Group, List, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { CopyPlan, JobView, LinkSelection } from '../../../../shared/transfer.ts';
import { call } from '../../api/api.ts';
import { JobProgress, jobSummary } from '../../components/JobProgress/JobProgress.tsx';
import { useJobDialog } from '../../components/JobProgress/use-job-dialog.ts';
import { notify } from '../../notify.ts';
import { useInstances } from '../../state/instances-store.ts';
import { LINK, fmt } from '../../format.ts';

const CREATE = 'create';
const DEFAULT = 'default';
const ON_CONFLICT = [
  { value: 'error', label: 'Leave it out and report it' },
  { value: 'skip', label: 'Skip the link' },
  { value: 'rename', label: 'Copy under a new alias' },
  { value: 'update', label: 'Update the existing link' },
];
type OnConflict = 'error' | 'skip' | 'rename' | 'update';

const toValue = (p: number | null | 'create') => (p === null ? DEFAULT : String(p));
const fromValue = (v: string): number | null | 'create' => (v === DEFAULT ? null : v === CREATE ? CREATE : Number(v));

export function CopyToInstanceModal({ selection, count, onClose, onDone }: {
  selection: LinkSelection; count: number; onClose(): void; onDone(job: JobView): void;
}) {
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
      title: `Copy to ${targetName}`,
      message: job.status === 'failed' ? job.message ?? 'The copy failed.' : `${job.status === 'cancelled' ? 'Cancelled: ' : ''}${jobSummary(job)}.`,
      color: job.status === 'done' && !job.rejected ? 'teal' : job.status === 'failed' ? 'red' : 'yellow',
    });
    onDone(job);
  };
  const domainOptions = plan ? [
    ...plan.targetDomains.map((d) => ({ value: String(d.id), label: d.name })),
    { value: CREATE, label: 'Create on target' },
    { value: DEFAULT, label: 'Default domain' },
  ] : [];

  return (
    <Modal opened onClose={() => closable && onClose()} title="Copy to another instance" size="lg" centered
      closeOnEscape={closable} withCloseButton={closable}>
      <Stack data-testid="copy-modal">
        {jobId ? <JobProgress jobId={jobId} pausable onEnd={end} /> : (
          <>
            <Text size="sm">Copy {fmt.plural(count, LINK)} to another instance. Statistics stay here; password-protected links arrive disabled, since passwords never leave an instance.</Text>
            {targets.length ? (
              <Select label="Target instance" placeholder="Choose an instance" data={targets.map((t) => ({ value: t.id, label: t.name }))}
                value={targetId} onChange={(v) => { setTargetId(v); setPlan(null); }} allowDeselect={false} data-testid="copy-target" />
            ) : <Alert color="yellow">Add another instance first (Instances screen).</Alert>}
            {plan ? (
              <>
                <Table data-testid="copy-domains">
                  <Table.Thead><Table.Tr><Table.Th>Domain here</Table.Th><Table.Th>Links</Table.Th><Table.Th>On {targetName}</Table.Th></Table.Tr></Table.Thead>
                  <Table.Tbody>
                    {plan.domains.map((d) => (
                      <Table.Tr key={d.source ?? ''}>
                        <Table.Td>{d.source ?? 'Default domain'}</Table.Td>
                        <Table.Td>{fmt.count(d.links)}</Table.Td>
                        <Table.Td>
                          <Select aria-label={`Target domain for ${d.source ?? 'the default domain'}`} data={domainOptions} allowDeselect={false}
                            value={map[d.source ?? '']} onChange={(v) => v && setMap((m) => ({ ...m, [d.source ?? '']: v }))} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                {plan.createSpaces.length || plan.createPixels.length ? (
                  <div data-testid="copy-creates">
                    <Text size="sm" fw={500}>Created on {targetName}:</Text>
                    <List size="sm">
                      {plan.createSpaces.map((s) => <List.Item key={`s-${s}`}>Space {s}</List.Item>)}
                      {plan.createPixels.map((p) => <List.Item key={`p-${p}`}>Pixel {p}</List.Item>)}
                    </List>
                  </div>
                ) : null}
                <Select label="When an alias already exists on the target" data={ON_CONFLICT} value={onConflict} allowDeselect={false}
                  onChange={(v) => v && setOnConflict(v as OnConflict)} data-testid="copy-conflict" />
              </>
            ) : null}
            {error ? <Alert color="red" role="alert">{error}</Alert> : null}
          </>
        )}
        <Group justify="flex-end">
          {!jobId ? (
            <>
              <Button variant="default" onClick={onClose}>Cancel</Button>
              {plan
                ? <Button loading={busy} onClick={() => void start()}>Start copy</Button>
                : <Button loading={busy} disabled={!targetId} onClick={() => void loadPlan()}>Next</Button>}
            </>
          ) : ended ? <Button onClick={onClose}>Close</Button> : null}
        </Group>
      </Stack>
    </Modal>
  );
}
