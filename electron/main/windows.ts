// Management windows: several at once, each working on its own instance
// (the handler table keys the selection by window id).
import path from 'node:path';
import { BrowserWindow, type WebContents } from 'electron';

export interface WindowManager {
  open(): BrowserWindow;
  /** The app window a web contents belongs to, if it is one of ours. */
  windowOf(contents: WebContents): BrowserWindow | null;
  count(): number;
}

export function createWindowManager(opts: { appUrl: string; preload: string; icon: string; onClosed(id: number): void; devTools: boolean }): WindowManager {
  const windows = new Map<number, BrowserWindow>();
  return {
    open() {
      const win = new BrowserWindow({
        width: 1280,
        height: 860,
        minWidth: 800,
        minHeight: 560,
        show: false,
        title: 'Linkdesk',
        icon: opts.icon,
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
      win.on('closed', () => {
        windows.delete(id);
        opts.onClosed(id);
      });
      void win.loadURL(opts.appUrl);
      return win;
    },
    windowOf(contents) {
      const win = BrowserWindow.fromWebContents(contents);
      return win && windows.get(win.id) === win ? win : null;
    },
    count: () => windows.size,
  };
}

export const preloadPath = (mainDir: string) => path.join(mainDir, '../preload/index.cjs');
