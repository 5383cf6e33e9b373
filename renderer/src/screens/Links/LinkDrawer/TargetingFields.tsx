// The target type and its list. Each row's inputs sit at the API's path
// (`targets.0.key`, `targets.2.weight`), so a 422 lands on the row. A link has
// one list: switching type starts it empty.
import { ActionIcon, Button, Fieldset, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { MAX_TARGETS } from '../../../../../shared/targeting-keys.ts';
import { IconPlus, IconTrash } from '../../../components/Icons/Icons.tsx';
import type { LinkForm, SectionProps } from './form-context.ts';
import { KEYED, NO_TARGETING, TARGETS_TYPE_OPTIONS } from './target-keys.ts';
import { rotationShares, type KeyedType, type TargetsType } from './targeting-model.ts';

export function TargetingFields({ form }: SectionProps) {
  const type = form.values.targets_type;
  const changeType = (next: string | null) => {
    const t = (next === NO_TARGETING || !next ? '' : next) as TargetsType | '';
    if (t === type) return;
    form.setFieldValue('targets_type', t);
    form.setFieldValue('targets', []);
  };
  return (
    <Fieldset legend="Targeting">
      <Select label="Target by" data={TARGETS_TYPE_OPTIONS} allowDeselect={false}
        description="Visitors who match an entry go to its URL; everyone else goes to the destination."
        {...form.getInputProps('targets_type')} value={type || NO_TARGETING} onChange={changeType} />
      {type === 'rotations' ? <RotationEditor form={form} /> : type ? <KeyedEditor form={form} type={type} /> : null}
    </Fieldset>
  );
}

function ListError({ form }: { form: LinkForm }) {
  const e = form.errors.targets;
  return typeof e === 'string' || typeof e === 'number' ? <Text size="sm" c="var(--mantine-color-error)" role="alert">{e}</Text> : null;
}

function KeyedEditor({ form, type }: { form: LinkForm; type: KeyedType }) {
  const spec = KEYED[type];
  const rows = form.values.targets;
  const options = spec.options();
  return (
    <Stack gap="xs" mt="sm" data-testid={`targets-${type}`}>
      {rows.length === 0 ? <Text size="sm" c="dimmed">No {spec.noun} entries yet.</Text> : null}
      {rows.map((row, i) => (
        <Group key={form.key(`targets.${i}`)} align="flex-start" gap="xs" wrap="nowrap">
          <Select label={`${spec.label} ${i + 1}`} data={options} searchable w={230} allowDeselect={false}
            nothingFoundMessage="No match" placeholder="Type to search…" {...form.getInputProps(`targets.${i}.key`)}
            value={row.key || null} onChange={(v) => form.setFieldValue(`targets.${i}.key`, v ?? '')} />
          <TextInput label={`URL for ${spec.noun} ${i + 1}`} placeholder="https://…" type="url" style={{ flex: 1 }}
            {...form.getInputProps(`targets.${i}.value`)} />
          <ActionIcon mt={25} variant="subtle" color="red" size="lg" aria-label={`Remove ${spec.noun} ${i + 1}`}
            onClick={() => form.removeListItem('targets', i)}><IconTrash /></ActionIcon>
        </Group>
      ))}
      <ListError form={form} />
      <Button variant="light" size="xs" leftSection={<IconPlus />} w="fit-content" disabled={rows.length >= MAX_TARGETS}
        onClick={() => form.insertListItem('targets', { key: '', value: '', weight: 1 })}>Add {spec.noun}</Button>
    </Stack>
  );
}

function RotationEditor({ form }: { form: LinkForm }) {
  const rows = form.values.targets;
  const shares = rotationShares(rows);
  return (
    <Stack gap="xs" mt="sm" data-testid="targets-rotations">
      <Text size="sm" c="dimmed">Visits are split between the URLs by weight: weight 2 gets twice the visits of weight 1.</Text>
      {rows.map((_, i) => (
        <Group key={form.key(`targets.${i}`)} align="flex-end" gap="xs" wrap="nowrap">
          <TextInput label={`Rotation URL ${i + 1}`} placeholder="https://…" type="url" style={{ flex: 1 }}
            {...form.getInputProps(`targets.${i}.value`)} />
          <NumberInput label={`Weight ${i + 1}`} w={110} min={1} max={100} allowDecimal={false} allowNegative={false}
            description={shares[i] === null ? 'No share' : `${shares[i]}% of visits`} {...form.getInputProps(`targets.${i}.weight`)} />
          <ActionIcon mb={1} variant="subtle" color="red" size="lg" aria-label={`Remove rotation URL ${i + 1}`}
            onClick={() => form.removeListItem('targets', i)}><IconTrash /></ActionIcon>
        </Group>
      ))}
      <ListError form={form} />
      <Button variant="light" size="xs" leftSection={<IconPlus />} w="fit-content" disabled={rows.length >= MAX_TARGETS}
        onClick={() => form.insertListItem('targets', { key: '', value: '', weight: 1 })}>Add rotation URL</Button>
    </Stack>
  );
}
