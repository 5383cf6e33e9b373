// The parts every create/edit form shares: the refusal that belongs to no
// field, above the inputs, and Cancel beside the submit button below them.
import { Alert, Button, Group } from '@mantine/core';

export function FormError({ message, title }: { message: string | null; title?: string }) {
  return message ? <Alert color="red" role="alert" title={title}>{message}</Alert> : null;
}

export function FormFooter({ busy, submitLabel, onCancel }: { busy: boolean; submitLabel: string; onCancel(): void }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>Cancel</Button>
      <Button type="submit" loading={busy}>{submitLabel}</Button>
    </Group>
  );
}
