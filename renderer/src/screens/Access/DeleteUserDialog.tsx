// Deleting a user who owns links asks what becomes of them, and says how
// many: deleted with the user, or moved (with their domains, spaces and
// pixels) to another user. A refusal (the last admin) stays in the dialog.
import { Radio, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { User } from '../../../../shared/schemas/admin.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete/ConfirmDelete.tsx';
import { fmt, LINK } from '../../format.ts';
import { access } from './access-data.ts';

export function DeleteUserDialog({ user, users, onClose }: { user: User; users: User[]; onClose(deleted: boolean): void }) {
  const owns = user.links_count > 0;
  const [fate, setFate] = useState<'move' | 'delete'>('move');
  const [to, setTo] = useState<string | null>(null);
  const links = fmt.plural(user.links_count, LINK);
  const others = users.filter((u) => u.id !== user.id);

  return (
    <ConfirmDelete opened title={`Delete ${user.name}`} onClose={(deleted) => onClose(deleted ?? false)}
      onConfirm={async () => { await (owns ? access.deleteUser(user.id, fate, fate === 'move' ? Number(to) : undefined) : access.deleteUser(user.id)); }}
      confirmLabel={!owns ? 'Delete user' : fate === 'move' ? `Move ${links} and delete` : `Delete user and ${links}`}
      confirmDisabled={owns && fate === 'move' && !to}
      details={owns ? (
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
      )}>
      Every key of {user.name} stops working. This cannot be undone.
    </ConfirmDelete>
  );
}
