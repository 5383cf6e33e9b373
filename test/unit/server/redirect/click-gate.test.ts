// The gate between redirects and the click writer (click-gate.ts): what a
// waiting visitor notices is the order they are let through, and a 503 only
// when too many already wait.
import { expect, it } from 'vitest';
import { createGate } from '../../../../electron/server/redirect/click-gate.ts';

const limits = { clicks: 100, bytes: 1000, ageMs: 600, parked: 3 };
const calm = { clicks: 0, bytes: 0, oldestAt: Infinity };

it('lets redirects through at once while open, and in arrival order once the writer catches up', () => {
  const shut: number[] = [];
  const gate = createGate(limits, () => shut.push(1));
  const ran: string[] = [];
  expect(gate.wait(() => ran.push('a'))).toBe(true);
  expect(ran).toEqual(['a']);

  gate.update({ clicks: 100, bytes: 0, oldestAt: Infinity }, 0); // at the count bound
  expect(gate.open).toBe(false);
  expect(shut).toHaveLength(1);
  for (const name of ['b', 'c', 'd']) expect(gate.wait(() => ran.push(name))).toBe(true);
  expect(gate.waiting()).toBe(3);
  // A fourth visitor is told to come back (503, Retry-After) instead of joining an endless queue.
  expect(gate.wait(() => ran.push('e'))).toBe(false);
  expect(ran).toEqual(['a']);

  gate.update({ clicks: 10, bytes: 0, oldestAt: 0 }, 700); // the oldest waiting click is too old
  expect(ran).toEqual(['a']);
  gate.update(calm, 800);
  expect(ran).toEqual(['a', 'b', 'c', 'd']);
  expect(gate.waiting()).toBe(0);
});

it('stops letting waiting redirects through as soon as one of them fills it again', () => {
  const gate = createGate(limits);
  const ran: string[] = [];
  gate.shut();
  for (const name of ['a', 'b', 'c']) gate.wait(() => { ran.push(name); if (name === 'a') gate.shut(); });
  gate.update(calm, 0);
  expect(ran).toEqual(['a']);
  gate.update(calm, 1);
  expect(ran).toEqual(['a', 'b', 'c']);
});

it('bounds by bytes and by a count lower than the ceiling', () => {
  const gate = createGate(limits);
  gate.update({ clicks: 1, bytes: 1000, oldestAt: Infinity }, 0);
  expect(gate.open).toBe(false);
  gate.update({ clicks: 50, bytes: 0, oldestAt: Infinity }, 0, 40);
  expect(gate.open).toBe(false);
  gate.update({ clicks: 39, bytes: 0, oldestAt: Infinity }, 0, 40);
  expect(gate.open).toBe(true);
});

it('opens for good on release (the server is closing and everything is stored)', () => {
  const gate = createGate(limits);
  const ran: string[] = [];
  gate.shut();
  gate.wait(() => ran.push('a'));
  gate.release();
  expect(ran).toEqual(['a']);
  gate.shut();
  gate.update({ clicks: 1000, bytes: 0, oldestAt: 0 }, 10_000);
  expect(gate.open).toBe(true);
});
