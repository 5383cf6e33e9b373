// "Start at login" on Linux, where Electron's setLoginItemSettings does
// nothing: an XDG autostart entry (~/.config/autostart/linkdesk.desktop),
// which GNOME, KDE, Xfce and the other freedesktop sessions read. macOS and
// Windows use Electron's own call (electron/main).
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { writeFileAtomic } from '../atomic-file.ts';

export const HIDDEN_FLAG = '--hidden';

export function autostartFile(env: NodeJS.ProcessEnv = process.env, home = homedir()): string {
  const config = env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path.join(home, '.config');
  return path.join(config, 'autostart', 'linkdesk.desktop');
}

// The Exec key's quoting rules (Desktop Entry Specification, "The Exec key").
function quoteArg(arg: string): string {
  if (!/[\s"'\\`$<>~|&;*?#()]/.test(arg) && arg !== '') return arg.replace(/%/g, '%%');
  return `"${arg.replace(/(["`$\\])/g, '\\$1').replace(/%/g, '%%')}"`;
}

export function desktopEntry(exec: string, args: readonly string[]): string {
  if (/[\n\r]/.test(exec) || args.some((a) => /[\n\r]/.test(a))) throw new Error('A login entry cannot hold a line break.');
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Linkdesk',
    'Comment=Serve your short links from the tray',
    `Exec=${[exec, ...args].map(quoteArg).join(' ')}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

export async function setXdgAutostart(open: boolean, opts: { exec: string; args: readonly string[]; file?: string }): Promise<void> {
  const file = opts.file ?? autostartFile();
  if (!open) {
    await rm(file, { force: true });
    return;
  }
  await writeFileAtomic(file, desktopEntry(opts.exec, [...opts.args, HIDDEN_FLAG]));
}

export const xdgAutostartEnabled = (file = autostartFile()) => existsSync(file);
