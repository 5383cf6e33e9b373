// Styled QR codes: WCAG contrast and its warnings, the remembered style read
// back from storage anyone could edit, the logo's place, and the SVG file.
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrDrawing, qrSvg } from '../../../renderer/src/screens/Links/qr-render.ts';
import {
  LOGO_AREA, LOGO_KEEP_MAX, contrastRatio, contrastWarnings, defaultQrStyle, logoPad, parseHex, parseQrStyle, styleToKeep,
} from '../../../renderer/src/screens/Links/qr-style.ts';

const LOGO = 'data:image/png;base64,iVBORw0KGgo=';

describe('contrast', () => {
  it('parses #rgb and #rrggbb only', () => {
    expect(parseHex('#FfF')).toEqual([255, 255, 255]);
    expect(parseHex(' #1a2b3c ')).toEqual([26, 43, 60]);
    for (const bad of ['', '#12', '#12345', 'red', 'rgb(0,0,0)', '#gggggg']) expect(parseHex(bad), bad).toBeNull();
  });

  it('gives the WCAG ratios', () => {
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrastRatio([255, 255, 255], [0, 0, 0])).toBeCloseTo(21, 5);
    expect(contrastRatio([119, 119, 119], [255, 255, 255])).toBeCloseTo(4.48, 2);
    expect(contrastRatio([18, 52, 86], [18, 52, 86])).toBe(1);
  });

  it('warns below 4:1 and for a light code on a dark ground, not for dark on light', () => {
    expect(contrastWarnings('#000000', '#ffffff')).toEqual([]);
    expect(contrastWarnings('#1c3d5a', '#fff8e7')).toEqual([]);
    const low = contrastWarnings('#999999', '#ffffff');
    expect(low).toHaveLength(1);
    expect(low[0]).toMatch(/contrast is 2\.8:1; below 4:1/);
    const inverted = contrastWarnings('#ffffff', '#000000');
    expect(inverted).toEqual([expect.stringMatching(/lighter than the background/)]);
    expect(contrastWarnings('#ffffff', '#eeeeee')).toHaveLength(2);
    expect(contrastWarnings('#eeeeee', '#ffffff')).toHaveLength(1);
    expect(contrastWarnings('#12', '#ffffff')).toEqual([]);
  });
});

describe('remembered style', () => {
  it('keeps what is valid and defaults the rest', () => {
    expect(parseQrStyle({ fg: '#112233', bg: 'javascript:x', size: 5000, logo: LOGO })).toEqual({ fg: '#112233', bg: '#ffffff', size: 1024, logo: LOGO });
    expect(parseQrStyle({ size: 12, logo: 'data:text/html;base64,PHNjcmlwdD4=' })).toEqual({ ...defaultQrStyle(), size: 128 });
    expect(parseQrStyle('nonsense')).toEqual(defaultQrStyle());
    expect(parseQrStyle(null)).toEqual(defaultQrStyle());
  });

  it('forgets a large logo', () => {
    const big = `data:image/png;base64,${'A'.repeat(LOGO_KEEP_MAX)}`;
    expect(styleToKeep({ ...defaultQrStyle(), logo: big }).logo).toBeNull();
    expect(styleToKeep({ ...defaultQrStyle(), logo: LOGO }).logo).toBe(LOGO);
  });
});

describe('logo place', () => {
  it('is centred on whole modules, covers at most its share of the area, and leaves the finder patterns alone', () => {
    for (let version = 1; version <= 40; version++) {
      const count = 17 + 4 * version;
      const { offset, side } = logoPad(count);
      expect(offset * 2 + side).toBe(count);
      expect(Number.isInteger(offset)).toBe(true);
      expect((side * side) / (count * count)).toBeLessThanOrEqual(LOGO_AREA);
      if (version > 1) expect((side * side) / (count * count)).toBeGreaterThan(0.06);
      expect(offset).toBeGreaterThanOrEqual(9);
    }
  });
});

describe('qrDrawing and qrSvg', () => {
  const url = 'http://127.0.0.1:8080/spring-sale';

  it('raises error correction to H with a logo and leaves its pad empty', () => {
    const plain = qrDrawing(url, false);
    const withLogo = qrDrawing(url, true);
    expect(plain.level).toBe('M');
    expect(withLogo.level).toBe('H');
    expect(plain.pad).toBeNull();
    const { at, side } = withLogo.pad!;
    for (let r = at; r < at + side; r++) for (let c = at; c < at + side; c++) expect(withLogo.dark(r, c)).toBe(false);
  });

  it('draws exactly the encoder\'s modules inside a four-module quiet zone', () => {
    const d = qrDrawing(url, false);
    const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
    expect(d.units).toBe(modules.size + 8);
    for (let r = 0; r < d.units; r++) {
      for (let c = 0; c < d.units; c++) {
        const inside = r >= 4 && c >= 4 && r < modules.size + 4 && c < modules.size + 4;
        expect(d.dark(r, c)).toBe(inside && modules.get(r - 4, c - 4) === 1);
      }
    }
  });

  it('writes the colours, the size and the logo as an embedded image', () => {
    const svg = qrSvg(qrDrawing(url, true), { fg: '#1c3d5a', bg: '#fff8e7', size: 640, logo: LOGO }, 'QR code that opens <x> & "y"');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="640" height="640" /);
    expect(svg).toContain('<path fill="#1c3d5a"');
    expect(svg.match(/fill="#fff8e7"/g)).toHaveLength(2);
    expect(svg).toContain(`<image href="${LOGO}"`);
    expect(svg).toContain('<title>QR code that opens &lt;x> &amp; &quot;y&quot;</title>');
    expect(qrSvg(qrDrawing(url, false), defaultQrStyle(), 't')).not.toContain('<image');
  });
});
