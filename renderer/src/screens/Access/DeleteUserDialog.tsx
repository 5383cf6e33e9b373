// Deleting a user who owns links asks what becomes of them, and says how
// many: deleted with the user, or moved (with their domains, spaces and
// pixels) to another user. A refusal (the last admin) stays in the dialog.
import { Radio, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { User } from '../../../../shared/schemas/admin.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete/ConfirmDelete.tsx';
import { access } from './access-data.ts';

export function DeleteUserDialog({ user, users, onClose }: { user: User; users: User[]; onClose(deleted: boolean): void }) {
  const owns = user.links_count > 0;
  const [fate, setFate] = useState<'move' | 'delete'>('move');
  const [to, setTo] = useState<string | null>(null);
  const intl = useIntl();
  const values = { name: user.name, count: user.links_count };
  const others = users.filter((u) => u.id !== user.id);

  return (
    <ConfirmDelete opened title={intl.formatMessage({ id: 'app.users.deleteTitle', defaultMessage: 'Delete {name}' }, values)} onClose={(deleted) => onClose(deleted ?? false)}
      onConfirm={async () => { await (owns ? access.deleteUser(user.id, fate, fate === 'move' ? Number(to) : undefined) : access.deleteUser(user.id)); }}
      confirmLabel={!owns
        ? intl.formatMessage({ id: 'app.users.delete', defaultMessage: 'Delete user' })
        : fate === 'move'
          ? intl.formatMessage({ id: 'app.users.deleteMove', defaultMessage: 'Move {count, plural, one {# link} other {# links}} and delete' }, values)
          : intl.formatMessage({ id: 'app.users.deleteWithLinks', defaultMessage: 'Delete user and {count, plural, one {# link} other {# links}}' }, values)}
      confirmDisabled={owns && fate === 'move' && !to}
      details={owns ? (
        <Radio.Group label={intl.formatMessage({ id: 'app.users.owns', defaultMessage: '{name} owns {count, plural, one {# link} other {# links}}. What becomes of {count, plural, one {it} other {them}}?' }, values)} value={fate} onChange={(v) => setFate(v as 'move' | 'delete')}>
          <Stack gap="xs" mt={6}>
            <Radio value="move" label={intl.formatMessage({ id: 'app.users.fate.move', defaultMessage: 'Move the {count, plural, one {# link} other {# links}} to another user, with their domains, spaces and pixels' }, values)} />
            {fate === 'move' ? (
              <Select label={intl.formatMessage({ id: 'app.users.moveTo', defaultMessage: 'Move to' })}
                placeholder={intl.formatMessage({ id: 'app.users.chooseUser', defaultMessage: 'Choose a user' })} searchable data={others.map((u) => ({ value: String(u.id), label: u.name }))}
                value={to} onChange={setTo} ml="lg" />
            ) : null}
            <Radio value="delete" label={intl.formatMessage({ id: 'app.users.fate.delete', defaultMessage: 'Delete the {count, plural, one {# link} other {# links}}; {count, plural, one {it stops} other {they stop}} redirecting' }, values)} />
          </Stack>
        </Radio.Group>
      ) : (
        <Text size="sm">{intl.formatMessage({ id: 'app.users.ownsNone', defaultMessage: '{name} owns no links.' }, values)}</Text>
      )}>
      <FormattedMessage id="app.users.deleteWarning" defaultMessage="Every key of {name} stops working. This cannot be undone." values={values} />
    </ConfirmDelete>
  );
}
