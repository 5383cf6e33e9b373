// Electron's clipboard, notifications, global shortcuts, login item, theme and open-file dialog,
// shaped as the services' NativeHost. No decisions here: what to shorten, what
// a notification says and whether a shortcut may be set are in
// electron/services/native.
import { app, BrowserWindow, clipboard, dialog, globalShortcut, nativeTheme, Notification } from 'electron';
import type { NativeHost } from '../services/desktop.ts';
import { HIDDEN_FLAG, setXdgAutostart } from '../services/native/login-item.ts';
import { defineMessages } from '@formatjs/intl';
import { t } from '../services/i18n/current.ts';

const m = defineMessages<{ notAccepted: {}; failed: { reason: string } }>({
  notAccepted: { id: 'desktop.loginItem.notAccepted', defaultMessage: 'The system did not accept the change; check its login items settings.' },
  failed: { id: 'desktop.loginItem.failed', defaultMessage: 'The login item could not be changed: {reason}', description: 'reason: the system\'s own words' },
});

// Starting at login runs the same command this run was started with (the
// packaged app, or electron with the project folder in development).
const launchArgs = () => (app.isPackaged ? [] : [app.getAppPath()]);

async function setStartAtLogin(open: boolean): Promise<string | null> {
  try {
    if (process.platform === 'linux') {
      await setXdgAutostart(open, { exec: process.env.APPIMAGE ?? process.execPath, args: launchArgs() });
      return null;
    }
    app.setLoginItemSettings({ openAtLogin: open, path: process.execPath, args: [...launchArgs(), HIDDEN_FLAG] });
    return app.getLoginItemSettings({ path: process.execPath, args: [...launchArgs(), HIDDEN_FLAG] }).openAtLogin === open
      ? null
      : t().formatMessage(m.notAccepted);
  } catch (err) {
    return t().formatMessage(m.failed, { reason: err instanceof Error ? err.message : String(err) });
  }
}

export function electronNative(icon: string): NativeHost {
  return {
    clipboard: {
      readText: () => clipboard.readText(),
      writeText: (text) => clipboard.writeText(text),
      hasImage: () => clipboard.has('image/png'),
    },
    notify: ({ title, body }) => {
      if (Notification.isSupported()) new Notification({ title, body, icon, silent: false }).show();
    },
    shortcuts: {
      register: (accelerator, callback) => globalShortcut.register(accelerator, callback),
      unregister: (accelerator) => globalShortcut.unregister(accelerator),
    },
    setStartAtLogin,
    applyTheme: (theme) => {
      nativeTheme.themeSource = theme;
    },
    chooseFile: async ({ title, filters }) => {
      const options = { title, filters, properties: ['openFile' as const] };
      const parent = BrowserWindow.getFocusedWindow();
      const r = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
      return r.canceled ? null : r.filePaths[0] ?? null;
    },
  };
}
