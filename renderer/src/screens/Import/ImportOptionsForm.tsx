// Where and how to import: the instance, a domain and space for every row (or
// each row's own), what to do with a taken alias, and a password for protected
// links. Checked with the shared options schema; the import starts only when
// the form and the column mapping are both complete.
import { Button, Group, PasswordInput, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { importOptionsSchema, IMPORT_PASSWORD_MAX, type ImportOptions } from '../../../../shared/schemas/transfer.ts';
import type { ColumnMapping, ImportPreview, JobView } from '../../../../shared/transfer.ts';
import { call, toIpcError } from '../../api/api.ts';
import { instanceKey } from '../../api/query.ts';
import { useInstances } from '../../state/instances-store.ts';

const conflicts = (intl: IntlShape): { value: ImportOptions['onConflict']; label: string }[] => [
  { value: 'error', label: intl.formatMessage({ id: 'app.import.conflict.error', defaultMessage: 'Report it as rejected' }) },
  { value: 'skip', label: intl.formatMessage({ id: 'app.import.conflict.skip', defaultMessage: 'Skip the row' }) },
  { value: 'rename', label: intl.formatMessage({ id: 'app.import.conflict.rename', defaultMessage: 'Import under a new alias (alias-2, alias-3…)' }) },
  { value: 'update', label: intl.formatMessage({ id: 'app.import.conflict.update', defaultMessage: 'Update the existing link' }) },
];
/** The schema's messages in this screen's words. */
const said = (intl: IntlShape, field: string) => {
  if (field === 'instanceId') return intl.formatMessage({ id: 'app.import.error.instance', defaultMessage: 'Choose the instance to import into.' });
  if (field === 'password') {
    return intl.formatMessage({ id: 'app.import.error.password', defaultMessage: 'Passwords for imported links are at most {max, plural, one {# character} other {# characters}}.' },
      { max: IMPORT_PASSWORD_MAX });
  }
  return intl.formatMessage({ id: 'app.import.error.other', defaultMessage: 'Check this field.' });
};
const check = zod4Resolver(importOptionsSchema);
const validateIn = (intl: IntlShape) => (v: ImportOptions) => Object.fromEntries(Object.keys(check(v)).map((k) => [k, said(intl, k)]));

export function ImportOptionsForm({ preview, mapping, blocked, onStart, onCancel }: {
  preview: ImportPreview; mapping: ColumnMapping | undefined; blocked: boolean; onStart(job: JobView): void; onCancel(): void;
}) {
  const intl = useIntl();
  const validate = useMemo(() => validateIn(intl), [intl]);
  const { instances, selectedId } = useInstances();
  const form = useForm<ImportOptions>({
    initialValues: { instanceId: selectedId ?? '', domain: 'file', space: 'file', onConflict: 'error', password: '' },
    validate, validateInputOnChange: ['password'], validateInputOnBlur: true,
  });
  const instanceId = form.getValues().instanceId;
  const options = useQuery({
    queryKey: instanceKey(instanceId, 'transfer', 'targetOptions'),
    queryFn: () => call('transfer.targetOptions', instanceId ? { instanceId } : {}),
    enabled: instanceId !== '',
  });
  // A domain or space of another instance means nothing on this one.
  useEffect(() => form.setValues({ domain: 'file', space: 'file' }), [instanceId]); // eslint-disable-line react-hooks/exhaustive-deps
  const [general, setGeneral] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: (v: ImportOptions) => {
      const pick = (value: string, none: string) => (value === 'file' ? undefined : value === none ? null : Number(value));
      return call('transfer.import', {
        stageId: preview.stageId, format: preview.format, mapping, instanceId: v.instanceId,
        domainId: pick(v.domain, 'default'), spaceId: pick(v.space, 'none'), onConflict: v.onConflict, password: v.password || undefined,
      });
    },
    onMutate: () => setGeneral(null),
    onSuccess: onStart,
    onError: (e) => setGeneral(toIpcError(e).message),
  });
  const valid = Object.keys(validate(form.getValues())).length === 0;
  const optionsError = options.error
    ? intl.formatMessage({ id: 'app.import.optionsError', defaultMessage: 'The domains and spaces of that instance could not be read: {reason}' }, { reason: toIpcError(options.error).message })
    : null;

  return (
    <form onSubmit={form.onSubmit((v) => start.mutate(v))} noValidate>
      <Stack gap="sm" maw={520}>
        <Select label={intl.formatMessage({ id: 'app.import.into', defaultMessage: 'Import into' })} data={instances.map((i) => ({ value: i.id, label: i.name }))} allowDeselect={false}
          {...form.getInputProps('instanceId')} />
        <Select label={intl.formatMessage({ id: 'app.import.domain', defaultMessage: 'Domain' })} allowDeselect={false} {...form.getInputProps('domain')}
          data={[
            { value: 'file', label: intl.formatMessage({ id: 'app.import.domain.file', defaultMessage: 'Each row\'s own domain (from the file)' }) },
            { value: 'default', label: intl.formatMessage({ id: 'app.import.domain.default', defaultMessage: 'The instance\'s default domain' }) },
            ...(options.data?.domains ?? []).map((d) => ({ value: String(d.id), label: d.name })),
          ]} />
        <Select label={intl.formatMessage({ id: 'app.import.space', defaultMessage: 'Space' })} allowDeselect={false} {...form.getInputProps('space')}
          data={[
            { value: 'file', label: intl.formatMessage({ id: 'app.import.space.file', defaultMessage: 'Each row\'s own space (from the file)' }) },
            { value: 'none', label: intl.formatMessage({ id: 'app.import.space.none', defaultMessage: 'No space' }) },
            ...(options.data?.spaces ?? []).map((s) => ({ value: String(s.id), label: s.name })),
          ]} />
        <Select label={intl.formatMessage({ id: 'app.import.conflict', defaultMessage: 'When an alias already exists' })} data={conflicts(intl)} allowDeselect={false} {...form.getInputProps('onConflict')} />
        <PasswordInput label={intl.formatMessage({ id: 'app.import.password', defaultMessage: 'Password for protected links' })} {...form.getInputProps('password')}
          description={intl.formatMessage({ id: 'app.import.passwordHint', defaultMessage: 'Optional. Files never hold passwords: links marked as protected get this one, or are imported disabled until you set one.' })} />
      </Stack>
      {optionsError ? <Text c="red" size="sm" mt="sm" role="alert">{optionsError}</Text> : null}
      {general ? <Text c="red" size="sm" mt="sm" role="alert">{general}</Text> : null}
      <Group mt="md">
        <Button type="submit" loading={start.isPending} disabled={!valid || blocked || preview.rows === 0 || start.isPending}>
          <FormattedMessage id="app.import.start" defaultMessage="Import {rows, plural, one {# row} other {# rows}}" values={{ rows: preview.rows }} />
        </Button>
        <Button variant="default" onClick={onCancel}><FormattedMessage id="app.import.chooseAnother" defaultMessage="Choose another file" /></Button>
      </Group>
    </form>
  );
}
