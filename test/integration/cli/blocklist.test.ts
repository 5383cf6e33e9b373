// `linkdesk blocklist`: manual entries, and URLhaus, PhishTank and hosts-file
// imports of 200,000 entries each, stored as hosts, re-imports replacing their
// source; a running server refuses links to them; `linkdesk import` rejects
// rows naming them.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkdesk, serve, stop, type Served } from '../../helpers/cli.ts';
import { fetch } from '../../helpers/direct-fetch.ts';

const root = mkdtempSync(path.join(tmpdir(), 'linkdesk-blocklist-'));
const dir = path.join(root, 'data');
let key = '';
afterAll(() => rmSync(root, { recursive: true, force: true }));
beforeAll(() => {
  key = linkdesk(['keys', 'create', '--name', 'Ada', '--data-dir', dir]).lastLine;
});

const run = (args: string[]) => linkdesk(['blocklist', ...args, '--data-dir', dir]);
const file = (name: string, text: string) => {
  const p = path.join(root, name);
  writeFileSync(p, text);
  return p;
};
const N = 200_000;

function urlhaus(n: number, prefix: string) {
  const lines = ['################################################################', '# abuse.ch URLhaus Database Dump (CSV)', '#',
    '# id,dateadded,url,url_status,last_online,threat,tags,urlhaus_link,reporter'];
  for (let i = 0; i < n; i++) {
    lines.push(`"${3_000_000 + i}","2026-11-27 10:00:00","http://${prefix}${i}.example:8080/bins/x.sh?a=1,2","online","2026-11-27 10:00:00","malware_download","elf,mozi","https://urlhaus.abuse.ch/url/${i}/","reporter"`);
  }
  lines.push('"9","2026-11-27 10:00:00","https://raw.githubusercontent.com/someone/repo/main/evil.ps1","online","","malware_download","","https://urlhaus.abuse.ch/url/9/","r"');
  lines.push('"10","2026-11-27 10:00:00","http://2130706434/x","online","","malware_download","","https://urlhaus.abuse.ch/url/10/","r"');
  return `${lines.join('\n')}\n`;
}

function phishtank(n: number) {
  const lines = ['phish_id,url,phish_detail_url,submission_time,verified,verification_time,online,target'];
  for (let i = 0; i < n; i++) {
    lines.push(`${8_000_000 + i},https://login-${i}.phish.example/secure/verify.php?id=${i},http://www.phishtank.com/phish_detail.php?phish_id=${i},2026-11-27T10:00:00+00:00,yes,2026-11-27T10:05:00+00:00,yes,Other`);
  }
  lines.push('8999999,https://bit.ly/3xyz,http://www.phishtank.com/phish_detail.php?phish_id=1,2026-11-27T10:00:00+00:00,yes,2026-11-27T10:05:00+00:00,yes,Other');
  return `${lines.join('\n')}\n`;
}

