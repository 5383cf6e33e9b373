// The shared schemas (and the server, which uses them) speak of fields by
// their API names: "The preview_image must be a valid URL…". A form says the
// same in its own labels: "The preview image URL must be an address starting
// with http:// or https://.", for a check made here and for a server's 422.
// The sentences are messages in the user's language; a server message of a
// shape not known here keeps its English rest (the API speaks English).
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { getIntl } from '../i18n/current.ts';

const SAID = defineMessages({
  required: { id: 'app.form.error.required', defaultMessage: 'Enter the {label}.', description: 'label: a form field\'s name in lower case, e.g. "destination URL"' },
  invalid: { id: 'app.form.error.invalid', defaultMessage: 'Choose a valid {label}.', description: 'label: a form field\'s name in lower case' },
  maxChars: { id: 'app.form.error.maxChars', defaultMessage: 'The {label} can be at most {max, plural, one {# character} other {# characters}} long.', description: 'label: a form field\'s name in lower case' },
  maxItems: { id: 'app.form.error.maxItems', defaultMessage: 'The {label} can have at most {max, plural, one {# entry} other {# entries}}.', description: 'label: a form field\'s name in lower case' },
  url: { id: 'app.form.error.url', defaultMessage: 'The {label} must be a web address starting with http:// or https://.', description: 'label: a form field\'s name in lower case' },
  date: { id: 'app.form.error.date', defaultMessage: 'The {label} must be a date.', description: 'label: a form field\'s name in lower case' },
  time: { id: 'app.form.error.time', defaultMessage: 'The {label} must be a time.', description: 'label: a form field\'s name in lower case' },
  oneEntry: { id: 'app.form.error.oneEntry', defaultMessage: 'The {label} needs at least one entry.', description: 'label: a form field\'s name in lower case' },
  other: { id: 'app.form.error.other', defaultMessage: 'The {label} {rest}', description: 'label: a form field\'s name in lower case; rest: the rest of the server\'s sentence, in English (the API speaks English)' },
});


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
export function inScreenWords(message: string, label: string | undefined, intl: IntlShape = getIntl()): string {
  if (!label) return message;
  const m = SHAPE.exec(message);
  if (!m) return message;
  const rest = m[3]!;
  const say = (d: MessageDescriptor, values: Record<string, string | number> = {}) => intl.formatMessage(d, { label, ...values });
  if (/^is required( when .*)?\.$/.test(rest) || /^needs at least one item\.$/.test(rest)) return say(SAID.required);
  if (m[1] || /^is invalid/.test(rest)) return say(SAID.invalid);
  let n = /^may not be greater than (\d+) characters\.$/.exec(rest);
  if (n) return say(SAID.maxChars, { max: Number(n[1]) });
  n = /^may not have more than (\d+) items\.$/.exec(rest);
  if (n) return say(SAID.maxItems, { max: Number(n[1]) });
  if (/^must be a valid URL starting with http:\/\/ or https:\/\/\.$/.test(rest)) return say(SAID.url);
  if (/^must be a date in the format YYYY-MM-DD\.$/.test(rest)) return say(SAID.date);
  if (/^must be a time in the format HH:MM\.$/.test(rest)) return say(SAID.time);
  if (/^needs at least one entry when .*$/.test(rest)) return say(SAID.oneEntry);
  // Any other API name left in the sentence, in words: expiration_date → expiration date.
  return say(SAID.other, { rest: rest.replace(/\b[a-z]+(?:_[a-z]+)+\b/g, (name) => name.replace(/_/g, ' ')) });
}

/** Every message of an errors object in the form's words. */
export function errorsInScreenWords(errors: Record<string, string>, words: Labels, intl: IntlShape = getIntl()): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [path, inScreenWords(message, words(path), intl)]));
}
