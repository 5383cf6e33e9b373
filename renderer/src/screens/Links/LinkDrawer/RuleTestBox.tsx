// "A visitor from Germany on an iPhone with ?ref=mail goes to …": the server's
// own evaluation of the saved link (POST /links/{id}/evaluate), so what it
// shows is what a real redirect does. A link not saved yet has nothing to ask.
import { Anchor, Box, Button, Paper, Select, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';
import type { Link } from '../../../../../shared/api-types.ts';
import type { LinkEvaluation } from '../../../../../shared/schemas/link-rules.ts';
import { api, toIpcError } from '../../../api/api.ts';
import type { LinkForm } from './form-context.ts';
import { describeMatch, emptyVisitor, visitorToBody, type VisitorFields } from './rule-test.ts';
import { KEYED } from './target-keys.ts';
import { targetsOf, type LinkV2 } from './targeting-model.ts';

const CHOICES = [
  { field: 'country', label: 'Country', type: 'countries' },
  { field: 'device', label: 'Device', type: 'devices' },
  { field: 'operating_system', label: 'Operating system', type: 'operating_systems' },
  { field: 'browser', label: 'Browser', type: 'browsers' },
  { field: 'language', label: 'Language', type: 'languages' },
] as const;

export function RuleTestBox({ link, form }: { link: Link | null; form: LinkForm }) {
  const [v, setV] = useState<VisitorFields>(emptyVisitor);
  const [answer, setAnswer] = useState<LinkEvaluation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof VisitorFields, value: string) => setV((old) => ({ ...old, [k]: value }));

  const heading = <Title order={3} size="sm" id="rule-test-title">Test a visitor</Title>;
  if (!link) {
    return (
      <Paper withBorder p="sm" mt="md" radius="md" role="region" aria-labelledby="rule-test-title">
        {heading}
        <Text size="sm" c="dimmed" mt={4}>Create the link first: the test asks the server, which knows saved links only.</Text>
      </Paper>
    );
  }
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      setAnswer(await api.links.evaluate(link.id, visitorToBody(v)));
    } catch (e) {
      setAnswer(null);
      setError(toIpcError(e).message);
    } finally {
      setBusy(false);
    }
  };
  // Enter tests the visitor here; it must not submit the link form around it.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT' && (e.target as HTMLElement).getAttribute('role') !== 'combobox') {
      e.preventDefault();
      void run();
    }
  };
  const { targets_type } = targetsOf(link as LinkV2);
  return (
    <Paper withBorder p="sm" mt="md" radius="md" role="region" aria-labelledby="rule-test-title" onKeyDown={onKeyDown}>
      {heading}
      <Text size="xs" c="dimmed" mt={2}>
        Where the saved link sends this visitor, as the server works it out. Nothing is counted.
        {form.isDirty() ? ' Unsaved changes are not included: save the link to test them.' : ''}
      </Text>
      <SimpleGrid cols={3} spacing="xs" mt="xs">
        {CHOICES.map((c) => (
          <Select key={c.field} size="xs" label={`Visitor's ${c.label.toLowerCase()}`} data={KEYED[c.type].options()} searchable clearable
            placeholder="Any" nothingFoundMessage="No match" value={v[c.field] || null} onChange={(x) => set(c.field, x ?? '')} />
        ))}
        <TextInput size="xs" label="Visitor's query string" placeholder="?ref=mail" value={v.query} onChange={(e) => set('query', e.currentTarget.value)} />
        <TextInput size="xs" type="datetime-local" label="At (your time)" description="Empty: now" value={v.at} onChange={(e) => set('at', e.currentTarget.value)} />
      </SimpleGrid>
      <Button mt="xs" size="xs" onClick={() => void run()} loading={busy}>Test visitor</Button>
      <Box mt="xs" aria-live="polite" data-testid="rule-test-answer">
        {answer?.rotation?.length ? (
          // A rotation takes no turn for a test: the answer is the split, not one URL.
          <Text size="sm">Goes to one of the rotation URLs by weight. <span data-testid="rule-test-match">{describeMatch(answer, targets_type)}</span></Text>
        ) : answer ? (
          <Text size="sm">
            Goes to <Anchor href={answer.url} target="_blank" rel="noreferrer" underline="always" data-testid="rule-test-url">{answer.url}</Anchor>.{' '}
            <span data-testid="rule-test-match">{describeMatch(answer, targets_type)}</span>
          </Text>
        ) : null}
        {error ? <Text size="sm" c="var(--mantine-color-error)" role="alert">{error}</Text> : null}
      </Box>
    </Paper>
  );
}
