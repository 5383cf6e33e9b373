// The parts every create/edit form shares: the refusal that belongs to no
// field, above the inputs, and Cancel beside the submit button below them.
import { Alert, Button, Group } from '@mantine/core';
import { FormattedMessage } from 'react-intl';

export function FormError({ message, title }: { message: string | null; title?: string }) {
  return message ? <Alert color="red" role="alert" title={title}>{message}</Alert> : null;
}

/** `ready` false: the form's own checks find a problem (shown on its fields), so there is nothing to send yet. */
export function FormFooter({ busy, submitLabel, onCancel, ready = true }: { busy: boolean; submitLabel: string; onCancel(): void; ready?: boolean }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}><FormattedMessage id="app.common.cancel" defaultMessage="Cancel" /></Button>
      <Button type="submit" loading={busy} disabled={!ready && !busy}>{submitLabel}</Button>
    </Group>
  );
}
