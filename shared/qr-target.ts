// What a QR code Linkdesk draws encodes: the short URL with the QR marker
// (`qr=1`, Dub's), so that the redirect counts its scans as `qr` and then
// drops the marker before forwarding (electron/server/redirect/qr-marker.ts).
export const QR_MARKER = 'qr=1';

export function qrTarget(shortUrl: string): string {
  const hash = shortUrl.indexOf('#');
  const base = hash === -1 ? shortUrl : shortUrl.slice(0, hash);
  const rest = hash === -1 ? '' : shortUrl.slice(hash);
  const sep = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${sep}${QR_MARKER}${rest}`;
}
