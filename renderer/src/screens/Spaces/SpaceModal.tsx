import { ColorInput, Modal, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { Space } from '../../../../shared/api-types.ts';
import { spaceCreateSchema } from '../../../../shared/schemas/resources.ts';
import { api } from '../../api/api.ts';
import { FormError, FormFooter } from '../../components/FormParts/FormParts.tsx';
import { useSchemaForm } from '../../forms/schema-form.ts';
import { labels } from '../../forms/screen-words.ts';
import { useSaveForm } from '../../forms/use-save-form.ts';

const toBody = (v: { name: string; color: string }) => ({ name: v.name.trim(), color: v.color.trim() });

const SWATCHES = ['#1c7ed6', '#0ca678', '#f59f00', '#e8590c', '#e03131', '#ae3ec9', '#7048e8', '#495057'];

export function SpaceModal({ space, onClose, onSaved }: { space: Space | null; onClose(): void; onSaved(s: Space): void }) {
  const intl = useIntl();
  const words = useMemo(() => labels({
    name: intl.formatMessage({ id: 'app.spaces.field.name', defaultMessage: 'name', description: 'A space\'s name, lower case, inside error messages' }),
    color: intl.formatMessage({ id: 'app.spaces.field.color', defaultMessage: 'color', description: 'A space\'s color, lower case, inside error messages' }),
  }), [intl]);
  const form = useSchemaForm({
    initialValues: { name: space?.name ?? '', color: space?.color ?? SWATCHES[0]! }, schema: spaceCreateSchema, toBody, words,
  });
  const { submit, busy, general, ready } = useSaveForm(form, {
    save: (v) => (space ? api.spaces.update(space.id, toBody(v)) : api.spaces.create(toBody(v))),
    notice: (saved) => ({
      message: intl.formatMessage({ id: 'app.spaces.saved', defaultMessage: 'Space {name} {created, select, true {created} other {saved}}.' },
        { name: saved.name, created: String(!space) }),
    }),
    onSaved,
    words,
  });

  return (
    <Modal opened onClose={onClose} centered
      title={space ? intl.formatMessage({ id: 'app.spaces.edit', defaultMessage: 'Edit {name}' }, { name: space.name }) : intl.formatMessage({ id: 'app.spaces.new', defaultMessage: 'New space' })}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError message={general} />
          <TextInput label={intl.formatMessage({ id: 'app.spaces.label.name', defaultMessage: 'Name' })} required data-autofocus {...form.getInputProps('name')} />
          <ColorInput label={intl.formatMessage({ id: 'app.spaces.label.color', defaultMessage: 'Color' })} format="hex" swatches={SWATCHES} swatchesPerRow={8} withEyeDropper={false}
            description={intl.formatMessage({ id: 'app.spaces.colorHint', defaultMessage: 'A hex color such as #1c7ed6.' })} {...form.getInputProps('color')} />
          <FormFooter busy={busy} ready={ready} onCancel={onClose}
            submitLabel={space ? intl.formatMessage({ id: 'app.common.save', defaultMessage: 'Save' }) : intl.formatMessage({ id: 'app.spaces.create', defaultMessage: 'Create space' })} />
        </Stack>
      </form>
    </Modal>
  );
}
