// Deleting a user who owns links asks what becomes of them, and says how
// many: deleted with the user, or moved (with their domains, spaces and
// pixels) to another user. A refusal (the last admin) stays in the dialog.
import { Alert, Button, Group, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { User } from '../../../../shared/schemas/admin.ts';
import { toIpcError } from '../../api/api.ts';
import { fmt, LINK } from '../../format.ts';
import { access } from './access-data.ts';

export function DeleteUserDialog({ user, users, onClose }: { user: User; users: User[]; onClose(deleted: boolean): void }) {
  const owns = user.links_count > 0;
  const [fate, setFate] = useState<'move' | 'delete'>('move');
  const [to, setTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const links = fmt.plural(user.links_count, LINK);
  const others = users.filter((u) => u.id !== user.id);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await (owns ? access.deleteUser(user.id, fate, fate === 'move' ? Number(to) : undefined) : access.deleteUser(user.id));
      setBusy(false);
      onClose(true);
    } catch (e) {
      setBusy(false);
      setError(toIpcError(e).message);
    }
  };

  return (
    <Modal opened onClose={() => !busy && onClose(false)} title={`Delete ${user.name}`} centered returnFocus={false}>
      <Stack>
        <Text size="sm">Every key of {user.name} stops working. This cannot be undone.</Text>
        {owns ? (
          <Radio.Group label={`${user.name} owns ${links}. What becomes of them?`} value={fate} onChange={(v) => setFate(v as 'move' | 'delete')}>
            <Stack gap="xs" mt={6}>
              <Radio value="move" label={`Move the ${links} to another user, with their domains, spaces and pixels`} />
              {fate === 'move' ? (
                <Select label="Move to" placeholder="Choose a user" searchable data={others.map((u) => ({ value: String(u.id), label: u.name }))}
                  value={to} onChange={setTo} ml="lg" />
              ) : null}
              <Radio value="delete" label={`Delete the ${links}; they stop redirecting`} />
            </Stack>
          </Radio.Group>
        ) : (
          <Text size="sm">{user.name} owns no links.</Text>
        )}
        {error ? <Alert color="red" role="alert" title="Not deleted" data-testid="delete-error">{error}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(false)} disabled={busy} data-autofocus>Cancel</Button>
          <Button color="red" loading={busy} disabled={owns && fate === 'move' && !to} onClick={() => void confirm()}>
            {!owns ? 'Delete user' : fate === 'move' ? `Move ${links} and delete` : `Delete user and ${links}`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
