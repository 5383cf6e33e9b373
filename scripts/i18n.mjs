#!/usr/bin/env node
// The message catalogs, kept honest. Three areas (visitor pages, the app's
// screens, the desktop's main process), each with its sources and one flat JSON
// catalog per language: `en.json` is extracted from the source's defaultMessage
// (FormatJS's own extractor), the other eleven are translations.
//
//   node scripts/i18n.mjs extract [--root DIR]   writes each area's en.json (keys sorted)
//   node scripts/i18n.mjs check   [--root DIR]   lists every problem and fails on any:
//     an en.json that differs from extraction, a message missing from a catalog (or a
//     catalog missing), a catalog entry nothing uses, an ICU syntax error, a translation
//     whose arguments (names and kinds, select keys, tags) differ from English's.
//
// An area whose catalog folder does not exist is skipped with a note. --root
// points the script at another tree (the unit test checks a copy it breaks).
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const FORMATJS = require.resolve('@formatjs/cli/bin/formatjs');

/** The twelve locales (shared/i18n/locales.ts, repeated here so the script runs without a TypeScript loader). */
export const LOCALES = ['en', 'de', 'fr', 'es', 'pt-BR', 'it', 'nl', 'pl', 'tr', 'ja', 'zh-Hans', 'ar'];

export const AREAS = [
  { name: 'server', prefix: 'page.', sources: ['electron/server/**/*.ts'], catalogs: 'electron/server/i18n/messages' },
  { name: 'app', prefix: 'app.', sources: ['renderer/src/**/*.ts', 'renderer/src/**/*.tsx'], catalogs: 'renderer/src/i18n/messages' },
  { name: 'desktop', prefix: 'desktop.', sources: ['electron/main/**/*.ts', 'electron/services/**/*.ts'], catalogs: 'electron/services/i18n/messages' },
];

const sorted = (messages) => Object.fromEntries(Object.keys(messages).sort().map((k) => [k, messages[k]]));
export const serialize = (messages) => `${JSON.stringify(sorted(messages), null, 2)}\n`;

/** The area's messages as the source writes them: id → English defaultMessage. */
export function extractArea(root, area) {
  const r = spawnSync(process.execPath, [FORMATJS, 'extract', ...area.sources, '--ignore', '**/*.d.ts', '--format', 'simple', '--throws'], {
    cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`formatjs extract failed for the ${area.name} area:\n${r.stderr || r.stdout}`);
  const out = r.stdout.trim();
  return out ? JSON.parse(out) : {};
}

function readCatalog(file, problems, label) {
  let data;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    problems.push(`${label}: not valid JSON (${err.message})`);
    return null;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    problems.push(`${label}: not a flat object of id → message`);
    return null;
  }
  for (const [id, m] of Object.entries(data)) {
    if (typeof m !== 'string') {
      problems.push(`${label}: ${id} is not a string`);
      delete data[id];
    }
  }
  return data;
}

/**
 * A message's arguments as a set of "name:kind" (plus select keys and tags),
 * the part a translation must keep. Plural categories are the language's own
 * (Polish has few and many, Japanese only other), so they are not compared.
 */
export function signature(ast, into = new Set()) {
  for (const el of ast) {
    switch (el.type) {
      case TYPE.argument: into.add(`{${el.value}}`); break;
      case TYPE.number: into.add(`{${el.value}, number}`); break;
      case TYPE.date: into.add(`{${el.value}, date}`); break;
      case TYPE.time: into.add(`{${el.value}, time}`); break;
      case TYPE.tag: into.add(`<${el.value}>`); signature(el.children, into); break;
      case TYPE.select:
        into.add(`{${el.value}, select, ${Object.keys(el.options).sort().join(' ')}}`);
        for (const o of Object.values(el.options)) signature(o.value, into);
        break;
      case TYPE.plural:
        into.add(`{${el.value}, ${el.pluralType === 'ordinal' ? 'selectordinal' : 'plural'}}`);
        for (const o of Object.values(el.options)) signature(o.value, into);
        break;
      default: break;
    }
  }
  return into;
}

function parseOrReport(message, label, problems) {
  try {
    return parse(message, { requiresOtherClause: true });
  } catch (err) {
    problems.push(`${label}: ICU syntax error (${err.message})`);
    return null;
  }
}

