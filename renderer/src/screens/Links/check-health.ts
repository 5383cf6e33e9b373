// "Check destination now": visits the link's destination and targets at once
// and says what it found.
import type { Link } from '../../../../shared/api-types.ts';
import { call, toIpcError } from '../../api/api.ts';
import { notify } from '../../notify.ts';

export async function checkHealth(link: Link): Promise<Link | null> {
  try {
    const l = await call('links.checkHealth', { id: link.id });
    if (l.health === 'broken') notify({ color: 'red', title: `${l.alias}: destination broken`, message: l.health_detail ?? 'It did not answer as a working page.' });
    else notify({ color: 'teal', title: `${l.alias}: destination OK`, message: 'The destination and its targets answer.' });
    return l;
  } catch (e) {
    notify({ color: 'red', title: `${link.alias} not checked`, message: toIpcError(e).message });
    return null;
  }
}
