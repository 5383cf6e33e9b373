// Launching the built app in a real Electron for test/electron, or the reason
// it cannot be (no binary: its download from GitHub did not happen; no display).
import { _electron as electron, type ElectronApplication, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { IpcResult } from '../../shared/contract.ts';
import { electronBinary } from '../../scripts/electron-binary.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');
// The page's globals, typed loosely: these files are type-checked with Node's libs, not the DOM's.
export type PageGlobals = { linkdesk: { invoke(n: string, a: unknown): Promise<unknown> }; location: { href: string }; open(u: string): unknown; fetch: typeof fetch } & Record<string, unknown>;

/** The binary (scripts/electron-binary.mjs), and a display to show it on. */
export function launchable(): { path: string } | { reason: string } {
  const found = electronBinary();
  if ('reason' in found) return found;
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return { reason: 'Electron needs a display: set DISPLAY (e.g. run under xvfb-run)' };
  }
  return found;
}

export interface Launched { app: ElectronApplication; page: Page; dataDir: string; close(): Promise<void> }

let built = false;
export async function launch(exe: string, extraArgs: string[] = []): Promise<Launched> {
  if (!built) {
    execFileSync(path.join(ROOT, 'node_modules/.bin/electron-vite'), ['build'], { cwd: ROOT, stdio: 'ignore' });
    built = true;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'linkdesk-electron-'));
  const app = await electron.launch({
    executablePath: exe,
    // Chromium refuses its OS sandbox when run as root (CI containers); the renderer's own sandbox settings still apply.
    args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), ROOT, ...extraArgs],
    env: { ...process.env, LINKDESK_DATA_DIR: dataDir, LINKDESK_LOCAL_PORT: '0' },
  });
  const page = await app.firstWindow();
  await page.waitForLoadState('domcontentloaded');
  return {
    app, page, dataDir,
    async close() {
      await app.close().catch(() => undefined); // a test may have quit it already
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const invokeIn = <T>(page: Page, name: string, args?: unknown) =>
  page.evaluate(([n, a]) => (globalThis as unknown as PageGlobals).linkdesk.invoke(n as string, a), [name, args] as const) as Promise<IpcResult<T>>;
