// The screens' test world. Per worker: the production renderer, built and
// served over HTTP. Per test: a temp data folder; the real handler table
// (createDesktop) with the real keychain and its embedded local server; a
// second real server as a remote instance; and a Chromium page whose
// window.linkdesk.invoke reaches that handler table through exposeFunction.
import axeCore from 'axe-core';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InstanceView, IpcResult } from '../../shared/contract.ts';
import type { AppCommand } from '../../shared/native.ts';
import type { ConsentDetails, ConsentKind } from '../../electron/services/consent.ts';
import { createDesktop, type Desktop, type NativeHost } from '../../electron/services/desktop.ts';
import { openSecretStore } from '../../electron/services/secret-store.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { seedMigrated } from '../helpers/sqlite-template.ts';
import { serveRenderer, type Site } from './site.ts';

export const SCREENS_DIR = path.resolve(import.meta.dirname, '../../test-results/screens');

export interface World {
  /** The handler table now (a new one after `restartDesktop`). */
  readonly desktop: Desktop;
  /** Closes the desktop and starts a new one on the same data folder, as quitting and reopening the app does; the page stays and talks to the new one. */
  restartDesktop(): Promise<void>;
  /** The second real server, added as a remote instance by tests that need it. */
  remote: TestServer;
  /** Calls the handler table as the renderer would; throws on an error result. */
  invoke<T = any>(name: string, args?: unknown): Promise<T>;
  /** The raw result, for asserting on errors. */
  invokeRaw(name: string, args?: unknown): Promise<IpcResult<unknown>>;
  /** Opens the app at a hash route and waits for the screen's heading. */
  open(hash?: string): Promise<void>;
  /** Saves a screenshot under test-results/screens/. */
  shot(name?: string): Promise<string>;
  addInstance(name: string, baseUrl: string, apiKey?: string): Promise<InstanceView>;
  localId(): Promise<string>;
  /** Fails on serious or critical axe-core violations of what the page shows now. */
  axe(label: string): Promise<void>;
  /** Folders the app asked the system to show (Electron's shell.openPath, recorded). */
  openedFolders: string[];
  /** Electron's clipboard, notifications and global shortcuts, recorded (they cannot run in a browser). */
  native: NativeRecorder;
  /** Sends the page a command as main does over preload (a linkdesk:// address, the menu's palette). */
  command(c: AppCommand): Promise<void>;
  /** The names of the calls the page made, in order (through window.linkdesk.invoke). */
  calls: string[];
  /** What main pushed to the page (server status, job progress), in order. */
  pushes: AppCommand[];
  /** Main's own questions (a native dialog in the app), recorded; answered with `answer` (yes unless a test says no). */
  consents: { answer: boolean; asked: { kind: ConsentKind; details: ConsentDetails }[] };
}

export interface NativeRecorder extends NativeHost {
  clip: string;
  notices: { title: string; body: string }[];
  /** Registered global shortcuts; pressing one is calling it. */
  keys: Map<string, () => void>;
  /** Shortcuts another application holds. */
  taken: Set<string>;
  themes: string[];
  /** What main's open-file dialog answers (null: cancelled), and the titles it was opened with. */
  chosenFile: string | null;
  fileDialogs: string[];
}

function nativeRecorder(): NativeRecorder {
  const n: NativeRecorder = {
    clip: '', notices: [], keys: new Map(), taken: new Set(['Control+Alt+T', 'CommandOrControl+Alt+T']), themes: [],
    chosenFile: null, fileDialogs: [],
    chooseFile: async ({ title }) => { n.fileDialogs.push(title); return n.chosenFile; },
    clipboard: { readText: async () => n.clip, writeText: async (t) => { n.clip = t; }, hasImage: async () => false },
    notify: (x) => n.notices.push(x),
    shortcuts: {
      register: (a, cb) => (n.taken.has(a) || n.keys.has(a) ? false : (n.keys.set(a, cb), true)),
      unregister: (a) => void n.keys.delete(a),
    },
    setStartAtLogin: async () => null,
    applyTheme: (t) => n.themes.push(t),
  };
  return n;
}

