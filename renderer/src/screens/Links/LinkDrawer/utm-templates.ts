// Named sets of the five campaign tags, saved per instance (see instance-prefs.ts).
import { isRecord, readPref, writePref } from '../instance-prefs.ts';
import { UTM_KEYS, emptyUtm, type UtmFields } from './utm.ts';

export interface UtmTemplate { name: string; fields: UtmFields }

const KIND = 'utm-templates';
export const TEMPLATE_NAME_MAX = 60;

function parse(v: unknown): UtmTemplate | null {
  if (!isRecord(v) || typeof v.name !== 'string' || !v.name.trim() || !isRecord(v.fields)) return null;
  const fields = emptyUtm();
  for (const key of UTM_KEYS) {
    const value = v.fields[key];
    if (typeof value === 'string') fields[key] = value;
  }
  return { name: v.name.trim().slice(0, TEMPLATE_NAME_MAX), fields };
}

export function loadTemplates(instanceId: string | null): UtmTemplate[] {
  const stored = readPref(KIND, instanceId);
  return Array.isArray(stored) ? stored.map(parse).filter((t): t is UtmTemplate => t !== null) : [];
}

export const storeTemplates = (instanceId: string | null, list: UtmTemplate[]) => writePref(KIND, instanceId, list);

/** The list with `t` added, or in place of the template of the same name; sorted by name. */
export function withTemplate(list: UtmTemplate[], t: UtmTemplate): UtmTemplate[] {
  return [...list.filter((x) => x.name !== t.name), t].sort((a, b) => a.name.localeCompare(b.name));
}
