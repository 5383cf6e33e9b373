// The PNG side of qr-render.ts: the same drawing on a canvas.
import { logoBox, runs, type QrDrawing } from './qr-render.ts';
import type { QrStyle } from './qr-style.ts';

async function loadImage(src: string): Promise<HTMLImageElement> {
  const img = new Image();
  img.src = src;
  await img.decode();
  return img;
}

/** The code as a PNG data URL of `style.size` pixels a side. */
export async function qrPng(d: QrDrawing, style: QrStyle): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = style.size;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This window cannot draw images.');
  // Module edges on whole pixels: no blurred seams between modules at any size.
  const px = (u: number) => Math.round((u * style.size) / d.units);
  ctx.fillStyle = style.bg;
  ctx.fillRect(0, 0, style.size, style.size);
  ctx.fillStyle = style.fg;
  for (const [r, c, len] of runs(d)) ctx.fillRect(px(c), px(r), px(c + len) - px(c), px(r + 1) - px(r));
  if (d.pad && style.logo) {
    const img = await loadImage(style.logo);
    ctx.fillStyle = style.bg;
    ctx.fillRect(px(d.pad.at), px(d.pad.at), px(d.pad.at + d.pad.side) - px(d.pad.at), px(d.pad.at + d.pad.side) - px(d.pad.at));
    const box = logoBox(d.pad);
    const side = px(box.at + box.side) - px(box.at);
    // Fit inside the box, keeping the logo's proportions (an SVG may have none: square).
    const w = img.naturalWidth || 1;
    const h = img.naturalHeight || 1;
    const scale = side / Math.max(w, h);
    ctx.drawImage(img, px(box.at) + (side - w * scale) / 2, px(box.at) + (side - h * scale) / 2, w * scale, h * scale);
  }
  return canvas.toDataURL('image/png');
}
