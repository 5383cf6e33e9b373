// From a validated link body (and the stored link, on update) to the columns to
// write: the cross-field rules of DESIGN.md live here, one place for create and update.
import { RESERVED_ALIASES } from '../../../shared/constants.ts';
import type { ApiGeneration } from '../config.ts';
import type { LinkRule } from '../../../shared/schemas/link-rules.ts';
import type { LinkCreateInput, LinkUpdateInput, PeriodAt } from '../../../shared/schemas/links.ts';
import type { LinkRow, LinkWrite, LinksRepository } from '../db/repositories/links-repository.ts';
import { hashPassword, randomBase62 } from '../util/secrets.ts';
import { utcToZoned, wallTimeExists, zonedToUtc } from '../util/time.ts';
import { ApiError, invalid } from './errors.ts';
import { refuseNewLegacyOs, targetingColumns } from './link-targets.ts';
import type { AbuseChecker } from '../abuse/checker.ts';

export { parseTargets, type TargetEntry, type Targets } from './link-targets.ts';

/** An update body, or a create body (bulk's on_conflict=update applies one to the link holding its alias). */
type LinkInput = Omit<LinkUpdateInput, 'alias'> & { alias?: string | null };

interface Context {
  userId: number;
  links: LinksRepository;
  timeZone: string;
  /** How passwords are hashed; a bulk request hashes each distinct password once (an import gives many links one). */
  hash?: (password: string) => Promise<string>;
  /** `--api-generation`: how a request of neither generation reads `password` (default seed). */
  generation?: ApiGeneration;
  /** The blocklist: a body whose destinations or alias it names is a 422 (absent: not checked). */
  abuse?: AbuseChecker;
}

/** A hash function that hashes each distinct password once (scrypt takes tens of milliseconds; bulk writes share passwords). */
export function hashEachOnce(): (password: string) => Promise<string> {
  const hashes = new Map<string, Promise<string>>();
  return (password) => {
    if (!hashes.has(password)) hashes.set(password, hashPassword(password));
    return hashes.get(password)!;
  };
}

export const PREVIEW_FIELDS = ['preview_title', 'preview_description', 'preview_image'] as const;

async function checkOwned(ctx: Context, table: 'domains' | 'spaces' | 'pixels', field: string, ids: number[]) {
  if ((await ctx.links.foreignIds(ctx.userId, table, ids)).length) throw invalid(field, `The selected ${field} is invalid.`);
}

async function checkAlias(ctx: Context, domainId: number | null, alias: string, exceptId?: number) {
  if ((RESERVED_ALIASES as readonly string[]).includes(alias.toLowerCase())) throw invalid('alias', `The alias "${alias}" is reserved.`);
  if (await ctx.links.aliasTaken(domainId, alias, exceptId)) throw invalid('alias', 'The alias has already been taken.');
}

async function freshAlias(ctx: Context, domainId: number | null): Promise<string> {
  for (;;) {
    const alias = randomBase62(6);
    if (!(await ctx.links.aliasTaken(domainId, alias))) return alias;
  }
}

/**
 * A date of the active period as the instant it names and the wall clock (date, HH:MM) of the
 * instance's zone the link stores. Without an offset it is that zone's wall clock: a time the
 * zone skips (a DST gap) is refused, one it passes twice is the first. Seconds count; fractions do not.
 */
function periodInstant(field: string, at: PeriodAt, timeZone: string): { utc: number; date: string; time: string } {
  if (at.offset === null) {
    if (!wallTimeExists(at.date, at.time, timeZone)) {
      throw invalid(field, `The ${field} ${at.date} ${at.time.slice(0, 5)} does not exist in ${timeZone}: the clocks skip it (daylight saving time).`);
    }
    return { utc: zonedToUtc(at.date, at.time, timeZone), date: at.date, time: at.time.slice(0, 5) };
  }
  const [y, m, d] = at.date.split('-').map(Number) as [number, number, number];
  const [hh, mi, ss] = at.time.split(':').map(Number) as [number, number, number];
  const utc = Date.UTC(y, m - 1, d, hh, mi, ss) - at.offset * 60_000;
  const wall = utcToZoned(utc, timeZone);
  return { utc, date: wall.slice(0, 10), time: wall.slice(11, 16) };
}

/** A rule may keep a legacy operating system the link's stored rules name; none may add one (link-targets.ts). */
function keepLegacyOnly(rules: NonNullable<LinkUpdateInput['rules']>, storedRules: string | null) {
  const kept = new Set<string>();
  if (storedRules) for (const r of JSON.parse(storedRules) as LinkRule[]) for (const os of r.if.operating_systems ?? []) kept.add(os);
  rules.forEach((r, i) => r.if.operating_systems?.forEach((os) => refuseNewLegacyOs(`rules.${i}.if.operating_systems`, os, kept)));
}

