import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Pixel } from '../../../../shared/api-types.ts';
import { api, toIpcError } from '../../api/api.ts';
import { placeErrors } from '../../forms/field-errors.ts';
import { PIXEL_TYPE_OPTIONS } from './pixel-types.ts';

export function PixelModal({ pixel, onClose, onSaved }: { pixel: Pixel | null; onClose(): void; onSaved(p: Pixel): void }) {
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { name: pixel?.name ?? '', type: pixel?.type ?? '', pixel_id: pixel?.pixel_id ?? '' } });

  const submit = form.onSubmit(async (v) => {
    setBusy(true);
    setGeneral(null);
    try {
      const body = { name: v.name.trim(), type: v.type, pixel_id: v.pixel_id.trim() };
      const saved = pixel ? await api.pixels.update(pixel.id, body) : await api.pixels.create(body);
      notifications.show({ color: 'teal', message: `Pixel ${saved.name} ${pixel ? 'saved' : 'created'}.` });
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
    <Modal opened onClose={onClose} title={pixel ? `Edit ${pixel.name}` : 'New pixel'} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          {general ? <Alert color="red" role="alert">{general}</Alert> : null}
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <Select label="Type" required data={PIXEL_TYPE_OPTIONS} allowDeselect={false} placeholder="Choose a provider"
            {...form.getInputProps('type')} />
          <TextInput label="Pixel ID" required description="The tracking ID the provider gave you, e.g. G-ABC123."
            {...form.getInputProps('pixel_id')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={busy}>{pixel ? 'Save' : 'Create pixel'}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
