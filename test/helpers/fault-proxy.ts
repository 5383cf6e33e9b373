// A real node:http proxy in front of a server that answers a chosen status
// instead of forwarding, when `fault` says so: the failure in the middle of a
// multi-step action (a refused revoke, a new key that does not answer).
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault = (req: IncomingMessage) => number | null;

export interface FaultProxy {
  url: string;
  inject(f: Fault): void;
  close(): Promise<void>;
}

export async function faultyProxy(upstreamUrl: string): Promise<FaultProxy> {
  let fault: Fault = () => null;
  const target = new URL(upstreamUrl);
  const server = createServer((req, res) => {
    const status = fault(req);
    if (status !== null) {
      req.resume();
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Server error.', status }));
      return;
    }
    const out = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(out);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    inject(f) { fault = f; },
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}
