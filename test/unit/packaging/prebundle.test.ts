// scripts/prebundle.mjs: kysely and zod (ESM), qs, yaml and semver (CommonJS) bundled into a file each, loaded in
// their place by the checkout's `linkdesk` and the test workers, only while built from the installed versions.
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
    const { createRequire } = await import('node:module'); const require = createRequire(${JSON.stringify(`${base}/`)});
    // qs as our code imports it, yaml and semver as @fastify/swagger and fastify require them.
    const qs = (await import('qs')).default; const yaml = require('yaml'); const semver = require('semver');
    console.log(JSON.stringify({
      used, qs: import.meta.resolve('qs'), yaml: require.resolve('yaml'), kysely: import.meta.resolve('kysely'),
      yamlLoaded: Object.keys(require.cache).some((f) => f.endsWith('yaml.cjs')), semverLoaded: Object.keys(require.cache).some((f) => f.endsWith('semver.cjs')),
      qsParses: qs.parse('a[b][]=1&a[b][]=2&c=%C3%A9'), qsStringifies: qs.stringify({ a: { b: [1, 2] } }),
      yamlDumps: yaml.stringify({ openapi: '3.1.0', paths: { '/x': { get: { tags: ['a', 'b'] } } } }),
      semverSays: [semver.satisfies('5.6.0', '>=5.0.0'), semver.satisfies('4.9.9', '>=5.0.0')], zod: import.meta.resolve('zod'), core: import.meta.resolve('zod/v4/core'),
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
  for (const p of ['kysely', 'zod', 'qs', 'yaml', 'semver']) symlinkSync(path.join(root, 'node_modules', p), path.join(base, 'node_modules', p));
  writeFileSync(path.join(base, 'package.json'), '{"type":"module"}\n');
  expect(await prebundle(base)).toBe(true);
}, 60_000);
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('prebundled kysely, zod, qs, yaml and semver', () => {
  it('load from the bundles, with every export the packages have, one copy of zod core, and work alike', () => {
    const plain = probe(false);
    const bundled = probe(true);
    expect(bundled.used).toBe(true);
    expect(bundled.kysely).toBe(pathToFileURL(path.join(cache(), 'kysely.mjs')).href);
    expect(bundled.zod).toBe(pathToFileURL(path.join(cache(), 'zod.mjs')).href);
    expect(bundled.core).toBe(pathToFileURL(path.join(cache(), 'zod-core.mjs')).href);
    expect(plain.kysely).toContain('/node_modules/kysely/');
    // import and require both reach the CommonJS bundles.
    expect(bundled.qs).toBe(pathToFileURL(path.join(cache(), 'qs.cjs')).href);
    expect([bundled.yamlLoaded, bundled.semverLoaded, plain.yamlLoaded, plain.semverLoaded]).toEqual([true, true, false, false]);
    for (const k of ['kyselyExports', 'zodExports', 'coreExports', 'oneCore', 'parses', 'compiles', 'qsParses', 'qsStringifies', 'yamlDumps', 'semverSays'] as const) {
      expect(bundled[k]).toEqual(plain[k]);
    }
    expect(bundled.qsParses).toEqual({ a: { b: ['1', '2'] }, c: 'é' });
    expect(bundled.semverSays).toEqual([true, false]);
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
