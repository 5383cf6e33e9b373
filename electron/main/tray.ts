// The tray item keeps the app (and the local server's redirects) alive after
// the last window closes; it shortens what is on the clipboard, opens the
// quick-shorten window and the app, and is where Quit lives then.
import { Menu, nativeImage, Tray } from 'electron';
import type { ServerStatus } from '../../shared/contract.ts';
import type { ShortcutStatus } from '../../shared/native.ts';

export function serverLine(s: ServerStatus): string {
  if (s.state === 'running') return `Local server: ${s.url}${s.message ? ' (fallback port)' : ''}`;
  if (s.state === 'error') return 'Local server: failed to start';
  if (s.state === 'starting') return 'Local server: starting…';
  return 'Local server: stopped';
}

export interface TrayActions {
  status(): ServerStatus;
  shortcut(): ShortcutStatus;
  shortenClipboard(): void;
  quickShorten(): void;
  openWindow(): void;
  openSettings(): void;
  quit(): void;
}

export function createTray(icon: string, a: TrayActions): { update(): void; destroy(): void } {
  const tray = new Tray(nativeImage.createFromPath(icon));
  tray.setToolTip('Linkdesk');
  const update = () => {
    const shortcut = a.shortcut();
    tray.setContextMenu(Menu.buildFromTemplate([
      {
        label: 'Shorten Clipboard URL',
        click: a.shortenClipboard,
        // Shown, not bound: the global shortcut itself is registered with the system.
        ...(shortcut.state === 'registered' && shortcut.accelerator ? { accelerator: shortcut.accelerator, registerAccelerator: false } : {}),
      },
      { label: 'Quick Shorten…', click: a.quickShorten },
      { type: 'separator' },
      { label: 'Open Linkdesk', click: a.openWindow },
      { label: 'Settings…', click: a.openSettings },
      { type: 'separator' },
      { label: serverLine(a.status()), enabled: false },
      { type: 'separator' },
      { label: 'Quit Linkdesk', click: a.quit },
    ]));
  };
  update();
  tray.on('click', a.openWindow);
  return { update, destroy: () => tray.destroy() };
}

export interface MenuActions {
  openWindow(): void;
  quickShorten(): void;
  openSettings(): void;
  palette(): void;
  /** The window's About card (version, data folder, logs). */
  openAbout(): void;
  /** Help → Check for Updates… (electron/services/updater.ts); the answer comes as a notice or the banner. */
  checkForUpdates(): void;
  devTools: boolean;
}

export function applicationMenu(a: MenuActions): Menu {
  const mac = process.platform === 'darwin';
  return Menu.buildFromTemplate([
    ...(mac ? [{
      role: 'appMenu' as const,
      submenu: [
        { label: 'About Linkdesk', click: a.openAbout }, { type: 'separator' as const },
        { label: 'Settings…', accelerator: 'CmdOrCtrl+,', click: a.openSettings },
        { type: 'separator' as const }, { role: 'services' as const }, { type: 'separator' as const },
        { role: 'hide' as const }, { role: 'hideOthers' as const }, { role: 'unhide' as const }, { type: 'separator' as const }, { role: 'quit' as const },
      ],
    }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'New Window', accelerator: 'CmdOrCtrl+N', click: a.openWindow },
        { label: 'Quick Shorten…', click: a.quickShorten },
        { label: 'Command Palette…', accelerator: 'CmdOrCtrl+K', click: a.palette },
        ...(mac ? [] : [{ label: 'Settings…', accelerator: 'CmdOrCtrl+,', click: a.openSettings }]),
        { type: 'separator' },
        { role: 'close' },
        ...(mac ? [] : [{ type: 'separator' as const }, { role: 'quit' as const }]),
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' },
        ...(a.devTools ? [{ type: 'separator' as const }, { role: 'reload' as const }, { role: 'toggleDevTools' as const }] : []),
      ],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        // On macOS About lives in the app menu; elsewhere here, where people look for it.
        ...(mac ? [] : [{ label: 'About Linkdesk', click: a.openAbout }]),
        { label: 'Data Folder and Logs…', click: a.openAbout },
        { label: 'Check for Updates…', click: a.checkForUpdates },
      ],
    },
  ]);
}
