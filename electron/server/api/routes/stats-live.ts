// GET /stats/live: the clicks of the key's user as Server-Sent Events (see
// live/live-feed.ts for how they are found and how a slow reader is handled).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id } from '../../../../shared/schemas/fields.ts';
import { errorResponses } from '../../../../shared/schemas/responses.ts';
import { principalOf } from '../../auth/authenticate.ts';
import { ApiError, notFound } from '../errors.ts';
import { MAX_STREAMS_PER_KEY, type LiveFeed } from '../live/live-feed.ts';

const liveQuerySchema = z.object({
  link_id: id('link_id').optional().describe('Follow this link only'),
});

const DESCRIPTION = 'A `text/event-stream` that stays open. Each stored click of the key\'s user (an admin key: every user\'s; '
  + 'a key restricted to a domain: that domain\'s links) arrives within about a second as\n\n'
  + '```\nevent: click\ndata: {"link_id":1,"alias":"abc","country":"US","city":"Mountain View","device":"mobile","source":"qr","at":"2026-11-20T10:00:00.000Z"}\n```\n\n'
  + 'A comment line (`: keep-alive`) comes every 15 seconds. '
  + `At most ${MAX_STREAMS_PER_KEY} streams per key (429 beyond). A reader that falls 1,000 clicks behind is disconnected; reconnect to go on.`;

export function statsLiveRoutes(app: FastifyInstance, feed: LiveFeed, links: { link(id: number): Promise<{ user_id: number; domain_id: number | null } | undefined> }) {
  app.withTypeProvider<ZodTypeProvider>().get('/stats/live', {
    schema: {
      tags: ['stats'], summary: 'Clicks as they are stored, as Server-Sent Events', description: DESCRIPTION, querystring: liveQuerySchema,
      response: {
        200: { description: 'The event stream; it ends when the server stops.', content: { 'text/event-stream': { schema: z.string() } } },
        ...errorResponses,
      },
    },
  }, async (req, reply) => {
    const p = principalOf(req);
    const linkId = req.query.link_id ?? null;
    if (linkId !== null) {
      const link = await links.link(linkId);
      const visible = link && (p.role === 'admin' || link.user_id === p.userId) && (p.domainId === null || p.domainId === link.domain_id);
      if (!visible) throw notFound();
    }
    if (!feed.roomFor(p.keyId)) {
      throw new ApiError(429, `This key has ${MAX_STREAMS_PER_KEY} live streams open already, the most it may; close one first.`);
    }
    reply.hijack();
    const res = reply.raw;
    const scope = { keyId: p.keyId, userId: p.role === 'admin' ? null : p.userId, domainId: p.domainId, linkId };
    let opened: boolean;
    try {
      opened = await feed.open(scope, res);
    } catch (err) {
      req.log.error({ err }, 'the live feed could not start');
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' }).end('{"message":"Server error.","status":500}');
      return;
    }
    if (!opened) { // another stream of the key got the last place, or the server is closing
      res.writeHead(429, { 'content-type': 'application/json; charset=utf-8', 'x-content-type-options': 'nosniff' })
        .end(JSON.stringify({ message: `This key has ${MAX_STREAMS_PER_KEY} live streams open already, the most it may; close one first.`, status: 429 }));
      return;
    }
    req.socket.setNoDelay(true);
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff',
      'x-accel-buffering': 'no', connection: 'keep-alive',
    });
    res.write('retry: 2000\n: open\n\n');
  });
}
