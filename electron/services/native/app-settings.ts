// The app's own preferences (theme, global shortcut, quick shorten, login
// start, tray), one JSON file in the data folder next to instances.json,
// written atomically. A hand-edited value that makes no sense falls back to its
// default on its own; the others are kept.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { LANGUAGE_SETTINGS, type AppSettings, type LanguageSetting } from '../../../shared/native.ts';
import { tightenFile, type Notice } from '../../server/util/private-files.ts';
import { removeStaleTempFiles, writeFileAtomic } from '../atomic-file.ts';
import { parseAccelerator } from './accelerator.ts';

export const SETTINGS_FILE = 'settings.json';
export const DEFAULT_SHORTCUT = 'CommandOrControl+Shift+L';

export const DEFAULT_SETTINGS: AppSettings = {
  theme: 'system',
  language: 'system',
  globalShortcut: DEFAULT_SHORTCUT,
  quickShortenInstanceId: null,
  startAtLogin: false,
  keepServingInTray: true,
};

const fields = {
  theme: z.enum(['light', 'dark', 'system']),
  language: z.enum(LANGUAGE_SETTINGS as [LanguageSetting, ...LanguageSetting[]]),
  globalShortcut: z.string().max(100).nullable().refine((s) => s === null || parseAccelerator(s).ok),
  quickShortenInstanceId: z.string().min(1).max(100).nullable(),
  startAtLogin: z.boolean(),
  keepServingInTray: z.boolean(),
} satisfies { [K in keyof AppSettings]: z.ZodType<AppSettings[K]> };

function fromFile(raw: unknown, onNotice?: Notice): AppSettings {
  const out = { ...DEFAULT_SETTINGS };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    onNotice?.(`${SETTINGS_FILE} did not hold settings; using the defaults.`);
    return out;
  }
  const record = raw as Record<string, unknown>;
  for (const key of Object.keys(fields) as (keyof AppSettings)[]) {
    if (!(key in record)) continue;
    const parsed = fields[key].safeParse(record[key]);
    if (parsed.success) (out as Record<string, unknown>)[key] = parsed.data;
    else onNotice?.(`${SETTINGS_FILE}: "${key}" was not a valid value; using the default.`);
  }
  return out;
}

export interface SettingsStore {
  get(): AppSettings;
  /** Saves a change; resolves once it is on disk. */
  update(patch: Partial<AppSettings>): Promise<AppSettings>;
}

export async function openSettingsStore(dataDir: string, opts: { onNotice?: Notice } = {}): Promise<SettingsStore> {
  const file = path.join(dataDir, SETTINGS_FILE);
  tightenFile(file, opts);
  await removeStaleTempFiles(file);
  let current: AppSettings;
  try {
    current = fromFile(JSON.parse(await readFile(file, 'utf8')), opts.onNotice);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') opts.onNotice?.(`${SETTINGS_FILE} could not be read (${(err as Error).message}); using the defaults.`);
    current = { ...DEFAULT_SETTINGS };
  }
  let chain: Promise<void> = Promise.resolve();
  return {
    get: () => ({ ...current }),
    async update(patch) {
      current = { ...current, ...patch };
      const snapshot = JSON.stringify({ version: 1, ...current }, null, 2) + '\n';
      const next = chain.then(() => writeFileAtomic(file, snapshot));
      chain = next.catch(() => undefined);
      await next;
      return { ...current };
    },
  };
}
