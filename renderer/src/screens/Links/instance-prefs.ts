// Small preferences of this machine's user about one instance (UTM templates,
// QR code style), kept in the renderer's localStorage under the instance id.
// That is enough for them: they are conveniences of the person at this
// computer, not data of the service, so they need no server change, hold
// nothing secret, and losing them costs a few clicks. What is read back came
// from storage anyone could have edited, so callers check its shape.

const keyOf = (kind: string, instanceId: string) => `linkdesk.${kind}.${instanceId}`;

/** The stored value, or null when there is none, it cannot be parsed, or there is no instance. */
export function readPref(kind: string, instanceId: string | null): unknown {
  if (!instanceId) return null;
  try {
    const raw = localStorage.getItem(keyOf(kind, instanceId));
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

/** False when it could not be kept (no instance, storage full or refused). */
export function writePref(kind: string, instanceId: string | null, value: unknown): boolean {
  if (!instanceId) return false;
  try {
    localStorage.setItem(keyOf(kind, instanceId), JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