describe('linkdesk blocklist', () => {
  it('adds, lists and removes manual hosts and keywords (canonical: IDN, case, trailing dot)', () => {
    expect(run(['add', 'Evil.COM.', '*.bücher.example', '--note', 'seen in a report']).stdout).toBe('Added 2 hosts.\n');
    expect(run(['add', 'evil.com']).stdout).toBe('Added 0 hosts (1 already listed).\n');
    expect(run(['add', 'casino', '--keyword']).stdout).toBe('Added 1 keyword.\n');
    expect(run(['add', 'http://']).status).toBe(2);
    const list = JSON.parse(run(['list', '--json']).stdout);
    expect(list.entries.map((e: { kind: string; value: string }) => `${e.kind} ${e.value}`)).toEqual(['host evil.com', 'host *.xn--bcher-kva.example', 'keyword casino']);
    expect(run(['remove', '*.bücher.example']).stdout).toBe('Removed 1 host.\n');
    expect(run(['list']).stdout).toContain('host\tevil.com\tseen in a report\n');
  });

  // How long they take is npm run bench:blocklist's to say; here it is printed.
  it(`imports URLhaus and PhishTank CSVs of ${N} entries each as hosts; shared hosts and shorteners skipped`, () => {
    let started = Date.now();
    const u = run(['import', file('urlhaus.csv', urlhaus(N, 'm')), '--format', 'urlhaus']);
    const urlhausMs = Date.now() - started;
    expect(u.status, u.stderr).toBe(0);
    expect(u.stdout).toMatch(new RegExp(`^Imported ${N + 1} hosts from .*urlhaus\\.csv \\(urlhaus; ${N + 2} entries read in [\\d.]+ s; 1 on shared hosts skipped`));
    started = Date.now();
    const p = run(['import', file('phishtank.csv', phishtank(N)), '--format', 'phishtank']);
    const phishtankMs = Date.now() - started;
    expect(p.status, p.stderr).toBe(0);
    expect(p.stdout).toMatch(new RegExp(`^Imported ${N} hosts .*; 1 on shared hosts skipped`));
    console.log(`import of ${N} entries: URLhaus ${urlhausMs} ms, PhishTank ${phishtankMs} ms (whole command)`);
    const counts = JSON.parse(run(['list', '--json']).stdout).counts as { source: string; kind: string; n: number }[];
    expect(counts.find((c) => c.source === 'urlhaus')?.n).toBe(N + 1);
    expect(counts.find((c) => c.source === 'phishtank')?.n).toBe(N);
  });

  it('a re-import of a source replaces that source\'s entries, and only those', () => {
    const u = run(['import', file('urlhaus-2.csv', urlhaus(10, 'n')), '--format', 'urlhaus']);
    expect(u.stdout).toMatch(/^Imported 11 hosts/);
    const counts = JSON.parse(run(['list', '--json']).stdout).counts as { source: string; n: number }[];
    expect(counts.find((c) => c.source === 'urlhaus')?.n).toBe(11);
    expect(counts.find((c) => c.source === 'phishtank')?.n).toBe(N);
  });

  it('imports a hosts file: 0.0.0.0 and 127.0.0.1 lines, several names a line, bare hosts, comments; localhost kept out', () => {
    const h = run(['import', file('hosts', '# a list\n127.0.0.1 localhost\n::1 localhost ip6-localhost\n0.0.0.0 ads.example tracker.example # two\n127.0.0.1\tMALWARE.example.\nbare.example\n\n'), '--format', 'hosts']);
    expect(h.stdout).toMatch(/^Imported 4 hosts/);
    expect(JSON.parse(run(['list', '--source', 'hosts', '--json']).stdout).entries.map((e: { value: string }) => e.value).sort())
      .toEqual(['ads.example', 'bare.example', 'malware.example', 'tracker.example']);
  });

  it('an unknown format is a usage error; a missing file says so', () => {
    expect(run(['import', 'x.csv', '--format', 'spamhaus']).status).toBe(2);
    expect(run(['import', path.join(root, 'none.csv'), '--format', 'hosts']).stderr).toContain('no such file');
  });

  describe('on a running server, and in link imports', () => {
    let server: Served;
    beforeAll(async () => { server = await serve(['--data-dir', dir, '--no-titles', '--no-health-checks']); });
    afterAll(async () => { await stop(server); });
    const create = (url: string) => fetch(`${server.url}/api/v1/links`, {
      method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ url }),
    }).then(async (r) => ({ status: r.status, body: await r.json() as { errors?: Record<string, string[]> } }));

    it('links to imported hosts are refused, whatever the spelling; a host added by the CLI while it runs too', async () => {
      expect((await create('https://LOGIN-123.phish.example./other/page')).body.errors?.url).toEqual(['The url is on the blocklist (host login-123.phish.example).']);
      expect((await create('http://127.0.0.2/')).body.errors?.url).toEqual(['The url is on the blocklist (host 127.0.0.2).']);
      expect((await create('http://tracker.example/')).status).toBe(422);
      expect((await create('https://raw.githubusercontent.com/a/b/c')).status).toBe(201);
      expect((await create('https://later.example/')).status).toBe(201);
      run(['add', 'later.example']);
      await new Promise((r) => setTimeout(r, 1_100));
      expect((await create('https://later.example/x')).status).toBe(422);
    });

    it('linkdesk import rejects the rows whose destination or alias is blocked, and says why', () => {
      const csv = file('links.csv', 'url,alias\nhttps://ok.example/1,ok-1\nhttps://good.com@evil.com/,bad-1\nhttps://ok.example/2,casino-2\n');
      const r = linkdesk(['import', csv, '--user', '1', '--data-dir', dir, '--format', 'csv', '--report', path.join(root, 'report.csv')]);
      expect(r.stdout).toContain('1 created, 0 updated, 0 skipped, 2 rejected');
      const report = readFileSync(path.join(root, 'report.csv'), 'utf8');
      expect(report).toContain('url,The url is on the blocklist (host evil.com).');
      expect(report).toContain('alias,The alias is on the blocklist (keyword casino).');
    });
  });
});
