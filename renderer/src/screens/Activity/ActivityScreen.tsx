// Activity: the instance's audit log (admin keys), newest first. Filters by
// user, action, target type and days (in the instance's time zone), pages like
// every list, and the same filters exported as CSV.
import { Box, Button, Code, Group, LoadingOverlay, Select, Table, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Page } from '../../../../shared/api-types.ts';
import { AUDIT_TARGET_TYPES, type AuditEntry } from '../../../../shared/schemas/admin.ts';
import { call, toIpcError } from '../../api/api.ts';
import { saveFile } from '../../api/save-file.ts';
import { useInstanceQuery } from '../../api/use-instance-query.ts';
import { ErrorState, LoadingState, NotOffered, NothingHere } from '../../components/DataStates/DataStates.tsx';
import { IconDownload } from '../../components/Icons/Icons.tsx';
import { ListFooter } from '../../components/ListFooter/ListFooter.tsx';
import { ScreenHeader } from '../../components/ScreenHeader/ScreenHeader.tsx';
import { fmt } from '../../format.ts';
import { clearButton } from '../../forms/clear-button.ts';
import { notify } from '../../notify.ts';
import { useKeyAccess } from '../../state/key-access.ts';
import { PAGING, useListParams } from '../../state/list-params.ts';
import { useAllUsers } from '../Access/access-data.ts';
import { actionOptions, TARGET_WORDS } from './audit-words.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SPEC = {
  user_id: { default: '', id: true, numeric: true },
  action: { default: '' },
  target_type: { default: '', allowed: ['', ...AUDIT_TARGET_TYPES] },
  from: { default: '' },
  to: { default: '' },
  per_page: PAGING.per_page,
  page: PAGING.page,
};

