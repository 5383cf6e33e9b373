// Create a user, or rename one and change their role. A new user has no key:
// the Keys tab gives them one.
import { Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { User } from '../../../../shared/schemas/admin.ts';
import { userCreateSchema, userUpdateSchema } from '../../../../shared/schemas/admin.ts';
import { FormError, FormFooter } from '../../components/FormParts/FormParts.tsx';
import { useSchemaForm } from '../../forms/schema-form.ts';
import { labels } from '../../forms/screen-words.ts';
import { useSaveForm } from '../../forms/use-save-form.ts';
import { access } from './access-data.ts';

interface Values { name: string; role: 'admin' | 'member' }
const toBody = (v: Values) => ({ name: v.name.trim(), role: v.role });

export function UserModal({ user, onClose, onSaved }: { user: User | null; onClose(): void; onSaved(u: User): void }) {
  const intl = useIntl();
  const words = useMemo(() => labels({
    name: intl.formatMessage({ id: 'app.users.field.name', defaultMessage: 'name', description: 'A user\'s name, lower case, inside error messages' }),
    role: intl.formatMessage({ id: 'app.users.field.role', defaultMessage: 'role', description: 'A user\'s role, lower case, inside error messages' }),
  }), [intl]);
  const form = useSchemaForm<Values>({
    initialValues: { name: user?.name ?? '', role: user?.role ?? 'member' },
    schema: user ? userUpdateSchema : userCreateSchema, toBody, words,
  });
  const { submit, busy, general, ready } = useSaveForm(form, {
    save: (v) => (user ? access.updateUser(user.id, toBody(v)) : access.createUser(toBody(v))),
    notice: (saved) => ({
      message: user
        ? intl.formatMessage({ id: 'app.users.saved', defaultMessage: 'User {name} saved.' }, { name: saved.name })
        : intl.formatMessage({ id: 'app.users.created', defaultMessage: 'User {name} created. Give them a key on the Keys tab.' }, { name: saved.name }),
    }),
    onSaved,
    words,
  });
  return (
    <Modal opened onClose={onClose} title={user ? intl.formatMessage({ id: 'app.users.edit', defaultMessage: 'Edit {name}' }, { name: user.name }) : intl.formatMessage({ id: 'app.users.new', defaultMessage: 'New user' })} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError message={general} />
          <TextInput label={intl.formatMessage({ id: 'app.users.label.name', defaultMessage: 'Name' })} required data-autofocus {...form.getInputProps('name')} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="role-label">{intl.formatMessage({ id: 'app.users.label.role', defaultMessage: 'Role' })}</Text>
            <SegmentedControl aria-labelledby="role-label" data={[
              { value: 'member', label: intl.formatMessage({ id: 'app.users.role', defaultMessage: '{role, select, admin {Admin} other {Member}}' }, { role: 'member' }) },
              { value: 'admin', label: intl.formatMessage({ id: 'app.users.role', defaultMessage: '{role, select, admin {Admin} other {Member}}' }, { role: 'admin' }) },
            ]}
              {...form.getInputProps('role')} />
            <Text size="xs" c="dimmed">
              {form.values.role === 'admin'
                ? intl.formatMessage({ id: 'app.users.adminHint', defaultMessage: 'Admins manage users, every key and read the activity log, with a key that has the admin scope.' })
                : intl.formatMessage({ id: 'app.users.memberHint', defaultMessage: 'Members see their own records and manage their own keys.' })}
            </Text>
          </Stack>
          <FormFooter busy={busy} ready={ready} submitLabel={user ? intl.formatMessage({ id: 'app.common.save', defaultMessage: 'Save' }) : intl.formatMessage({ id: 'app.users.create', defaultMessage: 'Create user' })} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
