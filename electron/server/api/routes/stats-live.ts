// GET /stats/live: the clicks of the key's user as Server-Sent Events (see
// live/live-feed.ts for how they are found and how a slow reader is handled).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id } from '../../../../shared/schemas/fields.ts';
import { errorResponses } from '../../../../shared/schemas/responses.ts';
import { principalOf } from '../../auth/authenticate.ts';
import { ApiError, notFound } from '../errors.ts';
import { withinDomain } from '../domain-restriction.ts';
import { MAX_STREAMS, MAX_STREAMS_PER_KEY, MAX_STREAMS_PER_USER, type LiveFeed } from '../live/live-feed.ts';

const liveQuerySchema = z.object({
  link_id: id('link_id').optional().describe('Follow this link only'),
});

const DESCRIPTION = 'A `text/event-stream` that stays open. Each stored click of the key\'s user (a key with the `admin` scope: every user\'s; '
  + 'a key restricted to a domain: that domain\'s links) arrives within about a second as\n\n'
  + '```\nevent: click\ndata: {"link_id":1,"alias":"abc","country":"US","city":"Mountain View","device":"mobile","source":"qr","at":"2026-11-20T10:00:00.000Z"}\n```\n\n'
  + 'A comment line (`: keep-alive`) comes every 15 seconds. '
  + 'Within a second of the key being revoked or expiring, or its user being suspended, deleted or demoted (or its reach narrowing '
  + 'otherwise), the stream ends with `event: end` and `{"reason":"key-revoked"|"key-expired"|"user-suspended"|"user-deleted"|"reach-narrowed","message":"…"}`. '
  + `At most ${MAX_STREAMS_PER_KEY} streams per key, ${MAX_STREAMS_PER_USER} per user and ${MAX_STREAMS} per server by default (429 beyond). `
  + '`HEAD` answers the headers and ends. A reader that falls 1,000 clicks behind is disconnected; reconnect to go on.';

export function statsLiveRoutes(app: FastifyInstance, feed: LiveFeed, links: { link(id: number): Promise<{ user_id: number; domain_id: number | null } | undefined> }) {
  app.withTypeProvider<ZodTypeProvider>().get('/stats/live', {
    schema: {
      tags: ['stats'], summary: 'Clicks as they are stored, as Server-Sent Events', description: DESCRIPTION, querystring: liveQuerySchema,
      response: {
        200: { description: 'The event stream; it ends when the server stops or the key loses its rights.', content: { 'text/event-stream': { schema: z.string() } } },
        ...errorResponses,
      },
    },
  }, async (req, reply) => {
    const p = principalOf(req);
    // Reach follows the key's admin scope, never its user's role alone.
    const admin = p.scopes.includes('admin');
    const linkId = req.query.link_id ?? null;
    if (linkId !== null) {
      const link = await links.link(linkId);
      if (!link || !(admin || link.user_id === p.userId) || !withinDomain(p, link.domain_id)) throw notFound();
    }
    const headers = {
      'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'x-accel-buffering': 'no',
    };
    if (req.method === 'HEAD') { // the headers a stream would get, and no place held
      reply.hijack();
      reply.raw.writeHead(200, headers).end();
      return;
    }
    const scope = { keyId: p.keyId, ownerId: p.userId, userId: admin ? null : p.userId, domainId: p.domainId, linkId };
    const full = feed.refusal(scope);
    if (full) throw new ApiError(429, full);
    reply.hijack();
    const res = reply.raw;
    let refused: string | null;
    try {
      refused = await feed.open(scope, res);
    } catch (err) {
      req.log.error({ err }, 'the live feed could not start');
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' }).end('{"message":"Server error.","status":500}');
      return;
    }
    if (refused !== null) { // another stream got the last place, or the server is closing
      res.writeHead(429, { 'content-type': 'application/json; charset=utf-8', 'x-content-type-options': 'nosniff' })
        .end(JSON.stringify({ message: refused, status: 429 }));
      return;
    }
    req.socket.setNoDelay(true);
    res.writeHead(200, { ...headers, connection: 'keep-alive' });
    res.write('retry: 2000\n: open\n\n');
  });
}
