// The global shortcut's life: registered at start from the settings, changed
// from the settings screen. A new one is registered before the old one is let
// go, so a refused change leaves the working shortcut in place; a saved one that
// another application holds at start stays saved and is reported, not dropped.
import type { ShortcutStatus } from '../../../shared/native.ts';
import { ServiceError } from '../errors.ts';
import { clashWithApp, displayAccelerator, parseAccelerator } from './accelerator.ts';

/** Electron's globalShortcut, or a stand-in. */
export interface ShortcutHost {
  register(accelerator: string, callback: () => void): boolean;
  unregister(accelerator: string): void;
}

export interface ShortcutManager {
  status(): ShortcutStatus;
  /** Registers the saved shortcut at start; never throws. */
  apply(accelerator: string | null): ShortcutStatus;
  /** A change from the settings: refused (ServiceError, field `globalShortcut`) unless it now works. */
  change(input: string | null): ShortcutStatus;
  dispose(): void;
}

const refuse = (message: string) => new ServiceError('validation', message, { fields: { globalShortcut: [message] } });

export function createShortcutManager(host: ShortcutHost | null, onPress: () => void, platform: NodeJS.Platform = process.platform): ShortcutManager {
  let active: string | null = null;
  let current: ShortcutStatus = { accelerator: null, display: null, state: 'off', message: null };
  const show = (a: string) => displayAccelerator(a, platform);

  const tryRegister = (accelerator: string): boolean => {
    if (!host) return false;
    try {
      return host.register(accelerator, onPress);
    } catch {
      return false; // Electron throws on an accelerator its platform cannot express
    }
  };
  const release = () => {
    if (active && host) host.unregister(active);
    active = null;
  };

  return {
    status: () => ({ ...current }),
    apply(accelerator) {
      release();
      if (accelerator === null) return (current = { accelerator: null, display: null, state: 'off', message: null });
      if (!host) {
        return (current = { accelerator, display: show(accelerator), state: 'unavailable', message: 'Global shortcuts work in the desktop app only.' });
      }
      if (tryRegister(accelerator)) {
        active = accelerator;
        return (current = { accelerator, display: show(accelerator), state: 'registered', message: null });
      }
      return (current = {
        accelerator, display: show(accelerator), state: 'taken',
        message: `${show(accelerator)} is taken by another application; choose another shortcut, or close that application and restart Linkdesk.`,
      });
    },
    change(input) {
      if (input === null) {
        release();
        return (current = { accelerator: null, display: null, state: 'off', message: null });
      }
      const parsed = parseAccelerator(input);
      if (!parsed.ok) throw refuse(parsed.message);
      const accelerator = parsed.accelerator;
      const clash = clashWithApp(accelerator);
      if (clash) throw refuse(`${show(accelerator)} is not free: ${clash}`);
      if (accelerator === active) return { ...current };
      if (!host) throw refuse('Global shortcuts can only be set in the desktop app.');
      const previous = active;
      if (!tryRegister(accelerator)) {
        throw refuse(`${show(accelerator)} is taken by another application${previous ? `; ${show(previous)} still works` : ''}.`);
      }
      if (previous) host.unregister(previous);
      active = accelerator;
      return (current = { accelerator, display: show(accelerator), state: 'registered', message: null });
    },
    dispose: release,
  };
}
