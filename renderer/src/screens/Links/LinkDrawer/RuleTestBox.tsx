// "A visitor from Germany on an iPhone with ?ref=mail goes to …": the server's
// own evaluation of the saved link (POST /links/{id}/evaluate), so what it
// shows is what a real redirect does. A link not saved yet has nothing to ask.
import { Anchor, Box, Button, Paper, Select, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { plain } from '../../../i18n/plain.ts';
import type { Link } from '../../../../../shared/api-types.ts';
import type { LinkEvaluation } from '../../../../../shared/schemas/link-rules.ts';
import { api, toIpcError } from '../../../api/api.ts';
import type { LinkForm } from './form-context.ts';
import { describeMatch, emptyVisitor, visitorToBody, type VisitorFields } from './rule-test.ts';
import { KEY_OPTIONS } from './target-keys.ts';
import { targetsOf, type LinkV2 } from './targeting-model.ts';

const m = plain(defineMessages({
  country: { id: 'app.rules.test.visitor.country', defaultMessage: "Visitor's country" },
  device: { id: 'app.rules.test.visitor.device', defaultMessage: "Visitor's device" },
  operating_system: { id: 'app.rules.test.visitor.operatingSystem', defaultMessage: "Visitor's operating system" },
  browser: { id: 'app.rules.test.visitor.browser', defaultMessage: "Visitor's browser" },
  language: { id: 'app.rules.test.visitor.language', defaultMessage: "Visitor's language" },
  title: { id: 'app.rules.test.title', defaultMessage: 'Test a visitor' },
  unsaved: { id: 'app.rules.test.unsavedLink', defaultMessage: 'Create the link first: the test asks the server, which knows saved links only.' },
  intro: { id: 'app.rules.test.intro', defaultMessage: 'Where the saved link sends this visitor, as the server works it out. Nothing is counted.' },
  dirty: {
    id: 'app.rules.test.intro.dirty',
    defaultMessage: 'Where the saved link sends this visitor, as the server works it out. Nothing is counted. Unsaved changes are not included: save the link to test them.',
  },
  any: { id: 'app.rules.test.any', defaultMessage: 'Any' },
  noMatch: { id: 'app.targeting.noMatch', defaultMessage: 'No match' },
  query: { id: 'app.rules.test.visitor.query', defaultMessage: "Visitor's query string" },
  at: { id: 'app.rules.test.visitor.at', defaultMessage: 'At (your time)' },
  now: { id: 'app.rules.test.visitor.at.description', defaultMessage: 'Empty: now' },
  run: { id: 'app.rules.test.run', defaultMessage: 'Test visitor' },
  rotation: { id: 'app.rules.test.rotation', defaultMessage: 'Goes to one of the rotation URLs by weight. <result>{match}</result>' },
  goesTo: { id: 'app.rules.test.goesTo', defaultMessage: 'Goes to <link>{url}</link>. <result>{match}</result>' },
}));
const result = (chunks: ReactNode[]) => <span data-testid="rule-test-match">{chunks}</span>;
const CHOICES = [
  { field: 'country', type: 'countries' },
  { field: 'device', type: 'devices' },
  { field: 'operating_system', type: 'operating_systems' },
  { field: 'browser', type: 'browsers' },
  { field: 'language', type: 'languages' },
] as const;

export function RuleTestBox({ link, form }: { link: Link | null; form: LinkForm }) {
  const intl = useIntl();
  const t = (d: (typeof m)[keyof typeof m]) => intl.formatMessage(d);
  const [v, setV] = useState<VisitorFields>(emptyVisitor);
  const [answer, setAnswer] = useState<LinkEvaluation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof VisitorFields, value: string) => setV((old) => ({ ...old, [k]: value }));

  const heading = <Title order={3} size="sm" id="rule-test-title">{t(m.title)}</Title>;
  if (!link) {
    return (
      <Paper withBorder p="sm" mt="md" radius="md" role="region" aria-labelledby="rule-test-title">
        {heading}
        <Text size="sm" c="dimmed" mt={4}>{t(m.unsaved)}</Text>
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
      <Text size="xs" c="dimmed" mt={2}>{t(form.isDirty() ? m.dirty : m.intro)}</Text>
      <SimpleGrid cols={3} spacing="xs" mt="xs">
        {CHOICES.map((c) => (
          <Select key={c.field} size="xs" label={t(m[c.field])} data={KEY_OPTIONS[c.type](intl)} searchable clearable
            placeholder={t(m.any)} nothingFoundMessage={t(m.noMatch)} value={v[c.field] || null} onChange={(x) => set(c.field, x ?? '')} />
        ))}
        <TextInput size="xs" label={t(m.query)} placeholder="?ref=mail" dir="ltr" value={v.query} onChange={(e) => set('query', e.currentTarget.value)} />
        <TextInput size="xs" type="datetime-local" label={t(m.at)} description={t(m.now)} value={v.at} onChange={(e) => set('at', e.currentTarget.value)} />
      </SimpleGrid>
      <Button mt="xs" size="xs" onClick={() => void run()} loading={busy}>{t(m.run)}</Button>
      <Box mt="xs" aria-live="polite" data-testid="rule-test-answer">
        {answer?.rotation?.length ? (
          // A rotation takes no turn for a test: the answer is the split, not one URL.
          <Text size="sm">
            <FormattedMessage {...m.rotation} values={{ match: describeMatch(answer, targets_type, intl), result }} />
          </Text>
        ) : answer ? (
          <Text size="sm">
            <FormattedMessage {...m.goesTo} values={{
              url: answer.url, match: describeMatch(answer, targets_type, intl), result,
              link: (chunks: ReactNode[]) => (
                <Anchor href={answer.url} target="_blank" rel="noreferrer" underline="always" data-testid="rule-test-url" dir="ltr">{chunks}</Anchor>
              ),
            }} />
          </Text>
        ) : null}
        {error ? <Text size="sm" c="var(--mantine-color-error)" role="alert">{error}</Text> : null}
      </Box>
    </Paper>
  );
}
