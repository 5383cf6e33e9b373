import { Fieldset, MultiSelect, Select } from '@mantine/core';
import { toOptions } from '../use-link-options.ts';
import type { SectionProps } from './form-context.ts';
import { clearButton } from '../../../forms/clear-button.ts';

// A server that does not offer spaces or pixels (null options) gets no picker
// for them; the form keeps what the link already has, so saving changes nothing there.
export function OrganizeFields({ form, options }: SectionProps) {
  if (options?.spaces === null && options.pixels === null) return null;
  return (
    <Fieldset legend="Organize">
      {options?.spaces !== null ? (
        <Select label="Space" placeholder="No space" clearable clearButtonProps={clearButton('Clear the space')} searchable data={toOptions(options?.spaces ?? [])}
          nothingFoundMessage="No space by that name" {...form.getInputProps('space_id')}
          value={form.values.space_id || null} onChange={(v) => form.setFieldValue('space_id', v ?? '')} />
      ) : null}
      {options?.pixels !== null ? (
        <MultiSelect mt="sm" label="Pixels" placeholder={form.values.pixel_ids.length ? undefined : 'No pixels'} searchable clearable
          clearButtonProps={clearButton('Remove all pixels')} data={toOptions(options?.pixels ?? [])} nothingFoundMessage="No pixel by that name"
          {...form.getInputProps('pixel_ids')} />
      ) : null}
    </Fieldset>
  );
}
