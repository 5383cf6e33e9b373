// Add or edit an instance. The API key is write-only: a stored key is never
// shown or sent back here, only whether one exists.
import { Badge, Group, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { InstanceView } from '../../../../shared/contract.ts';
import { api } from '../../api/api.ts';
import { FormError, FormFooter } from '../../components/FormParts/FormParts.tsx';
import { useSaveForm } from '../../forms/use-save-form.ts';
import { useInstances } from '../../state/instances-store.ts';

export function InstanceModal({ instance, onClose }: { instance: InstanceView | null; onClose(): void }) {
  const upsert = useInstances((s) => s.upsert);
  const form = useForm({ initialValues: { name: instance?.name ?? '', baseUrl: instance?.baseUrl ?? '', apiKey: '' } });
  const local = instance?.kind === 'local';

  const { submit, busy, general } = useSaveForm(form, {
    save: async (v) => {
      const apiKey = v.apiKey.trim() || undefined;
      const saved = instance
        ? await api.instances.update({ id: instance.id, name: v.name.trim(), ...(local ? {} : { baseUrl: v.baseUrl.trim() }), ...(apiKey ? { apiKey } : {}) })
        : await api.instances.add({ name: v.name.trim(), baseUrl: v.baseUrl.trim(), ...(apiKey ? { apiKey } : {}) });
      upsert(saved);
      return saved;
    },
    notice: (saved) => ({ message: `Instance ${saved.name} ${instance ? 'saved' : 'added'}.` }),
    onSaved: () => onClose(),
  });

  return (
    <Modal opened onClose={onClose} title={instance ? `Edit ${instance.name}` : 'Add an instance'} centered size="lg">
      <form onSubmit={submit} noValidate autoComplete="off">
        <Stack>
          <FormError message={general} />
          <TextInput label="Name" required data-autofocus maxLength={100} {...form.getInputProps('name')} />
          <TextInput label="Base URL" required type="url" placeholder="https://links.example.com" disabled={local}
            description={local ? 'Managed by the app: the local server on this computer.' : 'The address that serves /api/v1.'}
            {...form.getInputProps('baseUrl')} />
          <PasswordInput label="API key" maxLength={500} autoComplete="off"
            placeholder={instance?.hasApiKey ? 'Enter a new key to replace the stored one' : 'Paste the API key'}
            description={instance?.hasApiKey
              ? 'A key is stored in the system keychain. It is never shown; leave this empty to keep it.'
              : 'Kept in the system keychain, never in a file.'}
            {...form.getInputProps('apiKey')} />
          {instance?.hasApiKey ? <Group><Badge variant="light" color="teal">Key stored</Badge></Group> : null}
          <FormFooter busy={busy} submitLabel={instance ? 'Save' : 'Add instance'} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
