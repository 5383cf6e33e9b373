// What `linkdesk serve` loads before anyone asks for anything is what an idle
// server holds (bench:overload's idle figure, issue 43: <= 120 MB). Modules that
// only some requests need stay out of it until one does.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** The modules a fresh process holds after importing `files`: Node's built-ins by their internal id, the others by URL. */
function loadedBy(files: string[]): { builtins: string[]; files: string[] } {
  const script = `const { registerHooks } = await import('node:module');
const urls = [];
registerHooks({ load(url, context, next) { urls.push(url); return next(url, context); } });
${files.map((f) => `await import(${JSON.stringify(path.join(root, f))});`).join('\n')}
console.log(JSON.stringify({ builtins: process.moduleLoadList, files: urls }));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }));
}

test("the serve command's modules load without Node's bundled undici (an ESM import of node:http would bring it)", { timeout: 30_000 }, () => {
  const { builtins } = loadedBy(['electron/server/cli/serve.ts', 'electron/server/app.ts']);
  expect(builtins.some((m) => m.includes('node:http') || m.endsWith(' http'))).toBe(true); // the check can see node:http being loaded
  expect(builtins.filter((m) => /deps\/undici/.test(m))).toEqual([]);
});

test('the serve command holds no HTML entity table until a title is fetched', { timeout: 30_000 }, () => {
  const { files } = loadedBy(['electron/server/cli/serve.ts', 'electron/server/app.ts']);
  expect(files.some((u) => u.includes('/node_modules/fastify/'))).toBe(true);
  expect(files.filter((u) => u.includes('/node_modules/entities/'))).toEqual([]);
});
