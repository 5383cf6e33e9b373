// Every toast goes through here: at most three on screen, the newest on top,
// and the same message again folds into the one already showing ("×2")
// instead of piling up over the table.
import { notifications, notificationsStore, type NotificationData } from '@mantine/notifications';
import { defineMessages } from 'react-intl';
import { directionOf } from '../../shared/i18n/locales.ts';
import { getIntl, getLocale } from './i18n/current.ts';
import { plain } from './i18n/plain.ts';

const m = plain(defineMessages({
  again: { id: 'app.notice.again', defaultMessage: 'Again', description: 'Title of a notice without one, shown a second time' },
  repeated: { id: 'app.notice.repeated', defaultMessage: '{title} (×{count, number})', description: 'The same notice shown again: its title and how many times' },
}));

export const MAX_VISIBLE = 3;

/** Where notices appear: opposite the drawer, so bottom left, and bottom right when the language reads right to left. */
export const noticeCorner = () => (directionOf(getLocale()) === 'rtl' ? 'bottom-right' : 'bottom-left');

export interface Notice {
  title?: string;
  message: string;
  /** teal: done; red: failed; none: neutral. */
  color?: 'teal' | 'red' | 'yellow';
  autoClose?: number | false;
}

const idOf = (n: Notice) => {
  const key = `${n.color ?? ''}\u0000${n.title ?? ''}\u0000${n.message}`;
  let h = 5381;
  for (let i = 0; i < key.length; i++) h = ((h * 33) ^ key.charCodeAt(i)) >>> 0;
  return `notice-${h.toString(36)}`;
};

// Mantine orders by priority, then by age; a rising priority puts the newest
// (or the one just repeated) on top.
let order = 0;

export function notify(n: Notice): string {
  const id = idOf(n);
  const existing = notificationsStore.getState().notifications.find((x) => x.id === id);
  const count = existing ? Number(existing['data-count'] ?? 1) + 1 : 1;
  const data: NotificationData = {
    id,
    title: count > 1 ? getIntl().formatMessage(m.repeated, { title: n.title ?? getIntl().formatMessage(m.again), count }) : n.title,
    message: n.message,
    color: n.color,
    autoClose: n.autoClose ?? (n.color === 'red' ? 8000 : 4000),
    priority: ++order,
    'data-count': count,
    'data-testid': 'notice',
    // Decided at each notice: one shown just after a switch of language takes the new language's corner.
    position: noticeCorner(),
  };
  if (existing) notifications.update(data);
  else notifications.show(data);
  // Older ones beyond the limit are dropped, not queued to reappear later.
  notifications.updateState(notificationsStore, (list) =>
    [...list].sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0)).slice(0, MAX_VISIBLE));
  return id;
}
