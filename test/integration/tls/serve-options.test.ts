// The DNS status's settings as an operator gives them to `linkdesk serve`:
// from an env file (comma-separated lists) or flags, listed by --help, and a
// mistake named by the option or variable it came from.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { linkdesk, serve, stop } from '../../helpers/cli.ts';
import { missing, startDnsmasq } from './tools.ts';
import { fetch } from '../../helpers/direct-fetch.ts';

const data = mkdtempSync(path.join(tmpdir(), 'linkdesk-dns-options-'));
afterAll(() => rmSync(data, { recursive: true, force: true }));
const dd = ['--data-dir', data, '--no-titles', '--no-health-checks'];

describe('serve options of the DNS status', () => {
  it('--help lists them with their variables', () => {
    const help = linkdesk(['serve', '--help']).stdout;
    for (const v of ['--public-address IP', 'LINKDESK_PUBLIC_ADDRESS (comma-separated)', '--public-cname NAME', 'LINKDESK_PUBLIC_CNAME',
      '--dns-servers LIST', 'LINKDESK_DNS_SERVERS', '--tls-ask-from CIDR', 'LINKDESK_TLS_ASK_FROM']) expect(help).toContain(v);
  });

  it('a mistake is a usage error naming the flag or the variable', () => {
    const flag = linkdesk(['serve', ...dd, '--public-address', 'edge.example.com']);
    expect(flag.status).toBe(2);
    expect(flag.stderr).toContain('--public-address: "edge.example.com" is not an IP address');
    const variable = linkdesk(['serve', ...dd], { env: { ...process.env, LINKDESK_DATA_DIR: data, LINKDESK_DNS_SERVERS: 'dns.example:53' } });
    expect(variable.status).toBe(2);
    expect(variable.stderr).toContain('LINKDESK_DNS_SERVERS: "dns.example:53" is not an IP address with an optional port');
    const cname = linkdesk(['serve', ...dd, '--public-cname', 'https://edge.example.com/']);
    expect(cname.status).toBe(2);
    expect(cname.stderr).toContain('--public-cname: "https://edge.example.com/" is not a host name');
  });

  it.skipIf(missing('dnsmasq').length)('from the environment: comma-separated addresses, a CNAME in any case with its dot, a DNS server with its port (skips where Debian\'s dnsmasq is not installed)', async () => {
    const key = linkdesk(['keys', 'create', '--name', 'admin', '--data-dir', data]).lastLine;
    const dns = await startDnsmasq({ 'v6.example.test': '::1' });
    const env = { ...process.env, LINKDESK_DATA_DIR: data, LINKDESK_PUBLIC_ADDRESS: '203.0.113.7, 0:0:0:0:0:0:0:1', LINKDESK_PUBLIC_CNAME: 'Edge.Example.COM.', LINKDESK_DNS_SERVERS: dns.server };
    const s = await serve(['--no-titles', '--no-health-checks'], { env });
    try {
      const headers = { authorization: `Bearer ${key}` };
      const made = await (await fetch(`${s.url}/api/v1/domains`, { method: 'POST', headers, body: new URLSearchParams({ name: 'v6.example.test' }) })).json() as any;
      const d = (await (await fetch(`${s.url}/api/v1/domains/${made.data.id}/dns`, { headers })).json() as any).data;
      expect(d).toMatchObject({ records: { a: [], aaaa: ['::1'] }, expected: { addresses: ['203.0.113.7', '::1'], cname: 'edge.example.com' }, status: 'ok' });
    } finally {
      await stop(s);
      await dns.stop();
    }
  });
});
