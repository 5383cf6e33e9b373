// electron/main run in Node, with the `electron` module replaced by a recorder:
// Electron's binary cannot run here (test/electron covers it where it can), so
// this checks the glue itself: how windows are configured, that IPC from
// anything but the app's own window is refused, what app:// serves, and that
// quitting stops the local server while closing the last window does not.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { readWindowState } from '../../electron/services/native/window-state.ts';
import { openSecretStore } from '../../electron/services/secret-store.ts';
import { closedPort } from './helpers.ts';
import { COMMAND_CHANNEL, IPC_CHANNEL } from '../../shared/ipc.ts';

const rec = vi.hoisted(() => {
  type Fn = (...a: any[]) => any;
  const r = {
    windows: [] as any[], ipc: new Map<string, Fn>(), appEvents: new Map<string, Fn>(), paths: new Map<string, string>(),
    protocol: null as Fn | null, permissionRequest: null as Fn | null, quits: 0, opened: [] as string[], openedPaths: [] as string[],
    windowOpened: null as null | (() => void), schemes: [] as unknown[],
    protocols: [] as unknown[][], shortcuts: new Map<string, Fn>(), clip: '', notifications: [] as { title: string; body: string }[],
    sent: [] as { win: number; channel: string; payload: unknown }[], trayMenu: [] as any[], appMenu: [] as any[], theme: 'system',
    proxyAsked: [] as string[], systemLanguages: ['en-US'] as string[],
  };
  const contents = new Map<object, any>();
  class BrowserWindow {
    static count = 0;
    id = ++BrowserWindow.count;
    webContents = { id: this.id, send: (channel: string, payload: unknown) => r.sent.push({ win: this.id, channel, payload }) };
    events = new Map<string, Fn>();
    url = '';
    opts: any;
    constructor(opts: any) {
      this.opts = opts;
      contents.set(this.webContents, this);
      r.windows.push(this);
      r.windowOpened?.();
    }
    once(e: string, f: Fn) { this.events.set(e, f); }
    on(e: string, f: Fn) { this.events.set(e, f); }
    async loadURL(u: string) { this.url = u; }
    isDestroyed() { return false; }
    isMinimized() { return false; }
    isMaximized() { return false; }
    maximize() {}
    getNormalBounds() { return { x: this.opts.x ?? 0, y: this.opts.y ?? 0, width: this.opts.width, height: this.opts.height }; }
    show() {}
    focus() {}
    static getFocusedWindow() { return null; }
    static fromWebContents(wc: object) { return contents.get(wc) ?? null; }
    static getAllWindows() { return r.windows; }
  }
  const electron = {
    BrowserWindow,
    app: {
      isPackaged: false, getVersion: () => '9.9.9', whenReady: async () => {}, requestSingleInstanceLock: () => true,
      setPath: (k: string, v: string) => r.paths.set(k, v), getPath: (k: string) => r.paths.get(k),
      on: (e: string, f: Fn) => r.appEvents.set(e, f), quit: () => { r.quits++; }, exit: (code: number) => { throw new Error(`exit ${code}`); },
      setAsDefaultProtocolClient: (...a: unknown[]) => { r.protocols.push(a); return true; },
      getPreferredSystemLanguages: () => r.systemLanguages,
    },
    globalShortcut: { register: (a: string, f: Fn) => (r.shortcuts.has(a) ? false : (r.shortcuts.set(a, f), true)), unregister: (a: string) => r.shortcuts.delete(a) },
    clipboard: { readText: async () => r.clip, writeText: async (t: string) => { r.clip = t; }, has: async () => false },
    Notification: class {
      static isSupported() { return true; }
      n: { title: string; body: string };
      constructor(n: { title: string; body: string }) { this.n = n; }
      show() { r.notifications.push({ title: this.n.title, body: this.n.body }); }
    },
    nativeTheme: { set themeSource(t: string) { r.theme = t; }, get themeSource() { return r.theme; } },
    ipcMain: { handle: (ch: string, f: Fn) => r.ipc.set(ch, f) },
    protocol: { registerSchemesAsPrivileged: (s: unknown[]) => r.schemes.push(...s), handle: (_s: string, f: Fn) => { r.protocol = f; } },
    session: { defaultSession: {
      setPermissionRequestHandler: (f: Fn) => { r.permissionRequest = f; }, setPermissionCheckHandler: () => {}, webRequest: { onHeadersReceived: () => {} },
      resolveProxy: async (url: string) => { r.proxyAsked.push(url); return 'DIRECT'; },
    } },
    // Unavailable, as on a Linux desktop without a keyring: main passes it on; the services decide.
    safeStorage: { isEncryptionAvailable: () => false, getSelectedStorageBackend: () => 'basic_text', encryptString: () => Buffer.alloc(0), decryptString: () => '' },
    Menu: { buildFromTemplate: (t: unknown) => ({ t }), setApplicationMenu: (m: { t: any[] }) => { r.appMenu = m.t; } },
    screen: {
      getAllDisplays: () => [{ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
      getPrimaryDisplay: () => ({ id: 1 }),
    },
    Tray: class { setToolTip() {} setContextMenu(m: { t: any[] }) { r.trayMenu = m.t; } on() {} destroy() {} },
    nativeImage: { createFromPath: (p: string) => ({ p }) },
    shell: { openExternal: async (u: string) => { r.opened.push(u); }, openPath: async (p: string) => { r.openedPaths.push(p); return ''; } },
  };
  return { r, electron };
});
vi.mock('electron', () => rec.electron);
const { r } = rec;

const dataDir = mkdtempSync(path.join(tmpdir(), 'linkdesk-glue-'));
let win: any;
let localId = '';
const ownFrame = () => ({ sender: win.webContents, senderFrame: { url: 'app://linkdesk/index.html#/links' } });
const call = (event: object, name: string, args?: unknown) => r.ipc.get(IPC_CHANNEL)!(event, name, args);

beforeAll(async () => {
  process.env.LINKDESK_DATA_DIR = dataDir;
  process.env.LINKDESK_LOCAL_PORT = '0';
  const opened = new Promise<void>((resolve) => { r.windowOpened = resolve; });
  await import('../../electron/main/index.ts');
  await opened;
  win = r.windows[0];
  localId = (await call(ownFrame(), 'instances.list')).data.instances[0].id;
});
afterAll(async () => {
  await (await openSecretStore()).delete(localId);
  rmSync(dataDir, { recursive: true, force: true });
});

it('opens a hardened window on app://linkdesk with the data folder from LINKDESK_DATA_DIR', () => {
  expect(r.paths.get('userData')).toBe(dataDir);
  expect(win.url).toBe('app://linkdesk/index.html');
  expect(win.opts.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webviewTag: false });
  expect(path.basename(win.opts.webPreferences.preload)).toBe('index.cjs');
  expect(r.schemes).toEqual([{ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }]);
  // No place remembered yet: the default size, centred on the primary screen.
  expect(win.opts).toMatchObject({ x: 320, y: 110, width: 1280, height: 860, minWidth: 800, minHeight: 560 });
});

it('puts About under Help, opening the About card of the window in front', () => {
  const help = r.appMenu.find((m) => m.role === 'help');
  expect(help.submenu.map((i: any) => i.label)).toContain('About Linkdesk');
  const sentBefore = r.sent.length;
  help.submenu.find((i: any) => i.label === 'About Linkdesk').click();
  expect(r.sent.slice(sentBefore)).toEqual([
    { win: win.id, channel: COMMAND_CHANNEL, payload: { type: 'open', target: { instanceId: null, screen: 'instances', linkId: null } } },
  ]);
});

it('pushes the local server\'s new status to every window when it restarts', async () => {
  const sentBefore = r.sent.length;
  const restarted = await call(ownFrame(), 'server.restart');
  expect(restarted.ok).toBe(true);
  const pushed = r.sent.slice(sentBefore).filter((m) => (m.payload as { type?: string }).type === 'server-status');
  expect(pushed).toEqual([{ win: win.id, channel: COMMAND_CHANNEL, payload: { type: 'server-status', status: (restarted as { data: unknown }).data } }]);
});

it('remembers where the window was when it closes, in the data folder', async () => {
  win.opts.x = 40; win.opts.y = 30; win.opts.width = 1000; win.opts.height = 700;
  win.events.get('close')();
  await expect.poll(async () => (await readWindowState(dataDir))).toEqual({ x: 40, y: 30, width: 1000, height: 700, maximized: false });
  win.opts.x = 0; win.opts.y = 0; win.opts.width = 1280; win.opts.height = 860;
});

it('IPC: one channel, answered for the app frame of our own window, refused otherwise', async () => {
  expect([...r.ipc.keys()]).toEqual([IPC_CHANNEL]);
  expect(await call(ownFrame(), 'server.status')).toMatchObject({ ok: true, data: { state: 'running' } });
  expect(await call(ownFrame(), 'account.get')).toMatchObject({ ok: true, data: { name: 'Desktop' } });
  const refused = { ok: false, error: { kind: 'contract', message: expect.stringMatching(/^Refused/) } };
  expect(await call({ sender: win.webContents, senderFrame: { url: 'https://evil.example/' } }, 'server.status')).toMatchObject(refused);
  expect(await call({ sender: win.webContents, senderFrame: null }, 'server.status')).toMatchObject(refused);
  expect(await call({ sender: { id: 999 }, senderFrame: { url: 'app://linkdesk/index.html' } }, 'server.status')).toMatchObject(refused);
});

it('"System" proxy asks Electron\'s session.resolveProxy for the remote instance\'s address', async () => {
  const port = await closedPort();
  const added = await call(ownFrame(), 'instances.add', { name: 'Remote', baseUrl: `http://127.0.0.1:${port}`, apiKey: 'ldk_x' });
  const checked = await call(ownFrame(), 'instances.check', { id: added.data.id });
  expect(checked.data).toMatchObject({ state: 'unreachable', reason: 'refused' });
  expect(r.proxyAsked).toEqual([`http://127.0.0.1:${port}/`]);
  await call(ownFrame(), 'instances.remove', { id: added.data.id });
});

it('"Open logs folder" reaches shell.openPath with the logs folder in the data folder', async () => {
  expect(await call(ownFrame(), 'app.openLogs')).toEqual({ ok: true, data: { opened: path.join(dataDir, 'logs') } });
  expect(r.openedPaths).toEqual([path.join(dataDir, 'logs')]);
});

it('app:// serves the renderer with the CSP header, and nothing outside it', async () => {
  const outside = await r.protocol!(new Request('app://linkdesk/%2e%2e/main/index.ts'));
  expect(outside.status).toBe(404);
  const page = await r.protocol!(new Request('app://linkdesk/index.html'));
  // From the sources the renderer is not built next to main; the built app serves out/renderer.
  expect([200, 404]).toContain(page.status);
  if (page.status === 200) expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
});

it('permission requests are refused', () => {
  let granted: boolean | undefined;
  r.permissionRequest!(win.webContents, 'media', (g: boolean) => { granted = g; }, { requestingUrl: 'app://linkdesk/index.html' });
  expect(granted).toBe(false);
});

it('registers linkdesk:// and the default global shortcut, which shortens the clipboard and notifies', async () => {
  expect(r.protocols[0]?.[0]).toBe('linkdesk');
  expect([...r.shortcuts.keys()]).toEqual(['CommandOrControl+Shift+L']);
  r.clip = 'https://example.com/glue';
  r.shortcuts.get('CommandOrControl+Shift+L')!();
  await vi.waitFor(() => expect(r.notifications).toHaveLength(1), { timeout: 15_000 });
  expect(r.notifications[0]!.title).toBe('Short link copied');
  expect(r.clip).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[A-Za-z0-9]{6}$/);
  expect(r.trayMenu.map((i) => i.label ?? i.type)).toEqual([
    'Shorten Clipboard URL', 'Quick Shorten…', 'separator', 'Open Linkdesk', 'Settings…', 'separator', expect.stringMatching(/^Local server: http/), 'separator', 'Quit Linkdesk',
  ]);
  expect(r.trayMenu[0].accelerator).toBe('CommandOrControl+Shift+L');
});

