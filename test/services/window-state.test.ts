// Where the window opens: where it was, while that is on a screen and fits;
// otherwise the default, centred on the primary screen. Stored through a real
// file in a temp folder.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  WINDOW_STATE_FILE, parseWindowState, placeWindow, readWindowState, writeWindowState, type Display,
} from '../../electron/services/native/window-state.ts';

const SIZES = { width: 1280, height: 860, minWidth: 800, minHeight: 560 };
const laptop: Display = { workArea: { x: 0, y: 0, width: 1440, height: 900 }, primary: true };
const external: Display = { workArea: { x: 1440, y: 0, width: 2560, height: 1440 } };

describe('placing the window', () => {
  it('opens where it was closed', () => {
    const saved = { x: 1600, y: 100, width: 1400, height: 1000, maximized: false };
    expect(placeWindow(saved, [laptop, external], SIZES)).toEqual({ bounds: { x: 1600, y: 100, width: 1400, height: 1000 }, maximized: false });
    expect(placeWindow({ ...saved, maximized: true }, [laptop, external], SIZES).maximized).toBe(true);
  });

  it('comes back to the primary screen, centred, when its screen is gone', () => {
    const onExternal = { x: 1600, y: 100, width: 1400, height: 1000, maximized: false };
    expect(placeWindow(onExternal, [laptop], SIZES).bounds).toEqual({ x: 80, y: 20, width: 1280, height: 860 });
  });

  it('is kept whole on its screen, never larger than it nor smaller than the minimum', () => {
    // Mostly past the right edge, and taller than the screen.
    expect(placeWindow({ x: 1200, y: -5, width: 900, height: 2000, maximized: false }, [laptop], SIZES).bounds)
      .toEqual({ x: 540, y: 0, width: 900, height: 900 });
    expect(placeWindow({ x: 10, y: 10, width: 200, height: 100, maximized: false }, [laptop], SIZES).bounds)
      .toEqual({ x: 10, y: 10, width: 800, height: 560 });
  });

  it('without a saved place: the default size, centred on the primary screen', () => {
    expect(placeWindow(null, [external, laptop], SIZES)).toEqual({ bounds: { x: 80, y: 20, width: 1280, height: 860 }, maximized: false });
  });
});

describe('the stored place', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is written and read back; a missing or damaged file means none', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'linkdesk-window-'));
    expect(await readWindowState(dir)).toBeNull();
    await writeWindowState(dir, { x: 12.4, y: 30, width: 1000, height: 700, maximized: true });
    expect(await readWindowState(dir)).toEqual({ x: 12, y: 30, width: 1000, height: 700, maximized: true });
    writeFileSync(path.join(dir, WINDOW_STATE_FILE), '{"x": 1, "y"');
    expect(await readWindowState(dir)).toBeNull();
    expect(parseWindowState({ x: 0, y: 0, width: -5, height: 10 })).toBeNull();
    expect(parseWindowState({ x: 'a', y: 0, width: 5, height: 10 })).toBeNull();
  });
});
