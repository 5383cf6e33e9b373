import { Modal, Stack, TextInput } from '@mantine/core';
import type { ApiKey } from '../../../../shared/schemas/admin.ts';
import { keyUpdateSchema } from '../../../../shared/schemas/admin.ts';
import { FormError, FormFooter } from '../../components/FormParts/FormParts.tsx';
import { useSchemaForm } from '../../forms/schema-form.ts';
import { labels } from '../../forms/screen-words.ts';
import { useSaveForm } from '../../forms/use-save-form.ts';
import { access } from './access-data.ts';

const WORDS = labels({ name: 'name' });
const toBody = (v: { name: string }) => ({ name: v.name.trim() });

export function RenameKeyModal({ apiKey, onClose, onSaved }: { apiKey: ApiKey; onClose(): void; onSaved(): void }) {
  const form = useSchemaForm({ initialValues: { name: apiKey.name }, schema: keyUpdateSchema, toBody, words: WORDS });
  const { submit, busy, general, ready } = useSaveForm(form, {
    save: (v) => access.renameKey(apiKey.id, toBody(v).name),
    notice: (saved) => ({ message: `Key ${saved.prefix} is now called ${saved.name}.` }),
    onSaved,
    words: WORDS,
  });
  return (
    <Modal opened onClose={onClose} title={`Rename key ${apiKey.prefix}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError message={general} />
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <FormFooter busy={busy} ready={ready} submitLabel="Rename" onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