it('a linkdesk:// address from a second start reaches the window as a checked command; a bad one as a notice', () => {
  r.sent.length = 0;
  r.appEvents.get('second-instance')!({}, ['/usr/bin/linkdesk', '--no-sandbox', 'linkdesk://links/12/stats']);
  r.appEvents.get('open-url')!({ preventDefault() {} }, 'linkdesk://links/1?instance=../x');
  expect(r.sent).toEqual([
    { win: win.id, channel: COMMAND_CHANNEL, payload: { type: 'open', target: { instanceId: null, screen: 'stats', linkId: 12 } } },
    { win: win.id, channel: COMMAND_CHANNEL, payload: { type: 'notice', title: 'Link not opened', message: expect.stringMatching(/instance id/), tone: 'error' } },
  ]);
});

it('the quick-shorten window opens once, on its own route, and may call the handler table', async () => {
  const before = r.windows.length;
  r.trayMenu.find((i) => i.label === 'Quick Shorten…').click();
  r.trayMenu.find((i) => i.label === 'Quick Shorten…').click();
  expect(r.windows.length).toBe(before + 1);
  const quick = r.windows.at(-1);
  expect(quick.url).toBe('app://linkdesk/index.html#/quick');
  expect(quick.opts).toMatchObject({ alwaysOnTop: true, webPreferences: { sandbox: true, contextIsolation: true } });
  const r1 = await r.ipc.get(IPC_CHANNEL)!({ sender: quick.webContents, senderFrame: { url: quick.url } }, 'quick.peek');
  expect(r1).toMatchObject({ ok: true, data: { message: expect.stringMatching(/already a short link/) } });
  quick.events.get('closed')();
});

