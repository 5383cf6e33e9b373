// A rule's conditions as chips, each with its own editor and a remove button,
// and a menu that adds the kinds the rule does not have yet. Every input sits
// at the API's path (`rules.0.if.countries`) so a 422 lands on it.
import { ActionIcon, Box, Button, Group, Menu, MultiSelect, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import { plain } from '../../../i18n/plain.ts';
import { IconPlus, IconX } from '../../../components/Icons/Icons.tsx';
import { localToday } from '../../Stats/stats-range.ts';
import type { LinkForm } from './form-context.ts';
import { CONDITION_OPTIONS, conditionWords } from './target-keys.ts';
import { CONDITION_KINDS, emptyCondition, type ConditionKind, type QueryPair } from './targeting-model.ts';

const m = plain(defineMessages({
  query: { id: 'app.rules.condition.query', defaultMessage: 'Query parameter' },
  between: { id: 'app.rules.condition.between', defaultMessage: 'Date and time between' },
  when: { id: 'app.rules.when', defaultMessage: 'When' },
  none: { id: 'app.rules.conditions.none', defaultMessage: 'No conditions yet: add at least one.' },
  remove: {
    id: 'app.rules.condition.remove',
    defaultMessage: 'Remove {kind, select, countries {countries} continents {continents} operating_systems {operating systems} browsers {browsers} devices {devices} languages {languages} query {query parameter} between {date and time between} other {this}} condition of rule {n, number}',
  },
  add: { id: 'app.rules.condition.add', defaultMessage: 'Add condition to rule {n, number}' },
  addMenu: { id: 'app.rules.condition.add.menu', defaultMessage: 'Conditions to add to rule {n, number}' },
  from: { id: 'app.rules.between.from', defaultMessage: 'From' },
  fromLabel: { id: 'app.rules.between.from.label', defaultMessage: 'From (rule {n, number})' },
  to: { id: 'app.rules.between.to', defaultMessage: 'To' },
  toLabel: { id: 'app.rules.between.to.label', defaultMessage: 'To (rule {n, number})' },
  noMatch: { id: 'app.targeting.noMatch', defaultMessage: 'No match' },
  search: { id: 'app.targeting.search', defaultMessage: 'Type to search…' },
  listLabel: { id: 'app.rules.condition.list.label', defaultMessage: '{condition} (rule {n, number})' },
  param: { id: 'app.rules.query.param', defaultMessage: 'Parameter {j, number} (rule {n, number})' },
  paramPlaceholder: { id: 'app.rules.query.param.placeholder', defaultMessage: 'parameter' },
  value: { id: 'app.rules.query.value', defaultMessage: 'Value {j, number} (rule {n, number})' },
  valuePlaceholder: { id: 'app.rules.query.value.placeholder', defaultMessage: 'value' },
  removeParam: { id: 'app.rules.query.remove', defaultMessage: 'Remove parameter {j, number} of rule {n, number}' },
  addParam: { id: 'app.rules.query.add', defaultMessage: 'Add parameter to rule {n, number}' },
}));

/** A condition kind's name: "Countries", "Query parameter". */
export const conditionWord = (intl: IntlShape, kind: ConditionKind) =>
  intl.formatMessage(kind === 'query' ? m.query : kind === 'between' ? m.between : conditionWords[kind]);

export function RuleConditionChips({ form, index }: { form: LinkForm; index: number }) {
  const intl = useIntl();
  const rule = form.values.rules[index]!;
  const n = index + 1;
  // The kind just added takes the keyboard, so adding a condition goes straight on to filling it in.
  const [added, setAdded] = useState<ConditionKind | null>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const present = (Object.keys(rule.if) as ConditionKind[]).filter((k) => rule.if[k] !== undefined);
  const absent = CONDITION_KINDS.filter((k) => rule.if[k] === undefined);
  const add = (kind: ConditionKind) => {
    form.setFieldValue(`rules.${index}.if`, { ...rule.if, [kind]: emptyCondition(kind, localToday()) });
    setAdded(kind);
  };
  const remove = (kind: ConditionKind) => {
    const { [kind]: _gone, ...rest } = rule.if;
    form.setFieldValue(`rules.${index}.if`, rest);
  };
  const whole = form.errors[`rules.${index}.if`];
  return (
    <Box>
      <Text size="sm" fw={500} mb={4} id={`rule-${n}-conditions`}>{intl.formatMessage(m.when)}</Text>
      {present.length === 0 ? <Text size="sm" c="dimmed">{intl.formatMessage(m.none)}</Text> : null}
      <Group gap="xs" align="flex-start" role="list" aria-labelledby={`rule-${n}-conditions`}>
        {present.map((kind) => (
          <Box key={kind} role="listitem" px="sm" py={6} data-condition={kind}
            style={{ borderRadius: 'var(--mantine-radius-lg)', border: '1px solid var(--mantine-color-default-border)', background: 'var(--mantine-color-default-hover)' }}>
            <Group gap={4} justify="space-between" wrap="nowrap">
              <Text size="xs" fw={600}>{conditionWord(intl, kind)}</Text>
              <ActionIcon size="sm" variant="subtle" color="gray" aria-label={intl.formatMessage(m.remove, { kind, n })}
                onClick={() => remove(kind)}><IconX size={14} /></ActionIcon>
            </Group>
            <ConditionEditor form={form} index={index} kind={kind} focus={added === kind} />
            {kind === 'query' || kind === 'between' ? <ChipError message={form.errors[`rules.${index}.if.${kind}`]} /> : null}
          </Box>
        ))}
      </Group>
      <ChipError message={whole} />
      {absent.length ? (
        // The new condition's input takes the keyboard, so the menu must not hand it back to its button;
        // closed without a choice (Escape), the button gets it back. No focus placeholder: axe counts it as a child a menu may not have.
        <Menu position="bottom-start" withinPortal returnFocus={false} withInitialFocusPlaceholder={false} onClose={() => {
          const at = document.activeElement;
          if (!at || at === document.body || at.closest('[role="menu"]')) menuButton.current?.focus();
        }}>
          <Menu.Target>
            <Button ref={menuButton} mt="xs" size="xs" variant="subtle" leftSection={<IconPlus />}>{intl.formatMessage(m.add, { n })}</Button>
          </Menu.Target>
          <Menu.Dropdown aria-label={intl.formatMessage(m.addMenu, { n })}>
            {absent.map((k) => <Menu.Item key={k} onClick={() => add(k)}>{conditionWord(intl, k)}</Menu.Item>)}
          </Menu.Dropdown>
        </Menu>
      ) : null}
    </Box>
  );
}

/**
 * An input's props that, on leaving it, also check the whole condition it is
 * part of: "needs a parameter" belongs to no one input, and would otherwise
 * only keep Create disabled without saying why.
 */
export function withCheck(form: LinkForm, field: string, whole: string) {
  const props = form.getInputProps(field);
  return { ...props, onBlur: (e: unknown) => { props.onBlur?.(e); form.validateField(whole); } };
}

/** An error of a whole condition (or rule), which no single input holds; list conditions show theirs on their input. */
function ChipError({ message }: { message: unknown }) {
  return typeof message === 'string' ? <Text size="xs" mt={4} c="var(--mantine-color-error)" role="alert">{message}</Text> : null;
}

function ConditionEditor({ form, index, kind, focus }: { form: LinkForm; index: number; kind: ConditionKind; focus: boolean }) {
  const intl = useIntl();
  const n = index + 1;
  const path = `rules.${index}.if.${kind}`;
  if (kind === 'between') {
    return (
      <Group gap="xs" wrap="nowrap">
        <TextInput size="xs" type="datetime-local" label={intl.formatMessage(m.from)} aria-label={intl.formatMessage(m.fromLabel, { n })} autoFocus={focus}
          {...withCheck(form, `${path}.from`, path)} />
        <TextInput size="xs" type="datetime-local" label={intl.formatMessage(m.to)} aria-label={intl.formatMessage(m.toLabel, { n })} {...withCheck(form, `${path}.to`, path)} />
      </Group>
    );
  }
  if (kind === 'query') return <QueryEditor form={form} index={index} focus={focus} />;
  return (
    <MultiSelect size="xs" w={300} searchable hidePickedOptions nothingFoundMessage={intl.formatMessage(m.noMatch)} placeholder={intl.formatMessage(m.search)}
      aria-label={intl.formatMessage(m.listLabel, { condition: conditionWord(intl, kind), n })} data={CONDITION_OPTIONS[kind](intl)} autoFocus={focus} {...form.getInputProps(path)} />
  );
}

function QueryEditor({ form, index, focus }: { form: LinkForm; index: number; focus: boolean }) {
  const intl = useIntl();
  const n = index + 1;
  const pairs: QueryPair[] = form.values.rules[index]!.if.query ?? [];
  const path = `rules.${index}.if.query`;
  return (
    <Box>
      {pairs.map((_, j) => (
        <Group key={j} gap={4} wrap="nowrap" mt={4}>
          <TextInput size="xs" w={120} aria-label={intl.formatMessage(m.param, { j: j + 1, n })} placeholder={intl.formatMessage(m.paramPlaceholder)} dir="ltr" autoFocus={focus && j === 0}
            {...withCheck(form, `${path}.${j}.param`, path)} />
          <Text size="sm" aria-hidden="true">=</Text>
          <TextInput size="xs" w={120} aria-label={intl.formatMessage(m.value, { j: j + 1, n })} placeholder={intl.formatMessage(m.valuePlaceholder)} dir="ltr" {...withCheck(form, `${path}.${j}.value`, path)} />
          {pairs.length > 1 ? (
            <ActionIcon size="sm" variant="subtle" color="gray" aria-label={intl.formatMessage(m.removeParam, { j: j + 1, n })}
              onClick={() => form.removeListItem(path, j)}><IconX size={14} /></ActionIcon>
          ) : null}
        </Group>
      ))}
      <Button size="compact-xs" mt={4} variant="subtle" onClick={() => form.insertListItem(path, { param: '', value: '' })}>
        {intl.formatMessage(m.addParam, { n })}
      </Button>
    </Box>
  );
}
