// `linkdesk serve --language` / LINKDESK_LANGUAGE and `--messages` / LINKDESK_MESSAGES (issue 45): the visitor pages'
// default language and the operator's own wording, taken from a flag or the environment; a wrong language is a usage
// mistake naming the accepted tags, a wrong messages file stops the start naming the file, the locale and the id.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { linkdesk, serve, stop } from '../../helpers/cli.ts';
import { fetch } from '../../helpers/direct-fetch.ts';

const work = mkdtempSync(path.join(tmpdir(), 'linkdesk-serve-lang-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let n = 0;
const envWith = (vars: Record<string, string>): NodeJS.ProcessEnv => ({ ...process.env, LINKDESK_DATA_DIR: path.join(work, `d${++n}`), ...vars });
const file = (name: string, content: unknown) => {
  const f = path.join(work, name);
  writeFileSync(f, JSON.stringify(content));
  return f;
};

describe('serve in a language', () => {
  it('names the accepted tags for a language it does not speak, from the flag or the variable (exit 2)', () => {
    const flag = linkdesk(['serve', '--language', 'klingon'], { env: envWith({}) });
    expect(flag.status).toBe(2);
    expect(flag.stderr).toContain('--language: must be one of en, de, fr, es, pt-BR, it, nl, pl, tr, ja, zh-Hans, ar, not "klingon"');
    const env = linkdesk(['serve'], { env: envWith({ LINKDESK_LANGUAGE: 'pt-PT' }) });
    expect(env.status).toBe(2);
    expect(env.stderr).toContain('LINKDESK_LANGUAGE: must be one of en, de, fr, es, pt-BR, it, nl, pl, tr, ja, zh-Hans, ar, not "pt-PT"');
    expect(linkdesk(['serve', '--help']).stdout).toMatch(/--language TAG[\s\S]*env: LINKDESK_LANGUAGE[\s\S]*--messages FILE[\s\S]*env: LINKDESK_MESSAGES/);
  });

  it('refuses to start with a messages file whose id no page uses (exit 1, naming file, locale and id)', () => {
    const bad = file('bad.json', { nl: { 'page.consent.heding': 'Meten toestaan?' } });
    const r = linkdesk(['serve', '--port', '0', '--messages', bad], { env: envWith({}) });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`--messages: ${bad}: locale "nl", id "page.consent.heding": no page uses this message id`);
    expect(r.stdout).not.toContain('listening');
  });

  it('serves the default language and the operator\'s wording from LINKDESK_LANGUAGE and LINKDESK_MESSAGES', async () => {
    const own = file('own.json', { nl: { 'page.notFound.title': 'Deze korte link bestaat niet' } });
    const s = await serve([], { env: envWith({ LINKDESK_LANGUAGE: 'NL', LINKDESK_MESSAGES: own }) });
    try {
      const page = await fetch(`${s.url}/nope`, { headers: { 'accept-language': 'sw' } });
      expect(page.status).toBe(404);
      expect(page.headers.get('content-language')).toBe('nl');
      const text = await page.text();
      expect(text).toContain('<html lang="nl" dir="ltr">');
      expect(text).toContain('<h1>Deze korte link bestaat niet</h1>');
      expect((await (await fetch(`${s.url}/nope`, { headers: { 'accept-language': 'ja' } })).text())).toContain('<html lang="ja" dir="ltr">');
    } finally {
      await stop(s);
    }
  });
});
