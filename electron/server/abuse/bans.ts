// Bans (issue 44, part B): what happens to a link that matches. A banned link
// keeps its row; `banned_at` is set and the redirect answers a page instead
// (redirect/banned-page.ts). The ban columns are in the change feed (migration
// 17), so every node's cache drops the link at once. Each ban and lift is an
// audit entry (`link.ban`, `link.unban`, `host.ban`), a row of `ban_events`
// (its reason: the audit log keeps field names only), and a webhook event to
// the link's owner (`link.banned`, `link.unbanned`) carrying the link.
import { sql, type Kysely } from 'kysely';
import type { BanSource, Link } from '../../../shared/api-types.ts';
import type { Repositories, WebhookContext } from '../api/context.ts';
import { serializeLink, type UrlContext } from '../api/serializers.ts';
import type { DB } from '../db/schema.ts';
import { linkOnHost } from './ban-hosts.ts';

/** Who did it, for the audit log; `system` is the scheduled re-check. */
export interface BanActor { userId: number | null; keyPrefix: string | null; source: 'api' | 'cli' | 'system'; ip: string | null }
export const SYSTEM_ACTOR: BanActor = { userId: null, keyPrefix: null, source: 'system', ip: null };

export interface BanInput { reason: string; legal?: boolean; source: BanSource }

export interface BansDeps {
  db: Kysely<DB>;
  engine: 'sqlite' | 'postgres';
  repos: Repositories;
  webhooks: Pick<WebhookContext, 'emit'>;
  urls(): UrlContext;
  now(): number;
}

/** Links read per step of a host ban's scan. */
const SCAN = 500;

/** A field name for the audit log (names, never values): short and printable. */
const named = (k: string, v: string) => `${k}=${v.replace(/[^\w.-]/g, '?').slice(0, 64)}`;

