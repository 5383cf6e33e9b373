// The blocklist: manual hosts and keywords (search, add, remove), a URL
// tester, and the imported lists with their counts. The server imports lists
// from its command line only, so the screen says how.
import { Alert, Badge, Box, Button, Code, Group, SegmentedControl, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { toIpcError } from '../../api/api.ts';
import { invalidateSafety, safetyApi, SAFETY_RESOURCES } from '../../api/safety.ts';
import type { Blocklist, BlocklistCheck } from '../../api/safety-types.ts';
import { useInstanceQuery } from '../../api/use-instance-query.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete/ConfirmDelete.tsx';
import { ErrorState, LoadingState, NotOffered, NothingHere } from '../../components/DataStates/DataStates.tsx';
import { IconTrash } from '../../components/Icons/Icons.tsx';
import { RowAction } from '../../components/RowActions/RowActions.tsx';
import { SearchInput } from '../../components/SearchInput/SearchInput.tsx';
import { useDialog } from '../../components/use-dialog.ts';
import { notify } from '../../notify.ts';
import { useInstances } from '../../state/instances-store.ts';
import { useListParams } from '../../state/list-params.ts';
import { ImportedLists } from './ImportedLists.tsx';
import { blocklistRefusal, TAB_PARAM } from './safety-words.ts';

type Kind = 'host' | 'keyword';
interface Entry { kind: Kind; value: string }
const SPEC = { tab: TAB_PARAM, search: { default: '' }, kind: { default: 'all', allowed: ['all', 'host', 'keyword'] }, page: { default: '1', id: true } };
/** Rows drawn at most; a search narrows the rest. */
const SHOWN = 100;

export function useBlocklist() {
  return useInstanceQuery(SAFETY_RESOURCES.blocklist, null, () => safetyApi.blocklist());
}

/** The blocklist as it would be with one entry added or removed. */
function changed(b: Blocklist, entry: Entry, add: boolean) {
  const edit = (list: string[]) => (add ? [...list, entry.value] : list.filter((v) => v !== entry.value));
  return { hosts: entry.kind === 'host' ? edit(b.hosts) : b.hosts, keywords: entry.kind === 'keyword' ? edit(b.keywords) : b.keywords };
}

export function BlocklistPanel() {
  const intl = useIntl();
  const { values, update } = useListParams(SPEC);
  const instanceId = useInstances((s) => s.selectedId);
  const list = useBlocklist();
  const removing = useDialog<Entry>();
  const kindWord = (k: Kind) => intl.formatMessage({ id: 'app.blocklist.kindName', defaultMessage: '{kind, select, host {Host} other {Keyword}}' }, { kind: k });
  const [kind, setKind] = useState<Kind>('host');
  const [value, setValue] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  if (list.error?.kind === 'unsupported') return <NotOffered message={list.error.message} />;
  const b = list.data;
  const all: Entry[] = b ? [...b.hosts.map((v): Entry => ({ kind: 'host', value: v })), ...b.keywords.map((v): Entry => ({ kind: 'keyword', value: v }))] : [];
  const search = values.search.toLowerCase();
  const matching = all.filter((e) => (values.kind === 'all' || e.kind === values.kind) && e.value.toLowerCase().includes(search));
  const filtered = values.search !== '' || values.kind !== 'all';

  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!b || !value.trim()) return;
    const entry: Entry = { kind, value: value.trim() };
    if ((kind === 'host' ? b.hosts : b.keywords).some((v) => v.toLowerCase() === entry.value.toLowerCase())) {
      setAddError(intl.formatMessage({ id: 'app.blocklist.already', defaultMessage: '{entry} is on the blocklist already.' }, { entry: entry.value }));
      return;
    }
    setAdding(true);
    setAddError(null);
    try {
      const saved = await safetyApi.saveBlocklist(changed(b, entry, true));
      setValue('');
      const stored = kind === 'host' ? saved.hosts.at(-1) : saved.keywords.at(-1);
      notify({
        color: 'teal',
        title: intl.formatMessage({ id: 'app.blocklist.addedTitle', defaultMessage: 'Added to the blocklist' }),
        message: intl.formatMessage({ id: 'app.blocklist.added', defaultMessage: '{entry}: new links to it are refused.' }, { entry: stored ?? entry.value }),
      });
      await invalidateSafety(instanceId);
    } catch (err) {
      setAddError(blocklistRefusal(toIpcError(err).message));
    } finally {
      setAdding(false);
    }
  };

  return (
    <Stack gap="lg">
      {list.error ? <ErrorState error={list.error} onRetry={list.reload} kept={b !== undefined} /> : null}
      {!b && list.loading ? <LoadingState label={intl.formatMessage({ id: 'app.blocklist.loading', defaultMessage: 'Loading the blocklist…' })} /> : null}
      {b ? (
        <>
          <Box component="section" aria-labelledby="blocklist-manual">
            <Title order={2} size="h4" id="blocklist-manual" mb={4}><FormattedMessage id="app.blocklist.title" defaultMessage="Hosts and keywords" /></Title>
            <Text size="sm" c="dimmed" mb="sm">
              <FormattedMessage id="app.blocklist.about"
                defaultMessage="New links, edits, imports and copies whose destinations match are refused; existing links are checked again on schedule and banned when they match. A host blocks itself, <code>*.host</code> also every subdomain; a keyword matches anywhere in a destination or an alias, case aside."
                values={{ code: (c) => <Code>{c}</Code> }} />
            </Text>
            <form onSubmit={(e) => void add(e)} aria-label={intl.formatMessage({ id: 'app.blocklist.addForm', defaultMessage: 'Add to the blocklist' })}>
              <Group align="flex-start" gap="xs" mb="md">
                <Select label={intl.formatMessage({ id: 'app.blocklist.kind', defaultMessage: 'Kind' })} w={130} allowDeselect={false} value={kind} onChange={(v) => v && setKind(v as Kind)}
                  data={[{ value: 'host', label: kindWord('host') }, { value: 'keyword', label: kindWord('keyword') }]} />
                <TextInput w={320} required value={value}
                  label={intl.formatMessage({ id: 'app.blocklist.valueLabel', defaultMessage: '{kind, select, host {Host to block} other {Keyword to block}}' }, { kind })}
                  placeholder={intl.formatMessage({ id: 'app.blocklist.valuePlaceholder', defaultMessage: '{kind, select, host {evil.example or *.evil.example} other {a word}}' }, { kind })}
                  maxLength={kind === 'host' ? 255 : 100}
                  onChange={(e) => { setValue(e.currentTarget.value); setAddError(null); }} error={addError} />
                <Button type="submit" mt={25} loading={adding} disabled={!value.trim()}>{intl.formatMessage({ id: 'app.blocklist.add', defaultMessage: 'Add' })}</Button>
              </Group>
            </form>
            <Group align="flex-end" gap="md" mb="sm" role="search" aria-label={intl.formatMessage({ id: 'app.blocklist.find', defaultMessage: 'Find blocklist entries' })}>
              <SearchInput label={intl.formatMessage({ id: 'app.blocklist.search', defaultMessage: 'Search the blocklist' })}
                placeholder={intl.formatMessage({ id: 'app.blocklist.searchPlaceholder', defaultMessage: 'Host or keyword' })} value={values.search} onChange={(s) => update({ search: s })} />
              <SegmentedControl aria-label={intl.formatMessage({ id: 'app.blocklist.show', defaultMessage: 'Show' })} value={values.kind} onChange={(v) => update({ kind: v })}
                data={[
                  { value: 'all', label: intl.formatMessage({ id: 'app.blocklist.showAll', defaultMessage: 'All ({count, number})' }, { count: all.length }) },
                  { value: 'host', label: intl.formatMessage({ id: 'app.blocklist.showHosts', defaultMessage: 'Hosts ({count, number})' }, { count: b.hosts.length }) },
                  { value: 'keyword', label: intl.formatMessage({ id: 'app.blocklist.showKeywords', defaultMessage: 'Keywords ({count, number})' }, { count: b.keywords.length }) },
                ]} />
            </Group>
            {matching.length ? (
              <Table striped verticalSpacing={4} data-testid="blocklist-table" maw={720}>
                <Table.Thead><Table.Tr>
                  <Table.Th w={110}>{intl.formatMessage({ id: 'app.blocklist.kind', defaultMessage: 'Kind' })}</Table.Th>
                  <Table.Th>{intl.formatMessage({ id: 'app.blocklist.entry', defaultMessage: 'Entry' })}</Table.Th>
                  <Table.Th w={70}>{intl.formatMessage({ id: 'app.blocklist.remove', defaultMessage: 'Remove' })}</Table.Th>
                </Table.Tr></Table.Thead>
                <Table.Tbody>
                  {matching.slice(0, SHOWN).map((e) => (
                    <Table.Tr key={`${e.kind}:${e.value}`} data-entry={e.value}>
                      <Table.Td><Badge variant="light" color={e.kind === 'host' ? 'blue' : 'violet'}>{kindWord(e.kind)}</Badge></Table.Td>
                      <Table.Td><Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>{e.value}</Text></Table.Td>
                      <Table.Td>
                        <RowAction tip={intl.formatMessage({ id: 'app.blocklist.remove', defaultMessage: 'Remove' })}
                          label={intl.formatMessage({ id: 'app.blocklist.removeNamed', defaultMessage: 'Remove {entry} from the blocklist' }, { entry: e.value })} icon={<IconTrash />} color="red" onClick={() => removing.open(e)} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : (
              <NothingHere title={filtered
                ? intl.formatMessage({ id: 'app.blocklist.noMatch', defaultMessage: 'Nothing matches this search' })
                : intl.formatMessage({ id: 'app.blocklist.empty', defaultMessage: 'The blocklist is empty' })}
                description={filtered
                  ? intl.formatMessage({ id: 'app.blocklist.noMatchHint', defaultMessage: 'Try another host or keyword.' })
                  : intl.formatMessage({ id: 'app.blocklist.emptyHint', defaultMessage: 'Add a host or a keyword above; imported lists are counted below.' })} />
            )}
            <Text size="sm" c="dimmed" mt={6} aria-live="polite" data-testid="blocklist-range">
              {matching.length > SHOWN
                ? intl.formatMessage({ id: 'app.blocklist.rangeFirst', defaultMessage: 'The first {shown, number} of {count, plural, one {# entry} other {# entries}}; search to narrow them.' },
                  { shown: SHOWN, count: matching.length })
                : filtered
                  ? intl.formatMessage({ id: 'app.blocklist.rangeOf', defaultMessage: '{count, plural, one {# entry} other {# entries}} of {total, number}.' }, { count: matching.length, total: all.length })
                  : intl.formatMessage({ id: 'app.blocklist.range', defaultMessage: '{count, plural, one {# entry} other {# entries}}.' }, { count: matching.length })}
            </Text>
          </Box>
          <UrlTester />
          <ImportedLists blocklist={b} />
        </>
      ) : null}
      <ConfirmDelete opened={removing.subject !== null} title={intl.formatMessage({ id: 'app.blocklist.removeTitle', defaultMessage: 'Remove from the blocklist' })}
        confirmLabel={intl.formatMessage({ id: 'app.blocklist.remove', defaultMessage: 'Remove' })}
        refusedTitle={intl.formatMessage({ id: 'app.blocklist.notRemoved', defaultMessage: 'Not removed' })}
        onClose={(done) => removing.close(done === true)}
        onConfirm={async () => {
          const e = removing.subject!;
          await safetyApi.saveBlocklist(changed(b!, e, false));
          notify({ color: 'teal', message: intl.formatMessage({ id: 'app.blocklist.removed', defaultMessage: '{entry} is no longer on the blocklist.' }, { entry: e.value }) });
          void invalidateSafety(instanceId);
        }}>
        <FormattedMessage id="app.blocklist.removeQuestion"
          defaultMessage="Remove <b>{entry}</b> from the blocklist? New links to it are accepted again; links banned for it stay banned until an admin lifts their ban."
          values={{ entry: removing.last?.value, b: (c) => <strong>{c}</strong> }} />
      </ConfirmDelete>
    </Stack>
  );
}

/** Whether a URL would be refused, by which entry. */
function UrlTester() {
  const intl = useIntl();
  const [url, setUrl] = useState('');
  const [result, setResult] = useState<{ url: string; check: BlocklistCheck } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const test = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setResult({ url: url.trim(), check: await safetyApi.check(url.trim()) });
    } catch (err) {
      setResult(null);
      setError(toIpcError(err).message);
    } finally {
      setBusy(false);
    }
  };
  const m = result?.check.match;
  return (
    <Box component="section" aria-labelledby="blocklist-test">
      <Title order={2} size="h4" id="blocklist-test" mb="xs"><FormattedMessage id="app.blocklist.test.title" defaultMessage="Test a URL" /></Title>
      <form onSubmit={(e) => void test(e)}>
        <Group align="flex-start" gap="xs">
          <TextInput label={intl.formatMessage({ id: 'app.blocklist.test.url', defaultMessage: 'URL' })} w={460} value={url} onChange={(e) => setUrl(e.currentTarget.value)} placeholder="https://…" maxLength={2048} error={error} />
          <Button type="submit" variant="default" mt={25} loading={busy} disabled={!url.trim()}>{intl.formatMessage({ id: 'app.blocklist.test.button', defaultMessage: 'Test' })}</Button>
        </Group>
      </form>
      <Box aria-live="polite" mt="xs" maw={720}>
        {result ? (
          m ? (
            <Alert color="red" variant="light" title={intl.formatMessage({ id: 'app.blocklist.test.blocked', defaultMessage: 'Blocked' })} data-testid="test-result">
              <FormattedMessage id="app.blocklist.test.match"
                defaultMessage="{url} matches the {kind, select, keyword {keyword} threat {threat list entry} other {host}} <code>{entry}</code> ({source}{legal, select, true {, a legal block} other {}})."
                description="source: the list the entry comes from, as the server names it"
                values={{ url: result.url, kind: m.kind, entry: m.entry, source: m.source, legal: String(Boolean(m.legal)), code: (c) => <Code>{c}</Code> }} />
            </Alert>
          ) : (
            <Alert color="teal" variant="light" title={intl.formatMessage({ id: 'app.blocklist.test.notBlocked', defaultMessage: 'Not blocked' })} data-testid="test-result">
              <FormattedMessage id="app.blocklist.test.noMatch"
                defaultMessage="No entry this server holds matches {url}. (Safe Browsing and shorteners are asked only when a link is saved.)" values={{ url: result.url }} />
            </Alert>
          )
        ) : null}
      </Box>
    </Box>
  );
}
