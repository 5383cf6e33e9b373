#!/usr/bin/env node
// `npm run dist`: the installers electron-builder can build on this machine,
// from electron-builder.yml. On Linux the unpacked app always, then AppImage
// and deb from it (each on its own, so a missing tool costs only that
// installer); dmg on macOS, nsis on Windows. Electron's zip comes the way
// `npm run setup` gets it (ELECTRON_MIRROR, the @electron/get cache).
//   --dir       only the unpacked app
//   --standin   Electron's zip is the stand-in of scripts/dist-standin.mjs, served
//               on 127.0.0.1 and cached in a throw-away folder (CI: no real Electron)
//   --no-build  package out/ as it is (skip `npm run build`)
//   --output D  where the build goes (default: release/<version>, as the yml says)
//   --signed    refuse to build without LINKDESK_UPDATE_KEY
// LINKDESK_UPDATE_KEY (an Ed25519 private key: the PEM itself or the path of a
// PEM file) signs each latest*.yml left in the output folder (latest*.yml.sig)
// and puts its public key in the app, which then believes only feeds signed
// with it (scripts/dist-sign.mjs). Without it the build's updates are off.
// Exits 1 when the unpacked app (or the platform's installer) could not be
// built; a Linux installer whose tool cannot be had is reported, not fatal.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { KEY_FIELD, NO_KEY, signFeeds, updateKeyFrom } from './dist-sign.mjs';
import { electronVersion, serveMirror, writeStandInZip, zipNameFor } from './dist-standin.mjs';

