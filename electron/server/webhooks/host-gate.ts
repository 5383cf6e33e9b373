// Deliveries to one receiving host are spread out: each gets a slot of its
// own, `1000 / rate` ms after the host's previous one, and waits (pending,
// never dropped) until its slot comes. Fifty hooks on one victim URL and a
// bulk create of fifty links then reach the victim at the configured rate
// instead of 2,500 requests at once. The slots are this process's: on several
// nodes each keeps the rate for what it sends.

export interface HostGate {
  /** 0: send now (the delivery takes its slot); else the milliseconds until its slot. */
  admit(host: string, deliveryId: number, now: number): number;
  /** Milliseconds until the earliest slot still waiting, or null when none is. */
  nextIn(now: number): number | null;
}

/** A delivery claimed again this close before its slot is sent (polling's granularity). */
const EARLY_MS = 2;
/**
 * A delivery whose slot passed longer ago than this (the process was busy or
 * stalled) takes a new one at the end of the line instead of being sent with
 * every other late one at once: no second ever carries much more than the rate.
 */
const LATE_MS = 100;

export function createHostGate(ratePerSecond: number): HostGate {
  const spacing = 1000 / ratePerSecond;
  const nextFree = new Map<string, number>();
  const slots = new Map<number, number>();

  function forget(now: number) {
    // Slots of deliveries deleted meanwhile (their hook went), and hosts quiet for long.
    for (const [id, at] of slots) if (at < now - 3_600_000) slots.delete(id);
    for (const [host, at] of nextFree) if (at < now - 60_000) nextFree.delete(host);
  }

  return {
    admit(host, deliveryId, now) {
      const mine = slots.get(deliveryId);
      if (mine !== undefined) {
        if (mine - now > EARLY_MS) return Math.ceil(mine - now);
        slots.delete(deliveryId);
        if (now - mine <= LATE_MS) return 0;
      }
      if (slots.size > 100_000) forget(now);
      const slot = Math.max(now, nextFree.get(host) ?? now);
      nextFree.set(host, slot + spacing);
      if (slot - now <= EARLY_MS) return 0;
      slots.set(deliveryId, slot);
      return Math.ceil(slot - now);
    },
    nextIn(now) {
      let first: number | null = null;
      for (const at of slots.values()) if (first === null || at < first) first = at;
      return first === null ? null : Math.max(0, first - now);
    },
  };
}

