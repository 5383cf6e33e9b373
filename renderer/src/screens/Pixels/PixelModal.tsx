import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { Pixel } from '../../../../shared/api-types.ts';
import { pixelCreateSchema } from '../../../../shared/schemas/resources.ts';
import { api } from '../../api/api.ts';
import { FormError, FormFooter } from '../../components/FormParts/FormParts.tsx';
import { useSchemaForm } from '../../forms/schema-form.ts';
import { labels } from '../../forms/screen-words.ts';
import { useSaveForm } from '../../forms/use-save-form.ts';
import { PIXEL_TYPE_OPTIONS } from './pixel-types.ts';

const toBody = (v: { name: string; type: string; pixel_id: string }) => ({ name: v.name.trim(), type: v.type, pixel_id: v.pixel_id.trim() });

export function PixelModal({ pixel, onClose, onSaved }: { pixel: Pixel | null; onClose(): void; onSaved(p: Pixel): void }) {
  const intl = useIntl();
  const words = useMemo(() => labels({
    name: intl.formatMessage({ id: 'app.pixels.field.name', defaultMessage: 'name', description: 'A pixel\'s name, lower case, inside error messages' }),
    type: intl.formatMessage({ id: 'app.pixels.field.type', defaultMessage: 'type', description: 'A pixel\'s provider type, lower case, inside error messages' }),
    pixel_id: intl.formatMessage({ id: 'app.pixels.field.pixelId', defaultMessage: 'pixel ID', description: 'The provider\'s tracking ID, inside error messages' }),
  }), [intl]);
  const form = useSchemaForm({
    initialValues: { name: pixel?.name ?? '', type: pixel?.type ?? '', pixel_id: pixel?.pixel_id ?? '' },
    schema: pixelCreateSchema, toBody, words,
  });
  const { submit, busy, general, ready } = useSaveForm(form, {
    save: (v) => (pixel ? api.pixels.update(pixel.id, toBody(v)) : api.pixels.create(toBody(v))),
    notice: (saved) => ({
      message: intl.formatMessage({ id: 'app.pixels.saved', defaultMessage: 'Pixel {name} {created, select, true {created} other {saved}}.' },
        { name: saved.name, created: String(!pixel) }),
    }),
    onSaved,
    words,
  });

  return (
    <Modal opened onClose={onClose} centered
      title={pixel ? intl.formatMessage({ id: 'app.pixels.edit', defaultMessage: 'Edit {name}' }, { name: pixel.name }) : intl.formatMessage({ id: 'app.pixels.new', defaultMessage: 'New pixel' })}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError message={general} />
          <TextInput label={intl.formatMessage({ id: 'app.pixels.label.name', defaultMessage: 'Name' })} required data-autofocus {...form.getInputProps('name')} />
          <Select label={intl.formatMessage({ id: 'app.pixels.label.type', defaultMessage: 'Type' })} required data={PIXEL_TYPE_OPTIONS} allowDeselect={false}
            placeholder={intl.formatMessage({ id: 'app.pixels.typePlaceholder', defaultMessage: 'Choose a provider' })}
            {...form.getInputProps('type')} />
          <TextInput label={intl.formatMessage({ id: 'app.pixels.label.pixelId', defaultMessage: 'Pixel ID' })} required
            description={intl.formatMessage({ id: 'app.pixels.pixelIdHint', defaultMessage: 'The tracking ID the provider gave you, e.g. G-ABC123.' })}
            {...form.getInputProps('pixel_id')} />
          <FormFooter busy={busy} ready={ready} onCancel={onClose}
            submitLabel={pixel ? intl.formatMessage({ id: 'app.common.save', defaultMessage: 'Save' }) : intl.formatMessage({ id: 'app.pixels.create', defaultMessage: 'Create pixel' })} />
        </Stack>
      </form>
    </Modal>
  );
}
