// Add or edit an instance. The API key is write-only: a stored key is never
// shown or sent back here, only whether one exists.
import { Alert, Badge, Button, Group, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { InstanceView } from '../../../../shared/contract.ts';
import { api, toIpcError } from '../../api/api.ts';
import { placeErrors } from '../../forms/field-errors.ts';
import { useInstances } from '../../state/instances-store.ts';

export function InstanceModal({ instance, onClose }: { instance: InstanceView | null; onClose(): void }) {
  const upsert = useInstances((s) => s.upsert);
  const [busy, setBusy] = useState(false);
  const [general, setGeneral] = useState<string | null>(null);
  const form = useForm({ initialValues: { name: instance?.name ?? '', baseUrl: instance?.baseUrl ?? '', apiKey: '' } });
  const local = instance?.kind === 'local';

  const submit = form.onSubmit(async (v) => {
    setBusy(true);
    setGeneral(null);
    try {
      const apiKey = v.apiKey.trim() || undefined;
      const saved = instance
        ? await api.instances.update({ id: instance.id, name: v.name.trim(), ...(local ? {} : { baseUrl: v.baseUrl.trim() }), ...(apiKey ? { apiKey } : {}) })
        : await api.instances.add({ name: v.name.trim(), baseUrl: v.baseUrl.trim(), ...(apiKey ? { apiKey } : {}) });
      upsert(saved);
      notifications.show({ color: 'teal', message: `Instance ${saved.name} ${instance ? 'saved' : 'added'}.` });
      onClose();
    } catch (e) {
      const placed = placeErrors(toIpcError(e), v);
      form.setErrors(placed.fields);
      setGeneral(placed.general);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal opened onClose={onClose} title={instance ? `Edit ${instance.name}` : 'Add an instance'} centered size="lg">
      <form onSubmit={submit} noValidate autoComplete="off">
        <Stack>
          {general ? <Alert color="red" role="alert">{general}</Alert> : null}
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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={busy}>{instance ? 'Save' : 'Add instance'}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
