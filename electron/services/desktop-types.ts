// What the desktop core (desktop.ts) is given and what it offers: the seams electron/main and the tests fill.
import type { AppUpdater } from 'electron-updater';
import type { AppInfo, IpcResult, ServerStatus } from '../../shared/contract.ts';
import type { AnyLocale } from '../../shared/i18n/locales.ts';
import type { AppCommand, AppSettings, ShortcutStatus, ThemeSetting } from '../../shared/native.ts';
import type { ServerConfig } from '../server/config.ts';
import type { AtomicFs } from './atomic-file.ts';
import type { ChooseFile } from './city-database.ts';
import type { Confirm } from './consent.ts';
import type { CallContext } from './handlers.ts';
import type { ProfileStore } from './instance-profiles.ts';
import type { ClipboardHost, Notice, QuickShorten } from './native/quick-shorten.ts';
import type { ShortcutHost } from './native/shortcuts.ts';
import type { ResolveSystemProxy } from './net/proxy.ts';
import type { SystemCertificates } from './net/trust.ts';
import type { SafeStorageLike } from './secret-file-store.ts';
import type { SecretStore } from './secret-store.ts';
import type { ServerLogOptions } from './server-log.ts';
import type { Updates } from './updater.ts';

/** What the operating system offers (Electron in the app; stand-ins in tests, nothing in a plain browser). */
export interface NativeHost {
  clipboard: ClipboardHost | null;
  notify(n: Notice): void;
  shortcuts: ShortcutHost | null;
  /** Turns starting at login on or off; resolves to null, or to why it could not. */
  setStartAtLogin: ((open: boolean) => Promise<string | null>) | null;
  applyTheme(theme: ThemeSetting): void;
  /** The system's open-file dialog; resolves to the chosen file, or null. Absent: no dialog in this session. */
  chooseFile?: ChooseFile | null;
}

export interface DesktopOptions {
  dataDir: string;
  /** Defaults to the OS keychain, else a safeStorage-encrypted file, else a session-only store. */
  secretStore?: SecretStore;
  /** Electron's safeStorage (electron/main); keeps keys in an encrypted file where no keychain answers. */
  safeStorage?: SafeStorageLike;
  /** Electron's session.resolveProxy: what "System" proxy means in the app. Without it, HTTPS_PROXY/HTTP_PROXY/NO_PROXY. */
  resolveSystemProxy?: ResolveSystemProxy;
  /** The environment "System" reads without resolveSystemProxy (process.env by default). */
  proxyEnv?: NodeJS.ProcessEnv;
  /** The OS certificate store (tls.getCACertificates('system') by default); a seam for tests. */
  systemCertificates?: SystemCertificates;
  /**
   * The embedded server; false leaves it off. `port` overrides the remembered
   * port for this run (0: any free port); `config` passes server options
   * (e.g. `{ fetchTitles: false }` in tests that must not reach the internet).
   */
  localServer?: { port?: number; config?: Partial<ServerConfig> } | false;
  version?: string;
  /** Per-request deadline of the API clients. */
  requestTimeoutMs?: number;
  onUnexpectedError?: (err: unknown, name: string) => void;
  /** The file-system calls of instances.json's saves; a seam for tests of a full disk. */
  profilesFs?: AtomicFs;
  /**
   * Shows a folder in the system's file manager; resolves to '' or to why it
   * could not (Electron's shell.openPath). Without it, app.openLogs says so.
   */
  openPath?: (folder: string) => Promise<string>;
  /** Rotation of logs/server.log. */
  log?: ServerLogOptions;
  /** Clipboard, notifications, global shortcuts, login item, theme. */
  native?: NativeHost;
  /**
   * Asks the user before the stored key goes to a new address or over plain http, or a CA is trusted:
   * a native dialog in the app (electron/main), a stand-in in tests. Without it every such change is declined.
   */
  confirm?: Confirm;
  /** electron-updater's updater for this OS (electron/main, installed app only); without it updates are off. */
  updater?: AppUpdater;
  /** The publisher's Ed25519 public key (PEM) this build carries (npm run dist writes it); none: updates are off. */
  updatePublicKey?: string | null;
  /** The operating system's preferred languages, best first (Electron's app.getPreferredSystemLanguages()); none: English. */
  systemLanguages?: () => readonly string[];
}

export interface Desktop {
  invoke(name: unknown, args: unknown, ctx?: CallContext): Promise<IpcResult<unknown>>;
  close(): Promise<void>;
  /** Forgets a closed window's instance selection. */
  windowClosed(windowId: number): void;
  serverStatus(): ServerStatus;
  onServerStatus(listener: (s: ServerStatus) => void): () => void;
  /** What every window is told as it happens (server status, job progress); main sends it over the command channel. */
  onPush(listener: (c: AppCommand) => void): () => void;
  info(): AppInfo;
  settings(): AppSettings;
  shortcutStatus(): ShortcutStatus;
  onSettings(listener: (s: AppSettings) => void): () => void;
  /** The language main and the services speak (Settings → Language, 'system' resolved). */
  locale(): AnyLocale;
  /** Told once each time the effective language changes (after the windows were sent `{type:'locale'}`). */
  onLocale(listener: (locale: AnyLocale) => void): () => void;
  /** Shorten what the clipboard holds (tray, global shortcut); the notification is the answer. */
  readonly quick: QuickShorten;
  /** What a window should do for a linkdesk:// address: go somewhere, or say why not. */
  deepLink(raw: unknown): AppCommand;
  readonly dataDir: string;
  readonly secrets: SecretStore;
  readonly profiles: ProfileStore;
  /** Help → Check for updates and the check at start; null where there is no updater. */
  readonly updates: Updates | null;
}