/**
 * A rule's `between` ends are wall clocks of the instance's zone (the schema cannot know which):
 * one the clocks skip is refused where it is typed. A stored one is read by util/time.ts as the
 * first instant after the skip (redirect/rules.ts).
 */
function refuseSkippedBetween(rules: LinkRule[], timeZone: string) {
  rules.forEach((r, i) => {
    for (const end of ['from', 'to'] as const) {
      const v = r.if.between?.[end];
      if (v && !wallTimeExists(v.slice(0, 10), v.slice(11, 16), timeZone)) {
        throw invalid(`rules.${i}.if.between.${end}`, `The ${end} ${v} of rule ${i + 1} does not exist in ${timeZone}: the clocks skip it (daylight saving time).`);
      }
    }
  });
}

/** Shared by create and update: everything but url, domain and alias. */
async function commonColumns(ctx: Context, input: LinkInput, stored: LinkRow | undefined): Promise<LinkWrite> {
  const out: LinkWrite = {};
  const hash = ctx.hash ?? hashPassword;
  const { link: linkPassword, stats: statsPassword } = passwordsOf(input as LinkUpdateInput, ctx.generation ?? 'seed', stored);
  if (linkPassword !== undefined) out.password_hash = linkPassword === null ? null : await hash(linkPassword);
  if (statsPassword !== undefined) out.privacy_password_hash = statsPassword === null ? null : await hash(statsPassword);
  if (input.privacy !== undefined) out.privacy = input.privacy;
  const privacy = input.privacy ?? stored?.privacy ?? 0;
  const hasPrivacyPassword = out.privacy_password_hash !== undefined ? out.privacy_password_hash !== null : !!stored?.privacy_password_hash;
  if (privacy === 2 && !hasPrivacyPassword) {
    throw invalid('privacy_password', 'The privacy_password field is required when privacy is 2 (password).');
  }
  if (input.disabled !== undefined) out.disabled = input.disabled;
  if (input.space_id !== undefined) {
    if (input.space_id !== null) await checkOwned(ctx, 'spaces', 'space_id', [input.space_id]);
    out.space_id = input.space_id;
  }
  if (input.expiration_url !== undefined) out.expiration_url = input.expiration_url;
  // clicks_limit is current phpShort's name for expiration_clicks; sent together, clicks_limit wins.
  const clicksLimit = input.clicks_limit !== undefined ? input.clicks_limit : input.expiration_clicks;
  // 0 is no limit (phpShort's min:0), stored as none.
  if (clicksLimit !== undefined) out.expiration_clicks = clicksLimit === 0 ? null : clicksLimit;
  for (const f of PREVIEW_FIELDS) if (input[f] !== undefined) out[f] = input[f];
  if (input.sensitive_content !== undefined) out.sensitive_content = input.sensitive_content;
  if (input.rules !== undefined) {
    keepLegacyOnly(input.rules ?? [], stored?.rules ?? null);
    refuseSkippedBetween(input.rules ?? [], ctx.timeZone);
    out.rules = input.rules === null || !input.rules.length ? null : JSON.stringify(input.rules);
  }

  // Expiration date and time (active_period_end_at is both at once, and wins): the time needs a date; ends_at follows both.
  const end = input.active_period_end_at;
  const endAt = end ? periodInstant('active_period_end_at', end, ctx.timeZone) : end;
  const sentDate = end !== undefined ? endAt?.date ?? null : input.expiration_date;
  const sentTime = end !== undefined ? endAt?.time ?? null : input.expiration_time;
  const date = sentDate !== undefined ? sentDate : stored?.expiration_date ?? null;
  let time = sentTime !== undefined ? sentTime : stored?.expiration_time ?? null;
  if (date === null && time !== null) {
    if (sentTime) throw invalid('expiration_time', 'The expiration_time needs an expiration_date.');
    time = null;
  }
  if (sentDate !== undefined || sentTime !== undefined) {
    out.expiration_date = date;
    out.expiration_time = time;
    out.ends_at = endAt ? endAt.utc : date === null ? null : zonedToUtc(date, time ?? '00:00', ctx.timeZone);
  }
  const start = input.active_period_start_at;
  if (start !== undefined) out.starts_at = start === null ? null : periodInstant('active_period_start_at', start, ctx.timeZone).utc;
  // required_with (StoreLinkRequest.php:75-76): on a create, an end in phpShort's spelling needs its start.
  // (A start alone stays Linkdesk's "active from": its app and its exports write one.)
  if (!stored && end && !start) {
    throw invalid('active_period_start_at', 'The active_period_start_at field is required when active_period_end_at is present.');
  }
  const startsAt = out.starts_at !== undefined ? out.starts_at : stored?.starts_at ?? null;
  const endsAt = out.ends_at !== undefined ? out.ends_at : stored?.ends_at ?? null;
  if ((start !== undefined || end !== undefined) && startsAt !== null && endsAt !== null && startsAt >= endsAt) {
    // before:/after: (StoreLinkRequest.php:75-76) fail on both fields of the pair sent.
    const message = 'The active_period_end_at must be after the active_period_start_at.';
    const fields = [start ? 'active_period_start_at' : null, end ? 'active_period_end_at' : null].filter((f) => f !== null);
    throw new ApiError(422, message, Object.fromEntries((fields.length ? fields : ['active_period_end_at']).map((f) => [f, [message]])));
  }

  Object.assign(out, targetingColumns(input, stored));
  return out;
}

