// Loaded on demand with the `qrcode` encoder: no QR code cost on first paint.
import { Alert, Button, Center, Group, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import type { Link } from '../../../../shared/api-types.ts';
import { IconDownload } from '../../components/Icons/Icons.tsx';

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

export default function QrCodeModal({ link, onClose }: { link: Link; onClose(): void }) {
  const [png, setPng] = useState<string | null>(null);
  const [svg, setSvg] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const opts = { errorCorrectionLevel: 'M' as const, margin: 2 };
    Promise.all([QRCode.toDataURL(link.short_url, { ...opts, width: 512 }), QRCode.toString(link.short_url, { ...opts, type: 'svg' })])
      .then(([p, s]) => { if (live) { setPng(p); setSvg(s); } })
      .catch((e: unknown) => { if (live) setError(e instanceof Error ? e.message : 'The QR code could not be made.'); });
    return () => { live = false; };
  }, [link.short_url]);

  const name = `qr-${safeName(link.alias)}`;
  const downloadSvg = () => {
    if (!svg) return;
    const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    download(url, `${name}.svg`);
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  return (
    <Modal opened onClose={onClose} title={`QR code for ${link.alias}`} centered>
      <Stack align="center">
        {error ? <Alert color="red" role="alert">{error}</Alert> : null}
        {png ? (
          <Image src={png} alt={`QR code that opens ${link.short_url}`} w={256} h={256} radius="sm" bg="white" data-testid="qr-image" />
        ) : !error ? <Center h={256}><Loader aria-label="Making the QR code" /></Center> : null}
        <Text size="sm" fw={600}>{link.short_url}</Text>
        <Group>
          <Button leftSection={<IconDownload />} disabled={!png} onClick={() => png && download(png, `${name}.png`)} data-autofocus>Download PNG</Button>
          <Button leftSection={<IconDownload />} variant="default" disabled={!svg} onClick={downloadSvg}>Download SVG</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
