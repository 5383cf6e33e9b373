// What `npm run dist` says when Electron's zip cannot be had: the zip's real
// name (Electron's releases: electron-v45.1.0-linux-x64.zip, -darwin-arm64,
// -win32-x64), so it can be fetched by hand or found in a mirror.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { adviceFor } from '../../../scripts/dist.mjs';

const require = createRequire(import.meta.url);
const version = (JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')) as { version: string }).version;
const offline = new Error('getaddrinfo ENOTFOUND github.com');

describe('dist: Electron\'s zip could not be downloaded', () => {
  it('names the zip of the installed Electron for this machine, as its releases spell it', () => {
    const advice = adviceFor('dir', offline);
    expect(advice).toContain(`electron-v${version}-${process.platform}-${process.arch}.zip`);
    expect(advice).not.toMatch(/<os>|<version>|<arch>/);
  });

  it('names the platform each installer is built for: darwin for dmg, win32 for nsis', () => {
    expect(adviceFor('dmg', offline, { version: '45.1.0', arch: 'arm64' })).toContain('electron-v45.1.0-darwin-arm64.zip');
    expect(adviceFor('nsis', offline, { version: '45.1.0', arch: 'x64' })).toContain('electron-v45.1.0-win32-x64.zip');
  });
});
