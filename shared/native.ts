// Types of the desktop's own features (settings, global shortcut, quick
// shorten, linkdesk:// addresses, commands main sends a window), shared by
// services, main, preload and the screens.
import type { Link } from './api-types.ts';
import type { ServerStatus } from './contract.ts';
import type { JobView } from './transfer.ts';
import { isUpdateStatus, type UpdateStatus } from './updates.ts';
import { LOCALES, PSEUDO_LOCALE, type AnyLocale } from './i18n/locales.ts';

export type ThemeSetting = 'light' | 'dark' | 'system';
/** The app's language: the operating system's (the first of its preferred languages Linkdesk speaks), or one chosen. */
export type LanguageSetting = 'system' | AnyLocale;
export const LANGUAGE_SETTINGS: readonly LanguageSetting[] = ['system', ...LOCALES, PSEUDO_LOCALE];
export interface AppSettings {
  theme: ThemeSetting;
  language: LanguageSetting;
  /** An Electron accelerator, or null for none. */
  globalShortcut: string | null;
  /** The instance quick shorten uses; null: the local one. */
  quickShortenInstanceId: string | null;
  startAtLogin: boolean;
  /** Closing the last window keeps the local server serving redirects from the tray. */
  keepServingInTray: boolean;
}
export interface ShortcutStatus {
  accelerator: string | null;
  /** As a person reads it on this platform ("Ctrl+Shift+L"). */
  display: string | null;
  state: 'registered' | 'off' | 'taken' | 'unavailable';
  message: string | null;
}
export interface SettingsView {
  settings: AppSettings;
  shortcut: ShortcutStatus;
  /** Whether "start at login" can be set in this session, and why not. */
  startAtLogin: { supported: boolean; message: string | null };
  /** The instance quick shorten will use now (the chosen one, or the local one if that was removed). */
  quickShortenInstance: { id: string; name: string };
  /** The language every window and main's menus, dialogs and notifications speak now ('system' resolved). */
  locale: AnyLocale;
}
export interface QuickShortened { link: Link; instanceName: string; notice: { title: string; body: string } }
export interface ClipboardPeek { url: string | null; message: string | null }

/** Where a linkdesk:// address, or an action elsewhere in the app, asks a window to go. */
export interface OpenTarget {
  /** Switch to this instance first. */
  instanceId: string | null;
  /** null: just bring the app forward. */
  screen: 'dashboard' | 'links' | 'domains' | 'spaces' | 'pixels' | 'instances' | 'settings' | 'stats' | null;
  /** With `links`: open this link's editor; with `stats`: whose statistics. */
  linkId: number | null;
}
/** What main asks a window to do (preload checks the shape before the page sees it). */
export type AppCommand =
  | { type: 'open'; target: OpenTarget }
  | { type: 'palette' }
  /** Pushed to every window when the app's language changes (a choice in Settings, or the system's): it applies at once. */
  | { type: 'locale'; locale: AnyLocale }
  | { type: 'notice'; title: string; message: string; tone: 'info' | 'error' }
  /** Pushed to every window when the local server changes state: no window polls for it. */
  | { type: 'server-status'; status: ServerStatus }
  /** Pushed to every window on each change of a job in main (progress, pause, end). */
  | { type: 'job'; job: JobView }
  /**
   * Clicks from an instance's live stream, oldest first (at most LIVE_BATCH a push). Every window hears every
   * push: a window keeps those of the follow stats.live.start gave it (`followId`).
   */
  | { type: 'live-clicks'; followId: string; instanceId: string; clicks: LiveClick[] }
  /** The state of a follow's live stream. */
  | { type: 'live-state'; followId: string; instanceId: string; state: LiveState; message: string | null }
  /** Pushed to every window as an update check goes (the banner shows a ready update). */
  | { type: 'update-status'; status: UpdateStatus };

