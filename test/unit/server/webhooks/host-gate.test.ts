// The per-host spacing of webhook deliveries (host-gate.ts) as the dispatcher
// uses it: each poll claims the 20 due deliveries that waited longest, sends
// the ones the gate admits and puts the others back until the time it names.
// On a busy machine every poll comes late; the deliveries must still leave at
// the host's rate, and no second may carry more than the rate.
import { describe, expect, it } from 'vitest';
import { createHostGate } from '../../../../electron/server/webhooks/host-gate.ts';

const CLAIM = 20;

/** Simulated time: `lateMs` is how long after its planned time each poll actually runs (the process busy elsewhere). */
function run(opts: { rate: number; deliveries: number; lateMs: number; forMs: number }) {
  const gate = createHostGate(opts.rate);
  const waiting = Array.from({ length: opts.deliveries }, (_, id) => ({ id, due: 0 }));
  const sent: number[] = [];
  let now = 0;
  while (now < opts.forMs && waiting.length) {
    waiting.sort((a, b) => a.due - b.due || a.id - b.id);
    const due = waiting.filter((d) => d.due <= now).slice(0, CLAIM);
    for (const d of due) {
      const wait = gate.admit('hooks.example', d.id, now);
      if (wait === 0) {
        sent.push(now);
        waiting.splice(waiting.indexOf(d), 1);
      } else d.due = now + wait;
    }
    const next = due.length === CLAIM ? 0 : Math.min(100, gate.nextIn(now) ?? 100);
    now += next + opts.lateMs;
  }
  let most = 0;
  for (let i = 0, j = 0; i < sent.length; i++) {
    while (sent[i]! - sent[j]! >= 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return { sent: sent.length, most };
}

describe('deliveries to one host', () => {
  it('leave at the rate on an idle machine', () => {
    const r = run({ rate: 200, deliveries: 2000, lateMs: 0.5, forMs: 12_000 });
    expect(r.sent).toBe(2000);
    expect(r.most).toBeLessThanOrEqual(200);
  });

  it('still leave at the rate when every poll comes late (a busy machine), never more than the rate in a second', () => {
    const r = run({ rate: 200, deliveries: 2000, lateMs: 150, forMs: 20_000 });
    expect(r.sent).toBe(2000);
    expect(r.most).toBeLessThanOrEqual(200);
  });

  it('when polls come later still, as many as the polls carry (20 each) leave, and none is pushed back for being late', () => {
    for (const lateMs of [400, 1200]) {
      const r = run({ rate: 200, deliveries: 2000, lateMs, forMs: 20_000 });
      const carried = Math.floor(20_000 / lateMs) * CLAIM;
      expect(r.sent, `polls ${lateMs} ms late`).toBeGreaterThanOrEqual(Math.min(2000, carried) * 0.95);
      expect(r.most, `polls ${lateMs} ms late`).toBeLessThanOrEqual(200);
    }
  });

  it('a slow rate is kept to the second', () => {
    const r = run({ rate: 10, deliveries: 100, lateMs: 300, forMs: 30_000 });
    expect(r.sent).toBeGreaterThanOrEqual(95);
    expect(r.most).toBeLessThanOrEqual(10);
  });
});
