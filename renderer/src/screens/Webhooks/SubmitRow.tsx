import { Button, Group } from '@mantine/core';
import { FormattedMessage } from 'react-intl';

/** Cancel, and a submit that cannot be pressed while the form is invalid or a save is out. */
export function SubmitRow({ busy, disabled, submitLabel, onCancel }: { busy: boolean; disabled: boolean; submitLabel: string; onCancel(): void }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}><FormattedMessage id="app.common.cancel" defaultMessage="Cancel" /></Button>
      <Button type="submit" loading={busy} disabled={disabled || busy}>{submitLabel}</Button>
    </Group>
  );
}