export default function ActivityScreen() {
  const intl = useIntl();
  const actions = useMemo(() => actionOptions(intl), [intl]);
  const keyAccess = useKeyAccess();
  const { values, query, update } = useListParams(SPEC);
  const admin = keyAccess.state !== 'member' && keyAccess.state !== 'not-offered';
  const list = useInstanceQuery('audit', query, (): Promise<Page<AuditEntry>> => call('audit.list', { query }), { enabled: admin });
  const users = useAllUsers(keyAccess.state === 'admin');
  const [exporting, setExporting] = useState(false);
  const filtered = Boolean(values.user_id || values.action || values.target_type || values.from || values.to);
  const rows = list.data?.data ?? [];
  const unsupported = list.error?.kind === 'unsupported';

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { per_page: _p, page: _n, ...filters } = query;
      const file = await call('audit.export', { query: filters });
      saveFile(file);
      notify({
        color: 'teal',
        message: intl.formatMessage({ id: 'app.activity.exported', defaultMessage: 'Saved {rows, plural, one {# entry} other {# entries}} as {file}.' }, { rows: file.rows, file: file.name }),
      });
    } catch (e) {
      notify({ color: 'red', title: intl.formatMessage({ id: 'app.activity.exportFailed', defaultMessage: 'Activity not exported' }), message: toIpcError(e).message });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <ScreenHeader title={intl.formatMessage({ id: 'app.activity.title', defaultMessage: 'Activity' })}
        description={intl.formatMessage({ id: 'app.activity.description', defaultMessage: 'Every change made through the API or the command line: who, with which key, what, and when. Never a secret.' })}>
        {admin && !unsupported ? (
          <Button variant="default" leftSection={<IconDownload />} loading={exporting} onClick={() => void exportCsv()}><FormattedMessage id="app.activity.export" defaultMessage="Export CSV" /></Button>
        ) : null}
      </ScreenHeader>
      {keyAccess.state === 'not-offered' ? <NotOffered message={intl.formatMessage({ id: 'app.activity.notOffered', defaultMessage: 'This server does not offer an audit log.' })} /> : null}
      {keyAccess.state === 'member' ? (
        <ErrorState error={{ kind: 'forbidden', message: intl.formatMessage({ id: 'app.activity.notAdmin', defaultMessage: 'This key lacks the admin scope: the activity log is for admin keys.' }) }} />
      ) : null}
      {admin && !unsupported ? (
        <Group align="flex-end" gap="xs" mb="md" wrap="wrap" role="search" aria-label={intl.formatMessage({ id: 'app.activity.filter', defaultMessage: 'Filter activity' })}>
          <Select label={intl.formatMessage({ id: 'app.activity.user', defaultMessage: 'User' })}
            placeholder={intl.formatMessage({ id: 'app.activity.anyone', defaultMessage: 'Anyone' })} clearable searchable w={180}
            clearButtonProps={clearButton(intl.formatMessage({ id: 'app.keys.filter.clearUser', defaultMessage: 'Clear the user filter' }))}
            data={(users.data?.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))} value={values.user_id || null}
            onChange={(v) => update({ user_id: v ?? '' })} nothingFoundMessage={intl.formatMessage({ id: 'app.activity.nothingFound', defaultMessage: 'Nothing found' })} />
          <Select label={intl.formatMessage({ id: 'app.activity.action', defaultMessage: 'Action' })}
            placeholder={intl.formatMessage({ id: 'app.activity.any', defaultMessage: 'Any' })} clearable searchable w={190}
            clearButtonProps={clearButton(intl.formatMessage({ id: 'app.activity.clearAction', defaultMessage: 'Clear the action filter' }))}
            data={actions} value={values.action || null} onChange={(v) => update({ action: v ?? '' })} nothingFoundMessage={intl.formatMessage({ id: 'app.activity.nothingFound', defaultMessage: 'Nothing found' })} />
          <Select label={intl.formatMessage({ id: 'app.activity.target', defaultMessage: 'Target' })}
            placeholder={intl.formatMessage({ id: 'app.activity.any', defaultMessage: 'Any' })} clearable w={130}
            clearButtonProps={clearButton(intl.formatMessage({ id: 'app.activity.clearTarget', defaultMessage: 'Clear the target filter' }))}
            data={AUDIT_TARGET_TYPES.map((t) => ({ value: t, label: intl.formatMessage(TARGET_WORDS[t]) }))} value={values.target_type || null}
            onChange={(v) => update({ target_type: v ?? '' })} />
          <TextInput type="date" label={intl.formatMessage({ id: 'app.activity.from', defaultMessage: 'From', description: 'The first day of a date filter' })} w={150} value={values.from} max={values.to || undefined}
            onChange={(e) => { const v = e.currentTarget.value; if (v === '' || DAY.test(v)) update({ from: v }); }} />
          <TextInput type="date" label={intl.formatMessage({ id: 'app.activity.to', defaultMessage: 'To', description: 'The last day of a date filter' })} w={150} value={values.to} min={values.from || undefined}
            onChange={(e) => { const v = e.currentTarget.value; if (v === '' || DAY.test(v)) update({ to: v }); }} />
          {filtered ? <Button variant="subtle" onClick={() => update({ user_id: '', action: '', target_type: '', from: '', to: '' })}><FormattedMessage id="app.activity.clearFilters" defaultMessage="Clear filters" /></Button> : null}
        </Group>
      ) : null}
      {unsupported ? <NotOffered message={list.error!.message} /> : null}
      {list.error && !unsupported ? <ErrorState error={list.error} onRetry={list.reload} kept={list.data !== undefined} /> : null}
      {admin && !list.data && list.loading ? <LoadingState label={intl.formatMessage({ id: 'app.activity.loading', defaultMessage: 'Loading activity…' })} /> : null}
      {list.data ? (
        <Box pos="relative">
          <LoadingOverlay visible={list.stale && list.loading} zIndex={5} overlayProps={{ blur: 1 }} />
          {rows.length ? (
            <Table.ScrollContainer minWidth={900}>
              <Table striped verticalSpacing="xs" data-testid="audit-table" layout="fixed">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={190}><FormattedMessage id="app.activity.column.when" defaultMessage="When" /></Table.Th>
                    <Table.Th w="16%"><FormattedMessage id="app.activity.column.who" defaultMessage="Who" /></Table.Th>
                    <Table.Th w={130}><FormattedMessage id="app.activity.column.key" defaultMessage="Key" /></Table.Th>
                    <Table.Th w={170}><FormattedMessage id="app.activity.action" defaultMessage="Action" /></Table.Th>
                    <Table.Th w={110}><FormattedMessage id="app.activity.target" defaultMessage="Target" /></Table.Th>
                    <Table.Th><FormattedMessage id="app.activity.column.fields" defaultMessage="Fields" /></Table.Th>
                    <Table.Th w={120}><FormattedMessage id="app.activity.column.source" defaultMessage="From" description="Where a change came from: an IP address or the command line" /></Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((e) => (
                    <Table.Tr key={e.id} data-audit={e.action} data-audit-user={e.user.name ?? ''}>
                      <Table.Td><Text size="sm">{fmt.dateTime(e.at)}</Text></Table.Td>
                      <Table.Td><Text size="sm" truncate="end" title={e.user.name ?? undefined}>{e.user.name ?? intl.formatMessage({ id: 'app.activity.deletedUser', defaultMessage: 'A deleted user' })}</Text></Table.Td>
                      <Table.Td><Text size="sm" ff="monospace">{e.key_prefix ?? '—'}</Text></Table.Td>
                      <Table.Td><Code>{e.action}</Code></Table.Td>
                      <Table.Td><Text size="sm">
                        {intl.formatMessage({ id: 'app.activity.targetCell', defaultMessage: '{target}{hasId, select, true { {id}} other {}}', description: 'A target type and its id, e.g. Link 12' }, {
                          target: e.target_type in TARGET_WORDS ? intl.formatMessage(TARGET_WORDS[e.target_type as keyof typeof TARGET_WORDS]) : e.target_type,
                          hasId: String(e.target_id !== null), id: e.target_id ?? '',
                        })}
                      </Text></Table.Td>
                      <Table.Td><Text size="sm" style={{ overflowWrap: 'anywhere' }}>{e.fields.length ? e.fields.join(', ') : '—'}</Text></Table.Td>
                      <Table.Td><Text size="sm">{e.source === 'cli' ? intl.formatMessage({ id: 'app.activity.cli', defaultMessage: 'Command line' }) : (e.ip ?? '—')}</Text></Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <NothingHere title={filtered
              ? intl.formatMessage({ id: 'app.activity.noMatch', defaultMessage: 'Nothing matches these filters' })
              : intl.formatMessage({ id: 'app.activity.none', defaultMessage: 'No activity yet' })}
              action={filtered ? <Button onClick={() => update({ user_id: '', action: '', target_type: '', from: '', to: '' })}><FormattedMessage id="app.activity.clearFilters" defaultMessage="Clear filters" /></Button> : undefined} />
          )}
          <ListFooter meta={list.data.meta} noun="entries" perPage={Number(values.per_page)}
            onPerPage={(v) => update({ per_page: String(v) })} onPage={(p) => update({ page: String(p) })} />
        </Box>
      ) : null}
    </>
  );
}
