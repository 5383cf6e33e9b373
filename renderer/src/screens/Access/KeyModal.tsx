// Create an API key: a name, what it may do (ScopePicker), when it stops
// working, optionally one domain and (admins) whose key it is. The answer,
// which holds the key itself, goes straight to the dialog that shows it once.
import { Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { ApiKey, ApiKeyCreated, User } from '../../../../shared/schemas/admin.ts';
import { keyCreateSchema } from '../../../../shared/schemas/admin.ts';
import { normalizeScopes } from '../../../../shared/scopes.ts';
import { api } from '../../api/api.ts';
import { useInstanceQuery } from '../../api/use-instance-query.ts';
import { FormError, FormFooter } from '../../components/FormParts/FormParts.tsx';
import { useSchemaForm } from '../../forms/schema-form.ts';
import { labels } from '../../forms/screen-words.ts';
import { useSaveForm } from '../../forms/use-save-form.ts';
import { fmt } from '../../format.ts';
import { access } from './access-data.ts';
import { ScopePicker } from './ScopePicker.tsx';

interface Values { name: string; user_id: string | null; scopes: string[]; expires: string; domain_id: string | null }

const ALIASES = { expires_at: 'expires', 'scopes.*': 'scopes' };

/** The end of the chosen day in this computer's time zone: the key works through that whole day. */
function endOfDay(ymd: string): string {
  const d = new Date(`${ymd}T23:59:59`);
  return Number.isNaN(d.getTime()) ? ymd : d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const toBody = (v: Values) => ({
  ...(v.name.trim() ? { name: v.name.trim() } : {}),
  scopes: normalizeScopes(v.scopes),
  ...(v.expires ? { expires_at: endOfDay(v.expires) } : {}),
  ...(v.domain_id ? { domain_id: Number(v.domain_id) } : {}),
  ...(v.user_id ? { user_id: Number(v.user_id) } : {}),
});


export function KeyModal({ creator, users, onClose, onCreated }: {
  /** The key this app uses for the instance: its scopes bound the new key's. */
  creator: ApiKey;
  /** Admins: whom the key can be for; null for a member (always their own). */
  users: User[] | null;
  onClose(): void;
  onCreated(made: ApiKeyCreated, domainName: string | null): void;
}) {
  const intl = useIntl();
  const words = useMemo(() => labels({
    name: intl.formatMessage({ id: 'app.keys.field.name', defaultMessage: 'name', description: 'A key\'s name, lower case, inside error messages' }),
    expires: intl.formatMessage({ id: 'app.keys.field.expires', defaultMessage: 'expiry date', description: 'Lower case, inside error messages' }),
    domain_id: intl.formatMessage({ id: 'app.keys.field.domain', defaultMessage: 'domain', description: 'Lower case, inside error messages' }),
    user_id: intl.formatMessage({ id: 'app.keys.field.user', defaultMessage: 'user', description: 'Lower case, inside error messages' }),
    scopes: intl.formatMessage({ id: 'app.keys.field.scopes', defaultMessage: 'scopes', description: 'What a key may do, lower case, inside error messages' }),
  }), [intl]);
  // No scopes given would mean "the same as the creating key": the form asks for them instead of leaving that implicit.
  const schema = useMemo(() => keyCreateSchema.refine((b) => (b.scopes?.length ?? 0) > 0, {
    message: intl.formatMessage({ id: 'app.keys.tickOne', defaultMessage: 'Tick at least one thing the key may do.' }), path: ['scopes'],
  }), [intl]);
  const domains = useInstanceQuery('domains', { per_page: 100, picker: 'key-form' }, () => api.domains.list({ per_page: 100 }));
  const form = useSchemaForm<Values>({
    initialValues: { name: '', user_id: null, scopes: [], expires: '', domain_id: null },
    schema, toBody, words, aliases: ALIASES,
  });
  const forUser = users?.find((u) => String(u.id) === form.values.user_id) ?? null;
  const forOther = forUser !== null && forUser.id !== creator.user.id;
  const adminOffered = creator.scopes.includes('admin') && (forUser ? forUser.role === 'admin' : true);
  const domainName = (id: string | null) => domains.data?.data.find((d) => String(d.id) === id)?.name ?? null;

  const { submit, busy, general, ready } = useSaveForm(form, {
    save: (v) => access.createKey(toBody(v)),
    // The notice names the key by its prefix; the key itself only ever sits in the dialog.
    notice: (made) => ({ message: intl.formatMessage({ id: 'app.keys.createdNotice', defaultMessage: 'Key {prefix} created.' }, { prefix: made.prefix }) }),
    onSaved: (made) => onCreated(made, domainName(form.values.domain_id)),
    aliases: ALIASES,
    words,
  });

  const today = new Date();
  const min = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;

  return (
    <Modal opened onClose={onClose} title={intl.formatMessage({ id: 'app.keys.newTitle', defaultMessage: 'New API key' })} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError message={general} />
          <TextInput label={intl.formatMessage({ id: 'app.keys.label.name', defaultMessage: 'Name' })}
            placeholder={intl.formatMessage({ id: 'app.keys.namePlaceholder', defaultMessage: 'Reports for Ana', description: 'An example key name' })}
            description={intl.formatMessage({ id: 'app.keys.nameHint', defaultMessage: 'What the key is for, so the keys list says it.' })}
            data-autofocus {...form.getInputProps('name')} />
          {users ? (
            <Select label={intl.formatMessage({ id: 'app.keys.label.forUser', defaultMessage: 'For user' })}
              placeholder={intl.formatMessage({ id: 'app.keys.you', defaultMessage: '{name} (you)' }, { name: creator.user.name })} clearable searchable
              data={users.filter((u) => u.status === 'active').map((u) => ({
                value: String(u.id),
                label: intl.formatMessage({ id: 'app.keys.userWithRole', defaultMessage: '{name} ({role, select, admin {admin} other {member}})' }, { name: u.name, role: u.role }),
              }))}
              description={intl.formatMessage({ id: 'app.keys.forUserHint', defaultMessage: 'A key belongs to one user and sees only that user\'s records.' })}
              {...form.getInputProps('user_id')}
              onChange={(v) => {
                form.setFieldValue('user_id', v);
                // A domain and the admin scope belong to the user the key is for.
                form.setFieldValue('domain_id', null);
                if (users.find((u) => String(u.id) === v)?.role === 'member') form.setFieldValue('scopes', form.values.scopes.filter((s) => s !== 'admin'));
              }} />
          ) : null}
          <ScopePicker value={form.values.scopes} held={creator.scopes} adminOffered={adminOffered}
            onChange={(next) => { form.setFieldValue('scopes', next); form.validateField('scopes'); }} error={form.errors.scopes as string | undefined} />
          <TextInput type="date" label={intl.formatMessage({ id: 'app.keys.label.expires', defaultMessage: 'Expires' })} min={min}
            description={creator.expires_at
              ? intl.formatMessage({ id: 'app.keys.expiresBounded', defaultMessage: 'Optional. It cannot outlive this app\'s own key, which expires {when}; empty means the same.' },
                { when: fmt.dateTime(creator.expires_at) })
              : intl.formatMessage({ id: 'app.keys.expiresHint', defaultMessage: 'Optional. The key stops working at the end of this day; empty: it never expires.' })}
            {...form.getInputProps('expires')} />
          {forOther ? (
            <Text size="sm" c="dimmed">{intl.formatMessage({ id: 'app.keys.everyDomainOf', defaultMessage: 'The key sees every domain of {name}.' }, { name: forUser.name })}</Text>
          ) : (
            <Select label={intl.formatMessage({ id: 'app.keys.label.domain', defaultMessage: 'Only on domain' })}
              placeholder={intl.formatMessage({ id: 'app.keys.everyDomain', defaultMessage: 'Every domain' })} clearable searchable
              data={(domains.data?.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
              description={domains.error?.kind === 'forbidden'
                ? intl.formatMessage({ id: 'app.keys.domainsForbidden', defaultMessage: 'This app\'s key cannot read domains, so none can be chosen.' })
                : intl.formatMessage({ id: 'app.keys.domainHint', defaultMessage: 'Optional. A key for one domain sees and creates links only there.' })}
              disabled={creator.domain_id !== null || domains.error?.kind === 'forbidden'} {...form.getInputProps('domain_id')} />
          )}
          <FormFooter busy={busy} ready={ready} submitLabel={intl.formatMessage({ id: 'app.keys.create', defaultMessage: 'Create key' })} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