/** Fields only current phpShort (4.6 on, migration v46) has, and fields only the seed's generation has. */
const CURRENT_ONLY = ['targets_type', 'targets', 'redirect_password', 'clicks_limit', 'active_period_start_at', 'active_period_end_at', 'sensitive_content'] as const;
const SEED_ONLY = ['target_type', 'country', 'platform', 'language', 'rotation', 'expiration_clicks', 'expiration_date', 'expiration_time', 'privacy_password'] as const;

/**
 * The generation a request speaks: current when it carries a field only
 * current phpShort has (also when it carries the seed's too), the seed's when
 * it carries one only the seed has, else the instance's `--api-generation`.
 */
function generationOf(input: LinkUpdateInput, fallback: ApiGeneration): ApiGeneration {
  if (CURRENT_ONLY.some((f) => input[f] !== undefined)) return 'current';
  if (SEED_ONLY.some((f) => input[f] !== undefined)) return 'seed';
  return fallback;
}

/**
 * Which password `password` is (README, "Passwords"; phpShort's v46 migration
 * renamed password to redirect_password and privacy_password to password):
 * the redirect's in the seed's generation, the statistics page's in the
 * current one. `privacy_password`, sent too, is the statistics password
 * either way. One rescue: a request of neither family that sets privacy=2
 * with a password, where no statistics password is sent or stored, reads
 * `password` as the statistics password, the one reading that is not a 422.
 */
function passwordsOf(input: LinkUpdateInput, fallback: ApiGeneration, stored: LinkRow | undefined): { link: string | null | undefined; stats: string | null | undefined } {
  let generation = generationOf(input, fallback);
  if (generation === 'seed' && input.privacy === 2 && input.password && input.privacy_password === undefined && !stored?.privacy_password_hash
    && !SEED_ONLY.some((f) => input[f] !== undefined)) generation = 'current';
  if (generation === 'seed') return { link: input.password, stats: input.privacy_password };
  return { link: input.redirect_password, stats: input.privacy_password !== undefined ? input.privacy_password : input.password };
}

export async function createColumns(ctx: Context, input: LinkCreateInput) {
  const checked = await ctx.abuse?.refuse(input);
  const domainId = input.domain_id ?? input.domain ?? null;
  if (domainId !== null) await checkOwned(ctx, 'domains', 'domain_id', [domainId]);
  const pixelIds = [...new Set(input.pixel_ids ?? [])];
  if (pixelIds.length) await checkOwned(ctx, 'pixels', 'pixel_ids', pixelIds);
  const columns = await commonColumns(ctx, input, undefined);
  let alias: string;
  if (input.alias) {
    await checkAlias(ctx, domainId, input.alias);
    alias = input.alias;
  } else {
    alias = await freshAlias(ctx, domainId);
  }
  // A threat list that could not be asked: stored, and due for the scheduled re-check first.
  if (checked === 'due') columns.abuse_check_due = Date.now();
  return { columns: { ...columns, url: input.url, alias, domain_id: domainId }, pixelIds };
}

export async function updateColumns(ctx: Context, input: LinkInput, stored: LinkRow) {
  // Only what the body sends: its fields are the ones a 422 can name.
  const checked = await ctx.abuse?.refuse(input);
  const columns = await commonColumns(ctx, input, stored);
  if (checked === 'due') columns.abuse_check_due = Date.now();
  else if (checked === 'checked' && stored.abuse_check_due != null) columns.abuse_check_due = null;
  if (input.url !== undefined) columns.url = input.url;
  if (input.alias) {
    if (input.alias !== stored.alias) await checkAlias(ctx, stored.domain_id, input.alias, stored.id);
    columns.alias = input.alias;
  }
  let pixelIds: number[] | undefined;
  if (input.pixel_ids !== undefined) {
    pixelIds = [...new Set(input.pixel_ids)];
    await checkOwned(ctx, 'pixels', 'pixel_ids', pixelIds);
  }
  return { columns, pixelIds };
}
