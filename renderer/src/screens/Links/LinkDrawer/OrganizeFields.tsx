import { Fieldset, MultiSelect, Select } from '@mantine/core';
import { useIntl } from 'react-intl';
import { toOptions } from '../use-link-options.ts';
import type { SectionProps } from './form-context.ts';
import { clearButton } from '../../../forms/clear-button.ts';

// A server that does not offer spaces or pixels (null options) gets no picker
// for them; the form keeps what the link already has, so saving changes nothing there.
export function OrganizeFields({ form, options }: SectionProps) {
  const intl = useIntl();
  if (options?.spaces === null && options.pixels === null) return null;
  return (
    <Fieldset legend={intl.formatMessage({ id: 'app.links.form.organize', defaultMessage: 'Organize' })}>
      {options?.spaces !== null ? (
        <Select label={intl.formatMessage({ id: 'app.links.form.space', defaultMessage: 'Space' })}
          placeholder={intl.formatMessage({ id: 'app.links.form.space.none', defaultMessage: 'No space' })} clearable
          clearButtonProps={clearButton(intl.formatMessage({ id: 'app.links.form.space.clear', defaultMessage: 'Clear the space' }))} searchable data={toOptions(options?.spaces ?? [])}
          nothingFoundMessage={intl.formatMessage({ id: 'app.links.form.space.notFound', defaultMessage: 'No space by that name' })} {...form.getInputProps('space_id')}
          value={form.values.space_id || null} onChange={(v) => form.setFieldValue('space_id', v ?? '')} />
      ) : null}
      {options?.pixels !== null ? (
        <MultiSelect mt="sm" label={intl.formatMessage({ id: 'app.links.form.pixels', defaultMessage: 'Pixels' })}
          placeholder={form.values.pixel_ids.length ? undefined : intl.formatMessage({ id: 'app.links.form.pixels.none', defaultMessage: 'No pixels' })} searchable clearable
          clearButtonProps={clearButton(intl.formatMessage({ id: 'app.links.form.pixels.clear', defaultMessage: 'Remove all pixels' }))} data={toOptions(options?.pixels ?? [])}
          nothingFoundMessage={intl.formatMessage({ id: 'app.links.form.pixels.notFound', defaultMessage: 'No pixel by that name' })}
          {...form.getInputProps('pixel_ids')} />
      ) : null}
    </Fieldset>
  );
}
