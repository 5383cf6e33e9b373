// linkdesk:// addresses, which any web page or other program can hand to the
// app: read strictly, and anything that is not exactly one of the forms below
// is refused with a sentence, never half-acted on.
//
//   linkdesk://links/42                 a link (its editor on the Links screen)
//   linkdesk://links/42/stats           a link's statistics
//   linkdesk://instances/<instance id>  switch to an instance
//   linkdesk://<screen>                 dashboard, links, domains, spaces, pixels, instances, settings
//   linkdesk:// (or linkdesk://open)    just bring the app forward
// Any of them may add ?instance=<instance id> to switch first.
import { defineMessages, type MessageDescriptor } from '@formatjs/intl';
import type { AppCommand, OpenTarget } from '../../../shared/native.ts';
import { t } from '../i18n/current.ts';

export const PROTOCOL = 'linkdesk';
const MAX_LENGTH = 2048;
const SCREENS = ['dashboard', 'links', 'domains', 'spaces', 'pixels', 'instances', 'settings'] as const;
const INSTANCE_ID = /^[A-Za-z0-9_-]{1,100}$/;
const LINK_ID = /^[1-9]\d{0,14}$/;

export type DeepLinkResult = { ok: true; target: OpenTarget } | { ok: false; message: string };

// Why an address was ignored, in the user's language (ids, pages and parameters quoted as written).
const dm = defineMessages({
  ignored: { id: 'desktop.deepLink.ignored', defaultMessage: 'Linkdesk ignored a linkdesk:// address: {reason}', description: 'reason: one of the desktop.deepLink.* sentences' },
  notText: { id: 'desktop.deepLink.notText', defaultMessage: 'it was not text.' },
  tooLong: { id: 'desktop.deepLink.tooLong', defaultMessage: 'it is longer than {max, number} characters.' },
  spaces: { id: 'desktop.deepLink.spaces', defaultMessage: 'it holds spaces, control characters or backslashes.' },
  scheme: { id: 'desktop.deepLink.scheme', defaultMessage: 'it does not start with linkdesk://.' },
  pathChars: { id: 'desktop.deepLink.pathChars', defaultMessage: 'its path holds characters no Linkdesk address uses.' },
  emptyPart: { id: 'desktop.deepLink.emptyPart', defaultMessage: 'its path has an empty part.' },
  unknownParam: { id: 'desktop.deepLink.unknownParam', defaultMessage: 'it has a parameter Linkdesk does not know ({param}).' },
  twoInstances: { id: 'desktop.deepLink.twoInstances', defaultMessage: 'it names more than one instance.' },
  noInstance: { id: 'desktop.deepLink.noInstance', defaultMessage: 'its query names no instance.' },
  badInstanceId: { id: 'desktop.deepLink.badInstanceId', defaultMessage: 'its instance id is not one Linkdesk makes.' },
  pathTooLong: { id: 'desktop.deepLink.pathTooLong', defaultMessage: 'its path is longer than any Linkdesk address.' },
  linkNumber: { id: 'desktop.deepLink.linkNumber', defaultMessage: 'a link is named by its number, like linkdesk://links/42.' },
  noLinkPage: { id: 'desktop.deepLink.noLinkPage', defaultMessage: 'a link has no "{page}" page.' },
  instanceEnds: { id: 'desktop.deepLink.instanceEnds', defaultMessage: 'an instance address ends after its id.' },
  differentInstances: { id: 'desktop.deepLink.differentInstances', defaultMessage: 'it names two different instances.' },
  noPage: { id: 'desktop.deepLink.noPage', defaultMessage: 'Linkdesk has no "{page}" page.' },
});
const refuse = (why: MessageDescriptor, values?: Record<string, string | number>): DeepLinkResult =>
  ({ ok: false, message: t().formatMessage(dm.ignored as MessageDescriptor, { reason: t().formatMessage(why, values) }) });

export function parseDeepLink(raw: unknown): DeepLinkResult {
  if (typeof raw !== 'string') return refuse(dm.notText);
  if (raw.length > MAX_LENGTH) return refuse(dm.tooLong, { max: MAX_LENGTH });
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s\\]/.test(raw)) return refuse(dm.spaces);
  const m = /^linkdesk:(?:\/\/)?([^?#]*)(?:\?([^#]*))?(?:#.*)?$/i.exec(raw);
  if (!m) return refuse(dm.scheme);
  const [, rawPath = '', rawQuery] = m;
  if (/[%@:]/.test(rawPath)) return refuse(dm.pathChars);
  const parts = rawPath.split('/');
  if (parts.at(-1) === '') parts.pop(); // one trailing slash is harmless
  if (parts.some((p) => p === '')) return refuse(dm.emptyPart);

  let instanceId: string | null = null;
  if (rawQuery !== undefined && rawQuery !== '') {
    const params = new URLSearchParams(rawQuery);
    const keys = [...params.keys()];
    if (keys.some((k) => k !== 'instance')) return refuse(dm.unknownParam, { param: keys.find((k) => k !== 'instance')!.slice(0, 30) });
    const values = params.getAll('instance');
    if (values.length > 1) return refuse(dm.twoInstances);
    // `??` reads as a query with no parameter at all (URLSearchParams drops one leading `?`).
    if (values.length === 0) return refuse(dm.noInstance);
    if (!INSTANCE_ID.test(values[0]!)) return refuse(dm.badInstanceId);
    instanceId = values[0]!;
  }
  const open = (target: Omit<OpenTarget, 'instanceId'>, id: string | null = instanceId): DeepLinkResult => ({ ok: true, target: { instanceId: id, ...target } });

  // Words are read in any case; ids exactly as written.
  const [first, second, third, ...rest] = parts.map((p, i) => (i === 1 ? p : p.toLowerCase()));
  if (rest.length) return refuse(dm.pathTooLong);
  if (first === undefined || (first === 'open' && second === undefined)) return open({ screen: null, linkId: null });
  if (first === 'links' && second !== undefined) {
    if (!LINK_ID.test(second)) return refuse(dm.linkNumber);
    if (third === undefined) return open({ screen: 'links', linkId: Number(second) });
    if (third === 'stats') return open({ screen: 'stats', linkId: Number(second) });
    return refuse(dm.noLinkPage, { page: third.slice(0, 30) });
  }
  if (first === 'instances' && second !== undefined) {
    if (third !== undefined) return refuse(dm.instanceEnds);
    if (!INSTANCE_ID.test(second)) return refuse(dm.badInstanceId);
    if (instanceId !== null && instanceId !== second) return refuse(dm.differentInstances);
    return open({ screen: 'links', linkId: null }, second);
  }
  const screen = SCREENS.find((s) => s === first);
  if (screen && second === undefined) return open({ screen, linkId: null });
  return refuse(dm.noPage, { page: first.slice(0, 30) });
}

/** The linkdesk:// address among a process's arguments (Windows and Linux pass it there), if any. */
export function deepLinkInArgv(argv: readonly string[]): string | null {
  return argv.find((a) => /^linkdesk:/i.test(a)) ?? null;
}

/** What the window is told to do for an address that parsed. */
export const openCommand = (target: OpenTarget): AppCommand => ({ type: 'open', target });