export function createBans(d: BansDeps) {
  const owner = (id: number) => d.db.selectFrom('links').select(['id', 'user_id', 'banned_at']).where('id', '=', id).executeTakeFirst();
  const linkJson = async (userId: number, id: number): Promise<Link | null> => {
    const l = await d.repos.links.find(userId, id);
    return l ? serializeLink(d.urls(), l, d.now()) : null;
  };
  const audit = (actor: BanActor, entries: { action: string; targetType: string; targetId: number | null; fields: string[] }[], at: number) =>
    d.repos.audit.recordAll(entries.map((e) => ({ ...actor, ...e, fields: [...e.fields].sort() })), at);

  /** Sets the ban on `ids` (those not banned yet, unless `again`); the ids it set. */
  async function write(ids: number[], b: BanInput, by: number | null, at: number, again: boolean): Promise<number[]> {
    if (!ids.length) return [];
    return d.db.transaction().execute(async (t) => {
      let q = t.updateTable('links').set({ banned_at: at, ban_reason: b.reason, ban_legal: b.legal ? 1 : 0, ban_source: b.source }).where('id', 'in', ids);
      if (!again) q = q.where('banned_at', 'is', null);
      const done = (await q.returning('id').execute()).map((r) => r.id);
      if (done.length) {
        await t.insertInto('ban_events').values(done.map((link_id) => ({
          link_id, action: 'ban', reason: b.reason, legal: b.legal ? 1 : 0, source: b.source, user_id: by, at,
        }))).execute();
      }
      return done;
    });
  }

  async function announce(ids: number[], event: 'link.banned' | 'link.unbanned', extra: Record<string, unknown> = {}) {
    for (const id of ids) {
      const o = await owner(id);
      const data = o ? await linkJson(o.user_id, id) : null;
      if (o && data) await d.webhooks.emit(o.user_id, event, { ...data, ...extra });
    }
  }

  return {
    db: d.db,
    /**
     * Bans one link (again when banned already: the newer reason replaces the older). The link's JSON as it is now,
     * or null when there is no such link.
     */
    async banLink(linkId: number, b: BanInput, actor: BanActor): Promise<Link | null> {
      const o = await owner(linkId);
      if (!o) return null;
      const at = d.now();
      await write([linkId], b, actor.userId, at, true);
      // The link's open reports are answered by the ban (the reports queue lists them as acted on).
      await d.repos.reports.actionLink(linkId, actor.userId, at);
      await audit(actor, [{ action: 'link.ban', targetType: 'link', targetId: linkId, fields: ['reason', 'legal', named('source', b.source)] }], at);
      await announce([linkId], 'link.banned');
      return linkJson(o.user_id, linkId);
    },

    /** Lifts a ban: null when there is no such link, 'not-banned' when it has none. */
    async liftBan(linkId: number, reason: string, actor: BanActor): Promise<Link | null | 'not-banned'> {
      const o = await owner(linkId);
      if (!o) return null;
      if (o.banned_at === null) return 'not-banned';
      const at = d.now();
      const lifted = await d.db.transaction().execute(async (t) => {
        const r = await t.updateTable('links').set({ banned_at: null, ban_reason: null, ban_legal: 0, ban_source: null })
          .where('id', '=', linkId).where('banned_at', 'is not', null).returning('id').executeTakeFirst();
        if (r) await t.insertInto('ban_events').values({ link_id: linkId, action: 'unban', reason, legal: 0, source: 'admin', user_id: actor.userId, at }).execute();
        return r !== undefined;
      });
      if (!lifted) return 'not-banned';
      await audit(actor, [{ action: 'link.unban', targetType: 'link', targetId: linkId, fields: ['reason'] }], at);
      await announce([linkId], 'link.unbanned', { ban_lifted: { at: new Date(at).toISOString(), reason } });
      return linkJson(o.user_id, linkId);
    },

    /**
     * Bans every link, of every user, with any destination (url, expiration_url, targets, rule URLs) on `host` or a
     * subdomain, and remembers the host (`banned_hosts`, with its reason) and puts it on the blocklist so no new link may point there. `host` as bannableHost() gives it.
     */
    async banHost(host: string, b: { reason: string; legal?: boolean }, actor: BanActor): Promise<{ id: number; links: number[] }> {
      const at = d.now();
      const row = await d.db.insertInto('banned_hosts').values({ host, reason: b.reason, legal: b.legal ? 1 : 0, created_at: at })
        .onConflict((oc) => oc.column('host').doUpdateSet({ reason: b.reason, legal: b.legal ? 1 : 0 })).returning('id').executeTakeFirstOrThrow();
      // Candidates by text, then each destination parsed as a browser would. The text holds the host (in any case)
      // unless it is spelled in a way a browser rewrites: percent-encoded, non-ASCII (IDN, full-width letters, 。),
      // or for an IDN or IP host in another form: those links are all parsed.
      const like = `%${host.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const text = sql<string>`lower(links.url || ' ' || coalesce(links.expiration_url, '') || ' ' || links.targets || ' ' || coalesce(links.rules, ''))`;
      const odd = d.engine === 'postgres' ? sql<boolean>`${text} ~ '[^ -~]|%'` : sql<boolean>`(${text} GLOB '*[^ -~]*' OR instr(${text}, '%') > 0)`;
      const everyLink = /(^|\.)xn--|^[\d.]+$|^\[/.test(host);
      const hits: number[] = [];
      for (let after = 0; ;) {
        let q = d.db.selectFrom('links').select(['id', 'url', 'expiration_url', 'targets', 'rules']).where('id', '>', after);
        if (!everyLink) q = q.where(sql<boolean>`(${text} LIKE ${like} ESCAPE '\\' OR ${odd})`);
        const rows = await q.orderBy('id').limit(SCAN).execute();
        for (const l of rows) if (linkOnHost(l, host)) hits.push(l.id);
        if (rows.length < SCAN) break;
        after = rows[rows.length - 1]!.id;
      }
      // No new link may point there: the host joins the admins' blocklist (every node's checker reloads it).
      await d.repos.blocklist.add('host', [`*.${host}`], `banned host: ${b.reason}`.slice(0, 500), at);
      const banned = [];
      for (let i = 0; i < hits.length; i += SCAN) banned.push(...await write(hits.slice(i, i + SCAN), { ...b, source: 'host' }, actor.userId, at, false));
      for (const id of banned) await d.repos.reports.actionLink(id, actor.userId, at);
      await audit(actor, [
        { action: 'host.ban', targetType: 'host', targetId: row.id, fields: ['reason', 'legal', named('host', host)] },
        ...banned.map((id) => ({ action: 'link.ban', targetType: 'link', targetId: id, fields: ['reason', 'legal', 'source=host', `host_ban=${row.id}`] })),
      ], at);
      await announce(banned, 'link.banned');
      return { id: row.id, links: banned };
    },
  };
}
export type Bans = ReturnType<typeof createBans>;
