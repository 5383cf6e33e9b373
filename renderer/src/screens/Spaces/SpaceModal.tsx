import { ColorInput, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Space } from '../../../../shared/api-types.ts';
import { api } from '../../api/api.ts';
import { FormError, FormFooter } from '../../components/FormParts/FormParts.tsx';
import { useSaveForm } from '../../forms/use-save-form.ts';

const SWATCHES = ['#1c7ed6', '#0ca678', '#f59f00', '#e8590c', '#e03131', '#ae3ec9', '#7048e8', '#495057'];

export function SpaceModal({ space, onClose, onSaved }: { space: Space | null; onClose(): void; onSaved(s: Space): void }) {
  const form = useForm({ initialValues: { name: space?.name ?? '', color: space?.color ?? SWATCHES[0]! } });
  const { submit, busy, general } = useSaveForm(form, {
    save: (v) => {
      const body = { name: v.name.trim(), color: v.color.trim() };
      return space ? api.spaces.update(space.id, body) : api.spaces.create(body);
    },
    notice: (saved) => ({ message: `Space ${saved.name} ${space ? 'saved' : 'created'}.` }),
    onSaved,
  });

  return (
    <Modal opened onClose={onClose} title={space ? `Edit ${space.name}` : 'New space'} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError message={general} />
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <ColorInput label="Color" format="hex" swatches={SWATCHES} swatchesPerRow={8} withEyeDropper={false}
            description="A hex color such as #1c7ed6." {...form.getInputProps('color')} />
          <FormFooter busy={busy} submitLabel={space ? 'Save' : 'Create space'} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
