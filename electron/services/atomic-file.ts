// A crash or power loss in the middle of a write must leave either the old file
// or the new one, never half of each: write a sibling temp file, fsync it,
// rename it over the target (atomic within one folder on POSIX and NTFS), then
// fsync the folder so the rename itself survives a power loss. The temp file
// is created 0600, so the file renamed into place is its owner's only, whatever
// mode the one it replaces had.
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

const TEMP_SUFFIX = '.tmp';

/**
 * The folder's fsync after the rename failed: the new file is in place (this process and a restart read
 * it) but the system did not confirm the rename reached the disk, so a power cut could still undo it.
 * Not a failed save: saying "nothing was changed" now would be false.
 */
export class NotDurableError extends Error {
  readonly code = 'ENOTDURABLE';
  readonly file: string;
  constructor(file: string, cause: unknown) {
    super(`the system did not confirm that the change reached the disk (${(cause instanceof Error ? cause.message : String(cause)).split('\n')[0]!.slice(0, 200)})`, { cause });
    this.name = 'NotDurableError';
    this.file = file;
  }
}

/** The file-system calls a write makes that can fail on a full disk or a folder made unwritable; a seam for tests. */
export interface AtomicFs { open: typeof open; rename: typeof rename }
const REAL_FS: AtomicFs = { open, rename };

export async function writeFileAtomic(file: string, data: string, fs: AtomicFs = REAL_FS): Promise<void> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}-${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;
  try {
    const fh = await fs.open(tmp, 'wx', 0o600);
    try {
      await fh.writeFile(data, 'utf8');
      await fh.sync();
    } finally {
      await fh.close();
    }
    await fs.rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  // Windows cannot open a folder for fsync; NTFS journals the rename itself.
  if (process.platform !== 'win32') {
    try {
      const d = await fs.open(dir, 'r');
      try {
        await d.sync();
      } finally {
        await d.close();
      }
    } catch (err) {
      throw new NotDurableError(file, err);
    }
  }
}

/** Temp files of writes that a crash interrupted; they hold nothing the target lacks. */
export async function removeStaleTempFiles(file: string): Promise<void> {
  const dir = path.dirname(file);
  const base = `${path.basename(file)}.`;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  await Promise.all(names
    .filter((n) => n.startsWith(base) && n.endsWith(TEMP_SUFFIX))
    .map((n) => rm(path.join(dir, n), { force: true })));
}
