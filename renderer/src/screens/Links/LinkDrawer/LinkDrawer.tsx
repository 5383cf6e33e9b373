// Create or edit a link with every writable field. Loaded on demand: it
// carries the ISO country and language lists.
import { Box, Drawer, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import type { Link } from '../../../../../shared/api-types.ts';
import { api } from '../../../api/api.ts';
import { FormError, FormFooter } from '../../../components/FormParts/FormParts.tsx';
import { useSaveForm } from '../../../forms/use-save-form.ts';
import type { LinkOptions } from '../use-link-options.ts';
import { DestinationFields } from './DestinationFields.tsx';
import { ExpirationFields } from './ExpirationFields.tsx';
import { emptyLinkForm, formToBody, linkToForm, type LinkFormValues } from './link-form-model.ts';
import { OrganizeFields } from './OrganizeFields.tsx';
import { PreviewFields } from './PreviewFields.tsx';
import { ProtectionFields } from './ProtectionFields.tsx';
import { TargetingFields } from './TargetingFields.tsx';
import { UtmBuilder } from './UtmBuilder.tsx';

export default function LinkDrawer({ link, options, onClose, onSaved }: {
  link: Link | null; options: LinkOptions | undefined; onClose(): void; onSaved(l: Link): void;
}) {
  const editing = link !== null;
  const form = useForm<LinkFormValues>({ initialValues: link ? linkToForm(link) : emptyLinkForm() });
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

  const { submit, busy, general } = useSaveForm(form, {
    save: (values) => {
      const data = formToBody(values, editing);
      return editing ? api.links.update(link.id, data) : api.links.create(data);
    },
    notice: (saved) => ({ title: editing ? 'Link saved' : 'Link created', message: saved.short_url }),
    onSaved,
    aliases: { domain: 'domain_id' },
    whole: ['pixel_ids'],
    onRefused: () => setRefusals((n) => n + 1),
  });

  const sectionProps = { form, link, options };
  return (
    <Drawer opened onClose={onClose} position="right" size={640} title={editing ? `Edit ${link.alias}` : 'New link'}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md" ref={body} data-testid="link-form">
          <FormError message={general} title="Not saved" />
          <DestinationFields {...sectionProps} />
          <UtmBuilder form={form} />
          <ProtectionFields {...sectionProps} />
          <ExpirationFields {...sectionProps} />
          <TargetingFields {...sectionProps} />
          <OrganizeFields {...sectionProps} />
          <PreviewFields {...sectionProps} />
          <Box pos="sticky" bottom={0} py="sm" bg="var(--mantine-color-body)" style={{ zIndex: 2 }}>
            <FormFooter busy={busy} submitLabel={editing ? 'Save link' : 'Create link'} onCancel={onClose} />
          </Box>
        </Stack>
      </form>
    </Drawer>
  );
}
