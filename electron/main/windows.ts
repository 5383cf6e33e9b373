// Management windows: several at once, each working on its own instance
// (the handler table keys the selection by window id); and the small
// quick-shorten window, one at most.
import path from 'node:path';
import { BrowserWindow, screen, type WebContents } from 'electron';
import { placeWindow, readWindowState, writeWindowState, type WindowState } from '../services/native/window-state.ts';
import { COMMAND_CHANNEL } from '../../shared/ipc.ts';
import type { AppCommand } from '../../shared/native.ts';
import { defineMessages } from '@formatjs/intl';
import { t } from '../services/i18n/current.ts';

const m = defineMessages({
  quickTitle: { id: 'desktop.quick.windowTitle', defaultMessage: 'Quick shorten — Linkdesk', description: 'Title of the small quick-shorten window' },
});

export interface WindowManager {
  open(): BrowserWindow;
  /** The quick-shorten window, opened or brought forward. */
  openQuick(): BrowserWindow;
  /** Tells the window in front (or a new one) to do something; it comes forward. */
  command(command: AppCommand): void;
  /** Tells every window, without bringing any forward (server status, job progress). */
  broadcast(command: AppCommand): void;
  /** The app window a web contents belongs to, if it is one of ours. */
  windowOf(contents: WebContents): BrowserWindow | null;
  count(): number;
}

export interface WindowOptions {
  appUrl: string; preload: string; icon: string; onClosed(id: number): void; devTools: boolean;
  /** Where the management window's size and place are kept between runs. */
  dataDir: string;
}

const MAIN_SIZES = { width: 1280, height: 860, minWidth: 800, minHeight: 560 };

export async function createWindowManager(opts: WindowOptions): Promise<WindowManager> {
  const windows = new Map<number, BrowserWindow>();
  // The last management window closed (or moved) sets where the next one opens.
  let remembered: WindowState | null = await readWindowState(opts.dataDir);
  const remember = (win: BrowserWindow) => {
    if (win.isDestroyed() || win.isMinimized()) return;
    const b = win.getNormalBounds();
    remembered = { ...b, maximized: win.isMaximized() };
  };
  let quick: BrowserWindow | null = null;
  let lastFocused: number | null = null;

  const make = (size: { x?: number; y?: number; width: number; height: number; minWidth: number; minHeight: number }, hash: string, extra: Electron.BrowserWindowConstructorOptions = {}) => {
    const win = new BrowserWindow({
      ...size,
      show: false,
      title: 'Linkdesk',
      icon: opts.icon,
      ...extra,
      webPreferences: {
        preload: opts.preload,
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
        webviewTag: false,
        navigateOnDragDrop: false,
        spellcheck: false,
        devTools: opts.devTools,
      },
    });
    const id = win.id;
    windows.set(id, win);
    win.once('ready-to-show', () => win.show());
    win.on('focus', () => { lastFocused = id; });
    win.on('closed', () => {
      windows.delete(id);
      if (lastFocused === id) lastFocused = null;
      opts.onClosed(id);
    });
    void win.loadURL(`${opts.appUrl}${hash}`);
    return win;
  };

  const open = () => {
    const displays = screen.getAllDisplays().map((d) => ({ workArea: d.workArea, primary: d.id === screen.getPrimaryDisplay().id }));
    // A second window opens offset from the first, not on top of it.
    const place = placeWindow(windows.size && remembered ? { ...remembered, x: remembered.x + 32, y: remembered.y + 32 } : remembered, displays, MAIN_SIZES);
    const win = make({ ...place.bounds, minWidth: MAIN_SIZES.minWidth, minHeight: MAIN_SIZES.minHeight }, '');
    if (place.maximized) win.once('ready-to-show', () => win.maximize());
    for (const event of ['resized', 'moved', 'maximize', 'unmaximize'] as const) win.on(event as 'resized', () => remember(win));
    win.on('close', () => {
      remember(win);
      if (remembered) void writeWindowState(opts.dataDir, remembered).catch(() => undefined);
    });
    return win;
  };
  // The window in front, else the last one used, else any management window.
  const front = (): BrowserWindow | null => {
    const candidates = [BrowserWindow.getFocusedWindow()?.id, lastFocused, ...windows.keys()];
    for (const id of candidates) {
      const win = id == null ? undefined : windows.get(id);
      if (win && win !== quick && !win.isDestroyed()) return win;
    }
    return null;
  };

  return {
    open,
    openQuick() {
      if (quick && !quick.isDestroyed()) {
        quick.show();
        quick.focus();
        return quick;
      }
      const win = make({ width: 460, height: 420, minWidth: 380, minHeight: 360 }, '#/quick', {
        title: t().formatMessage(m.quickTitle), resizable: true, minimizable: false, maximizable: false, alwaysOnTop: true, skipTaskbar: true,
      });
      quick = win;
      win.on('closed', () => { if (quick === win) quick = null; });
      return win;
    },
    command(command) {
      let win = front();
      if (!win) win = open(); // preload keeps the command until the page listens
      if (win.isMinimized()) win.restore();
      win.show();
      win.focus();
      win.webContents.send(COMMAND_CHANNEL, command);
    },
    broadcast(command) {
      for (const win of windows.values()) if (!win.isDestroyed()) win.webContents.send(COMMAND_CHANNEL, command);
    },
    windowOf(contents) {
      const win = BrowserWindow.fromWebContents(contents);
      return win && windows.get(win.id) === win ? win : null;
    },
    count: () => windows.size,
  };
}

export const preloadPath = (mainDir: string) => path.join(mainDir, '../preload/index.cjs');
