// Delete with a confirmation that stays open on failure, so a refusal such as
// "the domain still has links" (409) is read where it happened.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { toIpcError } from '../../api/api.ts';

export function ConfirmDelete({ opened, title, children, details, onConfirm, onClose, confirmLabel, refusedTitle, confirmDisabled = false }: {
  opened: boolean; title: string; children: ReactNode; onConfirm(): Promise<void>; onClose(deleted?: boolean): void; confirmLabel?: string;
  /** The alert's title when the server refuses. */
  refusedTitle?: string;
  /** Choices under the question (a form, not text), such as what becomes of what is deleted. */
  details?: ReactNode;
  /** The choices are not complete yet. */
  confirmDisabled?: boolean;
}) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setBusy(false);
      onClose(true);
    } catch (e) {
      setBusy(false);
      setError(toIpcError(e).message);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered returnFocus={false}>
      <Stack>
        <Text size="sm">{children}</Text>
        {details}
        {error ? <Alert color="red" role="alert" title={refusedTitle ?? intl.formatMessage({ id: 'app.confirmDelete.refused', defaultMessage: 'Not deleted' })} data-testid="delete-error">{error}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy} data-autofocus>{intl.formatMessage({ id: 'app.common.cancel', defaultMessage: 'Cancel' })}</Button>
          <Button color="red" onClick={() => void confirm()} loading={busy} disabled={confirmDisabled}>{confirmLabel ?? intl.formatMessage({ id: 'app.common.delete', defaultMessage: 'Delete' })}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
