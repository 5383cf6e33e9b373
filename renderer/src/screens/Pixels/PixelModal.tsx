import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Pixel } from '../../../../shared/api-types.ts';
import { api } from '../../api/api.ts';
import { FormError, FormFooter } from '../../components/FormParts/FormParts.tsx';
import { useSaveForm } from '../../forms/use-save-form.ts';
import { PIXEL_TYPE_OPTIONS } from './pixel-types.ts';

export function PixelModal({ pixel, onClose, onSaved }: { pixel: Pixel | null; onClose(): void; onSaved(p: Pixel): void }) {
  const form = useForm({ initialValues: { name: pixel?.name ?? '', type: pixel?.type ?? '', pixel_id: pixel?.pixel_id ?? '' } });
  const { submit, busy, general } = useSaveForm(form, {
    save: (v) => {
      const body = { name: v.name.trim(), type: v.type, pixel_id: v.pixel_id.trim() };
      return pixel ? api.pixels.update(pixel.id, body) : api.pixels.create(body);
    },
    notice: (saved) => ({ message: `Pixel ${saved.name} ${pixel ? 'saved' : 'created'}.` }),
    onSaved,
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
          <FormFooter busy={busy} submitLabel={pixel ? 'Save' : 'Create pixel'} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
