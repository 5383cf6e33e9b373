// The shared schemas (and the server, which uses them) speak of fields by
// their API names: "The preview_image must be a valid URL…". A form says the
// same in its own labels: "The preview image URL must be an address starting
// with http:// or https://.", for a check made here and for a server's 422.

/** A field's name as the form's label says it, lower case unless a name: 'destination URL', 'URL for country 2'. */
export type Labels = (path: string) => string | undefined;

/** Labels from a table; `*` in a key stands for a row number, handed to the function 1-based. */
export function labels(table: Record<string, string | ((row: number) => string)>): Labels {
  return (path) => {
    const exact = table[path];
    if (typeof exact === 'string') return exact;
    const star = path.replace(/\.\d+(?=\.|$)/g, '.*');
    const entry = table[star];
    const row = /\.(\d+)(?:\.|$)/.exec(path);
    if (typeof entry === 'function' && row) return entry(Number(row[1]) + 1);
    return typeof entry === 'string' ? entry : undefined;
  };
}

const SHAPE = /^The (selected )?[\w.*]+(?: (?:value|key|item))?( field)? (.+)$/;

/** One message in the form's words; a message that does not name a field the usual way is kept as it is. */
export function inScreenWords(message: string, label: string | undefined): string {
  if (!label) return message;
  const m = SHAPE.exec(message);
  if (!m) return message;
  const rest = m[3]!;
  if (/^is required( when .*)?\.$/.test(rest) || /^needs at least one item\.$/.test(rest)) return `Enter the ${label}.`;
  if (m[1] || /^is invalid/.test(rest)) return `Choose a valid ${label}.`;
  const said = rest
    .replace(/^may not be greater than (\d+) characters\.$/, 'can be at most $1 characters long.')
    .replace(/^may not have more than (\d+) items\.$/, 'can have at most $1 entries.')
    .replace(/^must be a valid URL starting with http:\/\/ or https:\/\/\.$/, 'must be a web address starting with http:// or https://.')
    .replace(/^must be a date in the format YYYY-MM-DD\.$/, 'must be a date.')
    .replace(/^must be a time in the format HH:MM\.$/, 'must be a time.')
    .replace(/^needs at least one entry when .*$/, 'needs at least one entry.')
    // Any other API name left in the sentence, in words: expiration_date → expiration date.
    .replace(/\b[a-z]+(?:_[a-z]+)+\b/g, (name) => name.replace(/_/g, ' '));
  return `The ${label} ${said}`;
}

/** Every message of an errors object in the form's words. */
export function errorsInScreenWords(errors: Record<string, string>, words: Labels): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [path, inScreenWords(message, words(path))]));
}
