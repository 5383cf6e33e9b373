// The query string a redirect passes on: the visitor's own, byte for byte,
// less Linkdesk's QR marker (`qr=1`, which every QR code Linkdesk draws adds
// so its scans are counted as `qr`). Only that exact pair goes; `qr=2` or a
// `qr` without a value is the visitor's and is passed on.
export function forwardedQuery(url: string): string {
  const i = url.indexOf('?');
  if (i === -1) return '';
  const query = url.slice(i + 1);
  if (!query.includes('qr=1')) return query;
  return query.split('&').filter((part) => part !== 'qr=1').join('&');
}
