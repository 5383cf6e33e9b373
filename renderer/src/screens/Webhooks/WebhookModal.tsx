import { Checkbox, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { WEBHOOK_EVENTS, type Webhook, type WebhookCreated } from '../../../../shared/schemas/webhooks.ts';
import { api } from '../../api/api.ts';
import { FormError, FormFooter } from '../../components/FormParts/FormParts.tsx';
import { useSaveForm } from '../../forms/use-save-form.ts';

export const EVENT_LABELS: Record<(typeof WEBHOOK_EVENTS)[number], string> = {
  'link.created': 'Link created',
  'link.updated': 'Link updated',
  'link.deleted': 'Link deleted',
  'link.clicked': 'Link clicked (batched, at most one delivery a second)',
};

/** Create (whose answer carries the secret, for the caller to show once) or edit a hook. */
export function WebhookModal({ hook, onClose, onSaved }: {
  hook: Webhook | null; onClose(): void; onSaved(saved: Webhook | WebhookCreated): void;
}) {
  const form = useForm({
    initialValues: { url: hook?.url ?? '', events: hook?.events ?? ['link.created'] as string[], enabled: hook ? !hook.disabled : true },
  });
  const { submit, busy, general } = useSaveForm(form, {
    save: (v) => {
      const body = { url: v.url.trim(), events: v.events, disabled: v.enabled ? 0 : 1 };
      return hook ? api.webhooks.update(hook.id, body) : api.webhooks.create(body);
    },
    notice: () => ({ message: hook ? 'Webhook saved.' : 'Webhook created.' }),
    onSaved,
    whole: ['events'],
  });

  return (
    <Modal opened onClose={onClose} title={hook ? 'Edit webhook' : 'New webhook'} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError message={general} />
          <TextInput label="Payload URL" required data-autofocus placeholder="https://example.com/hooks/linkdesk"
            description="Deliveries are POSTed here as signed JSON." {...form.getInputProps('url')} />
          <Checkbox.Group label="Events" withAsterisk {...form.getInputProps('events')}>
            <Stack gap={6} mt={6}>
              {WEBHOOK_EVENTS.map((e) => <Checkbox key={e} value={e} label={EVENT_LABELS[e]} />)}
            </Stack>
          </Checkbox.Group>
          <Switch label="Enabled" description="A disabled hook is sent nothing." {...form.getInputProps('enabled', { type: 'checkbox' })} />
          <FormFooter busy={busy} submitLabel={hook ? 'Save' : 'Create webhook'} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
