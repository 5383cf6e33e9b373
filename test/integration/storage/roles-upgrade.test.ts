// A database of the release before roles and scopes (schema 7, made by that
// release's migrations and with keys stored as its code stored them), on
// SQLite and on PostgreSQL: after the upgrade every key still works with full
// access, the first user is admin and the others are members.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../electron/server/app.ts';
import { openConnection } from '../../../electron/server/db/connection.ts';
import { openStore, DB_FILE } from '../../../electron/server/db/database.ts';
import { migrations } from '../../../electron/server/db/migration-list.ts';
import { migrate } from '../../../electron/server/db/migrations.ts';
import { migratePostgres, openPostgres } from '../../../electron/server/db/postgres.ts';
import { httpUrlOf } from '../../../electron/server/util/address.ts';
import { newApiKey } from '../../../electron/server/util/secrets.ts';
import { startPostgres, type PgCluster } from '../../helpers/postgres.ts';

const RELEASED = migrations.filter((m) => m.version <= 7);
expect(RELEASED.map((m) => m.version)).toEqual([1, 2, 3, 4, 5, 6, 7]);

/** Rows as the schema-7 release's users repository wrote them. */
function oldRows() {
  const at = '2026-01-02T03:04:05Z';
  const keys = [newApiKey(), newApiKey(), newApiKey()];
  return {
    keys: keys.map((k) => k.key),
    statements: [
      ['INSERT INTO users (id, name, created_at) VALUES ($1, $2, $3)', [1, 'owner', at]],
      ['INSERT INTO users (id, name, created_at) VALUES ($1, $2, $3)', [2, 'bob', at]],
      ...keys.map((k, i) => ['INSERT INTO api_keys (user_id, prefix, hash, created_at, last_used_at, revoked_at) VALUES ($1, $2, $3, $4, NULL, NULL)',
        [i === 2 ? 2 : 1, k.prefix, k.hash, at]]),
    ] as [string, unknown[]][],
  };
}

let cluster: PgCluster;
beforeAll(async () => { cluster = await startPostgres(); }, 60_000);
afterAll(() => cluster?.stop());

describe.each(['sqlite', 'postgres'] as const)('upgrading %s from the release before roles', (engine) => {
  let url: string;
  let keys: string[];
  let close: () => Promise<void>;

  beforeAll(async () => {
    const rows = oldRows();
    keys = rows.keys;
    const dir = mkdtempSync(path.join(tmpdir(), 'linkdesk-roles-upgrade-'));
    let store;
    if (engine === 'sqlite') {
      const old = openConnection(path.join(dir, DB_FILE), { foreignKeys: true });
      migrate(old, RELEASED);
      for (const [text, params] of rows.statements) old.prepare(text.replace(/\$\d+/g, '?')).run(...params);
      old.close();
      store = openStore(dir);
    } else {
      const dbUrl = cluster.createDatabase('roles_upgrade');
      const client = new pg.Client({ connectionString: dbUrl });
      await client.connect();
      await migratePostgres(client, RELEASED);
      for (const [text, params] of rows.statements) await client.query(text, params);
      // Identity columns move on as they did when the release inserted the rows itself.
      await client.query("SELECT setval(pg_get_serial_sequence('users', 'id'), 2)");
      await client.end();
      store = await openPostgres(dbUrl);
    }
    const app = await buildApp({ store, config: { dataDir: dir, fetchTitles: false, healthChecks: false, rateLimit: 0 }, webhooks: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    url = httpUrlOf(app.server.address() as AddressInfo);
    close = async () => {
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    };
  });
  afterAll(() => close?.());

  const api = async (key: string, method: string, p: string, json?: unknown) => {
    const r = await fetch(`${url}/api/v1${p}`, {
      method, headers: { authorization: `Bearer ${key}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    return { status: r.status, body: await r.json() as any };
  };

  it('makes the first user admin and the others members', async () => {
    const users = (await api(keys[0]!, 'GET', '/users')).body.data;
    expect(users.map((u: { name: string; role: string; status: string }) => [u.name, u.role, u.status])).toEqual([['owner', 'admin', 'active'], ['bob', 'member', 'active']]);
  });

  it('keeps every key working with full access to every resource', async () => {
    for (const [i, key] of keys.entries()) {
      const who = `key ${i}`;
      const domain = await api(key, 'POST', '/domains', { name: `up${i}-${engine}.example` });
      expect(domain.status, who).toBe(201);
      const link = await api(key, 'POST', '/links', { url: 'https://example.com/up', domain_id: domain.body.data.id });
      expect(link.status, who).toBe(201);
      expect((await api(key, 'PATCH', `/links/${link.body.data.id}`, { url: 'https://example.com/up2' })).status, who).toBe(200);
      expect((await api(key, 'POST', '/spaces', { name: 'S' })).status, who).toBe(201);
      expect((await api(key, 'POST', '/pixels', { name: 'P', type: 'x', pixel_id: 'p' })).status, who).toBe(201);
      expect((await api(key, 'POST', '/webhooks', { url: `https://hooks.example/up${i}`, events: ['link.created'] })).status, who).toBe(201);
      expect((await api(key, 'GET', `/stats/${link.body.data.id}`)).status, who).toBe(200);
      expect((await api(key, 'GET', '/stats')).status, who).toBe(200);
      expect((await api(key, 'DELETE', `/links/${link.body.data.id}`)).status, who).toBe(200);
      const current = (await api(key, 'GET', '/keys/current')).body.data;
      expect(current).toMatchObject({ expires_at: null, domain_id: null, status: 'active' });
    }
    // Full access for an admin includes administration; a member's stops short of it.
    expect((await api(keys[0]!, 'GET', '/keys/current')).body.data.scopes)
      .toEqual(['links:write', 'domains:write', 'spaces:write', 'pixels:write', 'stats:write', 'webhooks:write', 'admin']);
    expect((await api(keys[1]!, 'GET', '/audit')).status).toBe(200);
    expect((await api(keys[2]!, 'GET', '/keys/current')).body.data.scopes)
      .toEqual(['links:write', 'domains:write', 'spaces:write', 'pixels:write', 'stats:write', 'webhooks:write']);
    expect((await api(keys[2]!, 'GET', '/users')).body).toEqual({ message: 'This key lacks the admin scope.', status: 403 });
  });
});
