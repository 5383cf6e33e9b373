// Reading an API error's body, as Linkdesk and phpShort write it: `message` is a
// sentence, except on a 422, where phpShort's API makes it the field map
// ({"message":{"url":["…"]},"status":422}) and Linkdesk adds `errors`, the same map.

export type FieldErrors = Record<string, string[]>;

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The field map of an error body: `errors`, else a `message` that is one; {} when neither is. */
export function fieldErrorsOf(body: unknown): FieldErrors {
  if (!isMap(body)) return {};
  const map = isMap(body.errors) ? body.errors : isMap(body.message) ? body.message : {};
  const fields: FieldErrors = {};
  for (const [k, v] of Object.entries(map)) {
    const messages = (Array.isArray(v) ? v : [v]).filter((m): m is string => typeof m === 'string');
    if (messages.length) fields[k] = messages;
  }
  return fields;
}

/** The sentence an error body says: `message` when it is one, else the first field message. */
export function messageOf(body: unknown): string | null {
  if (!isMap(body)) return null;
  if (typeof body.message === 'string') return body.message;
  const first = Object.values(fieldErrorsOf(body))[0];
  return first?.[0] ?? null;
}
