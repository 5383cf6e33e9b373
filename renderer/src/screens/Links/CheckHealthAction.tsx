// "Check now": visits the link's destination and targets at once, spins while
// it does, and says what it found.
import { ActionIcon, Tooltip } from '@mantine/core';
import { useState } from 'react';
import type { Link } from '../../../../shared/api-types.ts';
import { call, toIpcError } from '../../api/api.ts';
import { IconRefresh } from '../../components/Icons/Icons.tsx';
import { notify } from '../../notify.ts';

export function CheckHealthAction({ link, onChecked }: { link: Link; onChecked(l: Link): void }) {
  const [busy, setBusy] = useState(false);
  const check = async () => {
    setBusy(true);
    try {
      const l = await call('links.checkHealth', { id: link.id });
      if (l.health === 'broken') notify({ color: 'red', title: `${l.alias}: destination broken`, message: l.health_detail ?? 'It did not answer as a working page.' });
      else notify({ color: 'teal', title: `${l.alias}: destination OK`, message: 'The destination and its targets answer.' });
      onChecked(l);
    } catch (e) {
      notify({ color: 'red', title: `${link.alias} not checked`, message: toIpcError(e).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip label="Check now">
      <ActionIcon variant="subtle" aria-label={`Check the destination of ${link.alias} now`} loading={busy} onClick={() => void check()}>
        <IconRefresh />
      </ActionIcon>
    </Tooltip>
  );
}
