// The tray's menu and the application menu as templates, in the user's
// language: pure functions of an IntlShape, the actions and the state, so
// they are tested in Node (electron/main only hands them to Menu.buildFromTemplate,
// and builds them again when the language changes). Roles and accelerators are
// kept as they are; role items get a translated label because Electron's own
// labels are English.
import type { IntlShape } from '@formatjs/intl';
import { defineMessages } from '@formatjs/intl';
import type { MenuItemConstructorOptions } from 'electron';
import type { ServerStatus } from '../../../shared/contract.ts';
import type { ShortcutStatus } from '../../../shared/native.ts';

// Messages with arguments name their values' types (FormatJS's typed descriptors).
const withUrl = defineMessages<{ serverRunning: { url: string }; serverFallback: { url: string } }>({
  serverRunning: { id: 'desktop.tray.serverRunning', defaultMessage: 'Local server: {url}', description: 'Tray: the embedded server answers at this address' },
  serverFallback: { id: 'desktop.tray.serverFallbackPort', defaultMessage: 'Local server: {url} (fallback port)', description: 'Tray: the embedded server answers on another port than the chosen one' },
});
const m = defineMessages({
  serverError: { id: 'desktop.tray.serverError', defaultMessage: 'Local server: failed to start' },
  serverStarting: { id: 'desktop.tray.serverStarting', defaultMessage: 'Local server: starting…' },
  serverStopped: { id: 'desktop.tray.serverStopped', defaultMessage: 'Local server: stopped' },
  shortenClipboard: { id: 'desktop.tray.shortenClipboard', defaultMessage: 'Shorten Clipboard URL', description: 'Tray: makes a short link of the web address on the clipboard' },
  quickShorten: { id: 'desktop.menu.quickShorten', defaultMessage: 'Quick Shorten…', description: 'Opens the small quick-shorten window' },
  openApp: { id: 'desktop.tray.openApp', defaultMessage: 'Open Linkdesk' },
  settings: { id: 'desktop.menu.settings', defaultMessage: 'Settings…' },
  quitApp: { id: 'desktop.menu.quitApp', defaultMessage: 'Quit Linkdesk' },
  about: { id: 'desktop.menu.about', defaultMessage: 'About Linkdesk' },
  services: { id: 'desktop.menu.services', defaultMessage: 'Services', description: 'macOS app menu: the system Services submenu' },
  hide: { id: 'desktop.menu.hide', defaultMessage: 'Hide Linkdesk' },
  hideOthers: { id: 'desktop.menu.hideOthers', defaultMessage: 'Hide Others' },
  unhide: { id: 'desktop.menu.showAll', defaultMessage: 'Show All' },
  file: { id: 'desktop.menu.file', defaultMessage: 'File' },
  newWindow: { id: 'desktop.menu.newWindow', defaultMessage: 'New Window' },
  palette: { id: 'desktop.menu.commandPalette', defaultMessage: 'Command Palette…' },
  closeWindow: { id: 'desktop.menu.closeWindow', defaultMessage: 'Close Window' },
  quit: { id: 'desktop.menu.quit', defaultMessage: 'Quit', description: 'File menu on Windows and Linux: ends the app' },
  edit: { id: 'desktop.menu.edit', defaultMessage: 'Edit' },
  undo: { id: 'desktop.menu.undo', defaultMessage: 'Undo' },
  redo: { id: 'desktop.menu.redo', defaultMessage: 'Redo' },
  cut: { id: 'desktop.menu.cut', defaultMessage: 'Cut' },
  copy: { id: 'desktop.menu.copy', defaultMessage: 'Copy' },
  paste: { id: 'desktop.menu.paste', defaultMessage: 'Paste' },
  pasteAndMatchStyle: { id: 'desktop.menu.pasteAndMatchStyle', defaultMessage: 'Paste and Match Style' },
  delete: { id: 'desktop.menu.delete', defaultMessage: 'Delete' },
  selectAll: { id: 'desktop.menu.selectAll', defaultMessage: 'Select All' },
  view: { id: 'desktop.menu.view', defaultMessage: 'View' },
  resetZoom: { id: 'desktop.menu.actualSize', defaultMessage: 'Actual Size' },
  zoomIn: { id: 'desktop.menu.zoomIn', defaultMessage: 'Zoom In' },
  zoomOut: { id: 'desktop.menu.zoomOut', defaultMessage: 'Zoom Out' },
  fullScreen: { id: 'desktop.menu.toggleFullScreen', defaultMessage: 'Toggle Full Screen' },
  reload: { id: 'desktop.menu.reload', defaultMessage: 'Reload' },
  devTools: { id: 'desktop.menu.toggleDevTools', defaultMessage: 'Toggle Developer Tools' },
  window: { id: 'desktop.menu.window', defaultMessage: 'Window' },
  minimize: { id: 'desktop.menu.minimize', defaultMessage: 'Minimize' },
  zoom: { id: 'desktop.menu.zoom', defaultMessage: 'Zoom', description: 'macOS Window menu: fills the screen with the window' },
  front: { id: 'desktop.menu.bringAllToFront', defaultMessage: 'Bring All to Front' },
  help: { id: 'desktop.menu.help', defaultMessage: 'Help' },
  dataFolder: { id: 'desktop.menu.dataFolderAndLogs', defaultMessage: 'Data Folder and Logs…' },
  checkForUpdates: { id: 'desktop.menu.checkForUpdates', defaultMessage: 'Check for Updates…' },
});

