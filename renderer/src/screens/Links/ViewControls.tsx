// The links table's view, remembered per instance: which optional columns
// show (checkboxes in a popover, reachable by keyboard) and the density.
import { Button, Checkbox, Popover, SegmentedControl, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { IconList } from '../../components/Icons/Icons.tsx';
import { columnWords } from './link-words.ts';
import { OPTIONAL_COLUMNS, type ColumnId, type LinksView } from './links-view.ts';

export function ViewControls({ view, onChange, offered }: {
  view: LinksView; onChange(patch: Partial<LinksView>): void;
  /** Columns this server can fill (no Space column without spaces). */
  offered: (id: ColumnId) => boolean;
}) {
  const intl = useIntl();
  const shown = new Set(view.columns);
  const toggle = (id: ColumnId) => onChange({
    // Kept in the table's order, whatever order they were ticked in.
    columns: OPTIONAL_COLUMNS.map((c) => c.id).filter((c) => (c === id ? !shown.has(c) : shown.has(c))),
  });
  return (
    <>
      <SegmentedControl aria-label={intl.formatMessage({ id: 'app.links.view.density', defaultMessage: 'Density' })} value={view.density}
        onChange={(v) => onChange({ density: v === 'compact' ? 'compact' : 'comfortable' })}
        data={[
          { value: 'comfortable', label: intl.formatMessage({ id: 'app.links.view.comfortable', defaultMessage: 'Comfortable' }) },
          { value: 'compact', label: intl.formatMessage({ id: 'app.links.view.compact', defaultMessage: 'Compact' }) },
        ]} />
      <Popover position="bottom-end" shadow="md" width={220} trapFocus>
        <Popover.Target>
          <Button variant="default" leftSection={<IconList />} data-testid="column-chooser"><FormattedMessage id="app.links.view.columns" defaultMessage="Columns" /></Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs" role="group" aria-label={intl.formatMessage({ id: 'app.links.view.columns.label', defaultMessage: 'Columns to show' })} data-testid="columns">
            <Text size="xs" c="dimmed">
              <FormattedMessage id="app.links.view.alwaysShown" defaultMessage="Always shown: {short}, {destination}"
                values={{ short: intl.formatMessage(columnWords.short), destination: intl.formatMessage(columnWords.destination) }} />
            </Text>
            {OPTIONAL_COLUMNS.filter((c) => offered(c.id)).map((c) => (
              <Checkbox key={c.id} label={intl.formatMessage(columnWords[c.id])} checked={shown.has(c.id)} onChange={() => toggle(c.id)} />
            ))}
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </>
  );
}
