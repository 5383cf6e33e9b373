// What the link cache's warm-up paces itself by: a real HTTP server on port 0, busy while it answers and a moment after.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { watchRequests } from '../../../../electron/server/redirect/request-activity.ts';

it('is busy while a request is open and for the quiet time after it, idle otherwise, and stops counting when told', async () => {
  let release!: () => void;
  // Read just after the response closed (on the next turn, once the watcher has counted it closed): only the
  // quiet time can keep it busy then, whatever the machine's load did to the test's own polling.
  let busyAfterClose: boolean | undefined;
  const server = http.createServer((_req, res) => {
    res.on('close', () => setImmediate(() => { busyAfterClose = activity.busy(); }));
    release = () => res.end('ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const activity = watchRequests(server, 200);
  try {
    expect(activity.busy()).toBe(false);
    const answer = fetch(url).then((r) => r.text());
    await expect.poll(() => typeof release === 'function').toBe(true);
    expect(activity.busy()).toBe(true); // the request is open
    release();
    expect(await answer).toBe('ok');
    await expect.poll(() => busyAfterClose).toBe(true);
    await expect.poll(() => activity.busy(), { timeout: 5000 }).toBe(false);
    expect(server.listenerCount('request')).toBe(2);
    activity.stop();
    expect(server.listenerCount('request')).toBe(1);
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});
