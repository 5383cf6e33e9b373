// What a new key may do, as checkboxes in words: read or change each kind of
// record, plus administration. Changing includes reading, so ticking "Change"
// ticks "Read" and holds it. A scope the creating key lacks cannot be given
// (the server would refuse it), so its box is disabled and says why.
import { Checkbox, Stack, Table, Text } from '@mantine/core';
import { SCOPE_RESOURCES, grants, scopesInWords, type Scope, type ScopeResource } from '../../../../shared/scopes.ts';

const WORDS: Record<ScopeResource, string> = {
  links: 'Links', domains: 'Domains', spaces: 'Spaces', pixels: 'Pixels', stats: 'Statistics', webhooks: 'Webhooks',
};

export function ScopePicker({ value, onChange, held, adminOffered, error }: {
  value: string[];
  onChange(next: string[]): void;
  /** The creating key's scopes: nothing beyond them can be given. */
  held: readonly string[];
  /** The key is for an admin user and the creating key is an admin key. */
  adminOffered: boolean;
  error?: string;
}) {
  const has = (s: string) => value.includes(s);
  const set = (add: string[], remove: string[] = []) => onChange([...new Set([...value.filter((s) => !remove.includes(s)), ...add])]);
  const cannot = (s: Scope) => !grants(held, s);

  return (
    <Stack gap={6} data-testid="scope-picker">
      <Text size="sm" fw={500} id="scopes-label">What the key may do</Text>
      <Table withTableBorder verticalSpacing={4} aria-labelledby="scopes-label" layout="fixed">
        <Table.Thead>
          <Table.Tr><Table.Th>Records</Table.Th><Table.Th w={90}>Read</Table.Th><Table.Th w={90}>Change</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {SCOPE_RESOURCES.map((r) => {
            const read = `${r}:read` as Scope;
            const write = `${r}:write` as Scope;
            return (
              <Table.Tr key={r}>
                <Table.Td><Text size="sm">{WORDS[r]}</Text></Table.Td>
                <Table.Td>
                  <Checkbox aria-label={`Read ${WORDS[r].toLowerCase()}`} checked={has(read) || has(write)} disabled={has(write) || cannot(read)}
                    onChange={(e) => (e.currentTarget.checked ? set([read]) : set([], [read]))} />
                </Table.Td>
                <Table.Td>
                  <Checkbox aria-label={`Change ${WORDS[r].toLowerCase()}`} checked={has(write)} disabled={cannot(write)}
                    onChange={(e) => (e.currentTarget.checked ? set([write, read]) : set([], [write]))} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {adminOffered ? (
        <Checkbox label="Administration: manage users, every key and the audit log" checked={has('admin')}
          onChange={(e) => (e.currentTarget.checked ? set(['admin']) : set([], ['admin']))} />
      ) : null}
      {SCOPE_RESOURCES.some((r) => cannot(`${r}:write`)) ? (
        <Text size="xs" c="dimmed">Boxes that cannot be ticked are beyond what this app's own key may do: a key never gives more than the key that makes it.</Text>
      ) : null}
      <Text size="sm" data-testid="scopes-in-words" aria-live="polite">
        {value.length ? <>This key may {scopesInWords(value)}.</> : 'Tick at least one box.'}
      </Text>
      {error ? <Text size="sm" c="red" role="alert">{error}</Text> : null}
    </Stack>
  );
}
