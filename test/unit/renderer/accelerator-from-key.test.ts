// The settings screen's shortcut field: key presses as the accelerators main
// registers (and checks again), on Linux/Windows and on macOS.
import { describe, expect, it } from 'vitest';
import { acceleratorFromKey, showAccelerator } from '../../../renderer/src/screens/Settings/accelerator-from-key.ts';

const press = (code: string, mods: Partial<{ ctrl: boolean; meta: boolean; alt: boolean; shift: boolean }> = {}, key = code) =>
  ({ code, key, ctrlKey: !!mods.ctrl, metaKey: !!mods.meta, altKey: !!mods.alt, shiftKey: !!mods.shift });

describe('a key press in the shortcut field', () => {
  it('reads Ctrl on Linux and Windows, Cmd on macOS, as CommandOrControl', () => {
    expect(acceleratorFromKey(press('KeyL', { ctrl: true, shift: true }), false)).toEqual({ accelerator: 'CommandOrControl+Shift+L' });
    expect(acceleratorFromKey(press('KeyL', { meta: true, shift: true }), true)).toEqual({ accelerator: 'CommandOrControl+Shift+L' });
    expect(acceleratorFromKey(press('KeyL', { ctrl: true, meta: true }), true)).toEqual({ accelerator: 'Command+Control+L' });
    expect(acceleratorFromKey(press('KeyL', { ctrl: true }), true)).toEqual({ accelerator: 'Control+L' });
    expect(acceleratorFromKey(press('KeyS', { meta: true, alt: true }), false)).toEqual({ accelerator: 'Alt+Super+S' });
  });

  it('uses the physical key, whatever the layout or Shift makes of it', () => {
    expect(acceleratorFromKey(press('Digit1', { alt: true, shift: true }, '!'), false)).toEqual({ accelerator: 'Alt+Shift+1' });
    expect(acceleratorFromKey(press('KeyZ', { ctrl: true }, 'y'), false)).toEqual({ accelerator: 'CommandOrControl+Z' });
    expect(acceleratorFromKey(press('F7'), false)).toEqual({ accelerator: 'F7' });
    expect(acceleratorFromKey(press('Enter', { alt: true }), false)).toEqual({ accelerator: 'Alt+Return' });
    expect(acceleratorFromKey(press('Comma', { ctrl: true }, ','), false)).toEqual({ accelerator: 'CommandOrControl+,' });
  });

  it('shows modifiers alone as a combination in progress, and refuses keys no shortcut can use', () => {
    expect(acceleratorFromKey(press('ShiftLeft', { ctrl: true, shift: true }, 'Shift'), false)).toEqual({ partial: 'CommandOrControl+Shift' });
    expect(acceleratorFromKey(press('IntlBackslash', { ctrl: true }), false)).toBeNull();
    expect(acceleratorFromKey(press('Fn', { ctrl: true }), false)).toBeNull();
  });

  it('is shown as people read it on each platform', () => {
    expect(showAccelerator('CommandOrControl+Shift+L', false)).toBe('Ctrl+Shift+L');
    expect(showAccelerator('CommandOrControl+Shift+L', true)).toBe('⌘⇧L');
    expect(showAccelerator('Alt+Super+F5', false)).toBe('Alt+Super+F5');
  });
});
