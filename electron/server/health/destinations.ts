// What a link's health covers: its destination and the targets of its
// selected targeting type (entries of other types are never served).
import { TARGETS_FIELD, targetsTypeOf } from '../../../shared/targeting-keys.ts';
import { parseTargets } from '../api/link-input.ts';
import type { LinksTable } from '../db/schema.ts';

type Destination = Pick<LinksTable, 'url' | 'targets' | 'target_type'>;

/** `label` names a target in a broken link's detail; null for the destination itself. */
export function destinationsOf(link: Destination): { label: string | null; url: string }[] {
  const out: { label: string | null; url: string }[] = [{ label: null, url: link.url }];
  const type = targetsTypeOf(link.target_type);
  if (type === null) return out;
  const field = TARGETS_FIELD[type];
  (parseTargets(link.targets)[field] ?? []).forEach((e, i) => {
    out.push({ label: field === 'rotation' ? `rotation target ${i + 1}` : `${field} target ${e.key}`, url: e.value });
  });
  return out;
}

/** Whether an update points the link somewhere else, so its last health no longer says anything. */
export function destinationChanged(stored: Destination, next: Partial<Destination>): boolean {
  return (next.url !== undefined && next.url !== stored.url)
    || (next.targets !== undefined && next.targets !== stored.targets)
    || (next.target_type !== undefined && next.target_type !== stored.target_type);
}
