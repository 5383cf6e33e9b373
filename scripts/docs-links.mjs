// Dead links and dead anchors in markdown: `[x](other.md)`, `[x](other.md#heading)`
// and `[x](#heading)` must name a file that exists and a heading it has.
// Usage: node scripts/docs-links.mjs FILE.md|FOLDER...  (a folder: every .md under it, sub-folders included,
// not its dot-folders; exit 1 and one line per dead link). Relative links resolve from the linking file's folder.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** GitHub's and VitePress's heading id: lower case, punctuation dropped, spaces to dashes. */
export function slug(heading) {
  return heading.trim().toLowerCase().replace(/`/g, '').replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** The ids of a markdown file's headings (outside code fences); repeats get -1, -2 as GitHub does. */
export function anchors(markdown) {
  const seen = new Map();
  const ids = new Set();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const explicit = /\{#([\w-]+)\}$/.exec(m[1]);
    const base = explicit ? explicit[1] : slug(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    ids.add(n === 0 ? base : `${base}-${n}`);
  }
  return ids;
}

/** Dead links of one file: [{ file, line, target, why }]. */
export function deadLinks(file) {
  const text = readFileSync(file, 'utf8');
  const dead = [];
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) { fenced = !fenced; return; }
    if (fenced) return;
    for (const m of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = m[1];
      if (/^[a-z][a-z+.-]*:/i.test(target) || target.startsWith('/api/')) continue; // http:, mailto:, the server's own pages
      const [page, hash] = target.split('#');
      const where = page ? path.resolve(path.dirname(file), decodeURI(page)) : file;
      const report = (why) => dead.push({ file, line: i + 1, target, why });
      if (!existsSync(where)) { report('no such file'); continue; }
      if (hash === undefined || statSync(where).isDirectory() || !where.endsWith('.md')) continue;
      if (!anchors(readFileSync(where, 'utf8')).has(hash)) report(`no heading #${hash}`);
    }
  });
  return dead;
}

/** The markdown files a FILE or FOLDER argument names, sorted. */
export function markdownFiles(arg) {
  if (!statSync(arg).isDirectory()) return [arg];
  return readdirSync(arg, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((f) => !path.relative(arg, f).split(path.sep).some((part) => part.startsWith('.') || part === 'node_modules'))
    .sort();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dead = process.argv.slice(2).flatMap(markdownFiles).flatMap(deadLinks);
  for (const d of dead) console.error(`${d.file}:${d.line}: ${d.target} (${d.why})`);
  process.exit(dead.length ? 1 : 0);
}
