// Create or edit a link with every writable field. Loaded on demand: it
// carries the ISO country and language lists.
import { Alert, Box, Button, Drawer, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import type { Link } from '../../../../../shared/api-types.ts';
import { api, toIpcError } from '../../../api/api.ts';
import { placeErrors } from '../../../forms/field-errors.ts';
import type { LinkOptions } from '../use-link-options.ts';
import { DestinationFields } from './DestinationFields.tsx';
import { ExpirationFields } from './ExpirationFields.tsx';
import { emptyLinkForm, formToBody, linkToForm, type LinkFormValues } from './link-form-model.ts';
import { OrganizeFields } from './OrganizeFields.tsx';
import { ProtectionFields } from './ProtectionFields.tsx';
import { TargetingFields } from './TargetingFields.tsx';

export default function LinkDrawer({ link, options, onClose, onSaved }: {
  link: Link | null; options: LinkOptions | undefined; onClose(): void; onSaved(l: Link): void;
}) {
  const editing = link !== null;
  const form = useForm<LinkFormValues>({ initialValues: link ? linkToForm(link) : emptyLinkForm() });
  const [busy, setBusy] = useState(false);
  const [general, setGeneral] = useState<string | null>(null);
  const body = useRef<HTMLDivElement>(null);
  // Bumped on each refusal; after React has drawn the errors, the keyboard
  // goes to the first field the server refused.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (!refusals) return;
    const first = body.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (first) first.focus();
    else body.current?.querySelector<HTMLElement>('[role="alert"]')?.scrollIntoView({ block: 'nearest' });
  }, [refusals]);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setGeneral(null);
    form.clearErrors();
    try {
      const data = formToBody(values, editing);
      const saved = editing ? await api.links.update(link.id, data) : await api.links.create(data);
      notifications.show({ color: 'teal', title: editing ? 'Link saved' : 'Link created', message: saved.short_url });
      onSaved(saved);
    } catch (e) {
      const placed = placeErrors(toIpcError(e), values, { domain: 'domain_id' }, ['pixel_ids']);
      form.setErrors(placed.fields);
      setGeneral(placed.general);
      setRefusals((n) => n + 1);
    } finally {
      setBusy(false);
    }
  });

  const sectionProps = { form, link, options };
  return (
    <Drawer opened onClose={onClose} position="right" size={640} title={editing ? `Edit ${link.alias}` : 'New link'}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md" ref={body} data-testid="link-form">
          {general ? <Alert color="red" role="alert" title="Not saved">{general}</Alert> : null}
          <DestinationFields {...sectionProps} />
          <ProtectionFields {...sectionProps} />
          <ExpirationFields {...sectionProps} />
          <TargetingFields {...sectionProps} />
          <OrganizeFields {...sectionProps} />
          <Box pos="sticky" bottom={0} py="sm" bg="var(--mantine-color-body)" style={{ zIndex: 2 }}>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>Cancel</Button>
              <Button type="submit" loading={busy}>{editing ? 'Save link' : 'Create link'}</Button>
            </Group>
          </Box>
        </Stack>
      </form>
    </Drawer>
  );
}