export function serverLine(intl: IntlShape, s: ServerStatus): string {
  if (s.state === 'running') {
    return s.message ? intl.formatMessage(withUrl.serverFallback, { url: s.url ?? '' }) : intl.formatMessage(withUrl.serverRunning, { url: s.url ?? '' });
  }
  if (s.state === 'error') return intl.formatMessage(m.serverError);
  if (s.state === 'starting') return intl.formatMessage(m.serverStarting);
  return intl.formatMessage(m.serverStopped);
}

export interface TrayActions {
  shortenClipboard(): void;
  quickShorten(): void;
  openWindow(): void;
  openSettings(): void;
  quit(): void;
}

export function trayTemplate(intl: IntlShape, a: TrayActions, state: { status: ServerStatus; shortcut: ShortcutStatus }): MenuItemConstructorOptions[] {
  const f = intl.formatMessage;
  const { shortcut } = state;
  return [
    {
      label: f(m.shortenClipboard),
      click: a.shortenClipboard,
      // Shown, not bound: the global shortcut itself is registered with the system.
      ...(shortcut.state === 'registered' && shortcut.accelerator ? { accelerator: shortcut.accelerator, registerAccelerator: false } : {}),
    },
    { label: f(m.quickShorten), click: a.quickShorten },
    { type: 'separator' },
    { label: f(m.openApp), click: a.openWindow },
    { label: f(m.settings), click: a.openSettings },
    { type: 'separator' },
    { label: serverLine(intl, state.status), enabled: false },
    { type: 'separator' },
    { label: f(m.quitApp), click: a.quit },
  ];
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

const SEP: MenuItemConstructorOptions = { type: 'separator' };

export function applicationMenuTemplate(intl: IntlShape, a: MenuActions, platform: NodeJS.Platform = process.platform): MenuItemConstructorOptions[] {
  const f = intl.formatMessage;
  const mac = platform === 'darwin';
  return [
    ...(mac ? [{
      role: 'appMenu' as const,
      submenu: [
        { label: f(m.about), click: a.openAbout }, SEP,
        { label: f(m.settings), accelerator: 'CmdOrCtrl+,', click: a.openSettings },
        SEP, { role: 'services' as const, label: f(m.services) }, SEP,
        { role: 'hide' as const, label: f(m.hide) }, { role: 'hideOthers' as const, label: f(m.hideOthers) },
        { role: 'unhide' as const, label: f(m.unhide) }, SEP, { role: 'quit' as const, label: f(m.quitApp) },
      ],
    }] : []),
    {
      label: f(m.file),
      submenu: [
        { label: f(m.newWindow), accelerator: 'CmdOrCtrl+N', click: a.openWindow },
        { label: f(m.quickShorten), click: a.quickShorten },
        { label: f(m.palette), accelerator: 'CmdOrCtrl+K', click: a.palette },
        ...(mac ? [] : [{ label: f(m.settings), accelerator: 'CmdOrCtrl+,', click: a.openSettings }]),
        SEP,
        { role: 'close', label: f(m.closeWindow) },
        ...(mac ? [] : [SEP, { role: 'quit' as const, label: f(m.quit) }]),
      ],
    },
    // Electron's editMenu role, spelled out so its items carry translated labels.
    {
      label: f(m.edit),
      submenu: [
        { role: 'undo', label: f(m.undo) }, { role: 'redo', label: f(m.redo) }, SEP,
        { role: 'cut', label: f(m.cut) }, { role: 'copy', label: f(m.copy) }, { role: 'paste', label: f(m.paste) },
        ...(mac ? [{ role: 'pasteAndMatchStyle' as const, label: f(m.pasteAndMatchStyle) }] : []),
        { role: 'delete', label: f(m.delete) }, SEP, { role: 'selectAll', label: f(m.selectAll) },
      ],
    },
    {
      label: f(m.view),
      submenu: [
        { role: 'resetZoom', label: f(m.resetZoom) }, { role: 'zoomIn', label: f(m.zoomIn) }, { role: 'zoomOut', label: f(m.zoomOut) },
        SEP, { role: 'togglefullscreen', label: f(m.fullScreen) },
        ...(a.devTools ? [SEP, { role: 'reload' as const, label: f(m.reload) }, { role: 'toggleDevTools' as const, label: f(m.devTools) }] : []),
      ],
    },
    // Electron's windowMenu role spelled out; role 'window' keeps macOS's list of windows in it.
    {
      role: 'window',
      label: f(m.window),
      submenu: [
        { role: 'minimize', label: f(m.minimize) },
        ...(mac
          ? [{ role: 'zoom' as const, label: f(m.zoom) }, SEP, { role: 'front' as const, label: f(m.front) }]
          : [{ role: 'close' as const, label: f(m.closeWindow) }]),
      ],
    },
    {
      role: 'help',
      label: f(m.help),
      submenu: [
        // On macOS About lives in the app menu; elsewhere here, where people look for it.
        ...(mac ? [] : [{ label: f(m.about), click: a.openAbout }]),
        { label: f(m.dataFolder), click: a.openAbout },
        { label: f(m.checkForUpdates), click: a.checkForUpdates },
      ],
    },
  ];
}
