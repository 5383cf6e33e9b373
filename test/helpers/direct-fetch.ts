// fetch for test files that also block their own process (spawnSync of the CLI, of curl): each request on a
// connection of its own. A kept-alive socket's idle timer cannot fire while the process is blocked, and the server
// closes it after its 5 s meanwhile; beside a second suite the next request then went out on a closed socket
// ("fetch failed: other side closed"). test/helpers/server.ts's api() does the same for in-process servers.
import { Agent, fetch as undiciFetch } from 'undici';

const direct = new Agent({ pipelining: 0 });

/** The global fetch's signature (undici's Response has the same surface). */
export const fetch = ((input: Parameters<typeof undiciFetch>[0], init?: Parameters<typeof undiciFetch>[1]) =>
  undiciFetch(input, { ...init, dispatcher: init?.dispatcher ?? direct })) as unknown as typeof globalThis.fetch;
