// The catalog check (npm run i18n:check, scripts/i18n.mjs), run as the test
// command runs it, on a small tree of its own that each case breaks one way:
// it must fail and name the problem. And on the real tree: English is what the
// source says, and no catalog has an unused entry or broken ICU.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const SCRIPT = path.resolve(import.meta.dirname, '../../../scripts/i18n.mjs');
const REPO = path.resolve(import.meta.dirname, '../../..');
const OTHERS = ['de', 'fr', 'es', 'pt-BR', 'it', 'nl', 'pl', 'tr', 'ja', 'zh-Hans', 'ar'];

const SOURCE = `import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
const m = defineMessages({
  title: { id: 'app.demo.title', defaultMessage: 'Links' },
  count: { id: 'app.demo.count', defaultMessage: '{count, plural, one {# link} other {# links}} in {space}' },
});
export function Demo() {
  const intl = useIntl();
  return <p title={intl.formatMessage(m.title)}>{intl.formatMessage(m.count, { count: 2, space: 'x' })}
    <FormattedMessage id="app.demo.state" defaultMessage="{state, select, on {<b>On</b>} other {Off}}" /></p>;
}
`;
const TRANSLATED: Record<string, string> = {
  'app.demo.count': '{count, plural, one {# Link} other {# Links}} in {space}',
  'app.demo.state': '{state, select, on {<b>An</b>} other {Aus}}',
  'app.demo.title': 'Links',
};

let root: string;
const catalogs = () => path.join(root, 'renderer/src/i18n/messages');
const run = (cmd: 'check' | 'extract') => {
  const r = spawnSync(process.execPath, [SCRIPT, cmd, '--root', root], { encoding: 'utf8' });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
};
const edit = (locale: string, change: (c: Record<string, string>) => void) => {
  const file = path.join(catalogs(), `${locale}.json`);
  const c = JSON.parse(readFileSync(file, 'utf8'));
  change(c);
  writeFileSync(file, JSON.stringify(c, null, 2));
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'i18n-check-'));
  mkdirSync(catalogs(), { recursive: true });
  writeFileSync(path.join(root, 'renderer/src/Demo.tsx'), SOURCE);
  for (const l of OTHERS) writeFileSync(path.join(catalogs(), `${l}.json`), JSON.stringify(TRANSLATED, null, 2));
  expect(run('extract').code).toBe(0);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('npm run i18n:check', () => {
  it('passes on complete catalogs, extracting English from the source (keys sorted)', () => {
    const r = run('check');
    expect(r.out).toContain('server: no electron/server/i18n/messages yet, skipped');
    expect(r.code, r.out).toBe(0);
    expect(readFileSync(path.join(catalogs(), 'en.json'), 'utf8')).toBe(
      '{\n  "app.demo.count": "{count, plural, one {# link} other {# links}} in {space}",\n'
      + '  "app.demo.state": "{state, select, on {<b>On</b>} other {Off}}",\n  "app.demo.title": "Links"\n}\n');
  });

  it('fails on a message missing from a catalog', () => {
    edit('de', (c) => { delete c['app.demo.title']; });
    const r = run('check');
    expect(r.code).toBe(1);
    expect(r.out).toContain('renderer/src/i18n/messages/de.json: 1 missing: app.demo.title');
  });

  it('fails on a catalog that is not there at all', () => {
    rmSync(path.join(catalogs(), 'ja.json'));
    const r = run('check');
    expect(r.code).toBe(1);
    expect(r.out).toContain('renderer/src/i18n/messages/ja.json: missing (3 messages to translate)');
  });

  it('fails on a catalog entry nothing uses', () => {
    edit('fr', (c) => { c['app.demo.gone'] = 'Parti'; });
    const r = run('check');
    expect(r.code).toBe(1);
    expect(r.out).toContain('fr.json: app.demo.gone is not used by any source');
  });

  it('fails on an ICU syntax error', () => {
    edit('es', (c) => { c['app.demo.count'] = '{count, plural, one {# enlace} other {# enlaces} en {space}'; });
    const r = run('check');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/es\.json: app\.demo\.count: ICU syntax error/);
  });

  it('fails on a translation whose arguments differ from English (a renamed argument, a lost tag, a new select key)', () => {
    edit('ja', (c) => { c['app.demo.count'] = '{n, plural, other {#件のリンク}}（{space}）'; });
    edit('ar', (c) => { c['app.demo.state'] = '{state, select, on {مفعّل} other {معطّل}}'; });
    edit('tr', (c) => { c['app.demo.state'] = '{state, select, on {<b>Açık</b>} off {Kapalı} other {Kapalı}}'; });
    const r = run('check');
    expect(r.code).toBe(1);
    expect(r.out).toContain('ja.json: app.demo.count has arguments {n, plural} {space} where English has {count, plural} {space}');
    expect(r.out).toMatch(/ar\.json: app\.demo\.state has arguments .* where English has <b>/);
    expect(r.out).toMatch(/tr\.json: app\.demo\.state has arguments <b> \{state, select, off on other\} where English has <b> \{state, select, on other\}/);
  });

  it('accepts a language\'s own plural categories (Polish few/many, Japanese other only)', () => {
    edit('pl', (c) => { c['app.demo.count'] = '{count, plural, one {# link} few {# linki} many {# linków} other {# linku}} w {space}'; });
    edit('ja', (c) => { c['app.demo.count'] = '{count, plural, other {#件のリンク}}（{space}）'; });
    expect(run('check').code).toBe(0);
  });

  it('fails when en.json no longer matches the source (a message edited without extracting)', () => {
    writeFileSync(path.join(root, 'renderer/src/Demo.tsx'), SOURCE.replace("defaultMessage: 'Links'", "defaultMessage: 'Short links'"));
    const r = run('check');
    expect(r.code).toBe(1);
    expect(r.out).toContain('en.json: differs from extraction (run npm run i18n:extract): app.demo.title differs from the source');
  });
});

describe('the real tree', () => {
  it('has an en.json for the app that is exactly what the source extracts, and no unused entry or broken ICU in any catalog', () => {
    const r = spawnSync(process.execPath, [SCRIPT, 'check', '--root', REPO], { encoding: 'utf8' });
    const problems = `${r.stderr}`.split('\n').filter((l) => l.startsWith('  - '));
    // Translations still to come are listed as missing; nothing else may be wrong.
    expect(problems.filter((p) => !/: missing \(\d+ messages to translate\)$|: \d+ missing: /.test(p))).toEqual([]);
  });
});
