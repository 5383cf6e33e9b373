// The update settings (feed URL, check at start) and when the last check at
// start ran, in updates.json in the data folder, written atomically. Its own
// file, not settings.json: an administrator may hand it out alone.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { feedUrlProblem } from '../../shared/updates.ts';
import { writeFileAtomic } from './atomic-file.ts';

const UPDATES_FILE = 'updates.json';

export interface UpdateSettings { feedUrl: string; checkAtStart: boolean }

const fileSchema = z.object({
  feedUrl: z.string().max(2000).refine((s) => feedUrlProblem(s) === null).catch(''),
  checkAtStart: z.boolean().catch(false),
  lastStartCheck: z.number().nullable().catch(null),
});

export interface UpdateStore {
  get(): UpdateSettings;
  update(patch: Partial<UpdateSettings>): Promise<UpdateSettings>;
  lastStartCheck: { get(): number | null; set(ms: number): void };
}

/** Never throws: a missing or unreadable file means no feed (no checks). */
export function openUpdateStore(dataDir: string, onError: (err: unknown) => void = () => {}): UpdateStore {
  const file = path.join(dataDir, UPDATES_FILE);
  let raw: unknown = {};
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') onError(err);
  }
  const parsed = fileSchema.safeParse(raw);
  let current = parsed.success ? parsed.data : { feedUrl: '', checkAtStart: false, lastStartCheck: null };
  let chain: Promise<void> = Promise.resolve();
  const save = () => {
    const next = chain.then(() => writeFileAtomic(file, `${JSON.stringify(current, null, 2)}\n`));
    chain = next.catch(onError);
    return next;
  };
  return {
    get: () => ({ feedUrl: current.feedUrl, checkAtStart: current.checkAtStart }),
    async update(patch) {
      current = { ...current, ...patch };
      await save();
      return { feedUrl: current.feedUrl, checkAtStart: current.checkAtStart };
    },
    lastStartCheck: {
      get: () => current.lastStartCheck,
      set: (ms) => {
        current = { ...current, lastStartCheck: ms };
        void save().catch(() => {});
      },
    },
  };
}
