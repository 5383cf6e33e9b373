import { ColorInput, Modal, Stack, TextInput } from '@mantine/core';
import type { Space } from '../../../../shared/api-types.ts';
import { spaceCreateSchema } from '../../../../shared/schemas/resources.ts';
import { api } from '../../api/api.ts';
import { FormError, FormFooter } from '../../components/FormParts/FormParts.tsx';
import { useSchemaForm } from '../../forms/schema-form.ts';
import { labels } from '../../forms/screen-words.ts';
import { useSaveForm } from '../../forms/use-save-form.ts';

const WORDS = labels({ name: 'name', color: 'color' });
const toBody = (v: { name: string; color: string }) => ({ name: v.name.trim(), color: v.color.trim() });

const SWATCHES = ['#1c7ed6', '#0ca678', '#f59f00', '#e8590c', '#e03131', '#ae3ec9', '#7048e8', '#495057'];

export function SpaceModal({ space, onClose, onSaved }: { space: Space | null; onClose(): void; onSaved(s: Space): void }) {
  const form = useSchemaForm({
    initialValues: { name: space?.name ?? '', color: space?.color ?? SWATCHES[0]! }, schema: spaceCreateSchema, toBody, words: WORDS,
  });
  const { submit, busy, general, ready } = useSaveForm(form, {
    save: (v) => (space ? api.spaces.update(space.id, toBody(v)) : api.spaces.create(toBody(v))),
    notice: (saved) => ({ message: `Space ${saved.name} ${space ? 'saved' : 'created'}.` }),
    onSaved,
    words: WORDS,
  });

  return (
    <Modal opened onClose={onClose} title={space ? `Edit ${space.name}` : 'New space'} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError message={general} />
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <ColorInput label="Color" format="hex" swatches={SWATCHES} swatchesPerRow={8} withEyeDropper={false}
            description="A hex color such as #1c7ed6." {...form.getInputProps('color')} />
          <FormFooter busy={busy} ready={ready} submitLabel={space ? 'Save' : 'Create space'} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
