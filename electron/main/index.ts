// Lifecycle glue: the data folder, one IPC channel into the handler table,
// windows, the tray, the global shortcut, linkdesk:// addresses, and a clean
// stop of the local server on quit. Everything with logic is in
// electron/services and runs in plain Node.
import path from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, safeStorage, session, shell } from 'electron';
import type { IpcResult } from '../../shared/contract.ts';
import { IPC_CHANNEL } from '../../shared/ipc.ts';
import { defaultDataDir } from '../server/config.ts';
import { createDesktop, type Desktop } from '../services/desktop.ts';
import { errorEntry, openMainLog, startFailureDialog, type MainLog } from '../services/main-log.ts';
import { deepLinkInArgv, PROTOCOL } from '../services/native/deep-link.ts';
import { HIDDEN_FLAG } from '../services/native/login-item.ts';
import { builtUpdateKey } from '../services/update-feed.ts';
import { APP_ORIGIN, isAppUrl } from '../services/web-security.ts';
import { hardenContents, hardenSession, registerAppScheme, serveRenderer } from './security.ts';
import { nativeConfirm } from './consent.ts';
import { electronNative } from './native.ts';
import { createTray, setApplicationMenu } from './tray.ts';
import { defineMessages } from '@formatjs/intl';
import { t } from '../services/i18n/current.ts';
import { createWindowManager, preloadPath } from './windows.ts';

const mainDir = import.meta.dirname;
const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
const appUrl = devServerUrl ?? `${APP_ORIGIN}/index.html`;
const resources = app.isPackaged ? process.resourcesPath : path.join(mainDir, '../../resources');
const devTools = !app.isPackaged;

// The folder `linkdesk` on the command line uses too (LINKDESK_DATA_DIR, else
// the OS's per-user Linkdesk folder). A separate one (tests, a portable copy)
// also gets its own single-instance lock.
app.setPath('userData', defaultDataDir());
registerAppScheme();

// Main's own log beside the server's; without it a failed start leaves no trace.
let log: MainLog | null = null;
try {
  log = openMainLog(app.getPath('userData'));
} catch (err) {
  console.error('Linkdesk: the main log cannot be opened:', err);
}
// With a listener Electron no longer shows its own dialog for these: show ours, naming the log.
process.on('uncaughtException', (err) => {
  log?.error(errorEntry('uncaught exception', err));
  const { content } = startFailureDialog(err, log?.file ?? null);
  dialog.showErrorBox(t().formatMessage(m.crashTitle), content);
});
process.on('unhandledRejection', (err) => log?.error(errorEntry('unhandled rejection', err)));

// linkdesk:// opens this app. In development the OS must start electron with
// the project folder, so that is registered along with it.
if (process.defaultApp && process.argv[1]) app.setAsDefaultProtocolClient(PROTOCOL, process.execPath, [path.resolve(process.argv[1])]);
else app.setAsDefaultProtocolClient(PROTOCOL);

// macOS hands linkdesk:// addresses to a running app as events, possibly before it is ready.
const earlyLinks: string[] = [];
let handleLink: (raw: string) => void = (raw) => { if (earlyLinks.length < 10) earlyLinks.push(raw); };
app.on('open-url', (event, url) => {
  event.preventDefault();
  handleLink(url);
});

const m = defineMessages({
  crashTitle: { id: 'desktop.app.crashTitle', defaultMessage: 'Linkdesk: something went wrong', description: 'Title of the dialog after an unexpected error in the main process' },
  checkTitle: { id: 'desktop.updates.checkTitle', defaultMessage: 'Check for updates' },
  updatesOnlyInstalled: { id: 'desktop.updates.onlyInstalled', defaultMessage: 'Updates work only in the installed app.' },
});

const refused = (message: string): IpcResult<never> => ({ ok: false, error: { kind: 'contract', message } });

