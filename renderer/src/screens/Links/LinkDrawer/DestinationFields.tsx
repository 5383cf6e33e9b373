import { Fieldset, Select, TextInput } from '@mantine/core';
import { LIMITS } from '../../../../../shared/constants.ts';
import { toOptions } from '../use-link-options.ts';
import type { SectionProps } from './form-context.ts';
import { clearButton } from '../../../forms/clear-button.ts';

export function DestinationFields({ form, link, options }: SectionProps) {
  const editing = link !== null;
  return (
    <Fieldset legend="Destination">
      <TextInput label="Destination URL" placeholder="https://example.com/page" required type="url" maxLength={LIMITS.urlLength}
        data-autofocus {...form.getInputProps('url')} />
      <Select mt="sm" label="Domain" placeholder="Default (this instance's address)" clearable
        clearButtonProps={clearButton('Clear the domain')} searchable
        data={toOptions(options?.domains ?? [])} disabled={editing}
        description={editing ? 'The domain cannot change after a link is created.' : 'The host of the short URL.'}
        {...form.getInputProps('domain_id')}
        value={form.values.domain_id || null}
        onChange={(v) => form.setFieldValue('domain_id', v ?? '')} />
      <TextInput mt="sm" label="Alias" placeholder={editing ? undefined : 'Generated when empty'} maxLength={LIMITS.aliasLength}
        description="Letters, marks and digits of any script, - and _ (up to 255); unique on its domain; case-sensitive." {...form.getInputProps('alias')} />
    </Fieldset>
  );
}
