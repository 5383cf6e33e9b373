// The target type and the editor for its list. Each row's inputs sit at the
// API's path (`country.0.key`, `rotation.2.value`), so a 422 lands on the row.
import { ActionIcon, Button, Fieldset, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { LIMITS } from '../../../../../shared/constants.ts';
import { IconPlus, IconTrash } from '../../../components/Icons/Icons.tsx';
import type { SectionProps } from './form-context.ts';
import { selectedTargetField } from './link-form-model.ts';
import { TARGET_TYPE_OPTIONS, countryOptions, languageOptions, platformOptions, type KeyOption } from './target-keys.ts';

const KEYED = {
  country: { noun: 'country', keyLabel: 'Country', options: countryOptions },
  platform: { noun: 'platform', keyLabel: 'Platform', options: platformOptions },
  language: { noun: 'language', keyLabel: 'Language', options: languageOptions },
} as const;

export function TargetingFields({ form }: SectionProps) {
  const field = selectedTargetField(form.values);
  return (
    <Fieldset legend="Targeting">
      <Select label="Target by" data={TARGET_TYPE_OPTIONS} allowDeselect={false}
        description="Visitors who match an entry go to its URL; everyone else goes to the destination."
        {...form.getInputProps('target_type')} />
      {field === 'rotation' ? <RotationEditor form={form} /> : field ? <KeyedEditor form={form} field={field} /> : null}
    </Fieldset>
  );
}

function KeyedEditor({ form, field }: { form: SectionProps['form']; field: keyof typeof KEYED }) {
  const spec = KEYED[field];
  const rows = form.values[field];
  const options: KeyOption[] = spec.options();
  const listError = form.errors[field];
  return (
    <Stack gap="xs" mt="sm" data-testid={`targets-${field}`}>
      {rows.length === 0 ? <Text size="sm" c="dimmed">No {spec.noun} entries yet.</Text> : null}
      {rows.map((_, i) => (
        <Group key={form.key(`${field}.${i}`)} align="flex-start" gap="xs" wrap="nowrap">
          <Select label={`${spec.keyLabel} ${i + 1}`} data={options} searchable w={230} allowDeselect={false}
            nothingFoundMessage="No match" placeholder="Choose…" {...form.getInputProps(`${field}.${i}.key`)}
            value={rows[i]?.key || null} onChange={(v) => form.setFieldValue(`${field}.${i}.key`, v ?? '')} />
          <TextInput label={`URL for ${spec.noun} ${i + 1}`} placeholder="https://…" type="url" style={{ flex: 1 }}
            maxLength={LIMITS.urlLength} {...form.getInputProps(`${field}.${i}.value`)} />
          <ActionIcon mt={25} variant="subtle" color="red" size="lg" aria-label={`Remove ${spec.noun} ${i + 1}`}
            onClick={() => form.removeListItem(field, i)}><IconTrash /></ActionIcon>
        </Group>
      ))}
      {typeof listError === 'string' || typeof listError === 'number' ? <Text size="sm" c="var(--mantine-color-error)" role="alert">{listError}</Text> : null}
      <Button variant="light" size="xs" leftSection={<IconPlus />} w="fit-content" disabled={rows.length >= LIMITS.targetEntries}
        onClick={() => form.insertListItem(field, { key: '', value: '' })}>Add {spec.noun}</Button>
    </Stack>
  );
}

function RotationEditor({ form }: { form: SectionProps['form'] }) {
  const rows = form.values.rotation;
  const listError = form.errors.rotation;
  return (
    <Stack gap="xs" mt="sm" data-testid="targets-rotation">
      <Text size="sm" c="dimmed">Each visit goes to the next URL in turn.</Text>
      {rows.map((_, i) => (
        <Group key={form.key(`rotation.${i}`)} align="flex-start" gap="xs" wrap="nowrap">
          <TextInput label={`Rotation URL ${i + 1}`} placeholder="https://…" type="url" style={{ flex: 1 }}
            maxLength={LIMITS.urlLength} {...form.getInputProps(`rotation.${i}.value`)} />
          <ActionIcon mt={25} variant="subtle" color="red" size="lg" aria-label={`Remove rotation URL ${i + 1}`}
            onClick={() => form.removeListItem('rotation', i)}><IconTrash /></ActionIcon>
        </Group>
      ))}
      {typeof listError === 'string' || typeof listError === 'number' ? <Text size="sm" c="var(--mantine-color-error)" role="alert">{listError}</Text> : null}
      <Button variant="light" size="xs" leftSection={<IconPlus />} w="fit-content" disabled={rows.length >= LIMITS.targetEntries}
        onClick={() => form.insertListItem('rotation', { value: '' })}>Add rotation URL</Button>
    </Stack>
  );
}
