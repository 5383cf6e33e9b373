// A stand-in for Electron's release zip, served by a mirror on 127.0.0.1, so
// `npm run dist` can build the unpacked app where Electron's real zip cannot
// be downloaded (CI, this project's machines). electron-builder fetches it the
// way it fetches the real one (ELECTRON_MIRROR through @electron/get, checked
// against the mirror's SHASUMS256.txt), so the packaging path is the real one;
// only the binary is not Electron. The binary carries a fuse wire after
// Electron's sentinel, so electron-builder's fuse flipping (electronFuses) runs
// on it and dist:check can read the fuses back.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The installed electron package's version (what electron-builder packages). */
export function electronVersion() {
  return JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
}

export const zipNameFor = (version, platform = 'linux', arch = 'x64') => `electron-v${version}-${platform}-${arch}.zip`;

// Electron's fuse sentinel (@electron/fuses' constants), wire version 1, 8 fuses
// at Electron's defaults: RunAsNode on, cookie encryption off, NODE_OPTIONS on,
// --inspect on, asar integrity off, only-asar off, browser snapshot off, file:// privileges on.
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const DEFAULT_WIRE = '10011001';

/** The stand-in `electron`: records how it was started, then the fuse wire as a trailing comment. */
export function standInBinary() {
  const script = '#!/bin/sh\n# Linkdesk stand-in for Electron (scripts/dist-standin.mjs): not a real Electron.\n'
    + '[ -n "$LINKDESK_STANDIN_ARGS" ] && printf "%s\\n" "$PWD" "$@" > "$LINKDESK_STANDIN_ARGS"\nexit 0\n';
  return Buffer.concat([Buffer.from(script), Buffer.from(`# ${SENTINEL}`), Buffer.from([1, DEFAULT_WIRE.length]), Buffer.from(`${DEFAULT_WIRE}\n`)]);
}

/**
 * Writes the stand-in zip into `dir` with Python's zipfile (CI installs python3):
 * the files electron-builder touches in a real zip (the binary, `version`, a
 * default_app.asar it deletes, locales it prunes to electronLanguages).
 */
export function writeStandInZip(dir, version = electronVersion()) {
  const out = path.join(dir, zipNameFor(version));
  const py = `
import sys, zipfile
z = zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED)
i = zipfile.ZipInfo('electron'); i.external_attr = 0o100755 << 16
z.writestr(i, open(sys.argv[2], 'rb').read())
z.writestr('version', sys.argv[3])
z.writestr('LICENSE', 'stand-in')
z.writestr('resources/default_app.asar', 'stand-in')
for l in ('en-US', 'de', 'fr'):
    z.writestr('locales/%s.pak' % l, 'stand-in')
z.close()`;
  const bin = path.join(dir, 'electron-standin.bin');
  writeFileSync(bin, standInBinary());
  const made = spawnSync('python3', ['-c', py, out, bin, `v${version}`], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`could not make the stand-in Electron zip (python3 zipfile): ${made.stderr || made.error?.message}`);
  return out;
}

/**
 * Serves `zip` as Electron's release `version` on 127.0.0.1, port 0, with its
 * SHASUMS256.txt. Resolves to { url, requests, close }.
 */
export async function serveMirror(zipPath, version = electronVersion()) {
  const zip = readFileSync(zipPath);
  const name = path.basename(zipPath);
  const sums = `${createHash('sha256').update(zip).digest('hex')} *${name}\n`;
  const requests = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.url === `/v${version}/${name}`) return void res.writeHead(200, { 'content-type': 'application/zip' }).end(zip);
    if (req.url === `/v${version}/SHASUMS256.txt`) return void res.writeHead(200).end(sums);
    res.writeHead(404).end('not here');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    requests,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
