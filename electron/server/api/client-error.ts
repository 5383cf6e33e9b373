import type { Socket } from 'node:net';

/**
 * Requests Node refuses before Fastify sees them (a header never finished, or
 * too large, or unreadable): the contract's body, and the connection closed.
 */
export function clientError(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  // Reason phrases spelled out: an ESM import of node:http (for STATUS_CODES) also loads Node's
  // bundled undici, behind that module's WebSocket export, which an idle server would then hold.
  const [status, reason, message] = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'Request Timeout', 'The request took too long to arrive.']
    : err.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request Header Fields Too Large', 'The request headers are too large.']
      : [400, 'Bad Request', 'The request could not be read.'] as const;
  const body = JSON.stringify({ message, status });
  // Node's own rule: nothing is written into a response already under way.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n`
      + `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy();
}
