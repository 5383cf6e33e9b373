// The format-neutral link that every import and export passes through: what a
// file says about one link, with domain, space and pixels by name (ids mean
// nothing on another instance) and secrets only as flags (never exported).
import { z } from 'zod';
import { PLATFORMS, TARGET_TYPES } from '../../../shared/constants.ts';
import { TARGETS_TYPES } from '../../../shared/targeting-keys.ts';

const kv = z.array(z.object({ key: z.string(), value: z.string() }));

export const portableLinkSchema = z.object({
  url: z.string(),
  alias: z.string().nullable(),
  domain: z.string().nullable(),
  space: z.string().nullable(),
  /** The space's colour, for creating it where it is missing. */
  space_color: z.string().nullable(),
  /** Whole definitions, so a pixel missing on the target can be created as it was. */
  pixels: z.array(z.object({ name: z.string(), type: z.string(), pixel_id: z.string() })),
  disabled: z.boolean(),
  privacy: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** The link asks visitors for a password; the password itself is never exported. */
  password_protected: z.boolean(),
  /** Its statistics page asks for a password (privacy 2). */
  privacy_password_protected: z.boolean(),
  expiration_url: z.string().nullable(),
  expiration_date: z.string().nullable(),
  expiration_time: z.string().nullable(),
  expiration_clicks: z.number().int().nullable(),
  target_type: z.union(TARGET_TYPES.map((t) => z.literal(t)) as [z.ZodLiteral<0>, z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<4>]),
  country: kv,
  platform: z.array(z.object({ key: z.enum(PLATFORMS).or(z.string()), value: z.string() })),
  language: kv,
  rotation: z.array(z.object({ value: z.string() })),
  /** Current phpShort's targeting (the same model; continents, browsers and devices exist only here, rotation weights too). */
  targets_type: z.enum(TARGETS_TYPES).nullable(),
  targets: z.array(z.object({ key: z.string().nullable(), value: z.string(), weight: z.number().int().optional() })),
  /** `YYYY-MM-DD HH:MM` in the exporting instance's time zone. */
  active_period_start_at: z.string().nullable(),
  sensitive_content: z.boolean(),
  /** As the API answers them; checked again by the target's API on import. */
  rules: z.array(z.record(z.string(), z.unknown())),
  preview_title: z.string().nullable(),
  preview_description: z.string().nullable(),
  preview_image: z.string().nullable(),
  /** Written on import (the bulk route's import-only field); on other creates the server fetches titles. */
  title: z.string().nullable(),
  created_at: z.string().nullable(),
});
export type PortableLink = z.infer<typeof portableLinkSchema>;

export { IMPORT_FORMATS, IMPORT_FIELDS, type ImportFormat, type ImportField, type ColumnMapping } from '../../../shared/transfer.ts';
export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What to do with a row whose alias already exists on its domain. `error`: report it (the default). */
export const ON_CONFLICT = ['error', 'skip', 'rename', 'update'] as const;
export type OnConflict = (typeof ON_CONFLICT)[number];

/** Why one row was not imported; `row` counts data rows from 1 (the header is not a row). */
export interface Rejection { row: number; field: string; reason: string }

/** One data row of a file: the link it describes, or why it describes none. */
export type ImportRow = { row: number; link: PortableLink } | { row: number; rejection: Rejection };

/** A row's answer from whatever wrote it (bulk API item, or the same core in-process). */
export type WriteResult =
  | { result: 'created' | 'updated'; id: number }
  | { result: 'skipped'; id: number | null; reason: string }
  | { result: 'rejected'; field: string; reason: string };

/** How names become ids on the instance being written to. */
export interface Resolver {
  /** The domain's id; null: the instance's default domain; undefined: no such domain (the row is rejected). */
  domainId(name: string | null): Promise<number | null | undefined>;
  /** The space's id, created (with `color` when given) when missing. */
  spaceId(name: string, color: string | null): Promise<number>;
  /** The pixels' ids, found by name, each created from its definition when missing. */
  pixelIds(pixels: PortableLink['pixels']): Promise<number[]>;
}

/** Writes a batch of API create bodies (≤1,000); one answer per body, in order. */
export type LinkSink = (bodies: Record<string, unknown>[], onConflict: OnConflict) => Promise<WriteResult[]>;
