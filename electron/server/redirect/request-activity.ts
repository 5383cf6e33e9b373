// Whether a server is answering requests now, or finished one moments ago:
// the link cache's warm-up (link-cache.ts) paces its slices by it. Counted
// only while someone asks (`stop()` takes the listener off), so a warmed-up
// server's requests pay nothing for it.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export interface RequestActivity {
  /** Requests are open, or the last one ended less than `quietMs` ago. */
  busy(): boolean;
  stop(): void;
}

export function watchRequests(server: Server, quietMs: number): RequestActivity {
  let open = 0;
  let lastEnded = 0;
  const closed = () => {
    open -= 1;
    lastEnded = performance.now();
  };
  const opened = (_req: IncomingMessage, res: ServerResponse) => {
    open += 1;
    res.on('close', closed);
  };
  server.on('request', opened);
  return {
    busy: () => open > 0 || performance.now() - lastEnded < quietMs,
    stop: () => void server.off('request', opened),
  };
}
