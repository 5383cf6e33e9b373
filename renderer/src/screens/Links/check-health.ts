// "Check destination now": visits the link's destination and targets at once
// and says what it found.
import type { Link } from '../../../../shared/api-types.ts';
import { call, toIpcError } from '../../api/api.ts';
import { defineMessages } from 'react-intl';
import { getIntl } from '../../i18n/current.ts';
import { plain } from '../../i18n/plain.ts';
import { notify } from '../../notify.ts';

const m = plain(defineMessages({
  broken: { id: 'app.links.check.broken', defaultMessage: '{alias}: destination broken' },
  brokenWhy: { id: 'app.links.check.broken.message', defaultMessage: 'It did not answer as a working page.' },
  ok: { id: 'app.links.check.ok', defaultMessage: '{alias}: destination OK' },
  okWhy: { id: 'app.links.check.ok.message', defaultMessage: 'The destination and its targets answer.' },
  failed: { id: 'app.links.check.failed', defaultMessage: '{alias} not checked' },
}));

export async function checkHealth(link: Link): Promise<Link | null> {
  const intl = getIntl();
  try {
    const l = await call('links.checkHealth', { id: link.id });
    if (l.health === 'broken') notify({ color: 'red', title: intl.formatMessage(m.broken, { alias: l.alias }), message: l.health_detail ?? intl.formatMessage(m.brokenWhy) });
    else notify({ color: 'teal', title: intl.formatMessage(m.ok, { alias: l.alias }), message: intl.formatMessage(m.okWhy) });
    return l;
  } catch (e) {
    notify({ color: 'red', title: intl.formatMessage(m.failed, { alias: link.alias }), message: toIpcError(e).message });
    return null;
  }
}
