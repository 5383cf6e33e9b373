// Loaded on demand with the `qrcode` encoder: no QR code cost on first paint.
// Colours, size and logo are remembered per instance (instance-prefs.ts); a
// logo only while it is small (LOGO_KEEP_MAX), a larger one is chosen again.
import { Alert, Button, Center, ColorInput, FileButton, Group, Image, List, Loader, Modal, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { Link } from '../../../../shared/api-types.ts';
import { qrTarget } from '../../../../shared/qr-target.ts';
import { IconDownload } from '../../components/Icons/Icons.tsx';
import { getIntl } from '../../i18n/current.ts';
import { plain } from '../../i18n/plain.ts';
import { useInstances } from '../../state/instances-store.ts';
import { readPref, writePref } from './instance-prefs.ts';
import { qrPng } from './qr-png.ts';
import { qrDrawing, qrSvg } from './qr-render.ts';
import {
  LOGO_FILE_MAX, LOGO_KEEP_MAX, QR_SIZE, contrastWarnings, isImageDataUrl, parseHex, parseQrStyle, styleToKeep, type QrStyle,
} from './qr-style.ts';

const m = plain(defineMessages({
  unreadable: { id: 'app.qr.fileUnreadable', defaultMessage: 'The file could not be read.' },
  notAColour: { id: 'app.qr.colour.invalid', defaultMessage: 'A colour such as #1a2b3c' },
  alt: { id: 'app.qr.alt', defaultMessage: 'QR code that opens {url}' },
  notMade: { id: 'app.qr.notMade', defaultMessage: 'The QR code could not be made.' },
  tooBig: { id: 'app.qr.logo.tooBig', defaultMessage: 'That file is over {mb, number} MB; a logo this small needs far less.' },
  notImage: { id: 'app.qr.logo.notImage', defaultMessage: 'Choose a PNG, JPEG, GIF, WebP or SVG image.' },
  title: { id: 'app.qr.title', defaultMessage: 'QR code for {alias}' },
  making: { id: 'app.qr.making', defaultMessage: 'Making the QR code' },
  level: { id: 'app.qr.level', defaultMessage: 'Error correction {level, select, H {H (raised for the logo)} other {{level}}}' },
  hard: { id: 'app.qr.hardToScan', defaultMessage: 'Hard to scan' },
  fg: { id: 'app.qr.foreground', defaultMessage: 'Foreground' },
  bg: { id: 'app.qr.background', defaultMessage: 'Background' },
  size: { id: 'app.qr.size', defaultMessage: 'Size (pixels)' },
  sizeHelp: { id: 'app.qr.size.description', defaultMessage: '{min, number} to {max, number}, for the PNG; the SVG scales.' },
  logo: { id: 'app.qr.logo', defaultMessage: 'Logo' },
  changeLogo: { id: 'app.qr.logo.change', defaultMessage: 'Change logo…' },
  chooseLogo: { id: 'app.qr.logo.choose', defaultMessage: 'Choose logo…' },
  removeLogo: { id: 'app.qr.logo.remove', defaultMessage: 'Remove logo' },
  logoTooLarge: { id: 'app.qr.logo.notKept', defaultMessage: 'This logo is too large to remember; choose it again next time.' },
  png: { id: 'app.qr.download.png', defaultMessage: 'Download PNG' },
  svg: { id: 'app.qr.download.svg', defaultMessage: 'Download SVG' },
}));

function download(href: string, filename: string) {
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

const safeName = (s: string) => s.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-|-$/g, '') || 'link';

const readAsDataUrl = (file: File) => new Promise<string>((resolve, reject) => {
  const reader = new FileReader();
  reader.onload = () => resolve(String(reader.result));
  reader.onerror = () => reject(new Error(getIntl().formatMessage(m.unreadable)));
  reader.readAsDataURL(file);
});

/** A colour input that hands on only valid colours and says when the text is not one. */
function ColourField({ label, value, onValid }: { label: string; value: string; onValid(v: string): void }) {
  const intl = useIntl();
  const [text, setText] = useState(value);
  return (
    <ColorInput label={label} format="hex" withEyeDropper={false} value={text} error={parseHex(text) ? null : intl.formatMessage(m.notAColour)} dir="ltr"
      onChange={(v) => { setText(v); if (parseHex(v)) onValid(v); }} />
  );
}

export default function QrCodeModal({ link, onClose }: { link: Link; onClose(): void }) {
  const intl = useIntl();
  const t = (d: (typeof m)[keyof typeof m]) => intl.formatMessage(d);
  const instanceId = useInstances((s) => s.selectedId);
  const [style, setStyle] = useState<QrStyle>(() => parseQrStyle(readPref('qr-style', instanceId)));
  const [made, setMade] = useState<{ png: string; svg: string; level: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const set = (part: Partial<QrStyle>) => setStyle((s) => ({ ...s, ...part }));

  useEffect(() => { writePref('qr-style', instanceId, styleToKeep(style)); }, [instanceId, style]);

  useEffect(() => {
    let live = true;
    setError(null);
    const make = async () => {
      // The marker makes a scan count as `qr` in the statistics; the redirect drops it before forwarding.
      const drawing = qrDrawing(qrTarget(link.short_url), style.logo !== null);
      const svg = qrSvg(drawing, style, intl.formatMessage(m.alt, { url: link.short_url }));
      const png = await qrPng(drawing, style);
      if (live) setMade({ png, svg, level: drawing.level });
    };
    make().catch((e: unknown) => { if (live) setError(e instanceof Error ? e.message : intl.formatMessage(m.notMade)); });
    return () => { live = false; };
  }, [link.short_url, style, intl]);

  const chooseLogo = async (file: File | null) => {
    if (!file) return;
    setLogoError(null);
    if (file.size > LOGO_FILE_MAX) return setLogoError(intl.formatMessage(m.tooBig, { mb: LOGO_FILE_MAX / 1_000_000 }));
    try {
      const url = await readAsDataUrl(file);
      if (!isImageDataUrl(url)) return setLogoError(t(m.notImage));
      set({ logo: url });
    } catch (e) {
      setLogoError(e instanceof Error ? e.message : t(m.unreadable));
    }
  };

  const name = `qr-${safeName(link.alias)}`;
  const downloadSvg = () => {
    if (!made) return;
    const url = URL.createObjectURL(new Blob([made.svg], { type: 'image/svg+xml' }));
    download(url, `${name}.svg`);
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  const warnings = contrastWarnings(style.fg, style.bg, intl);

  return (
    <Modal opened onClose={onClose} title={intl.formatMessage(m.title, { alias: link.alias })} centered size="lg">
      <SimpleGrid cols={2} spacing="lg">
        <Stack align="center" gap="xs">
          {error ? <Alert color="red" role="alert">{error}</Alert> : null}
          {made ? (
            <Image src={made.png} alt={intl.formatMessage(m.alt, { url: link.short_url })} w={256} h={256} radius="sm" data-testid="qr-image"
              style={{ border: '1px solid var(--mantine-color-default-border)' }} />
          ) : !error ? <Center h={256}><Loader aria-label={t(m.making)} /></Center> : null}
          <Text size="sm" fw={600} ta="center" style={{ overflowWrap: 'anywhere' }} dir="ltr">{link.short_url}</Text>
          {made ? <Text size="xs" c="dimmed">{intl.formatMessage(m.level, { level: made.level })}</Text> : null}
          {/* Beside the code it is about, in the column no colour picker opens over. */}
          {warnings.length ? (
            <Alert color="yellow" title={t(m.hard)} role="status" data-testid="qr-contrast-warning" w="100%">
              <List size="sm">{warnings.map((w) => <List.Item key={w}>{w}</List.Item>)}</List>
            </Alert>
          ) : null}
        </Stack>
        <Stack gap="sm">
           <ColourField label={t(m.fg)} value={style.fg} onValid={(fg) => set({ fg })} />
          <ColourField label={t(m.bg)} value={style.bg} onValid={(bg) => set({ bg })} />
          <NumberInput label={t(m.size)} min={QR_SIZE.min} max={QR_SIZE.max} step={QR_SIZE.step} allowDecimal={false} value={style.size}
            description={intl.formatMessage(m.sizeHelp, { min: QR_SIZE.min, max: QR_SIZE.max })}
            onChange={(v) => { if (typeof v === 'number' && v >= QR_SIZE.min && v <= QR_SIZE.max) set({ size: v }); }} />
          <div>
            <Text size="sm" fw={500}>{t(m.logo)}</Text>
            <Group gap="xs" mt={4}>
              <FileButton onChange={(f) => void chooseLogo(f)} accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml">
                {(props) => <Button variant="default" size="xs" {...props}>{t(style.logo ? m.changeLogo : m.chooseLogo)}</Button>}
              </FileButton>
              {style.logo ? <Button variant="subtle" color="red" size="xs" onClick={() => set({ logo: null })}>{t(m.removeLogo)}</Button> : null}
            </Group>
            {logoError ? <Text size="xs" c="red" mt={4} role="alert">{logoError}</Text> : null}
            {style.logo && style.logo.length > LOGO_KEEP_MAX
              ? <Text size="xs" c="dimmed" mt={4}>{t(m.logoTooLarge)}</Text> : null}
          </div>
        </Stack>
      </SimpleGrid>
      <Group justify="center" mt="lg">
        {/* Not `disabled` while the code is being drawn: the dialog's first focus goes to this button, and a
            disabled one cannot take it, which left the focus behind the dialog on a slow machine. */}
        <Button leftSection={<IconDownload />} data-disabled={!made || undefined} aria-disabled={!made}
          onClick={() => made && download(made.png, `${name}.png`)} data-autofocus>{t(m.png)}</Button>
        <Button leftSection={<IconDownload />} variant="default" data-disabled={!made || undefined} aria-disabled={!made}
          onClick={downloadSvg}>{t(m.svg)}</Button>
      </Group>
    </Modal>
  );
}
