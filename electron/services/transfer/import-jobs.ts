// What an import keeps on disk so it can continue after the app restarts:
// `<dataDir>/imports/<stageId>/` holds the file as chosen (`source`), its name
// (`stage.json`), the job's options, cursor and counters (`job.json`, written
// atomically after every batch) and the rejected rows so far
// (`rejections.jsonl`, appended; lines at or past the cursor are a batch that
// will be read again, and are dropped on load), and the ids of the links it
// wrote (`links.txt`, appended, read back once each). The password for protected
// links is never written here: it waits in the secret store.
import { randomUUID } from 'node:crypto';
import { appendFile, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { IMPORT_FIELDS, IMPORT_FORMATS } from '../../../shared/transfer.ts';
import type { Rejection } from '../../server/transfer/types.ts';
import { ensurePrivateDir } from '../../server/util/private-files.ts';
import { writeFileAtomic } from '../atomic-file.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const savedSchema = z.object({
  version: z.literal(1),
  jobId: z.string(),
  stageId: z.string(),
  fileName: z.string(),
  title: z.string(),
  instanceId: z.string(),
  format: z.enum(IMPORT_FORMATS),
  /** The columns as the person mapped them; null (and absent, in files from before mapping): the format's own. */
  mapping: z.array(z.object({ column: z.string(), field: z.enum(IMPORT_FIELDS).nullable() })).nullable().default(null),
  /** 'file': each row's own domain (or space); a number or null: every row's. */
  domain: z.union([z.literal('file'), z.number(), z.null()]),
  space: z.union([z.literal('file'), z.number(), z.null()]),
  onConflict: z.enum(['error', 'skip', 'rename', 'update']),
  hasPassword: z.boolean(),
  status: z.enum(['running', 'paused', 'done', 'cancelled', 'failed']),
  /** The first row not yet written (rows count from 1). */
  nextRow: z.number().int().min(1),
  total: z.number().int().nullable(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  rejected: z.number().int(),
  /**
   * A batch sent but not yet counted: links with ids above `afterId` may be
   * its work, and are matched to its rows rather than written twice.
   */
  inFlight: z.object({ afterId: z.number().int(), bodies: z.number().int() }).nullable(),
  message: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type SavedImport = z.infer<typeof savedSchema>;
export type Override = SavedImport['domain'];

export interface StageInfo { stageId: string; fileName: string; size: number; stagedAt: string }

export function importStore(dataDir: string) {
  const root = path.join(dataDir, 'imports');
  const dir = (stageId: string) => path.join(root, stageId);
  const jobFile = (stageId: string) => path.join(dir(stageId), 'job.json');
  const rejectionsFile = (stageId: string) => path.join(dir(stageId), 'rejections.jsonl');
  const linksFile = (stageId: string) => path.join(dir(stageId), 'links.txt');
  const readJson = async (file: string): Promise<unknown> => JSON.parse(await readFile(file, 'utf8'));

  return {
    sourceFile: (stageId: string) => path.join(dir(stageId), 'source'),

    /** Keeps a copy of the chosen file, readable by its owner only. */
    async stage(fileName: string, bytes: Buffer): Promise<StageInfo> {
      ensurePrivateDir(dataDir);
      ensurePrivateDir(root);
      const info: StageInfo = { stageId: randomUUID(), fileName, size: bytes.length, stagedAt: new Date().toISOString() };
      ensurePrivateDir(dir(info.stageId));
      await writeFile(path.join(dir(info.stageId), 'source'), bytes, { mode: 0o600, flag: 'wx' });
      await writeFileAtomic(path.join(dir(info.stageId), 'stage.json'), JSON.stringify(info));
      return info;
    },

    async stageInfo(stageId: string): Promise<StageInfo | null> {
      try {
        return await readJson(path.join(dir(stageId), 'stage.json')) as StageInfo;
      } catch {
        return null;
      }
    },

    async load(stageId: string): Promise<SavedImport | null> {
      try {
        return savedSchema.parse(await readJson(jobFile(stageId)));
      } catch {
        return null;
      }
    },

    save: (saved: SavedImport) => writeFileAtomic(jobFile(saved.stageId), JSON.stringify(saved)),

    /** A new import of the staged file: its job file, without the links and rejections an earlier import of it kept. */
    async begin(saved: SavedImport): Promise<void> {
      await Promise.all([rm(linksFile(saved.stageId), { force: true }), rm(rejectionsFile(saved.stageId), { force: true })]);
      await this.save(saved);
    },

    /** Every import the folder remembers (unreadable ones are left for the sweep). */
    async list(): Promise<SavedImport[]> {
      let names: string[];
      try {
        names = await readdir(root);
      } catch {
        return [];
      }
      const out: SavedImport[] = [];
      for (const n of names) {
        const s = await this.load(n);
        if (s) out.push(s);
      }
      return out;
    },

    async addRejections(stageId: string, rejections: Rejection[]): Promise<void> {
      if (rejections.length === 0) return;
      await appendFile(rejectionsFile(stageId), rejections.map((r) => `${JSON.stringify(r)}\n`).join(''), { mode: 0o600 });
    },

    async addLinks(stageId: string, ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await appendFile(linksFile(stageId), `${ids.join('\n')}\n`, { mode: 0o600 });
    },

    /** The links the import wrote, once each, in the order written (a batch replayed after a crash appears once). */
    async links(stageId: string): Promise<number[]> {
      let text: string;
      try {
        text = await readFile(linksFile(stageId), 'utf8');
      } catch {
        return [];
      }
      return [...new Set(text.split('\n').filter((l) => /^\d+$/.test(l)).map(Number))];
    },

    /** The import whose job is `jobId`, if the folder still holds it. */
    async byJob(jobId: string): Promise<SavedImport | null> {
      return (await this.list()).find((s) => s.jobId === jobId) ?? null;
    },

    /** The rejections of rows before `nextRow`, once each. */
    async rejections(stageId: string, nextRow: number): Promise<Rejection[]> {
      let text: string;
      try {
        text = await readFile(rejectionsFile(stageId), 'utf8');
      } catch {
        return [];
      }
      const seen = new Set<string>();
      const out: Rejection[] = [];
      for (const line of text.split('\n')) {
        if (!line) continue;
        let r: Rejection;
        try {
          r = JSON.parse(line) as Rejection;
        } catch {
          continue; // the last line of an append a crash cut short
        }
        const key = `${r.row}\0${r.field}\0${r.reason}`;
        if (r.row < nextRow && !seen.has(key)) {
          seen.add(key);
          out.push(r);
        }
      }
      return out.sort((a, b) => a.row - b.row);
    },

    /**
     * Removes the folders of imports that ended (at start: all of them; later:
     * after a day) and of files staged but never imported for a day; never a
     * folder in `inUse`.
     */
    async sweep(inUse: Set<string>, opts: { ended: 'all' | 'day' }, now = Date.now()): Promise<void> {
      let names: string[];
      try {
        names = await readdir(root);
      } catch {
        return;
      }
      for (const n of names) {
        if (inUse.has(n)) continue;
        const job = await this.load(n);
        const info = await this.stageInfo(n);
        const old = (iso: string | null | undefined) => !iso || now - Date.parse(iso) > DAY_MS;
        const gone = job
          ? (job.status === 'done' || job.status === 'cancelled' || job.status === 'failed') && (opts.ended === 'all' || old(job.finishedAt))
          : old(info?.stagedAt);
        if (gone) await rm(dir(n), { recursive: true, force: true });
      }
    },

    remove: (stageId: string) => rm(dir(stageId), { recursive: true, force: true }),
  };
}
export type ImportStore = ReturnType<typeof importStore>;

export const overrideOf = (v: number | null | undefined): Override => (v === undefined ? 'file' : v);
export const overrideArg = (o: Override): number | null | undefined => (o === 'file' ? undefined : o);
