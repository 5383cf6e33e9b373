// The tray item keeps the app (and the local server's redirects) alive after
// the last window closes, and is where Quit lives then.
import { Menu, nativeImage, Tray } from 'electron';
import type { ServerStatus } from '../../shared/contract.ts';

export function serverLine(s: ServerStatus): string {
  if (s.state === 'running') return `Local server: ${s.url}${s.message ? ' (fallback port)' : ''}`;
  if (s.state === 'error') return 'Local server: failed to start';
  if (s.state === 'starting') return 'Local server: starting…';
  return 'Local server: stopped';
}

export function createTray(opts: { icon: string; status(): ServerStatus; openWindow(): void; quit(): void }): { update(): void; destroy(): void } {
  const tray = new Tray(nativeImage.createFromPath(opts.icon));
  tray.setToolTip('Linkdesk');
  const update = () => {
    tray.setContextMenu(Menu.buildFromTemplate([
      { label: 'Open Linkdesk', click: opts.openWindow },
      { type: 'separator' },
      { label: serverLine(opts.status()), enabled: false },
      { type: 'separator' },
      { label: 'Quit Linkdesk', click: opts.quit },
    ]));
  };
  update();
  tray.on('click', opts.openWindow);
  return { update, destroy: () => tray.destroy() };
}

export function applicationMenu(opts: { openWindow(): void; devTools: boolean }): Menu {
  return Menu.buildFromTemplate([
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'New Window', accelerator: 'CmdOrCtrl+N', click: opts.openWindow },
        { role: 'close' },
        ...(process.platform === 'darwin' ? [] : [{ type: 'separator' as const }, { role: 'quit' as const }]),
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' },
        ...(opts.devTools ? [{ type: 'separator' as const }, { role: 'reload' as const }, { role: 'toggleDevTools' as const }] : []),
      ],
    },
    { role: 'windowMenu' },
  ]);
}
