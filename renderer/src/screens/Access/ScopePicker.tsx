// What a new key may do, as checkboxes in words: read or change each kind of
// record, plus administration. Changing includes reading, so ticking "Change"
// ticks "Read" and holds it. A scope the creating key lacks cannot be given
// (the server would refuse it), so its box is disabled and says why.
import { Checkbox, Stack, Table, Text } from '@mantine/core';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { SCOPE_RESOURCES, grants, type Scope, type ScopeResource } from '../../../../shared/scopes.ts';
import { RESOURCE_WORDS, scopesPhrase } from './scope-words.ts';

const WORDS: Record<ScopeResource, MessageDescriptor> = defineMessages({
  links: { id: 'app.scopePicker.links', defaultMessage: 'Links' },
  domains: { id: 'app.scopePicker.domains', defaultMessage: 'Domains' },
  spaces: { id: 'app.scopePicker.spaces', defaultMessage: 'Spaces' },
  pixels: { id: 'app.scopePicker.pixels', defaultMessage: 'Pixels' },
  stats: { id: 'app.scopePicker.stats', defaultMessage: 'Statistics' },
  webhooks: { id: 'app.scopePicker.webhooks', defaultMessage: 'Webhooks' },
});

const BOX: Record<'read' | 'write', MessageDescriptor> = defineMessages({
  read: { id: 'app.scopePicker.readBox', defaultMessage: 'Read {resource}', description: 'Checkbox label for screen readers; resource: e.g. "links" (lower case)' },
  write: { id: 'app.scopePicker.changeBox', defaultMessage: 'Change {resource}', description: 'Checkbox label for screen readers; resource: e.g. "links" (lower case)' },
});

export function ScopePicker({ value, onChange, held, adminOffered, error }: {
  value: string[];
  onChange(next: string[]): void;
  /** The creating key's scopes: nothing beyond them can be given. */
  held: readonly string[];
  /** The key is for an admin user and the creating key is an admin key. */
  adminOffered: boolean;
  error?: string;
}) {
  const intl = useIntl();
  const has = (s: string) => value.includes(s);
  const set = (add: string[], remove: string[] = []) => onChange([...new Set([...value.filter((s) => !remove.includes(s)), ...add])]);
  const cannot = (s: Scope) => !grants(held, s);

  return (
    <Stack gap={6} data-testid="scope-picker">
      <Text size="sm" fw={500} id="scopes-label"><FormattedMessage id="app.scopePicker.title" defaultMessage="What the key may do" /></Text>
      <Table withTableBorder verticalSpacing={4} aria-labelledby="scopes-label" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th><FormattedMessage id="app.scopePicker.records" defaultMessage="Records" /></Table.Th>
            <Table.Th w={90}><FormattedMessage id="app.scopePicker.read" defaultMessage="Read" /></Table.Th>
            <Table.Th w={90}><FormattedMessage id="app.scopePicker.change" defaultMessage="Change" /></Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {SCOPE_RESOURCES.map((r) => {
            const read = `${r}:read` as Scope;
            const write = `${r}:write` as Scope;
            const resource = intl.formatMessage(RESOURCE_WORDS[r]);
            return (
              <Table.Tr key={r}>
                <Table.Td><Text size="sm">{intl.formatMessage(WORDS[r])}</Text></Table.Td>
                <Table.Td>
                  <Checkbox aria-label={intl.formatMessage(BOX.read, { resource })} checked={has(read) || has(write)} disabled={has(write) || cannot(read)}
                    onChange={(e) => (e.currentTarget.checked ? set([read]) : set([], [read]))} />
                </Table.Td>
                <Table.Td>
                  <Checkbox aria-label={intl.formatMessage(BOX.write, { resource })} checked={has(write)} disabled={cannot(write)}
                    onChange={(e) => (e.currentTarget.checked ? set([write, read]) : set([], [write]))} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {adminOffered ? (
        <Checkbox label={intl.formatMessage({ id: 'app.scopePicker.admin', defaultMessage: 'Administration: manage users, every key and the audit log' })} checked={has('admin')}
          onChange={(e) => (e.currentTarget.checked ? set(['admin']) : set([], ['admin']))} />
      ) : null}
      {SCOPE_RESOURCES.some((r) => cannot(`${r}:write`)) ? (
        <Text size="xs" c="dimmed">
          <FormattedMessage id="app.scopePicker.beyond" defaultMessage="Boxes that cannot be ticked are beyond what this app's own key may do: a key never gives more than the key that makes it." />
        </Text>
      ) : null}
      <Text size="sm" data-testid="scopes-in-words" aria-live="polite">
        {value.length
          ? intl.formatMessage({ id: 'app.scopePicker.summary', defaultMessage: 'This key may {scopes}.', description: 'scopes: e.g. "read and change links; read statistics"' },
            { scopes: scopesPhrase(intl, value) })
          : intl.formatMessage({ id: 'app.scopePicker.tickOne', defaultMessage: 'Tick at least one box.' })}
      </Text>
      {error ? <Text size="sm" c="red" role="alert">{error}</Text> : null}
    </Stack>
  );
}