it('Settings → Language: every window is told once, and the application menu and the tray are built again in German', async () => {
  r.trayMenu.find((i) => i.label === 'Quick Shorten…').click();
  const quick = r.windows.at(-1);
  r.sent.length = 0;
  expect(await call(ownFrame(), 'settings.update', { language: 'de' })).toMatchObject({ ok: true, data: { locale: 'de' } });
  // Once to each window the manager holds (the recorder keeps one 'closed' listener, so an earlier quick window stays listed).
  const told = r.sent.filter((m) => (m.payload as { type?: string }).type === 'locale');
  expect(told.every((m) => m.channel === COMMAND_CHANNEL && (m.payload as { locale?: string }).locale === 'de')).toBe(true);
  const perWindow = told.map((m) => m.win);
  expect(new Set(perWindow).size).toBe(perWindow.length);
  expect(perWindow).toEqual(expect.arrayContaining([win.id, quick.id]));
  expect(r.appMenu.map((m) => m.label)).toEqual(['Datei', 'Bearbeiten', 'Ansicht', 'Fenster', 'Hilfe']);
  expect(r.appMenu.find((m) => m.role === 'help').submenu.map((i: any) => i.label)).toEqual(['Über Linkdesk', 'Datenordner und Protokolle…', 'Nach Updates suchen…']);
  expect(r.trayMenu.map((i) => i.label ?? i.type)).toEqual([
    'URL aus der Zwischenablage kürzen', 'Schnell kürzen…', 'separator', 'Linkdesk öffnen', 'Einstellungen…', 'separator',
    expect.stringMatching(/^Lokaler Server: http/), 'separator', 'Linkdesk beenden',
  ]);
  // The German menu still works: its Quick Shorten brings the open quick window forward.
  const count = r.windows.length;
  r.trayMenu.find((i) => i.label === 'Schnell kürzen…').click();
  expect(r.windows.length).toBe(count);

  // Back to the system's language (English here): told once more, menus in English again.
  r.sent.length = 0;
  await call(ownFrame(), 'settings.update', { language: 'system' });
  expect(r.sent.filter((m) => (m.payload as { type?: string }).type === 'locale').map((m) => m.win)).toEqual(perWindow);
  expect(r.appMenu.map((m) => m.label)).toEqual(['File', 'Edit', 'View', 'Window', 'Help']);
  quick.events.get('closed')();
});

it('closing the last window keeps the server; quitting stops it first', async () => {
  const { url } = (await call(ownFrame(), 'server.status')).data;
  win.events.get('closed')();
  r.appEvents.get('window-all-closed')!();
  expect(r.quits).toBe(0);
  expect((await fetch(`${url}/api/v1/account`)).status).toBe(401);

  const event = { defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } };
  // Quitting stops the server and closes its database first: a second or more on a loaded machine (vi.waitFor's own 1 s was not enough).
  const quitted = vi.waitFor(() => expect(r.quits).toBe(1), { timeout: 15_000 });
  r.appEvents.get('before-quit')!(event);
  expect(event.defaultPrevented).toBe(true);
  await quitted;
  await expect(fetch(`${url}/api/v1/account`)).rejects.toThrow();
});
