// How this user likes the links table of one instance: which columns, how
// dense, and the last filters and sort (all in instance-prefs, per instance).
import { useEffect, useState } from 'react';
import { isRecord, readPref, writePref } from './instance-prefs.ts';

/** Columns that can be hidden; the short URL and the destination are always shown. */
export const OPTIONAL_COLUMNS = [
  { id: 'title' }, { id: 'clicks' }, { id: 'status' }, { id: 'health' }, { id: 'space' }, { id: 'created' },
] as const;
export type ColumnId = (typeof OPTIONAL_COLUMNS)[number]['id'];
export type Density = 'compact' | 'comfortable';
export interface LinksView { columns: ColumnId[]; density: Density }

export const DEFAULT_VIEW: LinksView = { columns: ['clicks', 'status', 'space', 'created'], density: 'comfortable' };
const IDS = new Set<string>(OPTIONAL_COLUMNS.map((c) => c.id));

/** A remembered view, each part checked; what is missing or wrong is the default. */
export function parseView(v: unknown): LinksView {
  if (!isRecord(v)) return DEFAULT_VIEW;
  const columns = Array.isArray(v.columns) ? v.columns.filter((c): c is ColumnId => typeof c === 'string' && IDS.has(c)) : DEFAULT_VIEW.columns;
  const density = v.density === 'compact' || v.density === 'comfortable' ? v.density : DEFAULT_VIEW.density;
  return { columns: [...new Set(columns)], density };
}

export function useLinksView(instanceId: string | null): [LinksView, (patch: Partial<LinksView>) => void] {
  const [view, setView] = useState<LinksView>(() => parseView(readPref('links-view', instanceId)));
  useEffect(() => setView(parseView(readPref('links-view', instanceId))), [instanceId]);
  const update = (patch: Partial<LinksView>) => setView((v) => {
    const next = { ...v, ...patch };
    writePref('links-view', instanceId, next);
    return next;
  });
  return [view, update];
}

/** The filters and sort last used on this instance (the hash's parameters, without the page). */
export function readSavedParams(instanceId: string | null): Record<string, string> | null {
  const v = readPref('links-params', instanceId);
  if (!isRecord(v)) return null;
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(v)) if (typeof x === 'string' && k !== 'page') out[k] = x;
  return out;
}

export function saveParams(instanceId: string | null, params: Record<string, string>): void {
  const { page: _page, ...rest } = params;
  writePref('links-params', instanceId, rest);
}
