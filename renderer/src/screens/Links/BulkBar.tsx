// Shown while links are selected: how many, "Select all M matching" (the
// filter, across pages), and what can be done to them. Each action asks
// first in its own modal, then shows the job's progress.
import { Button, Group, Menu, Paper, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { LinkSelection } from '../../../../shared/transfer.ts';
import { IconChevronDown } from '../../components/Icons/Icons.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import type { BulkKind } from './BulkActionModal.tsx';

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
  const intl = useIntl();
  return (
    <Paper withBorder p="xs" mb="sm" role="region" aria-label={intl.formatMessage({ id: 'app.links.bulk.region', defaultMessage: 'Selected links' })} data-testid="bulk-bar">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600} aria-live="polite" data-testid="bulk-count"><FormattedMessage id="app.links.bulk.selected" defaultMessage="{count, number} selected" values={{ count }} /></Text>
          {!all && matching > count ? (
            <Button size="xs" variant="subtle" onClick={onSelectAll}>
              <FormattedMessage id="app.links.bulk.selectAll" defaultMessage="Select all {count, number} matching" values={{ count: matching }} />
            </Button>
          ) : null}
          <Button size="xs" variant="subtle" color="gray" onClick={onClear}><FormattedMessage id="app.links.bulk.clear" defaultMessage="Clear selection" /></Button>
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => onAction('disable')}><FormattedMessage id="app.links.bulk.disable.confirm" defaultMessage="Disable" /></Button>
          <Button size="xs" variant="default" onClick={() => onAction('enable')}><FormattedMessage id="app.links.bulk.enable.confirm" defaultMessage="Enable" /></Button>
          {spaces ? <Button size="xs" variant="default" onClick={() => onAction('space')}><FormattedMessage id="app.links.bulk.moveToSpace" defaultMessage="Move to space…" /></Button> : null}
          <Menu position="bottom-end" shadow="md">
            <Menu.Target>
              <Button size="xs" variant="default" rightSection={<IconChevronDown size={12} />}><FormattedMessage id="app.links.bulk.expiry" defaultMessage="Expiry" /></Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => onAction('setExpiry')}><FormattedMessage id="app.links.bulk.setExpiry.menu" defaultMessage="Set expiry…" /></Menu.Item>
              <Menu.Item onClick={() => onAction('clearExpiry')}><FormattedMessage id="app.links.bulk.clearExpiry.confirm" defaultMessage="Clear expiry" /></Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Button size="xs" variant="default" onClick={() => onAction('copy')}><FormattedMessage id="app.links.bulk.copy" defaultMessage="Copy to another instance…" /></Button>
          <ExportMenu size="xs" label={intl.formatMessage({ id: 'app.links.bulk.export', defaultMessage: 'Export selection' })}
            choices={[{ label: intl.formatMessage({ id: 'app.links.bulk.export.selected', defaultMessage: 'Selected links' }), selection }]} />
          <Button size="xs" color="red" variant="light" onClick={() => onAction('delete')}><FormattedMessage id="app.links.bulk.delete.confirm" defaultMessage="Delete" /></Button>
        </Group>
      </Group>
    </Paper>
  );
}
