// Where the management window opens: where it was last closed, if that place
// is still on a screen (a monitor unplugged since must not leave it off-screen),
// at least its minimum size and no larger than the screen it lands on; else
// the default size, centred on the primary screen. main only reads the
// displays and the window's bounds and calls these.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../atomic-file.ts';

export interface Rect { x: number; y: number; width: number; height: number }
export interface WindowState extends Rect { maximized: boolean }
export interface Display { workArea: Rect; primary?: boolean }
export interface Sizes { width: number; height: number; minWidth: number; minHeight: number }

export const WINDOW_STATE_FILE = 'window-state.json';
/** At least this much of the window's title bar (its top 40 pixels) must be on a screen for it to be reached and dragged. */
const GRIP = { width: 120, height: 20 };
const TITLE_BAR = 40;

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) < 1e6;

/** A stored state, each part checked; null when it is not one. */
export function parseWindowState(v: unknown): WindowState | null {
  if (typeof v !== 'object' || v === null) return null;
  const s = v as Record<string, unknown>;
  if (!finite(s.x) || !finite(s.y) || !finite(s.width) || !finite(s.height) || s.width <= 0 || s.height <= 0) return null;
  return { x: Math.round(s.x), y: Math.round(s.y), width: Math.round(s.width), height: Math.round(s.height), maximized: s.maximized === true };
}

const overlap = (a: Rect, b: Rect) => ({
  width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
  height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
});

/** The bounds to open with, and whether to maximise. */
export function placeWindow(saved: WindowState | null, displays: Display[], sizes: Sizes): { bounds: Rect; maximized: boolean } {
  const primary = displays.find((d) => d.primary) ?? displays[0];
  const centred = (area: Rect): Rect => {
    const width = Math.min(sizes.width, area.width);
    const height = Math.min(sizes.height, area.height);
    return { x: area.x + Math.round((area.width - width) / 2), y: area.y + Math.round((area.height - height) / 2), width, height };
  };
  if (!primary) return { bounds: { x: 0, y: 0, width: sizes.width, height: sizes.height }, maximized: false };
  if (!saved) return { bounds: centred(primary.workArea), maximized: false };

  // The screen the window's title bar is most on.
  const titleBar: Rect = { x: saved.x, y: saved.y, width: saved.width, height: TITLE_BAR };
  let best: { display: Display; area: number } | null = null;
  for (const d of displays) {
    const o = overlap(titleBar, d.workArea);
    if (o.width >= Math.min(GRIP.width, saved.width) && o.height >= Math.min(GRIP.height, saved.height)) {
      const area = o.width * o.height;
      if (!best || area > best.area) best = { display: d, area };
    }
  }
  if (!best) return { bounds: centred(primary.workArea), maximized: saved.maximized };
  const a = best.display.workArea;
  const width = Math.min(Math.max(saved.width, sizes.minWidth), a.width);
  const height = Math.min(Math.max(saved.height, sizes.minHeight), a.height);
  // Kept whole on that screen.
  const x = Math.min(Math.max(saved.x, a.x), a.x + a.width - width);
  const y = Math.min(Math.max(saved.y, a.y), a.y + a.height - height);
  return { bounds: { x, y, width, height }, maximized: saved.maximized };
}

export async function readWindowState(dataDir: string): Promise<WindowState | null> {
  try {
    return parseWindowState(JSON.parse(await readFile(path.join(dataDir, WINDOW_STATE_FILE), 'utf8')));
  } catch {
    return null; // none yet, or unreadable: the default place
  }
}

export async function writeWindowState(dataDir: string, state: WindowState): Promise<void> {
  const s = parseWindowState(state);
  if (s) await writeFileAtomic(path.join(dataDir, WINDOW_STATE_FILE), `${JSON.stringify(s)}\n`);
}
