// What a link's health covers: its destination and the targets of its
// selected targeting type (entries of other types are never served).
import { TARGET_FIELD } from '../../../shared/constants.ts';
import { parseTargets } from '../api/link-input.ts';
import type { LinksTable } from '../db/schema.ts';

type Destination = Pick<LinksTable, 'url' | 'targets' | 'target_type'>;

/** `label` names a target in a broken link's detail; null for the destination itself. */
export function destinationsOf(link: Destination): { label: string | null; url: string }[] {
  const out: { label: string | null; url: string }[] = [{ label: null, url: link.url }];
  const field = TARGET_FIELD[link.target_type as keyof typeof TARGET_FIELD];
  if (!field) return out;
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
