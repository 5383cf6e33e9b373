// The links table's view, remembered per instance: which optional columns
// show (a menu of checkable items, reachable by keyboard) and the density.
import { Button, Menu, SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { IconCheck, IconList } from '../../components/Icons/Icons.tsx';
import { OPTIONAL_COLUMNS, type ColumnId, type LinksView } from './links-view.ts';

export function ViewControls({ view, onChange, offered }: {
  view: LinksView; onChange(patch: Partial<LinksView>): void;
  /** Columns this server can fill (no Space column without spaces). */
  offered: (id: ColumnId) => boolean;
}) {
  const densityLabel = useId();
  const shown = new Set(view.columns);
  const toggle = (id: ColumnId) => onChange({
    // Kept in the table's order, whatever order they were ticked in.
    columns: OPTIONAL_COLUMNS.map((c) => c.id).filter((c) => (c === id ? !shown.has(c) : shown.has(c))),
  });
  return (
    <>
      <Stack gap={4}>
        <Text id={densityLabel} size="sm" fw={500}>Density</Text>
        <SegmentedControl aria-labelledby={densityLabel} size="xs" value={view.density}
          onChange={(v) => onChange({ density: v === 'compact' ? 'compact' : 'comfortable' })}
          data={[{ value: 'comfortable', label: 'Comfortable' }, { value: 'compact', label: 'Compact' }]} />
      </Stack>
      <Menu position="bottom-end" shadow="md" closeOnItemClick={false} width={200}>
        <Menu.Target>
          <Button variant="default" leftSection={<IconList />} data-testid="column-chooser">Columns</Button>
        </Menu.Target>
        <Menu.Dropdown aria-label="Columns to show">
          <Menu.Label>Always shown: Short URL, Destination</Menu.Label>
          {OPTIONAL_COLUMNS.filter((c) => offered(c.id)).map((c) => (
            <Menu.Item key={c.id} role="menuitemcheckbox" aria-checked={shown.has(c.id)} onClick={() => toggle(c.id)}
              leftSection={shown.has(c.id) ? <IconCheck /> : <span style={{ width: 16, display: 'inline-block' }} />}>
              {c.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
