// Create or edit a link with every writable field. Loaded on demand: it
// carries the ISO country and language lists.
import { Box, Drawer, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Link } from '../../../../../shared/api-types.ts';
import { linkCreateSchema, linkUpdateSchema } from '../../../../../shared/schemas/links.ts';
import { api } from '../../../api/api.ts';
import { FormError, FormFooter } from '../../../components/FormParts/FormParts.tsx';
import { useSchemaForm } from '../../../forms/schema-form.ts';
import { useSaveForm } from '../../../forms/use-save-form.ts';
import { LinkBanNotice } from '../LinkBanBadge.tsx';
import type { LinkOptions } from '../use-link-options.ts';
import { DestinationFields } from './DestinationFields.tsx';
import { ExpirationFields } from './ExpirationFields.tsx';
import { emptyLinkForm, linkWords, formToBody, linkToForm, type LinkFormValues } from './link-form-model.ts';
import { OrganizeFields } from './OrganizeFields.tsx';
import { PreviewFields } from './PreviewFields.tsx';
import { ProtectionFields } from './ProtectionFields.tsx';
import { RulesEditor } from './RulesEditor.tsx';
import { TargetingFields } from './TargetingFields.tsx';
import { UtmBuilder } from './UtmBuilder.tsx';

export default function LinkDrawer({ link, options, onClose, onSaved }: {
  link: Link | null; options: LinkOptions | undefined; onClose(): void; onSaved(l: Link): void;
}) {
  const intl = useIntl();
  const editing = link !== null;
  // A target row's errors name it as its type does ("URL for country 2"): the type read at the time of the check.
  const targetsType = useRef<LinkFormValues['targets_type']>('');
  const words = (path: string) => linkWords(targetsType.current)(path);
  // Checked with the API's own schema, field by field, before anything is sent.
  const form = useSchemaForm<LinkFormValues>({
    initialValues: link ? linkToForm(link) : emptyLinkForm(),
    schema: editing ? linkUpdateSchema : linkCreateSchema,
    toBody: (v) => formToBody(v, editing),
    words,
    aliases: { domain: 'domain_id', redirect_password: 'password' },
    whole: ['pixel_ids'],
  });
  targetsType.current = form.values.targets_type;
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

  const { submit, busy, general, ready } = useSaveForm(form, {
    save: (values) => {
      const data = formToBody(values, editing);
      return editing ? api.links.update(link.id, data) : api.links.create(data);
    },
    notice: (saved) => ({
      title: editing
        ? intl.formatMessage({ id: 'app.links.form.saved', defaultMessage: 'Link saved' })
        : intl.formatMessage({ id: 'app.links.form.created', defaultMessage: 'Link created' }),
      message: saved.short_url,
    }),
    onSaved,
    aliases: { domain: 'domain_id', redirect_password: 'password' },
    whole: ['pixel_ids'],
    onRefused: () => setRefusals((n) => n + 1),
    words,
  });

  const sectionProps = { form, link, options };
  return (
    <Drawer opened onClose={onClose} position="right" size={640} title={editing
      ? intl.formatMessage({ id: 'app.links.form.editTitle', defaultMessage: 'Edit {alias}' }, { alias: link.alias })
      : intl.formatMessage({ id: 'app.links.new', defaultMessage: 'New link' })}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md" ref={body} data-testid="link-form">
          {link ? <LinkBanNotice link={link} /> : null}
          <FormError message={general} title={intl.formatMessage({ id: 'app.links.form.notSaved', defaultMessage: 'Not saved' })} />
          <DestinationFields {...sectionProps} />
          <UtmBuilder form={form} />
          <ProtectionFields {...sectionProps} />
          <ExpirationFields {...sectionProps} />
          <TargetingFields {...sectionProps} />
          <RulesEditor {...sectionProps} />
          <OrganizeFields {...sectionProps} />
          <PreviewFields {...sectionProps} />
          <Box pos="sticky" bottom={0} py="sm" bg="var(--mantine-color-body)" style={{ zIndex: 2 }}>
            <FormFooter busy={busy} ready={ready} submitLabel={editing
              ? intl.formatMessage({ id: 'app.links.form.save', defaultMessage: 'Save link' })
              : intl.formatMessage({ id: 'app.links.form.create', defaultMessage: 'Create link' })} onCancel={onClose} />
          </Box>
        </Stack>
      </form>
    </Drawer>
  );
}
