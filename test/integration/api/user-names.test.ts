// A user's name shows as what it is and names one user: control characters
// and text-direction controls (U+202E makes `admin\u202Etoor` read "adminroot")
// are 422 naming `name`, and a name that differs from another only in case
// (ROOT beside root) is refused with the user it clashes with. Both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

const HIDDEN = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200F', '\u0007', '\n', '\u001B', '\u0085'];
const HIDDEN_MESSAGE = 'The name may not contain control characters or text-direction controls (U+202A-U+202E, U+2066-U+2069).';

let s: TestServer;
let bob: number;
beforeAll(async () => {
  s = await startServer({ rateLimit: 0 }, { webhooks: false });
  bob = (await s.api('POST', '/users', { json: { name: 'bob' } })).body.data.id;
});
afterAll(async () => s?.close());

const names = async () => ((await s.api('GET', '/users?per_page=100')).body.data as { name: string }[]).map((u) => u.name).sort();

describe('user names', () => {
  it('with a control character or a direction control are 422 naming name, on create and rename', async () => {
    const before = await names();
    for (const c of HIDDEN) {
      for (const [method, path] of [['POST', '/users'], ['PATCH', `/users/${bob}`]] as const) {
        const r = await s.api(method, path, { json: { name: `admin${c}toor` } });
        expect(r.status, `${method} U+${c.codePointAt(0)!.toString(16)} → ${r.text}`).toBe(422);
        expect(r.body).toEqual({ message: { name: [HIDDEN_MESSAGE] }, errors: { name: [HIDDEN_MESSAGE] }, status: 422 });
      }
    }
    // Form bodies are read the same way.
    expect((await s.api('POST', '/users', { form: { name: 'eve\u202Egnp.exe' } })).body.errors).toEqual({ name: [HIDDEN_MESSAGE] });
    expect(await names()).toEqual(before);
    // Letters of any script stay welcome.
    expect((await s.api('POST', '/users', { json: { name: 'Zoë עברית 名前' } })).status).toBe(201);
  });

  it('that differ from another only in case are refused, and say whose name it is', async () => {
    const before = await names();
    for (const twin of ['OWNER', 'Owner', 'ｏｗｎｅｒ']) {
      const r = await s.api('POST', '/users', { json: { name: twin } });
      expect(r.status).toBe(422);
      expect(r.body.errors.name).toEqual([`A user named owner exists already (user 1); ${twin} differs only in case, and names are unique whatever their case.`]);
    }
    const renamed = await s.api('PATCH', `/users/${bob}`, { json: { name: 'Owner' } });
    expect(renamed.status).toBe(422);
    expect(renamed.body.message.name[0]).toMatch(/^A user named owner exists already \(user 1\)/);
    expect(await names()).toEqual(before);
    // A user may change the case of its own name.
    const own = await s.api('PATCH', `/users/${bob}`, { json: { name: 'Bob' } });
    expect(own.status, own.text).toBe(200);
    expect(own.body.data.name).toBe('Bob');
    expect((await s.api('POST', '/users', { json: { name: 'bob' } })).body.errors.name[0]).toMatch(/^A user named Bob exists already/);
  });
});
