// A client that opens connections and never finishes its requests
// (slowloris) must not hold them: it gets 408 and is closed. The timeouts are
// shortened here; the production values are checked on the server itself.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
beforeAll(async () => { s = await startServer({}, { timeouts: { headers: 300, request: 600, check: 50 } }); });
afterAll(async () => { await s.close(); });

/** Sends `text` on a raw connection, then nothing; resolves with all that came back once the server closes it. */
function sendAndStall(text: string): Promise<string> {
  const { port } = new URL(s.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => { received += chunk; });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
}

describe('slow clients', () => {
  it.each([
    ['nothing at all', ''],
    ['half a header', `GET /api/v1/links HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer `],
    ['half a request line', 'GET /some-al'],
    ['a header that never ends', 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a\r\n'],
  ])('answers 408 with the contract body and closes the connection after %s', async (_what, text) => {
    const answer = await sendAndStall(text);
    const [head, body] = answer.split('\r\n\r\n') as [string, string];
    expect(head).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(head).toMatch(/\r\nx-content-type-options: nosniff/i);
    expect(head).toMatch(/\r\nconnection: close/i);
    expect(JSON.parse(body)).toEqual({ message: 'The request took too long to arrive.', status: 408 });
  });

  it.each([
    ['a request line that is not HTTP', 'HELLO THERE\r\n\r\n', 'HTTP/1.1 400 Bad Request', 'The request could not be read.'],
    ['headers past the size limit', `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      'HTTP/1.1 431 Request Header Fields Too Large', 'The request headers are too large.'],
  ])('answers %s with its status line and the contract body, then closes', async (_what, text, statusLine, message) => {
    const answer = await sendAndStall(text);
    const [head, body] = answer.split('\r\n\r\n') as [string, string];
    expect(head.split('\r\n')[0]).toBe(statusLine);
    expect(head).toMatch(/\r\nconnection: close/i);
    expect(JSON.parse(body)).toEqual({ message, status: Number(statusLine.split(' ')[1]) });
  });

  it('cuts off a client that sends its request line at once, then one header line at a time, at the header deadline', async () => {
    // A header line every third of the header timeout: the 3rd arrives at the deadline, the 4th after
    // it, and the request timeout (twice it) would let the 5th through. Lines are counted, not milliseconds.
    const { port } = new URL(s.url);
    const every = 100;
    const { text, linesSent } = await new Promise<{ text: string; linesSent: number }>((resolve, reject) => {
      let linesSent = 0;
      let timer: NodeJS.Timeout | undefined;
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write('GET /api/v1/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n');
        timer = setInterval(() => { if (socket.writable) { socket.write(`X-Drip-${++linesSent}: a\r\n`); } }, every);
      });
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (c: string) => { text += c; });
      socket.on('error', (e: NodeJS.ErrnoException) => { if (e.code !== 'ECONNRESET' && e.code !== 'EPIPE') reject(e); });
      socket.on('close', () => { clearInterval(timer); resolve({ text, linesSent }); });
    });
    expect(text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    // The header deadline (300 ms) plus one check (50 ms) comes before the 4th line (400 ms).
    expect(linesSent).toBeLessThanOrEqual(3);
  });

  it('still answers clients that send their request in pieces within the time', async () => {
    const { port } = new URL(s.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write('GET /api/v1/openapi.json HTTP/1.1\r\n');
        setImmediate(() => socket.write('Host: 127.0.0.1\r\nConnection: close\r\n\r\n'));
      });
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (c: string) => { received += c; });
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('runs in production with a 20 s header timeout, a 30 s request timeout and a 5 s keep-alive', async () => {
    const plain = await startServer();
    try {
      const server = plain.app.server;
      expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout]).toEqual([20_000, 30_000, 5_000]);
    } finally {
      await plain.close();
    }
  });
});
