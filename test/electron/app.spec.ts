// The built app in a real Electron: the window opens hardened, the page has
// no Node, navigation away is refused, and the embedded server answers. Needs
// Electron's own binary, which npm fetches from GitHub; where it could not, the
// tests are reported as skipped with that reason.
import { expect, test, type ElectronApplication, type Page } from '@playwright/test';
import type { ServerStatus } from '../../shared/contract.ts';
import { invokeIn, launch, launchable, type Launched, type PageGlobals } from './launch.ts';

const binary = launchable();
test.skip('reason' in binary, 'reason' in binary ? binary.reason : '');

let launched: Launched;
let app: ElectronApplication;
let page: Page;
let dataDir: string;

test.beforeAll(async () => {
  if (!('path' in binary)) return;
  launched = await launch(binary.path);
  ({ app, page, dataDir } = launched);
});

test.afterAll(async () => {
  await launched?.close();
});

const invoke = <T>(name: string, args?: unknown) => invokeIn<T>(page, name, args);

test('the window opens on the app, with the data folder it was given', async () => {
  expect(page.url()).toMatch(/^app:\/\/linkdesk\//);
  // A rendered screen proves the module scripts loaded over app:// under the CSP.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const info = await invoke<{ dataDir: string }>('app.info');
  expect(info).toMatchObject({ ok: true, data: { dataDir } });
  const prefs = await app.evaluate(({ BrowserWindow }) => {
    const wc = BrowserWindow.getAllWindows()[0]!.webContents;
    return (wc as unknown as { getLastWebPreferences(): Record<string, unknown> }).getLastWebPreferences();
  });
  expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webviewTag: false });
});

test('the page has no Node: no require, no process, only window.linkdesk.invoke and onCommand', async () => {
  const seen = await page.evaluate(() => {
    const w = globalThis as unknown as PageGlobals;
    return {
      require: typeof w.require, process: typeof w.process, module: typeof w.module, buffer: typeof w.Buffer,
      bridge: Object.keys(w.linkdesk as object), frozen: Object.isFrozen(w.linkdesk),
    };
  });
  expect(seen).toEqual({ require: 'undefined', process: 'undefined', module: 'undefined', buffer: 'undefined', bridge: ['invoke', 'onCommand'], frozen: true });
  expect(await invoke('links.nuke', {})).toMatchObject({ ok: false, error: { kind: 'contract' } });
});

test('the CSP header is on the page, and navigation to another origin is refused', async () => {
  const csp = await page.evaluate(async () => {
    const w = globalThis as unknown as PageGlobals;
    return (await w.fetch(w.location.href)).headers.get('content-security-policy');
  });
  expect(csp).toContain("script-src 'self'");
  const attempt = app.evaluate(({ BrowserWindow }) => new Promise<{ url: string; prevented: boolean }>((resolve) => {
    BrowserWindow.getAllWindows()[0]!.webContents.once('will-navigate', (e, url) => setImmediate(() => resolve({ url, prevented: e.defaultPrevented })));
  }));
  await page.evaluate(() => { (globalThis as unknown as PageGlobals).location.href = 'https://example.com/'; });
  expect(await attempt).toEqual({ url: 'https://example.com/', prevented: true });
  expect(page.url()).toMatch(/^app:\/\/linkdesk\//);
  // window.open of a non-web URL opens nothing, here or in the OS.
  expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).open('file:///etc/passwd') === null)).toBe(true);
  expect(app.windows()).toHaveLength(1);
});

test('the local server answers, and keeps answering when the last window closes', async () => {
  const status = await invoke<ServerStatus>('server.status');
  expect(status).toMatchObject({ ok: true, data: { state: 'running', url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) } });
  const url = status.ok ? status.data.url! : '';
  const res = await fetch(`${url}/api/v1/account`);
  expect(res.status).toBe(401);
  expect(await invoke('account.get')).toMatchObject({ ok: true, data: { name: 'Desktop' } });
  await page.close();
  expect((await fetch(`${url}/api/v1/account`)).status).toBe(401);
});
