import { Fieldset, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import type { SectionProps } from './form-context.ts';
import { fmt } from '../../../format.ts';
import { plain } from '../../../i18n/plain.ts';

const m = plain(defineMessages({
  legend: { id: 'app.links.form.expiration', defaultMessage: 'Active period and expiration' },
  activeFrom: { id: 'app.links.form.activeFrom', defaultMessage: 'Active from' },
  activeFromHelp: { id: 'app.links.form.activeFrom.description', defaultMessage: "Before this the link answers as expired; empty: active at once. The instance's time zone." },
  date: { id: 'app.links.form.expiration.date', defaultMessage: 'Date' },
  zone: { id: 'app.links.form.expiration.date.description', defaultMessage: "The instance's time zone" },
  time: { id: 'app.links.form.expiration.time', defaultMessage: 'Time' },
  needsDate: { id: 'app.links.form.expiration.time.needsDate', defaultMessage: 'Needs a date' },
  defaultTime: { id: 'app.links.form.expiration.time.description', defaultMessage: 'Default 00:00' },
  clicks: { id: 'app.links.form.expiration.clicks', defaultMessage: 'After clicks' },
  clicksHelp: { id: 'app.links.form.expiration.clicks.description', defaultMessage: 'Expires at this count' },
  noLimit: { id: 'app.links.form.expiration.clicks.placeholder', defaultMessage: 'No limit' },
  url: { id: 'app.links.form.expiration.url', defaultMessage: 'Expiration URL' },
  urlHelp: { id: 'app.links.form.expiration.url.description', defaultMessage: 'Where visitors go once the link has expired; empty shows an "expired" page.' },
  urlHelpEnds: {
    id: 'app.links.form.expiration.url.description.ends',
    defaultMessage: 'Where visitors go once the link has expired; empty shows an "expired" page. It ends {when} your time.',
  },
}));

export function ExpirationFields({ form, link }: SectionProps) {
  const intl = useIntl();
  const t = (d: (typeof m)[keyof typeof m]) => intl.formatMessage(d);
  const noDate = form.values.expiration_date.trim() === '';
  return (
    <Fieldset legend={t(m.legend)}>
      <TextInput mb="sm" label={t(m.activeFrom)} type="datetime-local" w={260}
        description={t(m.activeFromHelp)}
        {...form.getInputProps('active_period_start_at')} />
      <SimpleGrid cols={3} spacing="sm">
        <TextInput label={t(m.date)} type="date" description={t(m.zone)} {...form.getInputProps('expiration_date')}
          onChange={(e) => {
            form.setFieldValue('expiration_date', e.currentTarget.value);
            if (!e.currentTarget.value) form.setFieldValue('expiration_time', '');
          }} />
        <TextInput label={t(m.time)} type="time" disabled={noDate} description={t(noDate ? m.needsDate : m.defaultTime)}
          {...form.getInputProps('expiration_time')} />
        <NumberInput label={t(m.clicks)} description={t(m.clicksHelp)} min={1} allowDecimal={false} allowNegative={false} placeholder={t(m.noLimit)}
          {...form.getInputProps('expiration_clicks')} />
      </SimpleGrid>
      <TextInput mt="sm" label={t(m.url)} type="url" placeholder="https://example.com/expired" dir="ltr"
        description={link?.ends_at ? intl.formatMessage(m.urlHelpEnds, { when: fmt.dateTime(link.ends_at) }) : t(m.urlHelp)}
        {...form.getInputProps('expiration_url')} />
    </Fieldset>
  );
}