// electron-builder wraps console.log once it has run; the report goes to the streams directly.
const say = (line) => process.stdout.write(`${line}\n`);
const warn = (line) => process.stderr.write(`${line}\n`);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** The platform (as Electron's release names spell it) a step builds for. */
const PLATFORM_OF = { dmg: 'darwin', nsis: 'win32' };

/** Why a step failed and how to supply what it lacks, in one paragraph. */
export function adviceFor(step, error, { version = electronVersion(), arch = process.arch } = {}) {
  const text = String(error?.message ?? error);
  const first = text.split('\n').find((l) => l.trim()) ?? text;
  const offline = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ECONNRESET|fetch failed|getaddrinfo|status code 40\d|HTTP 40\d|socket hang up|unable to get local issuer|ENETUNREACH/i.test(text);
  const fromGithub = offline && /github\.com|electron-builder-binaries/i.test(text);
  if (step === 'AppImage' && (offline || fromGithub)) {
    return `${step}: not built. electron-builder downloads its AppImage tools (appimage-12.0.1.7z: mksquashfs and the AppImage runtime) from the releases of electron-userland/electron-builder-binaries on GitHub, and that download failed (${first}). `
      + 'Supply them: set APPIMAGE_TOOLS_PATH to an unpacked copy of that archive, or ELECTRON_BUILDER_BINARIES_MIRROR to a mirror of those releases (or ELECTRON_BUILDER_CACHE to a cache that holds the archive), then run npm run dist again.';
  }
  if (step === 'deb' && offline) {
    return `${step}: not built. electron-builder builds .deb with fpm, which it downloads (fpm-1.17.0-ruby-3.4.3-linux-amd64.7z) from the releases of electron-userland/electron-builder-binaries on GitHub, and that download failed (${first}). `
      + 'Supply it: install fpm (gem install fpm, with ruby) and set USE_SYSTEM_FPM=true, or set CUSTOM_FPM_PATH to an fpm executable, or ELECTRON_BUILDER_BINARIES_MIRROR to a mirror of those releases, then run npm run dist again.';
  }
  if (step === 'deb' && /homepage|author|maintainer/i.test(text)) {
    return `${step}: not built. ${first} A .deb names its project's homepage and a maintainer with an e-mail address, and Linkdesk has neither yet: `
      + 'set "homepage" and "author": { "name", "email" } in package.json (or linux.maintainer in electron-builder.yml). After that electron-builder downloads fpm from GitHub, which needs USE_SYSTEM_FPM=true with fpm installed (gem install fpm) where GitHub cannot be reached.';
  }
  if (['dir', 'dmg', 'nsis'].includes(step) && offline) {
    return `${step}: not built. Electron's zip (${zipNameFor(version, PLATFORM_OF[step] ?? process.platform, arch)}, from its GitHub releases or ELECTRON_MIRROR) is not in the cache and could not be downloaded (${first}). Set ELECTRON_MIRROR to a mirror you can reach (as for npm run setup), or put the zip in Electron's cache (electron_config_cache), then run npm run dist again.`;
  }
  if (/node-gyp|headers|rebuild/i.test(text)) {
    return `${step}: not built. A native module rebuild needs Electron's headers, which could not be downloaded (${first}). better-sqlite3 and keytar are N-API builds and need no rebuild (npmRebuild: false); a module added later that is not N-API needs the headers: set npm_config_disturl to a mirror of them.`;
  }
  return `${step}: not built: ${first}`;
}

function parseArgs(argv) {
  const o = { dir: false, standin: false, build: true, output: null, signed: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--dir') o.dir = true;
    else if (argv[i] === '--standin') o.standin = true;
    else if (argv[i] === '--no-build') o.build = false;
    else if (argv[i] === '--output') o.output = path.resolve(argv[++i]);
    else if (argv[i] === '--signed') o.signed = true;
    else {
      warn(`dist: unknown option ${argv[i]} (known: --dir, --standin, --no-build, --output <folder>, --signed)`);
      process.exit(2);
    }
  }
  return o;
}

/** Runs electron-builder for one target; resolves to the files it made or throws. */
async function builderRun(builder, { platform, target, output, prepackaged, key }) {
  const { Platform } = builder;
  const p = { linux: Platform.LINUX, mac: Platform.MAC, win: Platform.WINDOWS }[platform];
  // electron-builder's own @electron/get ignores electron_config_cache, which
  // the electron package's installer (npm run setup) honours: pass it on, so
  // both read and fill the same cache.
  const cache = process.env.electron_config_cache;
  return builder.build({
    projectDir: root,
    targets: p.createTarget(target),
    publish: 'never',
    prepackaged,
    config: {
      extends: null,
      directories: { output, buildResources: 'resources' },
      ...(cache ? { electronDownload: { cache } } : {}),
      // The update key's public half, in the archive's package.json: the installed app reads it there.
      ...(key ? { extraMetadata: { [KEY_FIELD]: key.publicPem } } : {}),
    },
  });
}

/** electron-builder's name for the unpacked app's folder on this machine. */
export const unpackedName = () => (process.platform === 'darwin' ? (process.arch === 'arm64' ? 'mac-arm64' : 'mac') : process.platform === 'win32' ? 'win-unpacked' : 'linux-unpacked');

export async function dist(opts) {
  const builder = require('electron-builder');
  const platform = process.platform === 'darwin' ? 'mac' : process.platform === 'win32' ? 'win' : 'linux';
  const version = JSON.parse(spawnSync(process.execPath, ['-p', 'JSON.stringify(require("./package.json").version)'], { cwd: root, encoding: 'utf8' }).stdout);
  const output = opts.output ?? path.join(root, 'release', version);
  const report = { made: [], notMade: [], unpacked: null, signed: [] };
  const key = opts.key ?? null;
  let mirror = null;
  let scratch = null;
  if (opts.standin) {
    // The stand-in must never land in the machine's own Electron cache.
    scratch = mkdtempSync(path.join(os.tmpdir(), 'linkdesk-dist-'));
    mirror = await serveMirror(writeStandInZip(scratch));
    process.env.ELECTRON_MIRROR = mirror.url;
    process.env.electron_config_cache = path.join(scratch, 'cache');
    delete process.env.ELECTRON_CUSTOM_DIR;
    say(`dist: Electron's zip is the stand-in, from ${mirror.url}`);
  }
  try {
    if (opts.build) {
      say('\n> npm run build');
      const b = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
      if (b.status !== 0) throw new Error('npm run build failed');
    }
    const first = platform === 'linux' ? 'dir' : opts.dir ? 'dir' : platform === 'mac' ? 'dmg' : 'nsis';
    say(`\n> electron-builder --${platform} ${first}`);
    try {
      report.made.push(...await builderRun(builder, { platform, target: first, output, key }));
    } catch (err) {
      report.notMade.push(adviceFor(first, err));
      return report;
    }
    // electron-builder's folder for the unpacked app (the dmg and nsis builds leave one too).
    report.unpacked = path.join(output, unpackedName());
    if (platform === 'linux' && !opts.dir) {
      for (const target of ['AppImage', 'deb']) {
        say(`\n> electron-builder --linux ${target} --prepackaged ${report.unpacked}`);
        try {
          report.made.push(...await builderRun(builder, { platform, target, output, prepackaged: report.unpacked, key }));
        } catch (err) {
          report.notMade.push(adviceFor(target, err));
        }
      }
    }
    // Last: each installer run may have rewritten a latest*.yml.
    if (key) {
      const { signed, refused } = signFeeds(output, key);
      report.signed.push(...signed);
      report.notMade.push(...refused);
    }
    return report;
  } finally {
    if (mirror) say(`dist: the stand-in mirror was asked for ${mirror.requests.join(', ') || 'nothing'}`);
    await mirror?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const opts = parseArgs(process.argv.slice(2));
  try {
    opts.key = updateKeyFrom(process.env);
  } catch (err) {
    warn(`dist: ${err.message}; nothing built.`);
    process.exit(2);
  }
  if (!opts.key && opts.signed) {
    warn('dist: --signed, and LINKDESK_UPDATE_KEY is not set: nothing built. Set it to the Ed25519 private key (PEM, or the path of a PEM file) that signs Linkdesk\'s updates.');
    process.exit(2);
  }
  say(opts.key ? `dist: updates signed with the Ed25519 key ${opts.key.fingerprint} (LINKDESK_UPDATE_KEY); the app carries its public half` : NO_KEY);
  const report = await dist(opts);
  if (report.made.length || report.unpacked) say('\ndist: made');
  for (const f of report.made) say(`  ${path.relative(root, f)}`);
  if (report.unpacked) say(`  ${path.relative(root, report.unpacked)}/ (unpacked app; npm run dist:check -- ${path.relative(root, report.unpacked)})`);
  for (const f of report.signed) say(`  ${path.relative(root, f)}.sig (signature of ${path.basename(f)}: copy both to the feed)`);
  for (const line of report.notMade) warn(`dist: ${line}`);
  // Explicitly: electron-builder leaves handles open after a failed build.
  process.exit(!report.unpacked && !report.made.length ? 1 : 0);
}
