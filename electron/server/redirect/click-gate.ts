// Backpressure between the redirects and the click writer. Clicks answered
// but not yet stored are bounded three ways: by count, by bytes, and by the
// age of the oldest (the clicks a SIGKILL may take). Past any bound the gate
// closes and redirects wait, in arrival order, until the writer has stored
// enough; no click is dropped to make room. So under more load than the
// writer sustains, redirects settle at its rate and memory stays flat,
// instead of the backlog growing until the process is killed with it.
//
// Waiting requests hold only their socket and request objects; past
// `parked` of them the gate answers "no" and the caller sends 503 with
// Retry-After (a flood of new connections must not become the unbounded
// queue this exists to prevent).

export interface GateLimits {
  clicks: number;
  bytes: number;
  /** The oldest unstored click's age at which redirects start to wait. */
  ageMs: number;
  /** Requests that may wait at once. */
  parked: number;
}

/** `clicks` is the ceiling; the recorder lowers it to what its writer stores in 300 ms (clicks.ts). */
export const GATE_LIMITS: GateLimits = { clicks: 50_000, bytes: 16 << 20, ageMs: 600, parked: 10_000 };

export interface ClickGate {
  /** False while the clicks not yet stored are at a bound. */
  readonly open: boolean;
  /** Runs `go` once there is room (at once while open); false when too many wait already. */
  wait(go: () => void): boolean;
}

export interface GateState extends ClickGate {
  /** A bound was reached between updates: redirects wait from now on. */
  shut(): void;
  /** Re-evaluates the bounds against what is pending now; opening runs the waiting requests. */
  update(pending: { clicks: number; bytes: number; oldestAt: number }, now: number, maxClicks?: number): void;
  /** Opens for good, running every waiting request (the writer has stored everything: closing). */
  release(): void;
  waiting(): number;
}

export function createGate(limits: GateLimits = GATE_LIMITS, onShut: () => void = noop): GateState {
  let open = true;
  let released = false;
  // Arrival order; `head` instead of shift() keeps a long queue O(1) per request.
  let queue: (() => void)[] = [];
  let head = 0;

  const drain = () => {
    while (open && head < queue.length) {
      const go = queue[head]!;
      queue[head++] = noop;
      go();
    }
    if (head === queue.length) {
      queue = [];
      head = 0;
    }
  };

  return {
    get open() {
      return open;
    },
    wait(go) {
      if (open) {
        go();
        return true;
      }
      if (queue.length - head >= limits.parked) return false;
      queue.push(go);
      return true;
    },
    shut() {
      if (released || !open) return;
      open = false;
      onShut();
    },
    update(p, now, maxClicks = limits.clicks) {
      if (released) return;
      const was = open;
      open = p.clicks < maxClicks && p.bytes < limits.bytes && now - p.oldestAt < limits.ageMs;
      if (was && !open) onShut();
      drain();
    },
    release() {
      released = true;
      open = true;
      drain();
    },
    waiting: () => queue.length - head,
  };
}

function noop() {}
