// `npm start` where Electron's binary is missing (always so here; forced with an
// empty ELECTRON_OVERRIDE_DIST_PATH where it is not) and cannot be fetched (a
// mirror on a closed port): a sentence saying what is missing, why the fetch
// failed and what still works, not electron-vite's "Electron uninstall".
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { freePort } from '../helpers/postgres.ts';
import { tempDir } from './helpers.ts';

it('npm start without Electron tries to fetch it once, then says why not and that the server runs without it', async () => {
  const empty = tempDir();
  try {
    const root = path.resolve(import.meta.dirname, '../..');
    const port = await freePort(); // nothing answers there
    const run = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      cwd: root, encoding: 'utf8', timeout: 30_000,
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: empty.dir, ELECTRON_MIRROR: `http://127.0.0.1:${port}/` },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^Linkdesk: Electron is not installed yet; fetching it once…\nLinkdesk cannot open its desktop window: Electron is missing\.\n/);
    expect(run.stderr).toContain(`Fetching it failed: 127.0.0.1:${port} refused the connection.`);
    expect(run.stderr).toContain('npm run fetch:electron');
    expect(run.stderr).toContain('npm run serve');
    expect(run.stderr + run.stdout).not.toMatch(/Electron uninstall/);
  } finally {
    empty.cleanup();
  }
});
