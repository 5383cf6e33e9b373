// Unsupported methods (Schemathesis's "unsupported_method"): for every path
// the document lists, each method it does not document must answer 405 with
// an Allow header that names the methods it does. HEAD counts as documented
// with GET (Fastify answers it for every GET route).
import type { Schema } from './schema-values.ts';

export const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export interface MethodProbe { path: string; url: string; method: string; documented: string[] }

export function methodProbes(doc: Schema): MethodProbe[] {
  const probes: MethodProbe[] = [];
  for (const [path, item] of Object.entries<Schema>(doc.paths ?? {})) {
    const documented = Object.keys(item).map((m) => m.toUpperCase()).filter((m) => (METHODS as readonly string[]).includes(m));
    if (documented.includes('GET')) documented.push('HEAD');
    // Records that exist (the fuzz seeds record 1 of every kind), so that the method, not the id, decides the answer.
    const url = path.replace(/\{[^}]+\}/g, '1');
    for (const method of METHODS) if (!documented.includes(method)) probes.push({ path, url, method, documented });
  }
  return probes;
}

/** Null when the answer is a 405 whose Allow names the documented methods (and not this one). */
export function judgeMethod(p: MethodProbe, status: number, allow: string | undefined): string | null {
  if (status !== 405) return `${status}, not 405`;
  if (allow === undefined) return '405 without an Allow header';
  const named = allow.split(',').map((m) => m.trim().toUpperCase()).filter(Boolean);
  const missing = p.documented.filter((m) => m !== 'HEAD' && !named.includes(m));
  if (missing.length) return `Allow: ${allow} lacks ${missing.join(', ')}`;
  if (named.includes(p.method)) return `Allow: ${allow} names ${p.method} itself`;
  return null;
}
