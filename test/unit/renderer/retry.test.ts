// Which failures the screens' queries try again: never one the same key
// would get again (a refused scope, a refused key, bad input), a few times
// one that may pass (the server out of reach, a 5xx).
import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../../renderer/src/api/api.ts';
import { shouldRetry } from '../../../renderer/src/api/query.ts';

const failure = (kind: ConstructorParameters<typeof ApiFailure>[0]['kind']) => new ApiFailure({ kind, message: 'x' });

describe('shouldRetry', () => {
  it('never retries a 403 (forbidden): the key lacks the scope and will go on lacking it', () => {
    expect(shouldRetry(0, failure('forbidden'))).toBe(false);
  });
  it('never retries what the user has to mend', () => {
    for (const kind of ['invalid-key', 'no-key', 'validation', 'not-found', 'conflict', 'unsupported'] as const) {
      expect(shouldRetry(0, failure(kind)), kind).toBe(false);
    }
  });
  it('retries twice what may pass next time', () => {
    for (const kind of ['unreachable', 'timeout', 'server'] as const) {
      expect([0, 1, 2].map((n) => shouldRetry(n, failure(kind))), kind).toEqual([true, true, false]);
    }
  });
});
