// The webhook form's checks: the shared create schema (what the API itself
// checks), with its messages said in this screen's words, for errors found as
// the user types and for a server's 422 on the same fields alike.
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { webhookCreateSchema } from '../../../../shared/schemas/webhooks.ts';

export interface WebhookFormValues { url: string; events: string[]; enabled: boolean }

/** API field → what this screen says when it is wrong. */
const WORDS: Record<string, (message: string) => string> = {
  url: (m) => (/private address/.test(m)
    ? 'This payload URL points at a private address, which this instance does not send to.'
    : /required/i.test(m) ? 'Enter the payload URL your server listens on.' : 'Enter a payload URL that starts with http:// or https://.'),
  events: () => 'Choose at least one event to send.',
};

/** A message for `field` in the screen's words (messages about other fields pass as they are). */
export const inScreenWords = (field: string, message: string) => {
  const root = field.split('.')[0]!;
  return WORDS[root]?.(message) ?? message;
};

const check = zod4Resolver(webhookCreateSchema.omit({ disabled: true }));

/** Mantine's `validate`: the shared schema's verdict, per field, in this screen's words. */
export function validateWebhook(values: WebhookFormValues): Record<string, string> {
  const errors = check({ url: values.url.trim(), events: values.events }) as Record<string, string>;
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path.split('.')[0]!;
    out[field] ??= inScreenWords(field, message);
  }
  return out;
}