async function start(): Promise<void> {
  await app.whenReady();
  hardenSession(session.defaultSession, appUrl, devServerUrl);
  serveRenderer(path.join(mainDir, '../renderer'));
  app.on('web-contents-created', (_e, contents) => hardenContents(contents, appUrl));

  const envPort = process.env.LINKDESK_LOCAL_PORT;
  const desktop: Desktop = await createDesktop({
    dataDir: app.getPath('userData'),
    version: app.getVersion(),
    localServer: envPort !== undefined && /^\d+$/.test(envPort) ? { port: Number(envPort) } : {},
    openPath: (folder) => shell.openPath(folder),
    onUnexpectedError: (err, name) => log?.error(errorEntry(`${name} failed`, err)),
    // Keys where no keychain answers, and what "System" proxy means: the OS's own answers, the logic is in services.
    safeStorage,
    resolveSystemProxy: (url) => session.defaultSession.resolveProxy(url),
    native: electronNative(path.join(resources, 'icon.png')),
    confirm: nativeConfirm,
    // Only an installed app can update itself; the check itself is in services (updater.ts).
    updater: app.isPackaged ? await loadUpdater() : undefined,
    // The publisher's key npm run dist wrote into this build; none: updates are off and Settings say why.
    updatePublicKey: app.isPackaged ? builtUpdateKey(app.getAppPath()) : null,
    // Settings → Language 'system' reads these; the choice itself is in services.
    systemLanguages: () => app.getPreferredSystemLanguages(),
  });

  const windows = await createWindowManager({
    appUrl, preload: preloadPath(mainDir), icon: path.join(resources, 'icon.png'), devTools, dataDir: app.getPath('userData'),
    onClosed: (id) => desktop.windowClosed(id),
  });

  // Calls are accepted only from our own windows' frames showing the app itself.
  ipcMain.handle(IPC_CHANNEL, async (event, name: unknown, args: unknown) => {
    const win = windows.windowOf(event.sender);
    if (!win || !event.senderFrame || !isAppUrl(event.senderFrame.url, appUrl)) return refused('Refused: the call did not come from a Linkdesk window.');
    return desktop.invoke(name, args, { windowId: win.id });
  });

  const openWindow = () => void windows.open();
  const openSettings = () => windows.command({ type: 'open', target: { instanceId: null, screen: 'settings', linkId: null } });
  const quickShorten = () => void windows.openQuick();
  const openAbout = () => windows.command({ type: 'open', target: { instanceId: null, screen: 'instances', linkId: null } });
  // Asked for: the answer in words whatever it is; a ready update also shows the banner (pushed by services).
  const checkForUpdates = async () => {
    const s = desktop.updates ? await desktop.updates.check() : { state: 'off' as const, message: t().formatMessage(m.updatesOnlyInstalled) };
    if (s.state === 'off' || s.state === 'current' || s.state === 'failed') {
      windows.command({ type: 'notice', title: t().formatMessage(m.checkTitle), message: s.message.slice(0, 1000), tone: s.state === 'failed' ? 'error' : 'info' });
    }
  };
  const menuActions = {
    openWindow, quickShorten, openSettings, openAbout, palette: () => windows.command({ type: 'palette' }), devTools,
    checkForUpdates: () => void checkForUpdates(),
  };
  setApplicationMenu(menuActions);

  const quit = () => app.quit();
  const tray = createTray(path.join(resources, 'tray.png'), {
    status: () => desktop.serverStatus(),
    shortcut: () => desktop.shortcutStatus(),
    shortenClipboard: () => void desktop.quick.fromClipboard(),
    quickShorten, openWindow, openSettings, quit,
  });
  desktop.onServerStatus(() => tray.update());
  desktop.onPush((c) => windows.broadcast(c));
  desktop.onSettings(() => tray.update());
  // Another language: the windows were told (services push {type:'locale'}); the menus are built again in it.
  desktop.onLocale(() => {
    setApplicationMenu(menuActions);
    tray.update();
  });

  handleLink = (raw) => windows.command(desktop.deepLink(raw));
  app.on('second-instance', (_event, argv) => {
    const link = deepLinkInArgv(argv);
    if (link) handleLink(link);
    else openWindow();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });
  // Closing the last window leaves the local server serving redirects from the
  // tray, if the settings say so; without a running server there is nothing to keep.
  app.on('window-all-closed', () => {
    if (desktop.serverStatus().state !== 'running' || !desktop.settings().keepServingInTray) quit();
  });

  let closed = false;
  app.on('before-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    void desktop.close().finally(() => {
      closed = true;
      tray.destroy();
      log?.info('quit');
      void (log?.close() ?? Promise.resolve()).finally(() => app.quit());
    });
  });
  log?.info(`started ${app.getVersion()} (data folder ${app.getPath('userData')})`);

  // Started at login: straight to the tray. Started by a linkdesk:// address: there.
  const link = deepLinkInArgv(process.argv) ?? earlyLinks.shift();
  for (const raw of earlyLinks.splice(0)) handleLink(raw);
  if (link) handleLink(link);
  else if (!process.argv.includes(HIDDEN_FLAG)) openWindow();
  void desktop.updates?.checkAtStart();
}

/** electron-updater's updater for this OS, loaded only in the installed app. */
async function loadUpdater() {
  const mod = await import('electron-updater');
  return mod.autoUpdater ?? (mod as unknown as { default: typeof mod }).default.autoUpdater;
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  start().catch(async (err: unknown) => {
    console.error('Linkdesk could not start:', err);
    log?.error(errorEntry('could not start', err));
    const { title, content } = startFailureDialog(err, log?.file ?? null);
    dialog.showErrorBox(title, content);
    await log?.close();
    app.exit(1);
  });
}
