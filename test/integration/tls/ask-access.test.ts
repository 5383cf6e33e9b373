// Who may ask /.well-known/linkdesk/tls-allowed: loopback and the
// --trust-proxy addresses by default; --tls-ask-from (or LINKDESK_TLS_ASK_FROM,
// comma-separated) adds more. Anyone else gets 403, so the ask cannot be used
// from outside to learn which names are this instance's domains. The
// requests come from this machine's own non-loopback address, to a
// `linkdesk serve` listening on all addresses.
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkdesk, serve, stop } from '../../helpers/cli.ts';
import { fetch } from '../../helpers/direct-fetch.ts';

const own = Object.values(networkInterfaces()).flat().find((i) => i && !i.internal && i.family === 'IPv4')?.address;
const suite = own ? describe : describe.skip;
const data = mkdtempSync(path.join(tmpdir(), 'linkdesk-ask-'));
afterAll(() => rmSync(data, { recursive: true, force: true }));

suite(`who may ask for certificates${own ? '' : ' (skipped: this machine has no non-loopback IPv4 address)'}`, () => {
  beforeAll(() => {
    const key = linkdesk(['keys', 'create', '--name', 'admin', '--data-dir', data]).lastLine;
    expect(key).toMatch(/^ldk_/);
  });
  const dd = ['--data-dir', data, '--no-titles', '--no-health-checks', '--host', '0.0.0.0'];

  /** The ask's status from loopback and from this machine's other address. */
  async function answers(args: string[], env?: NodeJS.ProcessEnv) {
    const s = await serve([...dd, ...args], env ? { env: { ...process.env, ...env } } : {});
    try {
      const port = new URL(s.url).port;
      const from = async (host: string) => (await fetch(`http://${host}:${port}/.well-known/linkdesk/tls-allowed?domain=unknown.example`)).status;
      return { loopback: await from('127.0.0.1'), other: await from(own!) };
    } finally {
      await stop(s);
    }
  }

  it('by default only loopback: another address gets 403', async () => {
    expect(await answers([])).toEqual({ loopback: 404, other: 403 });
  });

  it('--tls-ask-from and LINKDESK_TLS_ASK_FROM add addresses and ranges', async () => {
    expect(await answers(['--tls-ask-from', '10.0.0.0/8', '--tls-ask-from', `${own}/32`])).toEqual({ loopback: 404, other: 404 });
    expect(await answers([], { LINKDESK_TLS_ASK_FROM: `10.0.0.0/8, ${own}` })).toEqual({ loopback: 404, other: 404 });
    expect(await answers(['--tls-ask-from', '10.0.0.0/8'])).toEqual({ loopback: 404, other: 403 });
  });

  it('a --trust-proxy address may ask (HAProxy between Caddy and the nodes)', async () => {
    expect(await answers(['--trust-proxy', own!])).toEqual({ loopback: 404, other: 404 });
  });

  it('a --tls-ask-from that is no address is a usage error naming the option', () => {
    const r = linkdesk(['serve', ...dd, '--tls-ask-from', 'caddy.internal']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--tls-ask-from: "caddy.internal" is not an address or CIDR range');
  });
});
