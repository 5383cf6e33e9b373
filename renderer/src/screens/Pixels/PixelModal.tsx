import { Modal, Select, Stack, TextInput } from '@mantine/core';
import type { Pixel } from '../../../../shared/api-types.ts';
import { pixelCreateSchema } from '../../../../shared/schemas/resources.ts';
import { api } from '../../api/api.ts';
import { FormError, FormFooter } from '../../components/FormParts/FormParts.tsx';
import { useSchemaForm } from '../../forms/schema-form.ts';
import { labels } from '../../forms/screen-words.ts';
import { useSaveForm } from '../../forms/use-save-form.ts';
import { PIXEL_TYPE_OPTIONS } from './pixel-types.ts';

const WORDS = labels({ name: 'name', type: 'type', pixel_id: 'pixel ID' });
const toBody = (v: { name: string; type: string; pixel_id: string }) => ({ name: v.name.trim(), type: v.type, pixel_id: v.pixel_id.trim() });

export function PixelModal({ pixel, onClose, onSaved }: { pixel: Pixel | null; onClose(): void; onSaved(p: Pixel): void }) {
  const form = useSchemaForm({
    initialValues: { name: pixel?.name ?? '', type: pixel?.type ?? '', pixel_id: pixel?.pixel_id ?? '' },
    schema: pixelCreateSchema, toBody, words: WORDS,
  });
  const { submit, busy, general, ready } = useSaveForm(form, {
    save: (v) => (pixel ? api.pixels.update(pixel.id, toBody(v)) : api.pixels.create(toBody(v))),
    notice: (saved) => ({ message: `Pixel ${saved.name} ${pixel ? 'saved' : 'created'}.` }),
    onSaved,
    words: WORDS,
  });

  return (
    <Modal opened onClose={onClose} title={pixel ? `Edit ${pixel.name}` : 'New pixel'} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError message={general} />
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <Select label="Type" required data={PIXEL_TYPE_OPTIONS} allowDeselect={false} placeholder="Choose a provider"
            {...form.getInputProps('type')} />
          <TextInput label="Pixel ID" required description="The tracking ID the provider gave you, e.g. G-ABC123."
            {...form.getInputProps('pixel_id')} />
          <FormFooter busy={busy} ready={ready} submitLabel={pixel ? 'Save' : 'Create pixel'} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
