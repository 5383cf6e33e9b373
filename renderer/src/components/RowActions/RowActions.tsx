// A table row's icon buttons: Edit first, Delete last, anything else between.
// Each has a tooltip for sighted users and an aria-label naming its row.
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { IconEdit, IconTrash } from '../Icons/Icons.tsx';

export function RowAction({ tip, label, icon, onClick, color }: {
  tip: string; label: string; icon: ReactNode; onClick(): void; color?: string;
}) {
  return <Tooltip label={tip}><ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick}>{icon}</ActionIcon></Tooltip>;
}

export function RowActions({ name, onEdit, onDelete, gap = 4, children }: {
  name: string; onEdit(): void; onDelete(): void; gap?: number; children?: ReactNode;
}) {
  const intl = useIntl();
  return (
    <Group gap={gap} wrap="nowrap">
      <RowAction tip={intl.formatMessage({ id: 'app.rowActions.edit', defaultMessage: 'Edit' })}
        label={intl.formatMessage({ id: 'app.rowActions.editNamed', defaultMessage: 'Edit {name}', description: 'Screen-reader label of a row\'s edit button; name: the row\'s name' }, { name })} icon={<IconEdit />} onClick={onEdit} />
      {children}
      <RowAction tip={intl.formatMessage({ id: 'app.common.delete', defaultMessage: 'Delete' })}
        label={intl.formatMessage({ id: 'app.rowActions.deleteNamed', defaultMessage: 'Delete {name}', description: 'Screen-reader label of a row\'s delete button; name: the row\'s name' }, { name })} icon={<IconTrash />} onClick={onDelete} color="red" />
    </Group>
  );
}
