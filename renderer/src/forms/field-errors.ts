// A 422's field errors, keyed as the API keys them (`url`, `country.0.key`,
// `pixel_ids.0`), placed on the form input with that path, or on the nearest
// parent that is an input. Whatever has no input is shown above the form.
import type { IpcError } from '../../../shared/contract.ts';

function hasPath(values: unknown, path: string): boolean {
  let node: unknown = values;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}

export interface PlacedErrors {
  fields: Record<string, string>;
  /** Messages with no input to sit on; null when every error found its field. */
  general: string | null;
}

/**
 * `aliases` maps an API field to a form path when they differ (`domain` →
 * `domain_id`); `whole` names list fields edited by one input (`pixel_ids`),
 * whose item errors (`pixel_ids.0`) belong on that input.
 */
export function placeErrors(error: IpcError, values: object, aliases: Record<string, string> = {}, whole: string[] = []): PlacedErrors {
  if (!error.fields || !Object.keys(error.fields).length) return { fields: {}, general: error.message };
  const { fields, rest } = placeMessages(Object.entries(error.fields).map(([k, m]) => [k, m[0] ?? error.message]), values, aliases, whole);
  const general = rest.length ? rest.join(' ') : Object.keys(fields).length ? null : error.message;
  return { fields, general };
}

/** Each (API path, message) on its input's path, the first message per input; `rest`: those with no input. */
export function placeMessages(entries: [string, string][], values: object, aliases: Record<string, string> = {}, whole: string[] = []) {
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const [key, message] of entries) {
    const collapsed = whole.find((w) => key.startsWith(`${w}.`));
    let path: string | null = collapsed ?? aliases[key] ?? key;
    while (path && !hasPath(values, path)) path = path.includes('.') ? path.slice(0, path.lastIndexOf('.')) : null;
    if (path) fields[path] ??= message;
    else rest.push(message);
  }
  return { fields, rest };
}
