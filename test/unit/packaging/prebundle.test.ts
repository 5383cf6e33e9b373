// scripts/prebundle.mjs: kysely and zod bundled into a file each, loaded in their place by the checkout's
// `linkdesk` and the test workers, only while built from the installed versions.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, no types
import { prebundle } from '../../../scripts/prebundle.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const script = pathToFileURL(path.join(root, 'scripts/prebundle.mjs')).href;
let base: string;
const cache = () => path.join(base, 'node_modules/.cache/linkdesk-prebundle');

/** What a Node process in `base` gets for each import, with the bundles in use when `hook`. */
function probe(hook: boolean) {
  const code = `${hook ? `const { usePrebundled } = await import(${JSON.stringify(script)}); const used = usePrebundled(${JSON.stringify(base)});` : 'const used = false;'}
    const k = await import('kysely'); const z = await import('zod'); const core = await import('zod/v4/core');
    console.log(JSON.stringify({
      used, kysely: import.meta.resolve('kysely'), zod: import.meta.resolve('zod'), core: import.meta.resolve('zod/v4/core'),
      kyselyExports: Object.keys(k).sort(), zodExports: Object.keys(z).sort(), coreExports: Object.keys(core).sort(),
      oneCore: z.core.$ZodType === core.$ZodType,
      parses: z.z.object({ n: z.z.number().int() }).safeParse({ n: 1.5 }).error?.issues[0]?.code ?? null,
      compiles: new k.Kysely({ dialect: new k.SqliteDialect({ database: {} }) }).selectFrom('t').select('a').where('b', '=', 1).compile().sql,
    }));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: base, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

beforeAll(async () => {
  // A checkout of its own: the installed kysely and zod, and the bundles' cache folder.
  base = mkdtempSync(path.join(tmpdir(), 'linkdesk-prebundle-'));
  mkdirSync(path.join(base, 'node_modules'));
  for (const p of ['kysely', 'zod']) symlinkSync(path.join(root, 'node_modules', p), path.join(base, 'node_modules', p));
  writeFileSync(path.join(base, 'package.json'), '{"type":"module"}\n');
  expect(await prebundle(base)).toBe(true);
}, 60_000);
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('prebundled kysely and zod', () => {
  it('load from the bundles, with every export the packages have, one copy of zod core, and work alike', () => {
    const plain = probe(false);
    const bundled = probe(true);
    expect(bundled.used).toBe(true);
    expect(bundled.kysely).toBe(pathToFileURL(path.join(cache(), 'kysely.mjs')).href);
    expect(bundled.zod).toBe(pathToFileURL(path.join(cache(), 'zod.mjs')).href);
    expect(bundled.core).toBe(pathToFileURL(path.join(cache(), 'zod-core.mjs')).href);
    expect(plain.kysely).toContain('/node_modules/kysely/');
    for (const k of ['kyselyExports', 'zodExports', 'coreExports', 'oneCore', 'parses', 'compiles'] as const) expect(bundled[k]).toEqual(plain[k]);
    expect(bundled.oneCore).toBe(true);
    expect(bundled.parses).toBe('invalid_type');
    expect(bundled.compiles).toBe('select "a" from "t" where "b" = ?');
  });

  it('is built once per installed version: a bundle of another version is not used, and the next build replaces it', async () => {
    expect(await prebundle(base)).toBe(false);
    const file = path.join(cache(), 'manifest.json');
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { versions: Record<string, string> };
    writeFileSync(file, JSON.stringify({ ...manifest, versions: { ...manifest.versions, kysely: '0.0.1' } }));
    const stale = probe(true);
    expect(stale.used).toBe(false);
    expect(stale.kysely).toContain('/node_modules/kysely/');
    expect(await prebundle(base)).toBe(true);
    expect(probe(true).used).toBe(true);
  }, 60_000);
});
