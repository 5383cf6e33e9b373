// The tray item keeps the app (and the local server's redirects) alive after
// the last window closes; it shortens what is on the clipboard, opens the
// quick-shorten window and the app, and is where Quit lives then. Its menu and
// the application menu are templates from electron/services/native/menus.ts,
// in the current language; `update` builds them again.
import { Menu, nativeImage, Tray } from 'electron';
import type { ServerStatus } from '../../shared/contract.ts';
import type { ShortcutStatus } from '../../shared/native.ts';
import { t } from '../services/i18n/current.ts';
import { applicationMenuTemplate, trayTemplate, type MenuActions, type TrayActions } from '../services/native/menus.ts';

export function createTray(icon: string, a: TrayActions & { status(): ServerStatus; shortcut(): ShortcutStatus }): { update(): void; destroy(): void } {
  const tray = new Tray(nativeImage.createFromPath(icon));
  tray.setToolTip('Linkdesk');
  const update = () => {
    tray.setContextMenu(Menu.buildFromTemplate(trayTemplate(t(), a, { status: a.status(), shortcut: a.shortcut() })));
  };
  update();
  tray.on('click', a.openWindow);
  return { update, destroy: () => tray.destroy() };
}

/** Sets the application menu in the current language (again after a language change). */
export function setApplicationMenu(a: MenuActions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(applicationMenuTemplate(t(), a)));
}
