// A path the API has, asked with a method it does not take, is 405 with the
// methods it does take in `Allow` (RFC 9110 15.5.6), not the 404 of a path
// that does not exist. Fastify's router says only "no route": a second router
// holds the API's paths by method, filled from the routes as they are added.
import type { FastifyInstance, RouteOptions } from 'fastify';
import FindMyWay from 'find-my-way';
import { ApiError } from './errors.ts';

/** The order `Allow` lists them in. */
const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export function createMethodIndex() {
  // Matched like the app's own router (ignoreTrailingSlash); a segment too long for that one was refused (414)
  // before a request gets here, so none is too long here. A query is never read.
  const router = FindMyWay({ ignoreTrailingSlash: true, maxParamLength: Number.MAX_SAFE_INTEGER, querystringParser: () => ({}) });
  const added = new Set<string>();
  const methods = new Set<string>();
  /** Paths without a parameter, with their methods: `/api/v1/links/bulk` beside `/api/v1/links/:id`. */
  const fixed = new Map<string, Set<string>>();
  const index = {
    /** An onRoute hook: every API route's method and path. */
    onRoute(route: RouteOptions) {
      if (!route.url.startsWith('/api/')) return;
      for (const m of [route.method].flat().map((x) => x.toUpperCase())) {
        const key = `${m} ${route.url}`;
        if (added.has(key)) continue;
        added.add(key);
        methods.add(m);
        router.on(m as 'GET', route.url, () => undefined);
        if (!/[:*]/.test(route.url)) {
          const set = fixed.get(route.url) ?? fixed.set(route.url, new Set()).get(route.url)!;
          set.add(m);
          if (m === 'GET') set.add('HEAD');
        }
      }
    },
    /** The methods `url` is served with (HEAD wherever GET is), in ORDER; [] for a path the API does not have. */
    allowed(url: string): string[] {
      const found = new Set([...methods].filter((m) => router.find(m as 'GET', url) !== null));
      if (found.has('GET')) found.add('HEAD');
      return [...found].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
    },
    /**
     * A request a parametric route took although its path is one of the API's fixed paths, which
     * lacks the method: `GET /links/bulk` reaches `GET /links/:id` with the id "bulk". Null otherwise.
     */
    shadowed(method: string, routeUrl: string | undefined, url: string): ApiError | null {
      if (!routeUrl || !routeUrl.includes(':')) return null;
      const path = url.split('?', 1)[0]!.replace(/(.)\/$/, '$1');
      const own = fixed.get(path);
      if (!own || own.has(method.toUpperCase())) return null;
      return notAllowed(method, [...own].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)));
    },
    /**
     * Answers 405 in `api` (before its routes are added): for a request no route took, and, before the
     * params are read, for `GET /links/bulk`, which is POST/PATCH/DELETE's path and not link "bulk".
     */
    guard(api: FastifyInstance) {
      api.addHook('preValidation', async (req) => {
        const e = index.shadowed(req.method, req.routeOptions.url, req.url);
        if (e) throw e;
      });
      api.setNotFoundHandler(async (req) => {
        throw unrouted(index, req.method, req.url);
      });
    },
  };
  return index;
}
export type MethodIndex = ReturnType<typeof createMethodIndex>;

/** The API's answer to a request no route took: 405 where the path has other methods, else 404. */
export function unrouted(index: MethodIndex, method: string, url: string): ApiError {
  const allowed = index.allowed(url);
  if (!allowed.length || allowed.includes(method.toUpperCase())) return new ApiError(404, 'Resource not found.');
  return notAllowed(method, allowed);
}

function notAllowed(method: string, allowed: string[]): ApiError {
  return new ApiError(405, `The ${method.toUpperCase()} method is not supported for this route; allowed: ${allowed.join(', ')}.`,
    undefined, { allow: allowed.join(', ') });
}
