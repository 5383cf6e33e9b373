// The webhook form's checks: the shared create schema (what the API itself
// checks), with its messages said in this screen's words, for errors found as
// the user types and for a server's 422 on the same fields alike.
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { IntlShape } from 'react-intl';
import { webhookCreateSchema } from '../../../../shared/schemas/webhooks.ts';
import { getIntl } from '../../i18n/current.ts';

export interface WebhookFormValues { url: string; events: string[]; enabled: boolean }

/** API field → what this screen says when it is wrong. */
const WORDS: Record<string, (message: string, intl: IntlShape) => string> = {
  url: (m, intl) => (/private address/.test(m)
    ? intl.formatMessage({ id: 'app.webhooks.error.private', defaultMessage: 'This payload URL points at a private address, which this instance does not send to.' })
    : /required/i.test(m)
      ? intl.formatMessage({ id: 'app.webhooks.error.urlRequired', defaultMessage: 'Enter the payload URL your server listens on.' })
      : intl.formatMessage({ id: 'app.webhooks.error.url', defaultMessage: 'Enter a payload URL that starts with http:// or https://.' })),
  events: (_m, intl) => intl.formatMessage({ id: 'app.webhooks.error.events', defaultMessage: 'Choose at least one event to send.' }),
};

/** A message for `field` in the screen's words (messages about other fields pass as they are). */
export const inScreenWords = (field: string, message: string, intl: IntlShape = getIntl()) => {
  const root = field.split('.')[0]!;
  return WORDS[root]?.(message, intl) ?? message;
};

const check = zod4Resolver(webhookCreateSchema.omit({ disabled: true }));

/** Mantine's `validate`: the shared schema's verdict, per field, in this screen's words. */
export function validateWebhook(values: WebhookFormValues, intl: IntlShape = getIntl()): Record<string, string> {
  const errors = check({ url: values.url.trim(), events: values.events }) as Record<string, string>;
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path.split('.')[0]!;
    out[field] ??= inScreenWords(field, message, intl);
  }
  return out;
}
