import { Modal, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { ApiKey } from '../../../../shared/schemas/admin.ts';
import { keyUpdateSchema } from '../../../../shared/schemas/admin.ts';
import { FormError, FormFooter } from '../../components/FormParts/FormParts.tsx';
import { useSchemaForm } from '../../forms/schema-form.ts';
import { labels } from '../../forms/screen-words.ts';
import { useSaveForm } from '../../forms/use-save-form.ts';
import { access } from './access-data.ts';

const toBody = (v: { name: string }) => ({ name: v.name.trim() });

export function RenameKeyModal({ apiKey, onClose, onSaved }: { apiKey: ApiKey; onClose(): void; onSaved(): void }) {
  const intl = useIntl();
  const words = useMemo(() => labels({
    name: intl.formatMessage({ id: 'app.keys.field.name', defaultMessage: 'name', description: 'A key\'s name, lower case, inside error messages' }),
  }), [intl]);
  const form = useSchemaForm({ initialValues: { name: apiKey.name }, schema: keyUpdateSchema, toBody, words });
  const { submit, busy, general, ready } = useSaveForm(form, {
    save: (v) => access.renameKey(apiKey.id, toBody(v).name),
    notice: (saved) => ({ message: intl.formatMessage({ id: 'app.keys.renamed', defaultMessage: 'Key {prefix} is now called {name}.' }, { prefix: saved.prefix, name: saved.name }) }),
    onSaved,
    words,
  });
  return (
    <Modal opened onClose={onClose} title={intl.formatMessage({ id: 'app.keys.renameTitle', defaultMessage: 'Rename key {prefix}' }, { prefix: apiKey.prefix })} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError message={general} />
          <TextInput label={intl.formatMessage({ id: 'app.keys.label.name', defaultMessage: 'Name' })} required data-autofocus {...form.getInputProps('name')} />
          <FormFooter busy={busy} ready={ready} submitLabel={intl.formatMessage({ id: 'app.keys.rename', defaultMessage: 'Rename' })} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
