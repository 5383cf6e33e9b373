// The calls behind Users & keys, My keys and Activity, through the real
// handler table against a real server: what an admin and a member get, the
// key's expiry for the instance list, the audit CSV, and a seed-only server.
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from '../../shared/api-types.ts';
import type { CsvFile, KeyInfo } from '../../shared/contract.ts';
import type { ApiKey, ApiKeyCreated, AuditEntry, User } from '../../shared/schemas/admin.ts';
import { startSeedOnlyServer } from '../helpers/seed-only-server.ts';
import { startServer } from '../helpers/server.ts';
import { type Cleanups, ok, testDesktop } from './helpers.ts';

const cleanups: Cleanups = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function world() {
  const server = await startServer({ rateLimit: 0 }, { webhooks: false });
  cleanups.push(() => server.close());
  const d = await testDesktop(cleanups);
  const admin = (await ok<{ id: string }>(d.invoke('instances.add', { name: 'Admin', baseUrl: server.url, apiKey: server.key }))).id;
  await ok(d.invoke('instances.select', { id: admin }));
  return { server, d, admin };
}

describe('users, keys and activity through the app', () => {
  it('lets an admin create a user and a scoped key shown once, then revoke it; the audit log shows each step', async () => {
    const { d } = await world();
    const user = await ok<User>(d.invoke('users.create', { data: { name: 'Maria' } }));
    expect(user).toMatchObject({ name: 'Maria', role: 'member', status: 'active', links_count: 0 });
    const made = await ok<ApiKeyCreated>(d.invoke('keys.create', { data: { user_id: user.id, name: 'reports', scopes: ['links:read', 'stats:read'] } }));
    expect(made.key).toMatch(/^ldk_/);
    const listed = await ok<Page<ApiKey>>(d.invoke('keys.list', { query: { user_id: user.id } }));
    expect(listed.data.map((k) => k.scopes)).toEqual([['links:read', 'stats:read']]);
    expect(JSON.stringify(listed)).not.toContain(made.key.slice(12));
    expect(await ok(d.invoke('keys.revoke', { id: made.id }))).toEqual({ id: made.id, object: 'key', deleted: true, revoked_ids: [made.id], status: 200 });
    const entries = await ok<Page<AuditEntry>>(d.invoke('audit.list', { query: { per_page: 10 } }));
    expect(entries.data.map((e) => e.action).slice(0, 3)).toEqual(['key.revoke', 'key.create', 'user.create']);
    const csv = await ok<CsvFile>(d.invoke('audit.export', { query: { action: 'key.create' } }));
    expect(csv).toMatchObject({ mime: 'text/csv', rows: 1, name: expect.stringMatching(/^linkdesk-audit-\d{4}-\d{2}-\d{2}\.csv$/) });
    expect(csv.content).not.toContain(made.key);
    expect(await ok<Page<User>>(d.invoke('users.list', { query: { role: 'member' } }))).toMatchObject({ meta: { total: 1 } });
    const refused = await d.invoke('users.delete', { id: (await ok<ApiKey>(d.invoke('keys.current', {}))).user.id });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'conflict', message: expect.stringContaining('last active admin') } });
  });

  it('gives a member its own keys and a forbidden answer, naming the scope, for users and the audit log', async () => {
    const { server, d } = await world();
    const member = await server.newUserKey('member');
    const id = (await ok<{ id: string }>(d.invoke('instances.add', { name: 'Member', baseUrl: server.url, apiKey: member }))).id;
    await ok(d.invoke('instances.select', { id }));
    for (const call of ['users.list', 'audit.list'] as const) {
      expect(await d.invoke(call, { query: {} })).toMatchObject({ ok: false, error: { kind: 'forbidden', message: 'This key lacks the admin scope.', status: 403 } });
    }
    const own = await ok<Page<ApiKey>>(d.invoke('keys.list', { query: {} }));
    expect(own.data.map((k) => k.user.name)).toEqual(['member']);
    expect((await ok<KeyInfo>(d.invoke('instances.keyInfo', { id }))).scopes).not.toContain('admin');
  });

  it('tells the instance list about a key that expires within 14 days', async () => {
    const { server, d } = await world();
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const later = new Date(Date.now() + 40 * 86_400_000).toISOString();
    const add = async (expires: string) => {
      const k = (await server.api('POST', '/keys', { json: { expires_at: expires } })).body.data.key;
      return (await ok<{ id: string }>(d.invoke('instances.add', { name: expires, baseUrl: server.url, apiKey: k }))).id;
    };
    expect(await ok<KeyInfo>(d.invoke('instances.keyInfo', { id: await add(soon) }))).toMatchObject({ expiresSoon: true, daysLeft: 9 });
    expect(await ok<KeyInfo>(d.invoke('instances.keyInfo', { id: await add(later) }))).toMatchObject({ expiresSoon: false, daysLeft: 39 });
  });

  it('answers unsupported for users, keys and the audit log on a seed-only server', async () => {
    const seed = await startSeedOnlyServer({ notFound: 'html' });
    cleanups.push(() => seed.close());
    const d = await testDesktop(cleanups);
    const id = (await ok<{ id: string }>(d.invoke('instances.add', { name: 'Seed', baseUrl: seed.url, apiKey: seed.key }))).id;
    await ok(d.invoke('instances.select', { id }));
    for (const [call, args] of [['users.list', { query: {} }], ['keys.list', { query: {} }], ['keys.current', {}], ['audit.list', { query: {} }],
      ['audit.export', { query: {} }], ['keys.revoke', { id: 1 }], ['users.update', { id: 1, data: { name: 'x' } }]] as const) {
      expect(await d.invoke(call, args), call).toMatchObject({ ok: false, error: { kind: 'unsupported' } });
    }
  });
});
