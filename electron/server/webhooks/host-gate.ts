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
/** How far behind the clock a host's line may be caught up at once (a quarter second of its rate). */
const CATCH_UP_MS = 250;

/**
 * A slot that passed while the process was busy (every poll late) is still
 * sent at once, as long as the host's last second holds fewer sends than the
 * rate; the count of what was really sent, not the plan, keeps any second at
 * or under the rate. (A late delivery used to go to the back of the line, so
 * on a loaded machine nearly every one did, again and again: 134 of 2,000
 * sent in 20 s at 200 a second, polls 150 ms late.)
 */
export function createHostGate(ratePerSecond: number): HostGate {
  const spacing = 1000 / ratePerSecond;
  const nextFree = new Map<string, number>();
  const slots = new Map<number, number>();
  /** Each host's sends of the last second, oldest first. */
  const sent = new Map<string, number[]>();

  function forget(now: number) {
    // Slots of deliveries deleted meanwhile (their hook went), and hosts quiet for long.
    for (const [id, at] of slots) if (at < now - 3_600_000) slots.delete(id);
    for (const [host, at] of nextFree) if (at < now - 60_000) nextFree.delete(host);
    for (const [host, list] of sent) if (!list.length || list.at(-1)! <= now - 1000) sent.delete(host);
  }

  function lastSecond(host: string, now: number): number[] {
    let list = sent.get(host);
    if (!list) sent.set(host, (list = []));
    let gone = 0;
    while (gone < list.length && list[gone]! <= now - 1000) gone++;
    if (gone) list.splice(0, gone);
    return list;
  }

  /** The next slot at the back of the host's line, no earlier than `from`. */
  function take(host: string, from: number): number {
    const slot = Math.max(from, nextFree.get(host) ?? from);
    nextFree.set(host, slot + spacing);
    return slot;
  }

  /**
   * A new delivery's slot. A line that fell behind the clock (polls came late)
   * catches up by up to CATCH_UP_MS of slots at once, so late polls still send
   * at the rate; a host with no line starts now.
   */
  function takeNew(host: string, now: number): number {
    const line = nextFree.get(host);
    return take(host, line === undefined ? now : Math.max(now - CATCH_UP_MS, Math.min(line, now)));
  }

  return {
    admit(host, deliveryId, now) {
      const mine = slots.get(deliveryId);
      if (mine !== undefined) {
        if (mine - now > EARLY_MS) return Math.ceil(mine - now);
        slots.delete(deliveryId);
      }
      if (slots.size > 100_000) forget(now);
      const recent = lastSecond(host, now);
      if (recent.length >= ratePerSecond) {
        // The host had its rate this second: a slot once the oldest of those sends is a second old.
        const slot = take(host, recent[0]! + 1000);
        slots.set(deliveryId, slot);
        return Math.max(1, Math.ceil(slot - now));
      }
      // Its slot has come (on time or late), or a new delivery whose host has room now.
      const slot = mine !== undefined ? now : takeNew(host, now);
      if (slot - now <= EARLY_MS) {
        recent.push(now);
        return 0;
      }
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
