import { Checkbox, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { WEBHOOK_EVENTS, type Webhook, type WebhookCreated } from '../../../../shared/schemas/webhooks.ts';
import { api, toIpcError } from '../../api/api.ts';
import { FormError } from '../../components/FormParts/FormParts.tsx';
import { placeErrors } from '../../forms/field-errors.ts';
import { notify } from '../../notify.ts';
import { SubmitRow } from './SubmitRow.tsx';
import { inScreenWords, validateWebhook, type WebhookFormValues } from './webhook-form.ts';

export const EVENT_LABELS: Record<(typeof WEBHOOK_EVENTS)[number], MessageDescriptor> = defineMessages({
  'link.created': { id: 'app.webhooks.event.linkCreated', defaultMessage: 'Link created' },
  'link.updated': { id: 'app.webhooks.event.linkUpdated', defaultMessage: 'Link updated' },
  'link.deleted': { id: 'app.webhooks.event.linkDeleted', defaultMessage: 'Link deleted' },
  'link.clicked': { id: 'app.webhooks.event.linkClicked', defaultMessage: 'Link clicked (batched, at most one delivery a second)' },
  'report.created': { id: 'app.webhooks.event.reportCreated', defaultMessage: 'Link reported by a visitor (admins only)' },
  'link.banned': { id: 'app.webhooks.event.linkBanned', defaultMessage: 'Link banned (it stops redirecting)' },
  'link.unbanned': { id: 'app.webhooks.event.linkUnbanned', defaultMessage: 'Link ban lifted' },
});

/**
 * Create (whose answer carries the secret, for the caller to show once) or
 * edit a hook. Checked as the user leaves a field with the API's own schema;
 * a refusal from the server lands on the same fields in the same words, and
 * what was typed stays.
 */
export function WebhookModal({ hook, onClose, onSaved }: {
  hook: Webhook | null; onClose(): void; onSaved(saved: Webhook | WebhookCreated): void;
}) {
  const intl = useIntl();
  const form = useForm<WebhookFormValues>({
    initialValues: { url: hook?.url ?? '', events: hook?.events ?? ['link.created'], enabled: hook ? !hook.disabled : true },
    validate: (v) => validateWebhook(v, intl),
    validateInputOnBlur: true,
  });
  const [general, setGeneral] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (v: WebhookFormValues) => {
      const body = { url: v.url.trim(), events: v.events, disabled: v.enabled ? 0 : 1 };
      return hook ? api.webhooks.update(hook.id, body) : api.webhooks.create(body);
    },
    onSuccess: (saved) => {
      notify({ color: 'teal', message: intl.formatMessage({ id: 'app.webhooks.saved', defaultMessage: '{created, select, true {Webhook created.} other {Webhook saved.}}' }, { created: String(!hook) }) });
      onSaved(saved);
    },
    onError: (e, values) => {
      const placed = placeErrors(toIpcError(e), values, {}, ['events']);
      form.setErrors(Object.fromEntries(Object.entries(placed.fields).map(([f, m]) => [f, inScreenWords(f, m, intl)])));
      setGeneral(placed.general);
    },
  });
  const submit = form.onSubmit((values) => {
    setGeneral(null);
    save.mutate(values);
  });
  // Checked without marking fields, so the button says whether a save could go out.
  const valid = Object.keys(validateWebhook(form.getValues(), intl)).length === 0;

  return (
    <Modal opened onClose={onClose} title={hook
      ? intl.formatMessage({ id: 'app.webhooks.edit', defaultMessage: 'Edit webhook' })
      : intl.formatMessage({ id: 'app.webhooks.new', defaultMessage: 'New webhook' })} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError message={general} />
          <TextInput label={intl.formatMessage({ id: 'app.webhooks.payloadUrl', defaultMessage: 'Payload URL' })} required data-autofocus placeholder="https://example.com/hooks/linkdesk"
            description={intl.formatMessage({ id: 'app.webhooks.payloadUrlHint', defaultMessage: 'Deliveries are POSTed here as signed JSON.' })} {...form.getInputProps('url')} />
          <Checkbox.Group label={intl.formatMessage({ id: 'app.webhooks.events', defaultMessage: 'Events' })} withAsterisk {...form.getInputProps('events')}
            onChange={(v) => { form.setFieldValue('events', v); form.validateField('events'); }}>
            <Stack gap={6} mt={6}>
              {WEBHOOK_EVENTS.map((e) => <Checkbox key={e} value={e} label={intl.formatMessage(EVENT_LABELS[e])} />)}
            </Stack>
          </Checkbox.Group>
          <Switch label={intl.formatMessage({ id: 'app.webhooks.enabled', defaultMessage: 'Enabled' })}
            description={intl.formatMessage({ id: 'app.webhooks.enabledHint', defaultMessage: 'A disabled hook is sent nothing.' })} {...form.getInputProps('enabled', { type: 'checkbox' })} />
          <SubmitRow busy={save.isPending} disabled={!valid} submitLabel={hook ? intl.formatMessage({ id: 'app.common.save', defaultMessage: 'Save' }) : intl.formatMessage({ id: 'app.webhooks.create', defaultMessage: 'Create webhook' })} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
