// The link's rules: an ordered list of cards, checked before targeting. Order
// matters (the first match wins), so cards move by drag on their handle or by
// the move buttons, which keep the keyboard on the card that moved.
import { ActionIcon, Button, Fieldset, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MAX_RULES } from '../../../../../shared/schemas/link-rules.ts';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPlus, IconTrash } from '../../../components/Icons/Icons.tsx';
import type { LinkForm, SectionProps } from './form-context.ts';
import { RuleConditionChips, withCheck } from './RuleConditionChips.tsx';
import { RuleTestBox } from './RuleTestBox.tsx';

const DRAG_TYPE = 'application/x-linkdesk-rule';

export function RulesEditor({ form, link }: SectionProps) {
  const intl = useIntl();
  const rules = form.values.rules;
  const list = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  // After a keyboard move the same button of the moved card takes the keyboard (or its twin, at either end).
  const refocus = useRef<{ index: number; dir: 'up' | 'down' } | null>(null);
  useEffect(() => {
    const want = refocus.current;
    if (!want) return;
    refocus.current = null;
    const card = list.current?.querySelector<HTMLElement>(`[data-rule-index="${want.index}"]`);
    const button = card?.querySelector<HTMLButtonElement>(`[data-move="${want.dir}"]:not(:disabled)`)
      ?? card?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
    button?.focus();
  });

  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= rules.length) return;
    form.reorderListItem('rules', { from, to });
  };
  const keyMove = (from: number, dir: 'up' | 'down') => {
    const to = dir === 'up' ? from - 1 : from + 1;
    refocus.current = { index: to, dir };
    move(from, to);
  };
  const drop = (e: DragEvent, to: number) => {
    e.preventDefault();
    const from = Number(e.dataTransfer.getData(DRAG_TYPE));
    setDragging(null);
    setOver(null);
    if (Number.isInteger(from)) move(from, to);
  };
  const listError = form.errors.rules;

  return (
    <Fieldset legend={intl.formatMessage({ id: 'app.rules.legend', defaultMessage: 'Rules' })}>
      <Text size="sm" c="dimmed" mb="xs">
        <FormattedMessage id="app.rules.intro" defaultMessage="Checked in order before targeting: the first rule whose conditions all hold sends the visitor to its URL." />
      </Text>
      <Stack gap="sm" ref={list} data-testid="rules">
        {rules.map((_, i) => (
          <Paper key={form.key(`rules.${i}`)} withBorder p="sm" radius="md" role="group" aria-label={intl.formatMessage({ id: 'app.rules.rule', defaultMessage: 'Rule {n, number}' }, { n: i + 1 })}
            data-rule-index={i}
            style={{
              opacity: dragging === i ? 0.5 : 1,
              outline: over === i && dragging !== i ? '2px solid var(--mantine-primary-color-filled)' : undefined,
            }}
            onDragOver={(e) => { if (dragging !== null) { e.preventDefault(); setOver(i); } }}
            onDragLeave={() => setOver((o) => (o === i ? null : o))}
            onDrop={(e) => drop(e, i)}>
            <RuleHeader form={form} index={i} count={rules.length} onMove={keyMove}
              onDragStart={(e) => {
                e.dataTransfer.setData(DRAG_TYPE, String(i));
                e.dataTransfer.effectAllowed = 'move';
                const card = (e.currentTarget as HTMLElement).closest('[data-rule-index]');
                if (card) e.dataTransfer.setDragImage(card, 16, 16);
                setDragging(i);
              }}
              onDragEnd={() => { setDragging(null); setOver(null); }} />
            <RuleConditionChips form={form} index={i} />
            <TextInput mt="sm" label={intl.formatMessage({ id: 'app.rules.url', defaultMessage: 'URL for rule {n, number}' }, { n: i + 1 })} placeholder="https://…" type="url" dir="ltr"
              {...withCheck(form, `rules.${i}.url`, `rules.${i}.if`)} />
          </Paper>
        ))}
      </Stack>
      {typeof listError === 'string' ? <Text size="sm" c="var(--mantine-color-error)" role="alert">{listError}</Text> : null}
      <Button mt="sm" variant="light" size="xs" leftSection={<IconPlus />} w="fit-content" disabled={rules.length >= MAX_RULES}
        onClick={() => form.insertListItem('rules', { if: {}, url: '' })}><FormattedMessage id="app.rules.add" defaultMessage="Add rule" /></Button>
      <RuleTestBox link={link} form={form} />
    </Fieldset>
  );
}

function RuleHeader({ form, index, count, onMove, onDragStart, onDragEnd }: {
  form: LinkForm; index: number; count: number; onMove(from: number, dir: 'up' | 'down'): void;
  onDragStart(e: DragEvent): void; onDragEnd(): void;
}) {
  const intl = useIntl();
  const n = index + 1;
  return (
    <Group justify="space-between" mb="xs" wrap="nowrap">
      <Group gap={6} wrap="nowrap">
        {/* The mouse's way to reorder; the keyboard's is the move buttons. */}
        <ActionIcon component="span" variant="subtle" color="gray" draggable aria-hidden="true" title={intl.formatMessage({ id: 'app.rules.drag', defaultMessage: 'Drag to reorder' })}
          style={{ cursor: 'grab' }} data-testid={`drag-rule-${n}`} onDragStart={onDragStart} onDragEnd={onDragEnd}>
          <IconGripVertical />
        </ActionIcon>
        <Text fw={600} size="sm"><FormattedMessage id="app.rules.rule" defaultMessage="Rule {n, number}" values={{ n }} /></Text>
      </Group>
      <Group gap={2} wrap="nowrap">
        <ActionIcon variant="subtle" color="gray" aria-label={intl.formatMessage({ id: 'app.rules.moveUp', defaultMessage: 'Move rule {n, number} up' }, { n })} data-move="up" disabled={index === 0}
          onClick={() => onMove(index, 'up')}><IconArrowUp /></ActionIcon>
        <ActionIcon variant="subtle" color="gray" aria-label={intl.formatMessage({ id: 'app.rules.moveDown', defaultMessage: 'Move rule {n, number} down' }, { n })} data-move="down" disabled={index === count - 1}
          onClick={() => onMove(index, 'down')}><IconArrowDown /></ActionIcon>
        <ActionIcon variant="subtle" color="red" aria-label={intl.formatMessage({ id: 'app.rules.remove', defaultMessage: 'Remove rule {n, number}' }, { n })} onClick={() => form.removeListItem('rules', index)}>
          <IconTrash />
        </ActionIcon>
      </Group>
    </Group>
  );
}
