#!/usr/bin/env node
// Prints the production renderer's JavaScript by gzip size: what the first
// screen loads (the entry and its static imports) against what loads on
// demand (other screens, the link form, QR codes, charts). Fails when the
// first screen's JavaScript passes the budget.
// Usage: node scripts/renderer-size.mjs [outDir] (after a renderer build)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 300;
const outDir = path.resolve(process.argv[2] ?? 'out/renderer');
const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));

const gz = (file) => gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;
const raw = (file) => readFileSync(path.join(outDir, file)).length;
const kb = (n) => `${(n / 1024).toFixed(1).padStart(7)} KB`;

const initial = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || initial.has(chunk.file)) return;
  initial.add(chunk.file);
  for (const dep of chunk.imports ?? []) visit(dep);
};
for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);

const jsFiles = [...new Set(Object.values(manifest).map((c) => c.file))].filter((f) => f.endsWith('.js'));
const rows = jsFiles.map((file) => ({ file, raw: raw(file), gzip: gz(file), initial: initial.has(file) })).sort((a, b) => b.gzip - a.gzip);
const cssFiles = [...new Set(Object.values(manifest).flatMap((c) => c.css ?? []))];

const print = (title, list) => {
  console.log(title);
  for (const r of list) console.log(`  ${r.file.padEnd(48)} ${kb(r.raw)} raw ${kb(r.gzip)} gzip`);
  const sum = list.reduce((n, r) => n + r.gzip, 0);
  console.log(`  ${'total'.padEnd(48)} ${kb(list.reduce((n, r) => n + r.raw, 0))} raw ${kb(sum)} gzip\n`);
  return sum;
};

const first = print('First screen (entry + static imports):', rows.filter((r) => r.initial));
print('Loaded on demand (lazy chunks):', rows.filter((r) => !r.initial));
const css = cssFiles.map((file) => ({ file, raw: raw(file), gzip: gz(file), initial: false }));
print('Stylesheets:', css);

const ok = first / 1024 <= BUDGET_KB;
console.log(`First screen JavaScript: ${(first / 1024).toFixed(1)} KB gzip of a ${BUDGET_KB} KB budget: ${ok ? 'within' : 'OVER'}.`);
if (!ok) process.exit(1);
