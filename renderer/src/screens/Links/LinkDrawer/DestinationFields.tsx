import { Fieldset, Select, TextInput } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { plain } from '../../../i18n/plain.ts';
import { LIMITS } from '../../../../../shared/constants.ts';
import { toOptions } from '../use-link-options.ts';
import type { SectionProps } from './form-context.ts';
import { clearButton } from '../../../forms/clear-button.ts';

const m = plain(defineMessages({
  legend: { id: 'app.links.form.destination', defaultMessage: 'Destination' },
  url: { id: 'app.links.form.url', defaultMessage: 'Destination URL' },
  domain: { id: 'app.links.form.domain', defaultMessage: 'Domain' },
  domainDefault: { id: 'app.links.form.domain.placeholder', defaultMessage: "Default (this instance's address)" },
  clearDomain: { id: 'app.links.form.domain.clear', defaultMessage: 'Clear the domain' },
  domainFixed: { id: 'app.links.form.domain.fixed', defaultMessage: 'The domain cannot change after a link is created.' },
  domainHelp: { id: 'app.links.form.domain.description', defaultMessage: 'The host of the short URL.' },
  alias: { id: 'app.links.form.alias', defaultMessage: 'Alias' },
  aliasGenerated: { id: 'app.links.form.alias.placeholder', defaultMessage: 'Generated when empty' },
  aliasHelp: {
    id: 'app.links.form.alias.description',
    defaultMessage: 'Letters, marks and digits of any script, - and _ (up to {max, number}); unique on its domain; case-sensitive.',
  },
}));

export function DestinationFields({ form, link, options }: SectionProps) {
  const intl = useIntl();
  const t = (d: (typeof m)[keyof typeof m]) => intl.formatMessage(d);
  const editing = link !== null;
  return (
    <Fieldset legend={t(m.legend)}>
      <TextInput label={t(m.url)} placeholder="https://example.com/page" required type="url" maxLength={LIMITS.urlLength}
        data-autofocus dir="ltr" {...form.getInputProps('url')} />
      <Select mt="sm" label={t(m.domain)} placeholder={t(m.domainDefault)} clearable
        clearButtonProps={clearButton(t(m.clearDomain))} searchable
        data={toOptions(options?.domains ?? [])} disabled={editing}
        description={t(editing ? m.domainFixed : m.domainHelp)}
        {...form.getInputProps('domain_id')}
        value={form.values.domain_id || null}
        onChange={(v) => form.setFieldValue('domain_id', v ?? '')} />
      <TextInput mt="sm" label={t(m.alias)} placeholder={editing ? undefined : t(m.aliasGenerated)} maxLength={LIMITS.aliasLength}
        description={intl.formatMessage(m.aliasHelp, { max: LIMITS.aliasLength })} {...form.getInputProps('alias')} />
    </Fieldset>
  );
}