/** Every problem of one area, as lines a person can act on; and notes (skipped areas). */
export function checkArea(root, area, extracted = extractArea(root, area)) {
  const problems = [];
  const dir = path.join(root, area.catalogs);
  const where = (file) => path.posix.join(area.catalogs, file);
  if (!existsSync(dir)) return { problems, notes: [`${area.name}: no ${area.catalogs} yet, skipped`] };

  for (const id of Object.keys(extracted)) {
    if (!id.startsWith(area.prefix)) problems.push(`${area.name}: message id ${id} lacks the area's prefix ${area.prefix}`);
  }
  const english = new Map();
  for (const [id, m] of Object.entries(extracted)) {
    const ast = parseOrReport(m, `${area.name} source: ${id}`, problems);
    if (ast) english.set(id, [...signature(ast)].sort().join(' '));
  }

  const enFile = path.join(dir, 'en.json');
  if (!existsSync(enFile)) problems.push(`${where('en.json')}: missing (run npm run i18n:extract)`);
  else {
    const en = readCatalog(enFile, problems, where('en.json'));
    if (en) {
      const stale = [];
      for (const id of Object.keys(extracted)) if (!(id in en)) stale.push(`${id} missing`);
      for (const id of Object.keys(en)) if (!(id in extracted)) stale.push(`${id} not in the source`);
      for (const id of Object.keys(en)) if (id in extracted && en[id] !== extracted[id]) stale.push(`${id} differs from the source`);
      if (stale.length || readFileSync(enFile, 'utf8') !== serialize(extracted)) {
        problems.push(`${where('en.json')}: differs from extraction (run npm run i18n:extract)${stale.length ? `: ${stale.join('; ')}` : ' (order or layout)'}`);
      }
    }
  }

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    const file = `${locale}.json`;
    if (!existsSync(path.join(dir, file))) {
      problems.push(`${where(file)}: missing (${Object.keys(extracted).length} messages to translate)`);
      continue;
    }
    const catalog = readCatalog(path.join(dir, file), problems, where(file));
    if (!catalog) continue;
    const missing = Object.keys(extracted).filter((id) => !(id in catalog));
    if (missing.length) problems.push(`${where(file)}: ${missing.length} missing: ${missing.join(', ')}`);
    for (const [id, m] of Object.entries(catalog)) {
      if (!(id in extracted)) {
        problems.push(`${where(file)}: ${id} is not used by any source`);
        continue;
      }
      const ast = parseOrReport(m, `${where(file)}: ${id}`, problems);
      if (!ast || !english.has(id)) continue;
      const mine = [...signature(ast)].sort().join(' ');
      if (mine !== english.get(id)) problems.push(`${where(file)}: ${id} has arguments ${mine || '(none)'} where English has ${english.get(id) || '(none)'}`);
    }
  }
  const known = new Set(['en.json', ...LOCALES.map((l) => `${l}.json`)]);
  for (const f of readdirSync(dir)) {
    if (f.endsWith('.json') && !known.has(f)) problems.push(`${where(f)}: not one of the twelve locales`);
  }
  return { problems, notes: [] };
}

export function extractAll(root) {
  const notes = [];
  for (const area of AREAS) {
    const dir = path.join(root, area.catalogs);
    if (!existsSync(dir)) { notes.push(`${area.name}: no ${area.catalogs} yet, skipped`); continue; }
    const messages = extractArea(root, area);
    writeFileSync(path.join(dir, 'en.json'), serialize(messages));
    notes.push(`${area.name}: ${Object.keys(messages).length} messages → ${path.posix.join(area.catalogs, 'en.json')}`);
  }
  return notes;
}

export function checkAll(root) {
  const problems = [];
  const notes = [];
  for (const area of AREAS) {
    const r = checkArea(root, area);
    problems.push(...r.problems);
    notes.push(...r.notes);
  }
  return { problems, notes };
}

function main(argv) {
  const [command, ...rest] = argv;
  const i = rest.indexOf('--root');
  const root = path.resolve(i >= 0 ? rest[i + 1] : path.join(import.meta.dirname, '..'));
  if (command === 'extract') {
    for (const n of extractAll(root)) console.log(n);
    return 0;
  }
  if (command === 'check') {
    const { problems, notes } = checkAll(root);
    for (const n of notes) console.log(`note: ${n}`);
    if (problems.length) {
      console.error(`i18n check: ${problems.length} problem(s):`);
      for (const p of problems) console.error(`  - ${p}`);
      return 1;
    }
    console.log('i18n check: the catalogs match the source.');
    return 0;
  }
  console.error('Usage: node scripts/i18n.mjs extract|check [--root DIR]');
  return 2;
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('/i18n.mjs')) process.exit(main(process.argv.slice(2)));
