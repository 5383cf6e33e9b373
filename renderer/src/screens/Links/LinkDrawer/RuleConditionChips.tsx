// A rule's conditions as chips, each with its own editor and a remove button,
// and a menu that adds the kinds the rule does not have yet. Every input sits
// at the API's path (`rules.0.if.countries`) so a 422 lands on it.
import { ActionIcon, Box, Button, Group, Menu, MultiSelect, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { IconPlus, IconX } from '../../../components/Icons/Icons.tsx';
import { localToday } from '../../Stats/stats-range.ts';
import type { LinkForm } from './form-context.ts';
import { LIST_CONDITION_WORDS } from './target-keys.ts';
import { CONDITION_KINDS, emptyCondition, type ConditionKind, type ListCondition, type QueryPair } from './targeting-model.ts';

export const CONDITION_WORDS: Record<ConditionKind, string> = {
  ...Object.fromEntries(Object.entries(LIST_CONDITION_WORDS).map(([k, v]) => [k, v.label])) as Record<ListCondition, string>,
  query: 'Query parameter', between: 'Date and time between',
};

export function RuleConditionChips({ form, index }: { form: LinkForm; index: number }) {
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
      <Text size="sm" fw={500} mb={4} id={`rule-${n}-conditions`}>When</Text>
      {present.length === 0 ? <Text size="sm" c="dimmed">No conditions yet: add at least one.</Text> : null}
      <Group gap="xs" align="flex-start" role="list" aria-labelledby={`rule-${n}-conditions`}>
        {present.map((kind) => (
          <Box key={kind} role="listitem" px="sm" py={6} data-condition={kind}
            style={{ borderRadius: 'var(--mantine-radius-lg)', border: '1px solid var(--mantine-color-default-border)', background: 'var(--mantine-color-default-hover)' }}>
            <Group gap={4} justify="space-between" wrap="nowrap">
              <Text size="xs" fw={600}>{CONDITION_WORDS[kind]}</Text>
              <ActionIcon size="sm" variant="subtle" color="gray" aria-label={`Remove ${CONDITION_WORDS[kind].toLowerCase()} condition of rule ${n}`}
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
            <Button ref={menuButton} mt="xs" size="xs" variant="subtle" leftSection={<IconPlus />}>Add condition to rule {n}</Button>
          </Menu.Target>
          <Menu.Dropdown aria-label={`Conditions to add to rule ${n}`}>
            {absent.map((k) => <Menu.Item key={k} onClick={() => add(k)}>{CONDITION_WORDS[k]}</Menu.Item>)}
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
  const n = index + 1;
  const path = `rules.${index}.if.${kind}`;
  if (kind === 'between') {
    return (
      <Group gap="xs" wrap="nowrap">
        <TextInput size="xs" type="datetime-local" label="From" aria-label={`From (rule ${n})`} autoFocus={focus} {...withCheck(form, `${path}.from`, path)} />
        <TextInput size="xs" type="datetime-local" label="To" aria-label={`To (rule ${n})`} {...withCheck(form, `${path}.to`, path)} />
      </Group>
    );
  }
  if (kind === 'query') return <QueryEditor form={form} index={index} focus={focus} />;
  const spec = LIST_CONDITION_WORDS[kind];
  return (
    <MultiSelect size="xs" w={300} searchable hidePickedOptions nothingFoundMessage="No match" placeholder="Type to search…"
      aria-label={`${spec.label} (rule ${n})`} data={spec.options()} autoFocus={focus} {...form.getInputProps(path)} />
  );
}

function QueryEditor({ form, index, focus }: { form: LinkForm; index: number; focus: boolean }) {
  const n = index + 1;
  const pairs: QueryPair[] = form.values.rules[index]!.if.query ?? [];
  const path = `rules.${index}.if.query`;
  return (
    <Box>
      {pairs.map((_, j) => (
        <Group key={j} gap={4} wrap="nowrap" mt={4}>
          <TextInput size="xs" w={120} aria-label={`Parameter ${j + 1} (rule ${n})`} placeholder="parameter" autoFocus={focus && j === 0}
            {...withCheck(form, `${path}.${j}.param`, path)} />
          <Text size="sm" aria-hidden="true">=</Text>
          <TextInput size="xs" w={120} aria-label={`Value ${j + 1} (rule ${n})`} placeholder="value" {...withCheck(form, `${path}.${j}.value`, path)} />
          {pairs.length > 1 ? (
            <ActionIcon size="sm" variant="subtle" color="gray" aria-label={`Remove parameter ${j + 1} of rule ${n}`}
              onClick={() => form.removeListItem(path, j)}><IconX size={14} /></ActionIcon>
          ) : null}
        </Group>
      ))}
      <Button size="compact-xs" mt={4} variant="subtle" onClick={() => form.insertListItem(path, { param: '', value: '' })}>
        Add parameter to rule {n}
      </Button>
    </Box>
  );
}
