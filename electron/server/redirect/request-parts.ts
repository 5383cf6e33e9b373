// Small pieces of a redirect request and answer, used by the redirect routes (plugin.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The Host a request was sent to, as domains store it: lower case, no port, no trailing dot. */
export function hostOf(req: FastifyRequest): string {
  const h = req.hostname.toLowerCase();
  return h.endsWith('.') ? h.slice(0, -1) : h;
}

/** The query string of a request URL, without its `?`. */
export const queryOf = (url: string) => {
  const i = url.indexOf('?');
  return i === -1 ? '' : url.slice(i + 1);
};

/** `/<alias>` or `/<alias>+` with the visitor's query string, safe for a Location header. */
export const selfLocation = (alias: string, stats: boolean, query: string) => {
  const u = new URL(`/${alias}${stats ? '+' : ''}`, 'http://self');
  u.search = query;
  return `${u.pathname}${u.search}`;
};

/** A redirect answer that no cache keeps. */
export function found(reply: FastifyReply, location: string, status: number = 302): FastifyReply {
  return reply.code(status).headers({ location, 'cache-control': 'no-store' }).send();
}
