// What a refusal of a positive request (one that conforms to the document
// throughout) means. Some rules the server applies cannot be written in an
// OpenAPI document: whether a named record exists and is the key's to use,
// whether a name is free, the state a record is in. A refusal by one of those
// is excused and counted by its reason; any other refusal (a 400, or a 422
// that names a field the request sent and the document allows) is a finding.

/** Rules OpenAPI cannot declare, by the 422 message that applies them. */
const UNDECLARABLE: [RegExp, string][] = [
  [/already (been )?taken|already exists|exists already|already in use|is taken|already sends/i, 'uniqueness (a name or alias another record has)'],
  [/is disabled|enable it/i, 'the state of the record acted on'],
  [/may not be before the|must not be after the|must be after the/i, 'the order of two dates (a range)'],
  [/only for keys of admins/i, 'a scope the key\'s user may hold (its role)'],
  // Cross-field rules that lean on the stored link when a field is left out of an update: not a schema's to say.
  [/needs an expiration_date|required when privacy is 2|needs at least one entry when targets?_type|must be after the active_period_start_at/i, 'a cross-field rule over the stored link'],
  // links=keep|stop applies to a suspension: the user's stored status decides when the request leaves status out.
  [/goes with status=suspended/i, 'a cross-field rule over the stored user (links and its status)'],
  [/required with targets|name different types|is not one of the \w+ keys|field is required for \w+; allowed|weight applies to rotations only|no longer taken for new targeting/i, 'a cross-field rule (targets against targets_type and target_type)'],
  [/selected .* is invalid|does not exist|no such|not found|unknown (space|domain|pixel|user|link)|is not one of this|belongs to/i, 'existence or ownership of a referenced record'],
];
/** Fields that name other records: their refusal is about the records, whatever the wording. */
const REFERENCE = /(^|_)ids?$|^domain$/;

export interface PositiveVerdict { finding?: string; excused?: string }

/** Top-level field of an error key: `country.0.key` → `country`, `links.3.url` → `links`. */
const topOf = (key: string) => key.split('.')[0]!;

export function judgePositive(status: number, text: string, sent: Set<string>, namesRecords: boolean): PositiveVerdict {
  if (status < 400) return {};
  if (status === 404 && namesRecords) return { excused: 'an id in the path or query names no record (existence)' };
  if (status === 409) return { excused: 'the record\'s state or a conflict (409)' };
  if (status === 403) return { excused: 'an authorization rule (403)' };
  if (status === 429) return { excused: 'rate limit (429)' };
  if (status !== 422) return { finding: `${status} to a request the document allows` };
  let errors: Record<string, string[]> = {};
  try { errors = (JSON.parse(text) as { errors?: Record<string, string[]> }).errors ?? {}; } catch { /* the document check reports a body that is not JSON */ }
  const refused: string[] = [];
  const reasons = new Set<string>();
  for (const [key, messages] of Object.entries(errors)) {
    const message = messages.join(' ');
    const rule = UNDECLARABLE.find(([re]) => re.test(message));
    if (rule) { reasons.add(rule[1]); continue; }
    if (REFERENCE.test(topOf(key)) || REFERENCE.test(key.split('.').pop() ?? '')) { reasons.add('existence or ownership of a referenced record'); continue; }
    refused.push(`${key}${sent.has(topOf(key)) ? '' : ' (not sent)'}: ${message}`);
  }
  if (refused.length) return { finding: `422 refuses what the document allows: ${refused.join('; ')}` };
  return { excused: [...reasons].join(', ') || '422 without fields' };
}

/**
 * A 2xx that refused every item all the same: a bulk answer (200) whose items each carry a 4xx. The
 * document describes that answer (results by item); the negative value was refused where it sat.
 */
export function refusedByItem(status: number, text: string): boolean {
  if (status >= 300) return false;
  try {
    const data = (JSON.parse(text) as { data?: unknown }).data;
    return Array.isArray(data) && data.length > 0 && data.every((d) => typeof (d as { status?: unknown })?.status === 'number' && (d as { status: number }).status >= 400);
  } catch {
    return false;
  }
}
