// Create or edit a domain. The name is create-only: the API refuses to change
// it, so the edit form shows it read-only.
import { Modal, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { Domain } from '../../../../shared/api-types.ts';
import { domainCreateSchema, domainUpdateSchema } from '../../../../shared/schemas/resources.ts';
import { api } from '../../api/api.ts';
import { FormError, FormFooter } from '../../components/FormParts/FormParts.tsx';
import { useSchemaForm } from '../../forms/schema-form.ts';
import { labels } from '../../forms/screen-words.ts';
import { useSaveForm } from '../../forms/use-save-form.ts';

interface Values { name: string; index_page: string; not_found_page: string }

const createBody = (v: Values) => ({
  name: v.name.trim(),
  ...(v.index_page.trim() ? { index_page: v.index_page.trim() } : {}),
  ...(v.not_found_page.trim() ? { not_found_page: v.not_found_page.trim() } : {}),
});
const updateBody = (v: Values) => ({ index_page: v.index_page.trim() || null, not_found_page: v.not_found_page.trim() || null });

export function DomainModal({ domain, onClose, onSaved }: { domain: Domain | null; onClose(): void; onSaved(d: Domain): void }) {
  const editing = domain !== null;
  const intl = useIntl();
  const words = useMemo(() => labels({
    name: intl.formatMessage({ id: 'app.domains.field.name', defaultMessage: 'domain', description: 'The domain name field, lower case, inside error messages' }),
    index_page: intl.formatMessage({ id: 'app.domains.field.indexPage', defaultMessage: 'index page', description: 'Lower case, inside error messages' }),
    not_found_page: intl.formatMessage({ id: 'app.domains.field.notFoundPage', defaultMessage: 'not-found page', description: 'Lower case, inside error messages' }),
  }), [intl]);
  const form = useSchemaForm<Values>({
    initialValues: { name: domain?.name ?? '', index_page: domain?.index_page ?? '', not_found_page: domain?.not_found_page ?? '' },
    schema: editing ? domainUpdateSchema : domainCreateSchema,
    toBody: editing ? updateBody : createBody,
    words,
  });

  const { submit, busy, general, ready } = useSaveForm(form, {
    save: (v) => editing ? api.domains.update(domain.id, updateBody(v)) : api.domains.create(createBody(v)),
    notice: (saved) => ({
      message: intl.formatMessage({ id: 'app.domains.saved', defaultMessage: 'Domain {name} {created, select, true {created} other {saved}}.' },
        { name: saved.name, created: String(!editing) }),
    }),
    onSaved,
    words,
  });

  return (
    <Modal opened onClose={onClose} title={editing ? intl.formatMessage({ id: 'app.domains.edit', defaultMessage: 'Edit {name}' }, { name: domain.name }) : intl.formatMessage({ id: 'app.domains.new', defaultMessage: 'New domain' })} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError message={general} />
          <TextInput label={intl.formatMessage({ id: 'app.domains.label.name', defaultMessage: 'Domain name' })} placeholder="links.example.com" required={!editing} readOnly={editing}
            description={editing
              ? intl.formatMessage({ id: 'app.domains.nameFixed', defaultMessage: 'The name cannot change after a domain is created.' })
              : intl.formatMessage({ id: 'app.domains.nameHint', defaultMessage: 'A hostname without scheme, port or path.' })}
            data-autofocus={!editing || undefined} {...form.getInputProps('name')} />
          <TextInput label={intl.formatMessage({ id: 'app.domains.label.indexPage', defaultMessage: 'Index page' })} placeholder="https://example.com" type="url"
            description={intl.formatMessage({ id: 'app.domains.indexPageHint', defaultMessage: 'Where visitors of the bare domain are sent. Empty: a plain landing page.' })} data-autofocus={editing || undefined}
            {...form.getInputProps('index_page')} />
          <TextInput label={intl.formatMessage({ id: 'app.domains.label.notFoundPage', defaultMessage: 'Not-found page' })} placeholder="https://example.com/404" type="url"
            description={intl.formatMessage({ id: 'app.domains.notFoundPageHint', defaultMessage: 'Where unknown aliases are sent. Empty: a 404 page.' })} {...form.getInputProps('not_found_page')} />
          <FormFooter busy={busy} ready={ready} submitLabel={editing ? intl.formatMessage({ id: 'app.common.save', defaultMessage: 'Save' }) : intl.formatMessage({ id: 'app.domains.create', defaultMessage: 'Create domain' })} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
