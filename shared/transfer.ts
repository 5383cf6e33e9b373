// What the renderer sees of long work in main (imports, exports, copies, bulk
// actions) and of the local instance's backups. Shapes only; shared/contract.ts
// names the calls.

/** File formats an import reads; `csv`: any other CSV, its columns mapped by the person importing. */
export const IMPORT_FORMATS = ['linkdesk', 'yourls', 'shlink', 'kutt', 'bitly', 'dub', 'shortio', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** The link fields a file's column can fill (the portable link's, electron/server/transfer/portable.ts). */
export const IMPORT_FIELDS = [
  'url', 'alias', 'domain', 'title', 'created_at', 'space', 'space_color', 'pixels', 'disabled', 'privacy', 'password_protected',
  'privacy_password_protected', 'expiration_url', 'expiration_date', 'expiration_time', 'expiration_clicks', 'target_type',
  'country', 'platform', 'language', 'rotation', 'preview_title', 'preview_description', 'preview_image',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Each column of a file and the field it fills (null: not imported). */
export type ColumnMapping = { column: string; field: ImportField | null }[];

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
  format: ImportFormat;
  /** How the format was chosen: read from the file, or as asked. */
  detected: boolean;
  encoding: string;
  delimiter: string | null;
  /** File column (or JSON key) → the link field it fills; null: not used. As the format reads it, or as the person chose. */
  mapping: ColumnMapping;
  /** The format's own mapping, to tell the person's changes from it and to go back to it. */
  detectedMapping: ColumnMapping;
  /** Why nothing can be imported yet (no column holds the destination URLs); null when the mapping is complete. */
  missing: string | null;
  /** The first rows as they would be imported (or why not). */
  sample: { row: number; url: string | null; alias: string | null; domain: string | null; title: string | null; created_at: string | null; problem: string | null }[];
  /** Data rows in the file. */
  rows: number;
}

/** What an import did, to show on its result: rejected rows with their reasons, and the links it wrote. */
export interface ImportOutcome {
  /** The first rejected rows, in file order (the report file has all of them). */
  rejections: { row: number; field: string; reason: string }[];
  /** Rejected rows in all. */
  rejected: number;
  /** The first links created or updated, newest data from the instance (fewer when some were deleted since). */
  links: { id: number; alias: string; short_url: string; url: string; title: string | null; domain: string | null; created_at: string }[];
  /** Links created or updated in all. */
  linkCount: number;
  /** The instance they were written to. */
  instanceId: string;
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
