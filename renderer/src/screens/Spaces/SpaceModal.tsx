import { Alert, Button, ColorInput, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Space } from '../../../../shared/api-types.ts';
import { api, toIpcError } from '../../api/api.ts';
import { placeErrors } from '../../forms/field-errors.ts';

const SWATCHES = ['#1c7ed6', '#0ca678', '#f59f00', '#e8590c', '#e03131', '#ae3ec9', '#7048e8', '#495057'];

export function SpaceModal({ space, onClose, onSaved }: { space: Space | null; onClose(): void; onSaved(s: Space): void }) {
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { name: space?.name ?? '', color: space?.color ?? SWATCHES[0]! } });

  const submit = form.onSubmit(async (v) => {
    setBusy(true);
    setGeneral(null);
    try {
      const body = { name: v.name.trim(), color: v.color.trim() };
      const saved = space ? await api.spaces.update(space.id, body) : await api.spaces.create(body);
      notifications.show({ color: 'teal', message: `Space ${saved.name} ${space ? 'saved' : 'created'}.` });
      onSaved(saved);
    } catch (e) {
      const placed = placeErrors(toIpcError(e), v);
      form.setErrors(placed.fields);
      setGeneral(placed.general);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal opened onClose={onClose} title={space ? `Edit ${space.name}` : 'New space'} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          {general ? <Alert color="red" role="alert">{general}</Alert> : null}
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <ColorInput label="Color" format="hex" swatches={SWATCHES} swatchesPerRow={8} withEyeDropper={false}
            description="A hex color such as #1c7ed6." {...form.getInputProps('color')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={busy}>{space ? 'Save' : 'Create space'}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