/** One click as GET /stats/live sends it. */
export interface LiveClick {
  link_id: number;
  alias: string;
  country: string | null;
  city: string | null;
  device: string | null;
  source: 'link' | 'qr';
  /** ISO 8601, UTC. */
  at: string;
}
export type LiveState = 'connecting' | 'open' | 'reconnecting' | 'closed';
export const LIVE_BATCH = 200;

const SCREENS = new Set(['dashboard', 'links', 'domains', 'spaces', 'pixels', 'instances', 'settings', 'stats']);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const shortString = (v: unknown, max: number) => typeof v === 'string' && v.length <= max;

const nullable = (v: unknown, ok: (x: unknown) => boolean) => v === null || ok(v);
const count = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;
const SERVER_STATES = new Set(['starting', 'running', 'stopped', 'error']);
const JOB_STATES = new Set(['running', 'paused', 'cancelled', 'done', 'failed']);

function isServerStatus(s: unknown): s is ServerStatus {
  return isRecord(s) && SERVER_STATES.has(s.state as string) && nullable(s.url, (u) => shortString(u, 2048))
    && nullable(s.port, count) && nullable(s.message, (m) => shortString(m, 2000));
}

function isJobView(j: unknown): j is JobView {
  if (!isRecord(j)) return false;
  const file = j.file;
  return shortString(j.id, 100) && shortString(j.kind, 40) && shortString(j.title, 500) && JOB_STATES.has(j.status as string)
    && count(j.done) && nullable(j.total, count) && count(j.created) && count(j.updated) && count(j.skipped) && count(j.rejected)
    && nullable(j.message, (m) => shortString(m, 5000)) && typeof j.resumable === 'boolean'
    && shortString(j.startedAt, 40) && nullable(j.finishedAt, (f) => shortString(f, 40))
    && (file === null || (isRecord(file) && shortString(file.name, 500) && count(file.rows)));
}

const LIVE_STATES = new Set(['connecting', 'open', 'reconnecting', 'closed']);
const optionalText = (v: unknown, max: number) => nullable(v, (x) => shortString(x, max));

function isLiveClick(c: unknown): c is LiveClick {
  return isRecord(c) && Number.isSafeInteger(c.link_id) && shortString(c.alias, 500) && optionalText(c.country, 10)
    && optionalText(c.city, 500) && optionalText(c.device, 40) && (c.source === 'link' || c.source === 'qr') && shortString(c.at, 40);
}

/** The only shapes a window acts on; anything else arriving on the channel is dropped. */
export function isAppCommand(v: unknown): v is AppCommand {
  if (!isRecord(v)) return false;
  if (v.type === 'live-clicks') {
    return shortString(v.followId, 100) && shortString(v.instanceId, 100) && Array.isArray(v.clicks) && v.clicks.length <= LIVE_BATCH && v.clicks.every(isLiveClick);
  }
  if (v.type === 'live-state') {
    return shortString(v.followId, 100) && shortString(v.instanceId, 100) && LIVE_STATES.has(v.state as string) && optionalText(v.message, 2000);
  }
  if (v.type === 'palette') return Object.keys(v).length === 1;
  if (v.type === 'locale') return Object.keys(v).length === 2 && (LANGUAGE_SETTINGS as readonly unknown[]).includes(v.locale) && v.locale !== 'system';
  if (v.type === 'server-status') return isServerStatus(v.status);
  if (v.type === 'job') return isJobView(v.job);
  if (v.type === 'update-status') return isUpdateStatus(v.status);
  if (v.type === 'notice') return shortString(v.title, 200) && shortString(v.message, 1000) && (v.tone === 'info' || v.tone === 'error');
  if (v.type !== 'open' || !isRecord(v.target)) return false;
  const t = v.target;
  return (t.instanceId === null || (shortString(t.instanceId, 100) && /^[A-Za-z0-9_-]+$/.test(t.instanceId as string)))
    && (t.screen === null || (typeof t.screen === 'string' && SCREENS.has(t.screen)))
    && (t.linkId === null || (Number.isSafeInteger(t.linkId) && (t.linkId as number) > 0));
}
