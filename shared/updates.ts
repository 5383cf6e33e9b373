// Updates as the screens and main both see them (electron/services/updater.ts
// does the work): the state a banner shows, and which feed addresses the
// settings accept.
import { z } from 'zod';

export type UpdateStatus =
  | { state: 'off'; message: string }
  | { state: 'checking' }
  | { state: 'current'; version: string; message: string }
  | { state: 'downloading'; version: string }
  /** Downloaded and verified: the banner offers a restart. */
  | { state: 'ready'; version: string; message: string }
  | { state: 'failed'; message: string };

const STATES = new Set(['off', 'checking', 'current', 'downloading', 'ready', 'failed']);

/** For preload's check of what main pushes. */
export function isUpdateStatus(v: unknown): v is UpdateStatus {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Record<string, unknown>;
  const text = (x: unknown, max: number) => x === undefined || (typeof x === 'string' && x.length <= max);
  return typeof s.state === 'string' && STATES.has(s.state) && text(s.version, 100) && text(s.message, 2000);
}

/** Why the settings refuse a feed address, or null. '' (no feed) is fine. */
export function feedUrlProblem(url: string): string | null {
  if (url === '') return null;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'The update feed must be a full address, such as https://updates.example.com/linkdesk/.';
  }
  // Plain http:// only on this computer (127.0.0.1: tests, a feed on the machine itself).
  if (u.protocol === 'http:' && u.hostname !== '127.0.0.1') {
    return 'The update feed must be an https:// address: over plain http:// anyone on the network can see and change what the feed answers. (Only http://127.0.0.1, this computer, is accepted plain.)';
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return 'The update feed must be an https:// address.';
  if (u.username || u.password) return 'Put no user name or password in the update feed address.';
  return null;
}

/** What the settings' Updates section and the banner read (updates.get and the other updates.* calls). */
export interface UpdateView {
  status: UpdateStatus;
  /** '' for none: no checks. */
  feedUrl: string;
  /** Check at start, at most once a day. */
  checkAtStart: boolean;
  /** False where updates cannot work (an app started from the project folder, the screens' test harness). */
  supported: boolean;
}

/** What Settings → Updates may change (updates.configure). */
export const updateSettingsPatch = z.object({
  feedUrl: z.string().trim().max(2000).superRefine((url, ctx) => {
    const problem = feedUrlProblem(url);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }).optional(),
  checkAtStart: z.boolean().optional(),
}).strict();
