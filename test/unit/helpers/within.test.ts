// `within`, the integration tests' wait: a CI run failed when its 20 ms polls
// met the API's limit of 600 requests a minute during a 40 s wait and then saw
// only 429s. Its polls now back off.
import { expect, it } from 'vitest';
import { MIN_WAIT_MS, pollDelay, within } from '../../integration/redirect/helpers.ts';

it('a whole minute of waiting polls far fewer than 600 times', () => {
  let elapsed = 0;
  let polls = 0;
  for (let attempt = 0; elapsed < 60_000; attempt++) {
    polls++;
    elapsed += pollDelay(attempt);
  }
  expect(polls).toBeLessThan(100);
  expect(pollDelay(0)).toBe(20);
  expect(pollDelay(100)).toBe(1000);
});

it('returns as soon as the check passes, and fails with the check\'s own error when time is up', async () => {
  let calls = 0;
  await within(5_000, async () => {
    if (++calls < 3) throw new Error('not yet');
  });
  expect(calls).toBe(3);
  await expect(within(50, async () => { throw new Error('never'); }, 0)).rejects.toThrow('never');
});

it('spaces its tries out: a check that fails for 1.5 s is tried about ten times, not seventy-five', async () => {
  let calls = 0;
  await expect(within(1500, async () => { calls++; throw new Error('429'); }, 0)).rejects.toThrow('429');
  // 20 ms apart it would be tried 75 times; a slow machine only makes it fewer.
  expect(calls).toBeLessThanOrEqual(15);
});

it('waits MIN_WAIT_MS (10 s) at least before it fails, whatever shorter time a call names: a loaded machine is slow, not wrong', async () => {
  expect(MIN_WAIT_MS).toBe(10_000);
  let calls = 0;
  const started = performance.now();
  await within(100, async () => {
    // Passes only after 1.5 s: past the 100 ms the call names, well inside the least wait.
    if (performance.now() - started < 1500) { calls++; throw new Error('not yet'); }
  });
  expect(calls).toBeGreaterThan(1);
  expect(performance.now() - started).toBeGreaterThanOrEqual(1500);
});
