import { Fieldset, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import type { SectionProps } from './form-context.ts';
import { fmt } from '../../../format.ts';

export function ExpirationFields({ form, link }: SectionProps) {
  const noDate = form.values.expiration_date.trim() === '';
  return (
    <Fieldset legend="Active period and expiration">
      <TextInput mb="sm" label="Active from" type="datetime-local" w={260}
        description="Before this the link answers as expired; empty: active at once. The instance's time zone."
        {...form.getInputProps('active_period_start_at')} />
      <SimpleGrid cols={3} spacing="sm">
        <TextInput label="Date" type="date" description="The instance's time zone" {...form.getInputProps('expiration_date')}
          onChange={(e) => {
            form.setFieldValue('expiration_date', e.currentTarget.value);
            if (!e.currentTarget.value) form.setFieldValue('expiration_time', '');
          }} />
        <TextInput label="Time" type="time" disabled={noDate} description={noDate ? 'Needs a date' : 'Default 00:00'}
          {...form.getInputProps('expiration_time')} />
        <NumberInput label="After clicks" description="Expires at this count" min={1} allowDecimal={false} allowNegative={false} placeholder="No limit"
          {...form.getInputProps('expiration_clicks')} />
      </SimpleGrid>
      <TextInput mt="sm" label="Expiration URL" type="url" placeholder="https://example.com/expired"
        description={`Where visitors go once the link has expired; empty shows an "expired" page.${link?.ends_at ? ` It ends ${fmt.dateTime(link.ends_at)} your time.` : ''}`}
        {...form.getInputProps('expiration_url')} />
    </Fieldset>
  );
}
