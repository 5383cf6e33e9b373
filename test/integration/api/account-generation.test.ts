// GET /account says which phpShort generation the server reads a link request
// that says neither in (`--api-generation`), so a client (the desktop app) can
// show what `password` means there; the OpenAPI document declares the field.
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

const servers: TestServer[] = [];
afterEach(async () => { while (servers.length) await servers.pop()!.close(); });
const start = async (...args: Parameters<typeof startServer>) => {
  const s = await startServer(...args);
  servers.push(s);
  return s;
};

describe('GET /account api_generation', () => {
  it('is seed by default, and a link given only password has a redirect password', async () => {
    const s = await start();
    const r = await s.api('GET', '/account');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ name: 'owner', api_generation: 'seed' });
    const link = await s.api('POST', '/links', { form: { url: 'https://example.com/a', password: 'pw1' } });
    expect(link.body.data).toMatchObject({ redirect_password: true, privacy_password: false });
  });

  it('is current under --api-generation current, and a link given only password has a statistics password', async () => {
    const s = await start({ apiGeneration: 'current' });
    expect((await s.api('GET', '/account')).body.data).toMatchObject({ name: 'owner', api_generation: 'current' });
    const link = await s.api('POST', '/links', { form: { url: 'https://example.com/a', password: 'pw1' } });
    expect(link.body.data).toMatchObject({ redirect_password: false, privacy_password: true });
  });

  it('is declared in the OpenAPI Account schema as seed or current, and required', async () => {
    const s = await start();
    const doc = await (await fetch(`${s.url}/api/v1/openapi.json`)).json() as {
      components: { schemas: { Account: { properties: Record<string, { enum?: string[] }>; required?: string[] } } };
    };
    const account = doc.components.schemas.Account;
    expect(account.properties.api_generation?.enum).toEqual(['seed', 'current']);
    expect(account.required).toContain('api_generation');
  });
});
