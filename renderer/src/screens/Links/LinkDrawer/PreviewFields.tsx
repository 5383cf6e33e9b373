// The card a link shows when it is shared (Open Graph / Twitter Card tags the
// server gives link-preview crawlers), and a live sketch of it. The window's
// CSP allows images from the app only (img-src 'self' data: blob:), so the
// sketch names the image's host instead of loading it from anywhere.
import { Box, Fieldset, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { LIMITS } from '../../../../../shared/constants.ts';
import { PREVIEW_LIMITS } from '../../../../../shared/schemas/links.ts';
import { defineMessages, useIntl } from 'react-intl';
import { plain } from '../../../i18n/plain.ts';
import { useInstances } from '../../../state/instances-store.ts';
import type { SectionProps } from './form-context.ts';

const m = plain(defineMessages({
  shortLink: { id: 'app.links.preview.fallbackTitle', defaultMessage: 'Short link' },
  legend: { id: 'app.links.preview', defaultMessage: 'Social preview' },
  title: { id: 'app.links.preview.title', defaultMessage: 'Preview title' },
  titlePlaceholder: { id: 'app.links.preview.title.placeholder', defaultMessage: "The destination page's title" },
  titleHelp: { id: 'app.links.preview.title.description', defaultMessage: 'og:title and twitter:title; up to {max, number} characters.' },
  description: { id: 'app.links.preview.description', defaultMessage: 'Preview description' },
  descriptionHelp: { id: 'app.links.preview.description.description', defaultMessage: 'Up to {max, number} characters.' },
  image: { id: 'app.links.preview.image', defaultMessage: 'Preview image URL' },
  imageHelp: { id: 'app.links.preview.image.description', defaultMessage: 'An absolute http(s) address; 1200×630 suits most services.' },
  card: { id: 'app.links.preview.card', defaultMessage: 'Preview card' },
  imageFrom: { id: 'app.links.preview.card.image', defaultMessage: 'Image from {host}' },
  invalid: { id: 'app.links.preview.card.image.invalid', defaultMessage: 'Image from an invalid address' },
  thisInstance: { id: 'app.links.preview.card.thisInstance', defaultMessage: 'this instance' },
  empty: { id: 'app.links.preview.empty', defaultMessage: "Without these fields, services that preview the link follow it and show the destination's own card." },
}));

/** The host of an http(s) URL; null for anything else (the server refuses other images). */
const hostOf = (url: string | undefined): string | null => {
  try {
    const u = new URL(url ?? '');
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.host ? u.host : null;
  } catch {
    return null;
  }
};

export function PreviewFields({ form, link, options }: SectionProps) {
  const intl = useIntl();
  const t = (d: (typeof m)[keyof typeof m]) => intl.formatMessage(d);
  const v = form.values;
  const instance = useInstances((s) => s.instances.find((i) => i.id === s.selectedId));
  // Where the short URL will live: the stored link's, else the chosen domain's, else this instance's.
  const host = link ? hostOf(link.short_url)
    : options?.domains.find((d) => String(d.id) === v.domain_id)?.name ?? hostOf(instance?.baseUrl);
  const title = v.preview_title.trim();
  const description = v.preview_description.trim();
  const image = v.preview_image.trim();
  const empty = !title && !description && !image;
  // The server falls back to the destination page's title, as the card will.
  const shownTitle = title || link?.title || host || t(m.shortLink);
  return (
    <Fieldset legend={t(m.legend)}>
      <Stack gap="sm">
        <TextInput label={t(m.title)} placeholder={link?.title ?? t(m.titlePlaceholder)} maxLength={PREVIEW_LIMITS.title}
          description={intl.formatMessage(m.titleHelp, { max: PREVIEW_LIMITS.title })} {...form.getInputProps('preview_title')} />
        <Textarea label={t(m.description)} autosize minRows={2} maxRows={5} maxLength={PREVIEW_LIMITS.description}
          description={intl.formatMessage(m.descriptionHelp, { max: PREVIEW_LIMITS.description })} {...form.getInputProps('preview_description')} />
        <TextInput label={t(m.image)} type="url" placeholder="https://example.com/card.png" maxLength={LIMITS.urlLength} dir="ltr"
          description={t(m.imageHelp)} {...form.getInputProps('preview_image')} />
        <Paper component="figure" withBorder radius="md" m={0} style={{ overflow: 'hidden' }} aria-label={t(m.card)}>
          {image && (
            <Box bg="var(--mantine-color-default-hover)" p="md" ta="center" style={{ aspectRatio: '1.91 / 1', display: 'grid', placeContent: 'center' }}>
              <Text size="sm" fw={600}>{hostOf(image) ? intl.formatMessage(m.imageFrom, { host: hostOf(image) }) : t(m.invalid)}</Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} lineClamp={2} dir="ltr">{image}</Text>
            </Box>
          )}
          <Stack gap={2} p="sm" component="figcaption">
            <Text size="xs" c="dimmed" tt="uppercase" data-testid="preview-card-host">{host ?? t(m.thisInstance)}</Text>
            <Text fw={700} lineClamp={2} data-testid="preview-card-title">{shownTitle}</Text>
            {description && <Text size="sm" c="dimmed" lineClamp={2} data-testid="preview-card-description">{description}</Text>}
          </Stack>
        </Paper>
        {empty && (
          <Text size="xs" c="dimmed">{t(m.empty)}</Text>
        )}
      </Stack>
    </Fieldset>
  );
}
