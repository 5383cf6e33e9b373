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
import type { AppCommand, OpenTarget } from '../../../shared/native.ts';

export const PROTOCOL = 'linkdesk';
const MAX_LENGTH = 2048;
const SCREENS = ['dashboard', 'links', 'domains', 'spaces', 'pixels', 'instances', 'settings'] as const;
const INSTANCE_ID = /^[A-Za-z0-9_-]{1,100}$/;
const LINK_ID = /^[1-9]\d{0,14}$/;

export type DeepLinkResult = { ok: true; target: OpenTarget } | { ok: false; message: string };

const refuse = (why: string): DeepLinkResult => ({ ok: false, message: `Linkdesk ignored a linkdesk:// address: ${why}` });

export function parseDeepLink(raw: unknown): DeepLinkResult {
  if (typeof raw !== 'string') return refuse('it was not text.');
  if (raw.length > MAX_LENGTH) return refuse(`it is longer than ${MAX_LENGTH} characters.`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s\\]/.test(raw)) return refuse('it holds spaces, control characters or backslashes.');
  const m = /^linkdesk:(?:\/\/)?([^?#]*)(?:\?([^#]*))?(?:#.*)?$/i.exec(raw);
  if (!m) return refuse('it does not start with linkdesk://.');
  const [, rawPath = '', rawQuery] = m;
  if (/[%@:]/.test(rawPath)) return refuse('its path holds characters no Linkdesk address uses.');
  const parts = rawPath.split('/');
  if (parts.at(-1) === '') parts.pop(); // one trailing slash is harmless
  if (parts.some((p) => p === '')) return refuse('its path has an empty part.');

  let instanceId: string | null = null;
  if (rawQuery !== undefined && rawQuery !== '') {
    const params = new URLSearchParams(rawQuery);
    const keys = [...params.keys()];
    if (keys.some((k) => k !== 'instance')) return refuse(`it has a parameter Linkdesk does not know (${keys.find((k) => k !== 'instance')!.slice(0, 30)}).`);
    const values = params.getAll('instance');
    if (values.length > 1) return refuse('it names more than one instance.');
    // `??` reads as a query with no parameter at all (URLSearchParams drops one leading `?`).
    if (values.length === 0) return refuse('its query names no instance.');
    if (!INSTANCE_ID.test(values[0]!)) return refuse('its instance id is not one Linkdesk makes.');
    instanceId = values[0]!;
  }
  const open = (target: Omit<OpenTarget, 'instanceId'>, id: string | null = instanceId): DeepLinkResult => ({ ok: true, target: { instanceId: id, ...target } });

  // Words are read in any case; ids exactly as written.
  const [first, second, third, ...rest] = parts.map((p, i) => (i === 1 ? p : p.toLowerCase()));
  if (rest.length) return refuse('its path is longer than any Linkdesk address.');
  if (first === undefined || (first === 'open' && second === undefined)) return open({ screen: null, linkId: null });
  if (first === 'links' && second !== undefined) {
    if (!LINK_ID.test(second)) return refuse('a link is named by its number, like linkdesk://links/42.');
    if (third === undefined) return open({ screen: 'links', linkId: Number(second) });
    if (third === 'stats') return open({ screen: 'stats', linkId: Number(second) });
    return refuse(`a link has no "${third.slice(0, 30)}" page.`);
  }
  if (first === 'instances' && second !== undefined) {
    if (third !== undefined) return refuse('an instance address ends after its id.');
    if (!INSTANCE_ID.test(second)) return refuse('its instance id is not one Linkdesk makes.');
    if (instanceId !== null && instanceId !== second) return refuse('it names two different instances.');
    return open({ screen: 'links', linkId: null }, second);
  }
  const screen = SCREENS.find((s) => s === first);
  if (screen && second === undefined) return open({ screen, linkId: null });
  return refuse(`Linkdesk has no "${first.slice(0, 30)}" page.`);
}

/** The linkdesk:// address among a process's arguments (Windows and Linux pass it there), if any. */
export function deepLinkInArgv(argv: readonly string[]): string | null {
  return argv.find((a) => /^linkdesk:/i.test(a)) ?? null;
}

/** What the window is told to do for an address that parsed. */
export const openCommand = (target: OpenTarget): AppCommand => ({ type: 'open', target });
