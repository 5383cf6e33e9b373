// The blocklist: manual hosts and keywords (search, add, remove), a URL
// tester, and the imported lists with their counts. The server imports lists
// from its command line only, so the screen says how.
import { Alert, Badge, Box, Button, Code, Group, SegmentedControl, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
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
import { fmt } from '../../format.ts';
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
const ENTRY = { one: 'entry', other: 'entries' };

export function useBlocklist() {
  return useInstanceQuery(SAFETY_RESOURCES.blocklist, null, () => safetyApi.blocklist());
}

/** The blocklist as it would be with one entry added or removed. */
function changed(b: Blocklist, entry: Entry, add: boolean) {
  const edit = (list: string[]) => (add ? [...list, entry.value] : list.filter((v) => v !== entry.value));
  return { hosts: entry.kind === 'host' ? edit(b.hosts) : b.hosts, keywords: entry.kind === 'keyword' ? edit(b.keywords) : b.keywords };
}

export function BlocklistPanel() {
  const { values, update } = useListParams(SPEC);
  const instanceId = useInstances((s) => s.selectedId);
  const list = useBlocklist();
  const removing = useDialog<Entry>();
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
      setAddError(`${entry.value} is on the blocklist already.`);
      return;
    }
    setAdding(true);
    setAddError(null);
    try {
      const saved = await safetyApi.saveBlocklist(changed(b, entry, true));
      setValue('');
      const stored = kind === 'host' ? saved.hosts.at(-1) : saved.keywords.at(-1);
      notify({ color: 'teal', title: 'Added to the blocklist', message: `${stored ?? entry.value}: new links to it are refused.` });
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
      {!b && list.loading ? <LoadingState label="Loading the blocklist…" /> : null}
      {b ? (
        <>
          <Box component="section" aria-labelledby="blocklist-manual">
            <Title order={2} size="h4" id="blocklist-manual" mb={4}>Hosts and keywords</Title>
            <Text size="sm" c="dimmed" mb="sm">
              New links, edits, imports and copies whose destinations match are refused; existing links are checked again on schedule
              and banned when they match. A host blocks itself, <Code>*.host</Code> also every subdomain; a keyword matches anywhere
              in a destination or an alias, case aside.
            </Text>
            <form onSubmit={(e) => void add(e)} aria-label="Add to the blocklist">
              <Group align="flex-start" gap="xs" mb="md">
                <Select label="Kind" w={130} allowDeselect={false} value={kind} onChange={(v) => v && setKind(v as Kind)}
                  data={[{ value: 'host', label: 'Host' }, { value: 'keyword', label: 'Keyword' }]} />
                <TextInput label={kind === 'host' ? 'Host to block' : 'Keyword to block'} w={320} required value={value}
                  placeholder={kind === 'host' ? 'evil.example or *.evil.example' : 'a word'} maxLength={kind === 'host' ? 255 : 100}
                  onChange={(e) => { setValue(e.currentTarget.value); setAddError(null); }} error={addError} />
                <Button type="submit" mt={25} loading={adding} disabled={!value.trim()}>Add</Button>
              </Group>
            </form>
            <Group align="flex-end" gap="md" mb="sm" role="search" aria-label="Find blocklist entries">
              <SearchInput label="Search the blocklist" placeholder="Host or keyword" value={values.search} onChange={(s) => update({ search: s })} />
              <SegmentedControl aria-label="Show" value={values.kind} onChange={(v) => update({ kind: v })}
                data={[{ value: 'all', label: `All (${fmt.count(all.length)})` }, { value: 'host', label: `Hosts (${fmt.count(b.hosts.length)})` },
                  { value: 'keyword', label: `Keywords (${fmt.count(b.keywords.length)})` }]} />
            </Group>
            {matching.length ? (
              <Table striped verticalSpacing={4} data-testid="blocklist-table" maw={720}>
                <Table.Thead><Table.Tr><Table.Th w={110}>Kind</Table.Th><Table.Th>Entry</Table.Th><Table.Th w={70}>Remove</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>
                  {matching.slice(0, SHOWN).map((e) => (
                    <Table.Tr key={`${e.kind}:${e.value}`} data-entry={e.value}>
                      <Table.Td><Badge variant="light" color={e.kind === 'host' ? 'blue' : 'violet'}>{e.kind === 'host' ? 'Host' : 'Keyword'}</Badge></Table.Td>
                      <Table.Td><Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>{e.value}</Text></Table.Td>
                      <Table.Td>
                        <RowAction tip="Remove" label={`Remove ${e.value} from the blocklist`} icon={<IconTrash />} color="red" onClick={() => removing.open(e)} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : (
              <NothingHere title={filtered ? 'Nothing matches this search' : 'The blocklist is empty'}
                description={filtered ? 'Try another host or keyword.' : 'Add a host or a keyword above; imported lists are counted below.'} />
            )}
            <Text size="sm" c="dimmed" mt={6} aria-live="polite" data-testid="blocklist-range">
              {matching.length > SHOWN
                ? `The first ${SHOWN} of ${fmt.plural(matching.length, ENTRY)}; search to narrow them.`
                : `${fmt.plural(matching.length, ENTRY)}${filtered ? ` of ${fmt.count(all.length)}` : ''}.`}
            </Text>
          </Box>
          <UrlTester />
          <ImportedLists blocklist={b} />
        </>
      ) : null}
      <ConfirmDelete opened={removing.subject !== null} title="Remove from the blocklist" confirmLabel="Remove" refusedTitle="Not removed"
        onClose={(done) => removing.close(done === true)}
        onConfirm={async () => {
          const e = removing.subject!;
          await safetyApi.saveBlocklist(changed(b!, e, false));
          notify({ color: 'teal', message: `${e.value} is no longer on the blocklist.` });
          void invalidateSafety(instanceId);
        }}>
        Remove <strong>{removing.last?.value}</strong> from the blocklist? New links to it are accepted again; links banned for it stay banned until an admin lifts their ban.
      </ConfirmDelete>
    </Stack>
  );
}

/** Whether a URL would be refused, by which entry. */
function UrlTester() {
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
      <Title order={2} size="h4" id="blocklist-test" mb="xs">Test a URL</Title>
      <form onSubmit={(e) => void test(e)}>
        <Group align="flex-start" gap="xs">
          <TextInput label="URL" w={460} value={url} onChange={(e) => setUrl(e.currentTarget.value)} placeholder="https://…" maxLength={2048} error={error} />
          <Button type="submit" variant="default" mt={25} loading={busy} disabled={!url.trim()}>Test</Button>
        </Group>
      </form>
      <Box aria-live="polite" mt="xs" maw={720}>
        {result ? (
          m ? (
            <Alert color="red" variant="light" title="Blocked" data-testid="test-result">
              {result.url} matches the {m.kind === 'keyword' ? 'keyword' : m.kind === 'threat' ? 'threat list entry' : 'host'} <Code>{m.entry}</Code> ({m.source}{m.legal ? ', a legal block' : ''}).
            </Alert>
          ) : (
            <Alert color="teal" variant="light" title="Not blocked" data-testid="test-result">
              No entry this server holds matches {result.url}. (Safe Browsing and shorteners are asked only when a link is saved.)
            </Alert>
          )
        ) : null}
      </Box>
    </Box>
  );
}
