// `npm start` where Electron's binary is missing (always so here; forced with an
// empty ELECTRON_OVERRIDE_DIST_PATH where it is not): a sentence saying what
// is missing and what still works, not electron-vite's "Electron uninstall".
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { tempDir } from './helpers.ts';

it('npm start without Electron says what is missing and that the server runs without it', () => {
  const empty = tempDir();
  try {
    const root = path.resolve(import.meta.dirname, '../..');
    const run = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      cwd: root, encoding: 'utf8', env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: empty.dir }, timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^Linkdesk cannot open its desktop window: Electron is missing\.\n  Electron binary not installed: .+/);
    expect(run.stderr).toContain('npm run serve');
    expect(run.stderr + run.stdout).not.toMatch(/Electron uninstall/);
  } finally {
    empty.cleanup();
  }
});
