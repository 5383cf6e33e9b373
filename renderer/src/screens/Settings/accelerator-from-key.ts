// A key press in the shortcut field, as the Electron accelerator it means
// ("CommandOrControl+Shift+L"); main checks it again before using it.

export interface KeyPress { key: string; code: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }

const NAMED: Record<string, string> = {
  Space: 'Space', Enter: 'Return', NumpadEnter: 'Return', Tab: 'Tab', Backspace: 'Backspace', Delete: 'Delete', Insert: 'Insert',
  ArrowUp: 'Up', ArrowDown: 'Down', ArrowLeft: 'Left', ArrowRight: 'Right', Home: 'Home', End: 'End', PageUp: 'PageUp', PageDown: 'PageDown',
  Minus: '-', Equal: '=', BracketLeft: '[', BracketRight: ']', Backslash: '\\', Semicolon: ';', Quote: "'", Comma: ',', Period: '.', Slash: '/',
  Backquote: '`', PrintScreen: 'PrintScreen',
};

function keyOf(code: string): string | null {
  let m = /^Key([A-Z])$/.exec(code);
  if (m) return m[1]!;
  m = /^(?:Digit|Numpad)(\d)$/.exec(code);
  if (m) return code.startsWith('Numpad') ? `num${m[1]}` : m[1]!;
  if (/^F([1-9]|1\d|2[0-4])$/.test(code)) return code;
  return NAMED[code] ?? null;
}

/** The accelerator, `partial` while only modifiers are down, or null for a key no shortcut can use. */
export function acceleratorFromKey(e: KeyPress, mac: boolean): { accelerator: string } | { partial: string } | null {
  const mods: string[] = [];
  // On a Mac, Cmd and Ctrl together are two keys: Command+Control.
  if (mac && e.metaKey && e.ctrlKey) mods.push('Command', 'Control');
  else if (mac ? e.metaKey : e.ctrlKey) mods.push('CommandOrControl');
  else if (mac && e.ctrlKey) mods.push('Control');
  if (e.altKey) mods.push('Alt');
  if (!mac && e.metaKey) mods.push('Super');
  if (e.shiftKey) mods.push('Shift');
  if (['Control', 'Meta', 'Alt', 'Shift', 'AltGraph', 'OS'].includes(e.key)) return { partial: mods.join('+') };
  const key = keyOf(e.code);
  if (!key) return null;
  return { accelerator: [...mods, key].join('+') };
}

/** How an accelerator reads here. */
export function showAccelerator(accelerator: string, mac: boolean): string {
  return accelerator.split('+').map((p) => ({
    CommandOrControl: mac ? '⌘' : 'Ctrl', Command: '⌘', Control: 'Ctrl', Alt: mac ? '⌥' : 'Alt', Super: 'Super', Shift: mac ? '⇧' : 'Shift',
  } as Record<string, string>)[p] ?? p).join(mac ? '' : '+');
}
