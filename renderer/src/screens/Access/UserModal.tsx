// Create a user, or rename one and change their role. A new user has no key:
// the Keys tab gives them one.
import { Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { User } from '../../../../shared/schemas/admin.ts';
import { userCreateSchema, userUpdateSchema } from '../../../../shared/schemas/admin.ts';
import { FormError, FormFooter } from '../../components/FormParts/FormParts.tsx';
import { useSchemaForm } from '../../forms/schema-form.ts';
import { labels } from '../../forms/screen-words.ts';
import { useSaveForm } from '../../forms/use-save-form.ts';
import { access } from './access-data.ts';

interface Values { name: string; role: 'admin' | 'member' }
const WORDS = labels({ name: 'name', role: 'role' });
const toBody = (v: Values) => ({ name: v.name.trim(), role: v.role });

export function UserModal({ user, onClose, onSaved }: { user: User | null; onClose(): void; onSaved(u: User): void }) {
  const form = useSchemaForm<Values>({
    initialValues: { name: user?.name ?? '', role: user?.role ?? 'member' },
    schema: user ? userUpdateSchema : userCreateSchema, toBody, words: WORDS,
  });
  const { submit, busy, general, ready } = useSaveForm(form, {
    save: (v) => (user ? access.updateUser(user.id, toBody(v)) : access.createUser(toBody(v))),
    notice: (saved) => ({ message: user ? `User ${saved.name} saved.` : `User ${saved.name} created. Give them a key on the Keys tab.` }),
    onSaved,
    words: WORDS,
  });
  return (
    <Modal opened onClose={onClose} title={user ? `Edit ${user.name}` : 'New user'} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError message={general} />
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="role-label">Role</Text>
            <SegmentedControl aria-labelledby="role-label" data={[{ value: 'member', label: 'Member' }, { value: 'admin', label: 'Admin' }]}
              {...form.getInputProps('role')} />
            <Text size="xs" c="dimmed">
              {form.values.role === 'admin'
                ? 'Admins manage users, every key and read the activity log, with a key that has the admin scope.'
                : 'Members see their own records and manage their own keys.'}
            </Text>
          </Stack>
          <FormFooter busy={busy} ready={ready} submitLabel={user ? 'Save' : 'Create user'} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
