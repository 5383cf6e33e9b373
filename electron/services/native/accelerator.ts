// Global shortcuts as Electron accelerators ("CommandOrControl+Shift+L"):
// parsed and written in one canonical spelling, so a setting compares equal to
// the same keys typed another way, and refused when a global one would steal
// ordinary typing or clash with a shortcut Linkdesk itself uses.

const MODIFIERS: Record<string, string> = {
  commandorcontrol: 'CommandOrControl', cmdorctrl: 'CommandOrControl',
  command: 'Command', cmd: 'Command', control: 'Control', ctrl: 'Control',
  alt: 'Alt', option: 'Alt', altgr: 'AltGr', shift: 'Shift', super: 'Super', meta: 'Super',
};
const MODIFIER_ORDER = ['CommandOrControl', 'Command', 'Control', 'Alt', 'AltGr', 'Super', 'Shift'];

const NAMED_KEYS = [
  'Plus', 'Space', 'Tab', 'Capslock', 'Numlock', 'Scrolllock', 'Backspace', 'Delete', 'Insert', 'Return', 'Up', 'Down', 'Left', 'Right',
  'Home', 'End', 'PageUp', 'PageDown', 'Escape', 'VolumeUp', 'VolumeDown', 'VolumeMute', 'MediaNextTrack', 'MediaPreviousTrack',
  'MediaStop', 'MediaPlayPause', 'PrintScreen',
  'num0', 'num1', 'num2', 'num3', 'num4', 'num5', 'num6', 'num7', 'num8', 'num9', 'numdec', 'numadd', 'numsub', 'nummult', 'numdiv',
];
const KEY_ALIASES: Record<string, string> = { enter: 'Return', esc: 'Escape', del: 'Delete', ins: 'Insert', pgup: 'PageUp', pgdn: 'PageDown' };
const PUNCTUATION = ')!@#$%^&*(:;:+=<,_->.?/~`{][|\\}"\'';

export type AcceleratorResult = { ok: true; accelerator: string } | { ok: false; message: string };

function canonicalKey(raw: string): string | null {
  if (/^[a-z0-9]$/i.test(raw)) return raw.toUpperCase();
  if (/^f([1-9]|1\d|2[0-4])$/i.test(raw)) return raw.toUpperCase();
  if (raw.length === 1 && PUNCTUATION.includes(raw)) return raw;
  const lower = raw.toLowerCase();
  if (KEY_ALIASES[lower]) return KEY_ALIASES[lower];
  return NAMED_KEYS.find((k) => k.toLowerCase() === lower) ?? null;
}

/** One canonical accelerator, or why it cannot be one. */
export function parseAccelerator(input: string): AcceleratorResult {
  const text = input.trim();
  if (!text) return { ok: false, message: 'Press a key combination.' };
  if (text.length > 100) return { ok: false, message: 'That is not a key combination.' };
  // "Ctrl++" means Ctrl and the plus key.
  const parts = text.replace(/\+\+$/, '+Plus').split('+').map((p) => p.trim());
  if (parts.some((p) => p === '')) return { ok: false, message: `"${text}" is not a key combination.` };
  const mods = new Set<string>();
  let key: string | null = null;
  for (const part of parts) {
    const mod = MODIFIERS[part.toLowerCase()];
    if (mod) {
      mods.add(mod);
      continue;
    }
    const k = canonicalKey(part);
    if (!k) return { ok: false, message: `"${part}" is not a key Linkdesk can listen for.` };
    if (key) return { ok: false, message: 'Use one key with modifiers, like Ctrl+Shift+L.' };
    key = k;
  }
  if (!key) return { ok: false, message: 'Add a key to the modifiers, like Ctrl+Shift+L.' };
  const isFunctionKey = /^F\d+$/.test(key);
  // A global shortcut is seen before every other application: a bare letter, or
  // one with Shift alone, would take that character away from all typing.
  if (!isFunctionKey && ![...mods].some((m) => m !== 'Shift')) {
    return { ok: false, message: 'A shortcut that works everywhere needs Ctrl, Cmd, Alt or Super, so it never takes a key from your typing.' };
  }
  if (mods.has('CommandOrControl') && (mods.has('Control') || mods.has('Command'))) {
    return { ok: false, message: 'Use CommandOrControl or Control/Command, not both.' };
  }
  return { ok: true, accelerator: [...MODIFIER_ORDER.filter((m) => mods.has(m)), key].join('+') };
}

/** How a shortcut reads to a person on this platform. */
export function displayAccelerator(accelerator: string, platform: NodeJS.Platform = process.platform): string {
  const mac = platform === 'darwin';
  return accelerator.split('+').map((p) => {
    if (p === 'CommandOrControl') return mac ? 'Cmd' : 'Ctrl';
    if (p === 'Command') return 'Cmd';
    if (p === 'Control') return 'Ctrl';
    if (p === 'Alt') return mac ? 'Option' : 'Alt';
    if (p === 'Super') return mac ? 'Cmd' : 'Super';
    return p;
  }).join('+');
}

/** Keys the app's own menu and screens answer to; a global shortcut on one of them would take it away. */
export const APP_SHORTCUTS: readonly { accelerator: string; action: string }[] = [
  { accelerator: 'CommandOrControl+K', action: 'opens the command palette' },
  { accelerator: 'CommandOrControl+N', action: 'opens a new window' },
  { accelerator: 'CommandOrControl+,', action: 'opens the settings' },
  { accelerator: 'CommandOrControl+W', action: 'closes the window' },
  { accelerator: 'CommandOrControl+Q', action: 'quits' },
  ...['C', 'V', 'X', 'Z', 'A'].map((k) => ({ accelerator: `CommandOrControl+${k}`, action: 'is an editing shortcut' })),
  { accelerator: 'CommandOrControl+Shift+Z', action: 'is an editing shortcut' },
];

/** The app shortcut this accelerator would take over, if any (CommandOrControl counts as both Ctrl and Cmd). */
export function clashWithApp(accelerator: string): string | null {
  const variants = (a: string) => a.includes('CommandOrControl') ? [a, a.replace('CommandOrControl', 'Control'), a.replace('CommandOrControl', 'Command')] : [a];
  const mine = new Set(variants(accelerator));
  for (const s of APP_SHORTCUTS) {
    if (variants(s.accelerator).some((v) => mine.has(v))) return `${displayAccelerator(s.accelerator)} ${s.action} in Linkdesk.`;
  }
  return null;
}
