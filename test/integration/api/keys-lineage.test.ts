// A key cannot outgrow its maker: it creates, changes and revokes only keys no
// broader than itself (scopes, domain, expiry), narrows keys through PATCH,
// and revoking a key can revoke every key it made. Both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let clock = Date.parse('2030-01-01T00:00:00Z');
beforeAll(async () => { s = await startServer({ rateLimit: 0 }, { webhooks: false, now: () => clock }); });
afterAll(async () => { await s.close(); });

const HOUR = 3_600_000;
const at = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

interface Made { id: number; key: string }
async function makeKey(body: Record<string, unknown>, by: string = s.key): Promise<Made> {
  const r = await s.api('POST', '/keys', { key: by, json: body });
  expect(r.status, r.text).toBe(201);
  return { id: r.body.data.id, key: r.body.data.key };
}
const show = async (id: number) => (await s.api('GET', `/keys/${id}`)).body.data;

describe('lineage', () => {
  it('GET /keys says which key made which; keys made on the host say null', async () => {
    const child = await makeKey({ name: 'child' });
    const grandchild = await makeKey({ name: 'grandchild' }, child.key);
    const listed = (await s.api('GET', '/keys?per_page=100')).body.data as { id: number; created_by_key_id: number | null; current: boolean }[];
    const byId = new Map(listed.map((k) => [k.id, k.created_by_key_id]));
    const own = listed.find((k) => k.current)!;
    expect(byId.get(own.id)).toBeNull();
    expect(byId.get(child.id)).toBe(own.id);
    expect(byId.get(grandchild.id)).toBe(child.id);
    expect((await show(grandchild.id)).created_by_key_id).toBe(child.id);
  });
});
