// A styled QR code drawn from the encoder's module matrix, as SVG here and on
// a canvas for PNG (qr-png.ts, the part that needs a browser), so both files
// show the same colours, quiet zone and logo. Loaded with the QR dialog only.
import QRCode from 'qrcode';
import { errorLevelFor, logoPad, type QrStyle } from './qr-style.ts';

/** The quiet zone the QR standard asks for, in modules. */
const MARGIN = 4;

export interface QrDrawing {
  /** Modules per side, quiet zone included. */
  units: number;
  dark(row: number, col: number): boolean;
  /** Where the logo goes, in units, or null without a logo. */
  pad: { at: number; side: number } | null;
  level: 'H' | 'M';
}

export function qrDrawing(text: string, withLogo: boolean): QrDrawing {
  const level = errorLevelFor(withLogo);
  const { modules } = QRCode.create(text, { errorCorrectionLevel: level });
  const n = modules.size;
  const pad = withLogo ? logoPad(n) : null;
  const covered = (r: number, c: number) => pad !== null && r >= pad.offset && r < pad.offset + pad.side && c >= pad.offset && c < pad.offset + pad.side;
  return {
    units: n + 2 * MARGIN,
    level,
    pad: pad && { at: pad.offset + MARGIN, side: pad.side },
    dark: (row, col) => {
      const r = row - MARGIN;
      const c = col - MARGIN;
      return r >= 0 && c >= 0 && r < n && c < n && !covered(r, c) && modules.get(r, c) === 1;
    },
  };
}

/** Runs of dark modules per row: [row, col, length]. */
export function runs(d: QrDrawing): [number, number, number][] {
  const out: [number, number, number][] = [];
  for (let r = 0; r < d.units; r++) {
    for (let c = 0; c < d.units; c++) {
      if (!d.dark(r, c)) continue;
      const start = c;
      while (c + 1 < d.units && d.dark(r, c + 1)) c++;
      out.push([r, start, c - start + 1]);
    }
  }
  return out;
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The logo's box inside its pad: half a module of pad colour all round. */
export const logoBox = (pad: NonNullable<QrDrawing['pad']>) => ({ at: pad.at + 0.5, side: pad.side - 1 });

export function qrSvg(d: QrDrawing, style: QrStyle, title: string): string {
  const path = runs(d).map(([r, c, len]) => `M${c} ${r}h${len}v1h-${len}z`).join('');
  const logo = d.pad && style.logo
    ? `<rect x="${d.pad.at}" y="${d.pad.at}" width="${d.pad.side}" height="${d.pad.side}" fill="${attr(style.bg)}"/>`
      + `<image href="${attr(style.logo)}" x="${logoBox(d.pad).at}" y="${logoBox(d.pad).at}" width="${logoBox(d.pad).side}" height="${logoBox(d.pad).side}" preserveAspectRatio="xMidYMid meet"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${style.size}" height="${style.size}" viewBox="0 0 ${d.units} ${d.units}" shape-rendering="crispEdges">`
    + `<title>${attr(title)}</title><rect width="${d.units}" height="${d.units}" fill="${attr(style.bg)}"/>`
    + `<path fill="${attr(style.fg)}" d="${path}"/>${logo}</svg>\n`;
}
