// Builds the production renderer once for the whole run, before any worker
// starts (the `e2e` project depends on this one). Built per worker, two workers'
// `vite build` emptied and rewrote out/renderer while the other's pages were
// loading its chunks from there.
import { test } from '@playwright/test';
import { buildRenderer } from './site.ts';

test('build the renderer', () => {
  test.setTimeout(600_000);
  buildRenderer();
});
