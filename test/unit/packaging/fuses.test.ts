// Electron's fuses as the packaged app gets them: electron-builder.yml's
// electronFuses, turned into a fuse wire by electron-builder's own code, and,
// where an Electron binary is at hand, flipped into a copy of it and read back
// with @electron/fuses.
import { FuseV1Options, FuseVersion, flipFuses, getCurrentFuseWire } from '@electron/fuses';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const config = yaml.load(readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')) as { electronFuses?: Record<string, boolean> };

const WANTED = {
  runAsNode: false,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableCookieEncryption: true,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
};
const WIRE = {
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.EnableCookieEncryption]: true,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
};

/** The fuse configuration electron-builder flips into the binary, made by its own code from our config. */
async function builderWire(fuses: Record<string, boolean>) {
  const req = createRequire(path.join(root, 'package.json'));
  const { PlatformPackager } = req('app-builder-lib') as { PlatformPackager: { prototype: { generateFuseConfig(f: object): Promise<Record<string, unknown>> } } };
  return PlatformPackager.prototype.generateFuseConfig.call({}, fuses);
}

/** The Electron binary of the electron package, when it was downloaded (read from its path.txt: requiring the package would try to download it). */
function electronBinary(): string | null {
  const dir = path.join(root, 'node_modules/electron');
  const txt = path.join(dir, 'path.txt');
  if (!existsSync(txt)) return null;
  const p = path.join(dir, 'dist', readFileSync(txt, 'utf8').trim());
  return existsSync(p) ? p : null;
}
const binary = electronBinary();

describe('Electron fuses', () => {
  it('electron-builder.yml turns off RunAsNode, NODE_OPTIONS and --inspect, and turns on cookie encryption, ASAR integrity and ASAR-only', () => {
    expect(config.electronFuses).toEqual(WANTED);
  });

  it('electron-builder makes exactly these fuses of them', async () => {
    const wire = await builderWire(config.electronFuses!);
    expect(wire).toMatchObject({ version: FuseVersion.V1, ...WIRE });
  });

  (binary ? it : it.skip)(`reads them back from a flipped copy of the Electron binary${binary ? '' : ' (skipped: the Electron binary is not downloaded here; npm run fetch:electron)'}`, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'linkdesk-fuses-'));
    try {
      const copy = path.join(dir, path.basename(binary!));
      copyFileSync(binary!, copy);
      await flipFuses(copy, { ...(await builderWire(config.electronFuses!)), version: FuseVersion.V1 } as Parameters<typeof flipFuses>[1]);
      const read = await getCurrentFuseWire(copy);
      for (const [option, on] of Object.entries(WIRE)) {
        expect(read[Number(option) as FuseV1Options], FuseV1Options[Number(option)]).toBe(on ? 49 /* '1' */ : 48 /* '0' */);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
