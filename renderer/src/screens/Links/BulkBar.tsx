// Shown while links are selected: how many, "Select all M matching" (the
// filter, across pages), and what can be done to them. Each action asks
// first in its own modal, then shows the job's progress.
import { Button, Group, Menu, Paper, Text } from '@mantine/core';
import type { LinkSelection } from '../../../../shared/transfer.ts';
import { IconChevronDown } from '../../components/Icons/Icons.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import type { BulkKind } from './BulkActionModal.tsx';
import { fmt } from '../../format.ts';

export type BarAction = BulkKind | 'copy';

export function BulkBar({ count, matching, all, selection, onSelectAll, onClear, onAction, spaces }: {
  count: number;
  /** How many links the filter matches (across pages). */
  matching: number;
  /** The selection is the whole filter already. */
  all: boolean;
  selection: LinkSelection;
  onSelectAll(): void;
  onClear(): void;
  onAction(a: BarAction): void;
  /** Whether the server offers spaces (not in the seed). */
  spaces: boolean;
}) {
  const n = fmt.count;
  return (
    <Paper withBorder p="xs" mb="sm" role="region" aria-label="Selected links" data-testid="bulk-bar">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600} aria-live="polite" data-testid="bulk-count">{n(count)} selected</Text>
          {!all && matching > count ? (
            <Button size="xs" variant="subtle" onClick={onSelectAll}>Select all {n(matching)} matching</Button>
          ) : null}
          <Button size="xs" variant="subtle" color="gray" onClick={onClear}>Clear selection</Button>
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => onAction('disable')}>Disable</Button>
          <Button size="xs" variant="default" onClick={() => onAction('enable')}>Enable</Button>
          {spaces ? <Button size="xs" variant="default" onClick={() => onAction('space')}>Move to space…</Button> : null}
          <Menu position="bottom-end" shadow="md">
            <Menu.Target>
              <Button size="xs" variant="default" rightSection={<IconChevronDown size={12} />}>Expiry</Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => onAction('setExpiry')}>Set expiry…</Menu.Item>
              <Menu.Item onClick={() => onAction('clearExpiry')}>Clear expiry</Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Button size="xs" variant="default" onClick={() => onAction('copy')}>Copy to another instance…</Button>
          <ExportMenu size="xs" label="Export selection" choices={[{ label: 'Selected links', selection }]} />
          <Button size="xs" color="red" variant="light" onClick={() => onAction('delete')}>Delete</Button>
        </Group>
      </Group>
    </Paper>
  );
}
