// What the renderer sees of long work in main (imports, exports, copies, bulk
// actions) and of the local instance's backups. Shapes only; shared/contract.ts
// names the calls.

export type JobKind = 'import' | 'export' | 'copy' | 'bulk';
export type JobStatus = 'running' | 'paused' | 'cancelled' | 'done' | 'failed';

export interface JobView {
  id: string;
  kind: JobKind;
  /** What the job does, in words ("Import links.csv into Local"). */
  title: string;
  status: JobStatus;
  /** Rows or links handled so far, of `total` (null while unknown). */
  done: number;
  total: number | null;
  created: number;
  updated: number;
  skipped: number;
  rejected: number;
  /** Why it failed, or what it is doing now. */
  message: string | null;
  /** A file to save (an export, or the report of rejected rows). */
  file: { name: string; rows: number } | null;
  /** An import stopped by a restart of the app, which `jobs.resume` continues from where it was. */
  resumable: boolean;
  startedAt: string;
  finishedAt: string | null;
}

/** The file a job made, to save: an export, or a report (CSV: row, field, reason). */
export interface JobFile { name: string; mime: string; content: string }

/** Links chosen on the links screen: these ids, or every link the list filter matches (across pages). */
export type LinkSelection = { ids: number[] } | { query: Record<string, string | number> };

export interface ImportPreview {
  stageId: string;
  fileName: string;
  size: number;
  format: 'linkdesk' | 'yourls' | 'shlink' | 'kutt' | 'bitly';
  /** How the format was chosen: read from the file, or as asked. */
  detected: boolean;
  encoding: string;
  delimiter: string | null;
  /** File column (or JSON key) → the link field it fills; null: not used. */
  mapping: { column: string; field: string | null }[];
  /** The first rows as they would be imported (or why not). */
  sample: { row: number; url: string | null; alias: string | null; domain: string | null; problem: string | null }[];
  /** Data rows in the file. */
  rows: number;
}

export interface CopyPlan {
  /** Each domain the selected links use (null: the source's default), with the target domain proposed for it. */
  domains: { source: string | null; links: number; proposed: number | null | 'create' }[];
  targetDomains: { id: number; name: string }[];
  /** Spaces and pixels the target lacks, which the copy will create. */
  createSpaces: string[];
  createPixels: string[];
  links: number;
}

export interface BackupView { name: string; size: number; createdAt: string; automatic: boolean }
export interface BackupsView { dir: string; backups: BackupView[]; lastAutomaticAt: string | null }
