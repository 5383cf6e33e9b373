// What a styled QR code is made of, as pure functions: colour contrast (WCAG
// 2 relative luminance), the style remembered per instance, and where a logo
// may sit without making the code unreadable.
import { isRecord } from './instance-prefs.ts';
import { defineMessages, type IntlShape } from 'react-intl';
import { getIntl } from '../../i18n/current.ts';
import { plain } from '../../i18n/plain.ts';

const m = plain(defineMessages({
  lowContrast: {
    id: 'app.qr.warning.contrast',
    defaultMessage: 'The contrast is {ratio, number, ::.0}:1; below {min, number}:1 many phones cannot read the code. Darken the foreground or lighten the background.',
  },
  inverted: { id: 'app.qr.warning.inverted', defaultMessage: 'The foreground is lighter than the background: many scanners cannot read inverted codes.' },
}));

export type Rgb = [number, number, number];

/** `#rgb` or `#rrggbb` (any case), or null. */
export function parseHex(value: string): Rgb | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!m) return null;
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

export function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** From 1 (the same) to 21 (black on white), whichever is lighter. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Below this, phone cameras in poor light start to miss modules. */
export const MIN_CONTRAST = 4;

/** What makes these colours hard to scan; empty when they are fine or not yet valid colours. */
export function contrastWarnings(fg: string, bg: string, intl: IntlShape = getIntl()): string[] {
  const f = parseHex(fg);
  const b = parseHex(bg);
  if (!f || !b) return [];
  const warnings: string[] = [];
  const ratio = contrastRatio(f, b);
  if (ratio < MIN_CONTRAST) {
    warnings.push(intl.formatMessage(m.lowContrast, { ratio: Math.round(ratio * 10) / 10, min: MIN_CONTRAST }));
  }
  // Many scanners look only for dark modules on a light ground.
  if (luminance(f) > luminance(b)) warnings.push(intl.formatMessage(m.inverted));
  return warnings;
}

export const QR_SIZE = { min: 128, max: 1024, step: 64, initial: 512 } as const;
/** A logo is remembered only up to this size (as a data URL); a larger one is chosen again each time. */
export const LOGO_KEEP_MAX = 100_000;
/** Larger files are refused outright: a logo this small on a code needs no more. */
export const LOGO_FILE_MAX = 2_000_000;

export interface QrStyle { fg: string; bg: string; size: number; logo: string | null }

export const defaultQrStyle = (): QrStyle => ({ fg: '#000000', bg: '#ffffff', size: QR_SIZE.initial, logo: null });

const clampSize = (n: number) => Math.min(QR_SIZE.max, Math.max(QR_SIZE.min, Math.round(n)));

/** A remembered style, each part checked; what is missing or wrong is the default. */
export function parseQrStyle(v: unknown): QrStyle {
  const style = defaultQrStyle();
  if (!isRecord(v)) return style;
  if (typeof v.fg === 'string' && parseHex(v.fg)) style.fg = v.fg;
  if (typeof v.bg === 'string' && parseHex(v.bg)) style.bg = v.bg;
  if (typeof v.size === 'number' && Number.isFinite(v.size)) style.size = clampSize(v.size);
  if (typeof v.logo === 'string' && isImageDataUrl(v.logo) && v.logo.length <= LOGO_KEEP_MAX) style.logo = v.logo;
  return style;
}

/** The style as it is remembered: the logo only when it is small. */
export const styleToKeep = (s: QrStyle): QrStyle => ({ ...s, logo: s.logo && s.logo.length <= LOGO_KEEP_MAX ? s.logo : null });

export const isImageDataUrl = (s: string) => /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=]+$/.test(s);

/** A logo hides modules; level H restores up to 30% of the code, M 15%. */
export const errorLevelFor = (hasLogo: boolean) => (hasLogo ? 'H' : 'M');

/** Share of the symbol's area a logo's pad may cover: well inside what level H can restore. */
export const LOGO_AREA = 0.12;

/**
 * The logo's square pad in module units, centred on a symbol of `count`
 * modules: a whole number of modules with the symbol's parity, so it sits
 * exactly in the middle and cuts no module in half.
 */
export function logoPad(count: number): { offset: number; side: number } {
  // At least nine modules from each edge: clear of the finder patterns, their separators and the format information.
  let side = Math.min(Math.floor(Math.sqrt(LOGO_AREA) * count), count - 18);
  if ((count - side) % 2 !== 0) side -= 1;
  return { offset: (count - side) / 2, side };
}
