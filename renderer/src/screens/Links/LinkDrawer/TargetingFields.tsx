// The target type and its list. Each row's inputs sit at the API's path
// (`targets.0.key`, `targets.2.weight`), so a 422 lands on the row. A link has
// one list: switching type starts it empty.
import { ActionIcon, Button, Fieldset, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { MAX_TARGETS } from '../../../../../shared/targeting-keys.ts';
import { plain } from '../../../i18n/plain.ts';
import { IconPlus, IconTrash } from '../../../components/Icons/Icons.tsx';
import type { LinkForm, SectionProps } from './form-context.ts';
import { KEY_OPTIONS, NO_TARGETING, targetsTypeOptions } from './target-keys.ts';
import { rotationShares, type KeyedType, type TargetsType } from './targeting-model.ts';

const m = plain(defineMessages({
  legend: { id: 'app.targeting.legend', defaultMessage: 'Targeting' },
  targetBy: { id: 'app.targeting.targetBy', defaultMessage: 'Target by' },
  targetByHelp: { id: 'app.targeting.targetBy.description', defaultMessage: 'Visitors who match an entry go to its URL; everyone else goes to the destination.' },
  none: {
    id: 'app.targeting.keyed.empty',
    defaultMessage: 'No {type, select, continents {continent} countries {country} operating_systems {operating system} browsers {browser} languages {language} devices {device} other {target}} entries yet.',
  },
  key: {
    id: 'app.targeting.keyed.key',
    defaultMessage: '{type, select, continents {Continent} countries {Country} operating_systems {Operating system} browsers {Browser} languages {Language} devices {Device} other {Target}} {n, number}',
  },
  url: {
    id: 'app.targeting.keyed.url',
    defaultMessage: 'URL for {type, select, continents {continent} countries {country} operating_systems {operating system} browsers {browser} languages {language} devices {device} other {target}} {n, number}',
  },
  remove: {
    id: 'app.targeting.keyed.remove',
    defaultMessage: 'Remove {type, select, continents {continent} countries {country} operating_systems {operating system} browsers {browser} languages {language} devices {device} other {target}} {n, number}',
  },
  add: {
    id: 'app.targeting.keyed.add',
    defaultMessage: 'Add {type, select, continents {continent} countries {country} operating_systems {operating system} browsers {browser} languages {language} devices {device} other {target}}',
  },
  noMatch: { id: 'app.targeting.noMatch', defaultMessage: 'No match' },
  search: { id: 'app.targeting.search', defaultMessage: 'Type to search…' },
  rotationHelp: { id: 'app.targeting.rotation.description', defaultMessage: 'Visits are split between the URLs by weight: weight 2 gets twice the visits of weight 1.' },
  rotationUrl: { id: 'app.targeting.rotation.url', defaultMessage: 'Rotation URL {n, number}' },
  weight: { id: 'app.targeting.rotation.weight', defaultMessage: 'Weight {n, number}' },
  noShare: { id: 'app.targeting.rotation.noShare', defaultMessage: 'No share' },
  share: { id: 'app.targeting.rotation.share', defaultMessage: '{share, number, ::percent .#} of visits' },
  removeRotation: { id: 'app.targeting.rotation.remove', defaultMessage: 'Remove rotation URL {n, number}' },
  addRotation: { id: 'app.targeting.rotation.add', defaultMessage: 'Add rotation URL' },
}));

export function TargetingFields({ form }: SectionProps) {
  const intl = useIntl();
  const type = form.values.targets_type;
  const changeType = (next: string | null) => {
    const t = (next === NO_TARGETING || !next ? '' : next) as TargetsType | '';
    if (t === type) return;
    form.setFieldValue('targets_type', t);
    form.setFieldValue('targets', []);
  };
  return (
    <Fieldset legend={intl.formatMessage(m.legend)}>
      <Select label={intl.formatMessage(m.targetBy)} data={targetsTypeOptions(intl)} allowDeselect={false}
        description={intl.formatMessage(m.targetByHelp)}
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
  const intl = useIntl();
  const rows = form.values.targets;
  const options = KEY_OPTIONS[type](intl);
  const say = (d: (typeof m)[keyof typeof m], n?: number) => intl.formatMessage(d, { type, n: n ?? 0 });
  return (
    <Stack gap="xs" mt="sm" data-testid={`targets-${type}`}>
      {rows.length === 0 ? <Text size="sm" c="dimmed">{say(m.none)}</Text> : null}
      {rows.map((row, i) => (
        <Group key={form.key(`targets.${i}`)} align="flex-start" gap="xs" wrap="nowrap">
          <Select label={say(m.key, i + 1)} data={options} searchable w={230} allowDeselect={false}
            nothingFoundMessage={say(m.noMatch)} placeholder={say(m.search)} {...form.getInputProps(`targets.${i}.key`)}
            value={row.key || null} onChange={(v) => form.setFieldValue(`targets.${i}.key`, v ?? '')} />
          <TextInput label={say(m.url, i + 1)} placeholder="https://…" type="url" style={{ flex: 1 }} dir="ltr"
            {...form.getInputProps(`targets.${i}.value`)} />
          <ActionIcon mt={25} variant="subtle" color="red" size="lg" aria-label={say(m.remove, i + 1)}
            onClick={() => form.removeListItem('targets', i)}><IconTrash /></ActionIcon>
        </Group>
      ))}
      <ListError form={form} />
      <Button variant="light" size="xs" leftSection={<IconPlus />} w="fit-content" disabled={rows.length >= MAX_TARGETS}
        onClick={() => form.insertListItem('targets', { key: '', value: '', weight: 1 })}>{say(m.add)}</Button>
    </Stack>
  );
}

function RotationEditor({ form }: { form: LinkForm }) {
  const intl = useIntl();
  const rows = form.values.targets;
  const shares = rotationShares(rows);
  return (
    <Stack gap="xs" mt="sm" data-testid="targets-rotations">
      <Text size="sm" c="dimmed"><FormattedMessage {...m.rotationHelp} /></Text>
      {rows.map((_, i) => (
        <Group key={form.key(`targets.${i}`)} align="flex-end" gap="xs" wrap="nowrap">
          <TextInput label={intl.formatMessage(m.rotationUrl, { n: i + 1 })} placeholder="https://…" type="url" style={{ flex: 1 }} dir="ltr"
            {...form.getInputProps(`targets.${i}.value`)} />
          <NumberInput label={intl.formatMessage(m.weight, { n: i + 1 })} w={110} min={1} max={100} allowDecimal={false} allowNegative={false}
            description={shares[i] === null ? intl.formatMessage(m.noShare) : intl.formatMessage(m.share, { share: (shares[i] ?? 0) / 100 })} {...form.getInputProps(`targets.${i}.weight`)} />
          <ActionIcon mb={1} variant="subtle" color="red" size="lg" aria-label={intl.formatMessage(m.removeRotation, { n: i + 1 })}
            onClick={() => form.removeListItem('targets', i)}><IconTrash /></ActionIcon>
        </Group>
      ))}
      <ListError form={form} />
      <Button variant="light" size="xs" leftSection={<IconPlus />} w="fit-content" disabled={rows.length >= MAX_TARGETS}
        onClick={() => form.insertListItem('targets', { key: '', value: '', weight: 1 })}>{intl.formatMessage(m.addRotation)}</Button>
    </Stack>
  );
}
