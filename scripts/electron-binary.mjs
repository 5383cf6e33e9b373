// Where Electron's binary is, or why there is none. Reads what
// `require('electron')` reads, without calling it: that call starts a download
// from GitHub when the binary is missing. Used by `npm start` and test/electron.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** @returns {{ path: string } | { reason: string }} */
export function electronBinary(env = process.env) {
  let dir;
  try {
    dir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { reason: 'the electron package is not installed (run npm run setup)' };
  }
  const pathFile = path.join(dir, 'path.txt');
  if (!existsSync(pathFile)) return { reason: `Electron binary not installed: ${pathFile} is missing (its download from GitHub did not happen)` };
  const rel = readFileSync(pathFile, 'utf8').trim();
  const exe = env.ELECTRON_OVERRIDE_DIST_PATH ? path.join(env.ELECTRON_OVERRIDE_DIST_PATH, rel) : path.join(dir, 'dist', rel);
  if (!existsSync(exe)) return { reason: `Electron binary not installed: ${exe} does not exist` };
  return { path: exe };
}
