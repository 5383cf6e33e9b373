// What the app's QR codes encode: the short URL with the QR marker, whose
// scans the redirect counts as qr (test/integration/redirect/qr-marker.test.ts).
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrDrawing } from '../../../renderer/src/screens/Links/qr-render.ts';
import { qrTarget } from '../../../shared/qr-target.ts';

describe('qrTarget', () => {
  it('adds qr=1 to a short URL, after a query it may have and before a fragment', () => {
    expect(qrTarget('https://s.example/promo')).toBe('https://s.example/promo?qr=1');
    expect(qrTarget('https://s.example/promo?a=1')).toBe('https://s.example/promo?a=1&qr=1');
    expect(qrTarget('https://s.example/promo#top')).toBe('https://s.example/promo?qr=1#top');
  });

  it('the drawn code has the modules of the marked address', () => {
    const url = 'http://127.0.0.1:8080/abc123';
    const drawing = qrDrawing(qrTarget(url), false);
    const { modules } = QRCode.create(`${url}?qr=1`, { errorCorrectionLevel: drawing.level });
    for (let r = 0; r < modules.size; r++) for (let c = 0; c < modules.size; c++) expect(drawing.dark(r + 4, c + 4)).toBe(modules.get(r, c) === 1);
  });
});
