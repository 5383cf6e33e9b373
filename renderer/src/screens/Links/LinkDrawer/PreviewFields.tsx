// The card a link shows when it is shared (Open Graph / Twitter Card tags the
// server gives link-preview crawlers), and a live sketch of it. The window's
// CSP allows images from the app only (img-src 'self' data: blob:), so the
// sketch names the image's host instead of loading it from anywhere.
import { Box, Fieldset, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { LIMITS } from '../../../../../shared/constants.ts';
import { PREVIEW_LIMITS } from '../../../../../shared/schemas/links.ts';
import { useInstances } from '../../../state/instances-store.ts';
import type { SectionProps } from './form-context.ts';

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
  const shownTitle = title || link?.title || host || 'Short link';
  return (
    <Fieldset legend="Social preview">
      <Stack gap="sm">
        <TextInput label="Preview title" placeholder={link?.title ?? 'The destination page\'s title'} maxLength={PREVIEW_LIMITS.title}
          description={`og:title and twitter:title; up to ${PREVIEW_LIMITS.title} characters.`} {...form.getInputProps('preview_title')} />
        <Textarea label="Preview description" autosize minRows={2} maxRows={5} maxLength={PREVIEW_LIMITS.description}
          description={`Up to ${PREVIEW_LIMITS.description} characters.`} {...form.getInputProps('preview_description')} />
        <TextInput label="Preview image URL" type="url" placeholder="https://example.com/card.png" maxLength={LIMITS.urlLength}
          description="An absolute http(s) address; 1200×630 suits most services." {...form.getInputProps('preview_image')} />
        <Paper component="figure" withBorder radius="md" m={0} style={{ overflow: 'hidden' }} aria-label="Preview card">
          {image && (
            <Box bg="var(--mantine-color-default-hover)" p="md" ta="center" style={{ aspectRatio: '1.91 / 1', display: 'grid', placeContent: 'center' }}>
              <Text size="sm" fw={600}>Image from {hostOf(image) ?? 'an invalid address'}</Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} lineClamp={2}>{image}</Text>
            </Box>
          )}
          <Stack gap={2} p="sm" component="figcaption">
            <Text size="xs" c="dimmed" tt="uppercase" data-testid="preview-card-host">{host ?? 'this instance'}</Text>
            <Text fw={700} lineClamp={2} data-testid="preview-card-title">{shownTitle}</Text>
            {description && <Text size="sm" c="dimmed" lineClamp={2} data-testid="preview-card-description">{description}</Text>}
          </Stack>
        </Paper>
        {empty && (
          <Text size="xs" c="dimmed">Without these fields, services that preview the link follow it and show the destination's own card.</Text>
        )}
      </Stack>
    </Fieldset>
  );
}
