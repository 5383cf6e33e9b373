// A Server-Sent Events reader for tests: real HTTP, the events parsed as a
// browser's EventSource would, and waits that end when the event arrives or fail after a bound.
import http from 'node:http';

export interface SseEvent { event: string; data: string }
export interface SseStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body when the answer was not a stream (an error). */
  body: Promise<string>;
  events: SseEvent[];
  comments: string[];
  /** Resolves with the first event (from the start of the stream) that passes `test`; rejects after `ms` (15 s: a loaded machine is slow, not wrong). */
  next(test: (e: SseEvent) => boolean, ms?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export function openSse(url: string, key: string): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' } }, (res) => {
      const events: SseEvent[] = [];
      const comments: string[] = [];
      const waiters = new Set<() => void>();
      let buf = '';
      let text = '';
      let endedResolve!: () => void;
      const ended = new Promise<void>((r) => { endedResolve = r; });
      const body = new Promise<string>((r) => res.on('end', () => r(text)));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text = res.statusCode === 200 ? '' : text + chunk;
        buf += chunk;
        let i;
        while ((i = buf.indexOf('\n\n')) !== -1) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length) events.push({ event, data: data.join('\n') });
        }
        for (const w of waiters) w();
      });
      const done = () => { endedResolve(); for (const w of waiters) w(); };
      res.on('end', done);
      res.on('close', done);
      resolve({
        status: res.statusCode ?? 0, headers: res.headers, body, events, comments, ended,
        next(test, ms = 15_000) {
          return new Promise((ok, fail) => {
            const check = () => {
              const e = events.find(test);
              if (e) { waiters.delete(check); clearTimeout(t); ok(e); }
            };
            const t = setTimeout(() => { waiters.delete(check); fail(new Error(`no matching event within ${ms} ms (${events.length} events)`)); }, ms);
            waiters.add(check);
            check();
          });
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}
