// The desktop's main-process core, without Electron: profiles, secret store,
// embedded server, one API client per instance, and which instance each window
// works on. electron/main wires `invoke` to IPC; tests and the screens' e2e
// harness call it directly.
import type { AppInfo, ServerStatus } from '../../shared/contract.ts';
import type { AppCommand, AppSettings } from '../../shared/native.ts';
import { ensurePrivateDir } from '../server/util/private-files.ts';
import { createBackups } from './backups.ts';
import { askNobody } from './consent.ts';
import { ServiceError } from './errors.ts';
import { createHandlers, createInvoker, type CallContext, type ServerChange } from './handlers.ts';
import { createLiveFollows } from './live-follow.ts';
import { createCityDatabaseHandlers } from './city-database.ts';
import { createJobs, jobHandlers } from './jobs.ts';
import { createImportHandlers } from './transfer/import-handlers.ts';
import { openProfileStore, type ProfileStore } from './instance-profiles.ts';
import { createLocalServer, DEFAULT_LOCAL_PORT, LOCAL_HOST, type LocalServer } from './local-server.ts';
import { createInstanceClients } from './instance-clients.ts';
import { createInstanceLocks } from './instance-locks.ts';
import { openSecretStore, type SecretStore } from './secret-store.ts';
import { errorEntry, openMainLog, type MainLog } from './main-log.ts';
import { openServerLog } from './server-log.ts';
import { openSettingsStore } from './native/app-settings.ts';
import { openCommand, parseDeepLink } from './native/deep-link.ts';
import { createNativeHandlers } from './native/native-handlers.ts';
import { followLanguage } from './i18n/follow.ts';
import { desktopLocale, t } from './i18n/current.ts';
import { defineMessages } from '@formatjs/intl';
import { createQuickShorten } from './native/quick-shorten.ts';
import { createShortcutManager } from './native/shortcuts.ts';
import { createSelectionHandlers } from './transfer/selection-handlers.ts';
import { createUpdates } from './updater.ts';
import { createUpdateHandlers } from './updater-handlers.ts';
import { openUpdateStore } from './updater-store.ts';
import type { Desktop, DesktopOptions, NativeHost } from './desktop-types.ts';

const m = defineMessages({
  linkNotOpened: { id: 'desktop.deepLink.notOpened', defaultMessage: 'Link not opened', description: 'Notice title: a linkdesk:// address could not be followed' },
  unknownInstance: { id: 'desktop.deepLink.unknownInstance', defaultMessage: 'This linkdesk:// address names an instance this app does not have.' },
});

export type { Desktop, DesktopOptions, NativeHost };

const NO_NATIVE: NativeHost = { clipboard: null, notify: () => {}, shortcuts: null, setStartAtLogin: null, applyTheme: () => {} };
const DEFAULT_CTX: CallContext = { windowId: 1 };