/**
 * A port that refuses connections and that no other server can take: a privileged
 * port (2–8: unassigned or obsolete services, none on fetch's bad-port list) far below
 * the kernel's ephemeral range (32768–60999), so no listen(0) anywhere on the machine
 * (another Playwright worker's server, a Vitest run) is ever handed it, and checked
 * to refuse now. (A port that listen(0) returned and then closed is free
 * for the next listen(0) in another worker: the "Gone" instance then answered.)
 */
export async function closedPort(): Promise<number> {
  for (const port of [2, 3, 4, 5, 6, 8]) {
    if (await refuses(port)) return port;
  }
  throw new Error('no refusing port among 2–8 on 127.0.0.1');
}

function refuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const c = connect({ host: '127.0.0.1', port });
    c.once('connect', () => { c.destroy(); resolve(false); });
    c.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

/**
 * A free port for a test to listen on next. Outside the ephemeral range (so no
 * listen(0) takes it meanwhile) and in a band of its own per Playwright worker (so
 * two workers never pick the same), and checked free by binding it once.
 */
export async function freePort(): Promise<number> {
  const band = 20_000 + (Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 12) * 1000;
  for (let i = 0; i < 50; i++) {
    const port = band + Math.floor(Math.random() * 1000);
    const s = createServer();
    const bound = await new Promise<boolean>((resolve) => {
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (bound) {
      await new Promise<void>((resolve) => s.close(() => resolve()));
      return port;
    }
  }
  throw new Error('no free port in this worker\'s band');
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 90);

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export async function axeCheck(page: Page, label: string, testInfo: TestInfo) {
  // Colors mid-transition (a dialog fading in) are not the colors anyone reads.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  // axe goes into the page once per document and runs there. (@axe-core/playwright's AxeBuilder puts its half
  // megabyte in again at every call and finishes each run in a new blank page: about five times the run itself
  // on two busy cores, a third of the screens' test time. The screens have no frames it would have covered.)
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeCore.source);
  const result = await page.evaluate((tags) => (window as unknown as { axe: typeof axeCore }).axe.run(document, {
    runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'],
  }), AXE_TAGS);
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  await testInfo.attach(`axe-${slug(label)}.json`, { body: JSON.stringify(result.violations, null, 2), contentType: 'application/json' });
  const summary = bad.map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')} ${n.failureSummary?.split('\n').join(' ')}`).join('\n')}`);
  expect(summary, `axe on ${label}`).toEqual([]);
}

export const test = base.extend<{ world: World }, { site: Site }>({
  // Built once per run by the `renderer` project (renderer.setup.ts), which `e2e` depends on.
  site: [async ({}, use) => {
    const site = await serveRenderer();
    await use(site);
    await site.close();
  }, { scope: 'worker' }],

  world: async ({ page, site }, use, testInfo) => {
    const secrets = await openSecretStore();
    if (secrets.kind !== 'keychain') {
      throw new Error(`These tests use the real keychain; run them in a D-Bus session with gnome-keyring (bash scripts/e2e.sh): ${secrets.message}`);
    }
    const dataDir = mkdtempSync(path.join(tmpdir(), 'linkdesk-e2e-'));
    await seedMigrated(dataDir); // the desktop's own server starts on a copy of a migrated database
    const openedFolders: string[] = [];
    const native = nativeRecorder();
    const consents: World['consents'] = { answer: true, asked: [] };
    // Requests wait the app's own 15 s (it was 5 s here): beside a second suite a bulk request held 4 s by the import
    // test's proxy and then written by the server took longer than 5 s, and the import failed.
    const start = () => createDesktop({
      native,
      confirm: async (kind, details) => { consents.asked.push({ kind, details }); return consents.answer; },
      openPath: async (folder) => { openedFolders.push(folder); return ''; },
      dataDir, secretStore: secrets, localServer: { port: 0, config: { fetchTitles: false, healthChecks: false } },
      onUnexpectedError: (err, name) => console.error(`e2e: ${name} failed unexpectedly`, err),
    });
    // Main's pushes reach the page as main sends them over preload's channel.
    const pushes: AppCommand[] = [];
    const forward = (d: Desktop) => d.onPush((c) => {
      pushes.push(c);
      page.evaluate((cmd) => (window as unknown as { __linkdeskCommand?(c: unknown): void }).__linkdeskCommand?.(cmd), c).catch(() => undefined);
    });
    // Mutable: the page's invoke always reaches the desktop of now. The remote server starts meanwhile.
    const [first, second] = await Promise.allSettled([start(), startServer()]);
    if (first.status === 'rejected' || second.status === 'rejected') {
      for (const r of [first, second]) if (r.status === 'fulfilled') await r.value.close();
      throw first.status === 'rejected' ? first.reason : (second as PromiseRejectedResult).reason;
    }
    let desktop = first.value;
    const remote = second.value;
    forward(desktop);

    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });

    const calls: string[] = [];
    await page.exposeFunction('__linkdeskInvoke', (name: unknown, args: unknown) => {
      calls.push(String(name));
      return desktop.invoke(name, args, { windowId: 1 });
    });
    // As preload does: invoke, and main's commands held until the page listens.
    await page.addInitScript(() => {
      type Listener = (c: unknown) => void;
      const w = window as unknown as { linkdesk: unknown; __linkdeskInvoke(n: unknown, a: unknown): Promise<unknown>; __linkdeskCommand(c: unknown): void };
      let listener: Listener | null = null;
      const waiting: unknown[] = [];
      // As preload: status and progress pushes are not kept for a page that does not listen yet.
      w.__linkdeskCommand = (c) => {
        const type = (c as { type?: string }).type;
        if (listener) listener(c);
        else if (type !== 'server-status' && type !== 'job' && !type?.startsWith('live-')) waiting.push(c);
      };
      w.linkdesk = Object.freeze({
        invoke: (name: unknown, args: unknown) => w.__linkdeskInvoke(name, args),
        onCommand: (fn: Listener) => {
          listener = fn;
          for (const c of waiting.splice(0)) fn(c);
          return () => { if (listener === fn) listener = null; };
        },
      });
    });

    const invokeRaw = (name: string, args?: unknown) => desktop.invoke(name, args, { windowId: 1 });
    const invoke = async (name: string, args?: unknown) => {
      const r = await invokeRaw(name, args);
      if (!r.ok) throw new Error(`${name} failed: ${JSON.stringify(r.error)}`);
      return r.data as any;
    };
    let shots = 0;
    const world: World = {
      get desktop() { return desktop; },
      async restartDesktop() {
        await desktop.close();
        desktop = await start();
        forward(desktop);
      },
      remote, invoke, invokeRaw, openedFolders, native, calls, pushes, consents,
      command: (c) => page.evaluate((cmd) => (window as unknown as { __linkdeskCommand(c: unknown): void }).__linkdeskCommand(cmd), c),
      async open(hash = '#/links') {
        await page.goto(`${site.url}${hash}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      },
      async shot(name) {
        mkdirSync(SCREENS_DIR, { recursive: true });
        const file = path.join(SCREENS_DIR, `${slug(testInfo.titlePath.slice(1).join(' '))}${name ? `--${slug(name)}` : `--${++shots}`}.png`);
        await page.screenshot({ path: file, fullPage: true });
        return file;
      },
      addInstance: (name, baseUrl, apiKey) => invoke('instances.add', { name, baseUrl, ...(apiKey ? { apiKey } : {}) }),
      localId: async () => (await invoke('instances.list')).instances.find((i: InstanceView) => i.kind === 'local').id,
      axe: (label) => axeCheck(page, label, testInfo),
    };

    await use(world);

    // A test that failed ends with a picture of where it got to. (One that passed has its named pictures; a picture
    // of every end cost a third of a second a test for nothing anyone looked at.)
    if (testInfo.status !== testInfo.expectedStatus) await world.shot('end').catch(() => undefined);
    for (const p of desktop.profiles.list()) await secrets.delete(p.id).catch(() => false);
    await desktop.close();
    await remote.close();
    rmSync(dataDir, { recursive: true, force: true });
    expect(problems, 'errors in the page (CSP violations, exceptions)').toEqual([]);
  },
});

export { expect };