export async function createDesktop(opts: DesktopOptions): Promise<Desktop> {
  // Opened first: it makes the data folder private, and notes it if it was not.
  const log = openServerLog(opts.dataDir, opts.log);
  let secrets: SecretStore;
  let profiles: ProfileStore;
  try {
    secrets = opts.secretStore ?? await openSecretStore({ dataDir: opts.dataDir, safeStorage: opts.safeStorage, onNotice: log.warn });
    profiles = await openProfileStore(opts.dataDir, `http://${LOCAL_HOST}:${DEFAULT_LOCAL_PORT}`, { onNotice: log.warn, fs: opts.profilesFs });
  } catch (err) {
    log.error(`Linkdesk could not open its data folder: ${err instanceof Error ? err.message : String(err)}`);
    await log.close();
    throw err;
  }
  const localId = profiles.local().id;
  const listeners = new Set<(s: ServerStatus) => void>();
  const pushListeners = new Set<(c: AppCommand) => void>();
  const push = (c: AppCommand) => { for (const l of pushListeners) l(c); };
  listeners.add((status) => push({ type: 'server-status', status }));
  const native = opts.native ?? NO_NATIVE;
  const settings = await openSettingsStore(opts.dataDir, { onNotice: log.warn });
  const settingsListeners = new Set<(s: AppSettings) => void>();
  // The language: set now, and again whenever Settings → Language means another one; every window is told.
  const systemLanguages = () => opts.systemLanguages?.() ?? [];
  const language = followLanguage(desktopLocale, settings.get(), systemLanguages, push);
  settingsListeners.add(language.settingsChanged);

  let portOverride = opts.localServer ? opts.localServer.port : undefined;
  const server: LocalServer | null = opts.localServer === false ? null : createLocalServer({
    dataDir: opts.dataDir,
    account: localId,
    secrets,
    config: opts.localServer?.config,
    log,
    settings: () => {
      const s = profiles.localServer();
      return portOverride === undefined ? s : { ...s, port: portOverride };
    },
    saveSettings: async (patch) => {
      if (patch.port !== undefined) portOverride = undefined; // a chosen port replaces the override
      await profiles.setLocalServer(patch);
    },
  });
  const OFF: ServerStatus = { state: 'stopped', url: null, port: null, message: 'The local server is turned off.' };
  const serverStatus = () => server?.status() ?? OFF;
  const announce = async () => {
    const s = serverStatus();
    if (s.url) await profiles.setLocalBaseUrl(s.url);
    for (const l of listeners) l(s);
  };

  const locks = createInstanceLocks();
  const { clientFor, ownClientFor, dropClient, presented, view, destroyAll } = createInstanceClients({
    profiles, secrets, serverStatus, locks, timeoutMs: opts.requestTimeoutMs,
    resolveSystemProxy: opts.resolveSystemProxy, proxyEnv: opts.proxyEnv, systemCertificates: opts.systemCertificates,
  });

  // Each window works on its own instance; a new window starts on the one chosen last.
  const selection = new Map<number, string>();
  // pinned on first use, so another window's choice never moves this one.
  const selectedId = (windowId: number) => {
    let id = selection.get(windowId);
    if (!id || !profiles.get(id)) {
      id = profiles.lastSelectedId();
      selection.set(windowId, id);
    }
    return id;
  };

  // A keychain that appears while the app runs (a keyring unlocked, a session started) takes the keys over;
  // looked for when the About card asks, at most every half minute.
  let lastRecheck = 0;
  const recheckKeychain = async () => {
    if (secrets.kind !== 'encrypted-file' || !secrets.recheck || Date.now() - lastRecheck < 30_000) return;
    lastRecheck = Date.now();
    await secrets.recheck().catch(() => false);
  };
  const info = (): AppInfo => ({
    version: opts.version ?? process.env.npm_package_version ?? 'development',
    dataDir: opts.dataDir,
    keychain: secrets.kind === 'keychain' ? 'available' : 'unavailable',
    keychainMessage: secrets.message,
    keyStore: secrets.kind,
    keyStoreFile: secrets.file ?? null,
    logFile: log.file,
    logsDir: log.dir,
  });

  const openLogs = async () => {
    if (!opts.openPath) throw new ServiceError('bad-request', 'Folders cannot be opened from this session.');
    ensurePrivateDir(log.dir, { onNotice: log.warn }); // removed by hand since the start? show an empty one
    const problem = await opts.openPath(log.dir);
    if (problem) throw new ServiceError('server', `The logs folder could not be opened: ${problem}`);
    return log.dir;
  };

  const quick = createQuickShorten({ profiles, settings, clientFor, clipboard: native.clipboard, notify: native.notify });
  const shortcuts = createShortcutManager(native.shortcuts, () => void quick.fromClipboard());
  shortcuts.apply(settings.get().globalShortcut);
  native.applyTheme(settings.get().theme);
  const nativeHandlers = createNativeHandlers({
    settings, profiles, shortcuts, quick, setStartAtLogin: native.setStartAtLogin, applyTheme: native.applyTheme, systemLanguages,
    onChange: (s) => { for (const l of settingsListeners) l(s); },
  });

  const deepLink = (raw: unknown): AppCommand => {
    const parsed = parseDeepLink(raw);
    if (!parsed.ok) return { type: 'notice', title: t().formatMessage(m.linkNotOpened), message: parsed.message, tone: 'error' };
    const { instanceId } = parsed.target;
    if (instanceId !== null && !profiles.get(instanceId)) {
      return { type: 'notice', title: t().formatMessage(m.linkNotOpened), message: t().formatMessage(m.unknownInstance), tone: 'error' };
    }
    return openCommand(parsed.target);
  };

  const jobs = createJobs({
    onError: (err, job) => log.error(`${job.title} failed: ${err instanceof Error ? err.message : String(err)}`),
    onChange: (job) => push({ type: 'job', job }),
  });
  const importer = createImportHandlers({ dataDir: opts.dataDir, jobs, profiles, secrets, clientFor, selectedId, onError: log.warn });
  const selectionHandlers = createSelectionHandlers({ jobs, profiles, clientFor, selectedId });
  const backups = createBackups({
    dataDir: opts.dataDir,
    log,
    stopServer: async () => {
      await server?.stop();
      await dropClient(localId);
      await announce();
    },
    startServer: async () => {
      await server?.start();
      await announce();
      return serverStatus();
    },
  });

  const updateStore = openUpdateStore(opts.dataDir, (err) => log.warn(`updates.json: ${err instanceof Error ? err.message : String(err)}`));
  const updates = opts.updater ? createUpdates({
    updater: opts.updater,
    publicKey: opts.updatePublicKey ?? null,
    feed: () => ({ url: updateStore.get().feedUrl, checkAtStart: updateStore.get().checkAtStart }),
    lastStartCheck: updateStore.lastStartCheck,
    onStatus: (status) => push({ type: 'update-status', status }),
  }) : null;

  const serverSettings = () => {
    const { port, apiGeneration, cityDatabase } = profiles.localServer();
    return { port: portOverride === undefined ? port : portOverride, apiGeneration, cityDatabase };
  };

  const live = createLiveFollows({
    profile: (id) => {
      const p = profiles.get(id);
      if (!p) throw new ServiceError('not-found', 'This instance is no longer in the app.');
      return p;
    },
    selectedId, ownClientFor, push,
  });

  const handlers = createHandlers({
    native: nativeHandlers,
    cityDatabase: createCityDatabaseHandlers({
      chooseFile: native.chooseFile ?? null,
      settings: serverSettings,
      status: serverStatus,
      apply: async (cityDatabase) => {
        if (!server) {
          await profiles.setLocalServer({ cityDatabase });
          return serverStatus();
        }
        const s = await server.reconfigure({ cityDatabase });
        await dropClient(localId);
        await announce();
        return s;
      },
    }),
    jobs: jobHandlers(jobs),
    imports: importer.handlers,
    selection: selectionHandlers,
    backups: backups.handlers,
    updates: createUpdateHandlers({ store: updateStore, updates, confirm: opts.confirm ?? askNobody, version: opts.version }),
    live: {
      'stats.live.start': async ({ linkId }, ctx) => ({ ok: true, followId: live.start(ctx.windowId, linkId) }),
      'stats.live.stop': async (_args, ctx) => { live.stop(ctx.windowId); return { ok: true }; },
    },
    profiles, secrets, openLogs, serverStatus, view, clientFor, dropClient, locks, selectedId, presented,
    confirm: opts.confirm ?? askNobody,
    info: async () => { await recheckKeychain(); return info(); },
    copyText: async (text) => {
      if (!native.clipboard) return false;
      await native.clipboard.writeText(text);
      return true;
    },
    select: async (windowId, id) => {
      selection.set(windowId, id);
      await profiles.setLastSelected(id);
    },
    serverSettings,
    restartServer: async (change) => {
      if (!server) throw new ServiceError('bad-request', 'The local server is turned off in this session.');
      const patch: ServerChange = {};
      if (change.port !== undefined) patch.port = change.port;
      if (change.apiGeneration !== undefined) patch.apiGeneration = change.apiGeneration;
      const s = Object.keys(patch).length === 0 ? (await server.stop(), await server.start()) : await server.reconfigure(patch);
      await dropClient(localId);
      await announce();
      return s;
    },
  });
  // A handler's unexpected error goes to logs/main.log, scrubbed like every other line; never raw to the console.
  let mainLog: MainLog | null = null;
  const gate = createInvoker(handlers, (err, name) => {
    if (opts.onUnexpectedError) return opts.onUnexpectedError(err, name);
    mainLog ??= openMainLog(opts.dataDir, opts.log);
    mainLog.error(errorEntry(`${name} failed`, err));
  });

  if (server) {
    await server.start();
    await announce();
  }
  // Imports the app last closed under wait, paused, for Resume.
  await importer.restore().catch((err) => log.error(`Saved imports could not be restored: ${err instanceof Error ? err.message : String(err)}`));
  backups.schedule();

  let closing: Promise<void> | null = null;
  return {
    dataDir: opts.dataDir,
    secrets,
    profiles,
    updates,
    info,
    serverStatus,
    quick,
    deepLink,
    settings: () => settings.get(),
    shortcutStatus: () => shortcuts.status(),
    onSettings(listener) {
      settingsListeners.add(listener);
      return () => settingsListeners.delete(listener);
    },
    locale: () => desktopLocale.locale(),
    onLocale: language.onLocale,
    invoke: (name, args, ctx = DEFAULT_CTX) => {
      if (closing) return Promise.resolve({ ok: false, error: { kind: 'unreachable', message: 'Linkdesk is shutting down.' } });
      return gate(name, args, ctx);
    },
    windowClosed: (windowId) => {
      selection.delete(windowId);
      live.stop(windowId);
    },
    onServerStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onPush(listener) {
      pushListeners.add(listener);
      return () => pushListeners.delete(listener);
    },
    close() {
      closing ??= (async () => {
        shortcuts.dispose();
        live.stopAll();
        await jobs.close();
        await backups.close();
        await destroyAll();
        await server?.stop();
        await log.close();
        await mainLog?.close();
        for (const l of listeners) l(serverStatus());
      })();
      return closing;
    },
  };
}
