#!/usr/bin/env node
// `node scripts/server-messages.mjs`: the README's table of the visitor pages' message ids (for `--messages`), from
// electron/server/i18n/messages/en.json (extracted from the source), grouped by the page that shows them.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const WHERE = {
  shell: 'the footer of every page',
  landing: 'a host\'s home page (`/`)',
  notFound: 'an unknown or disabled short link (404)',
  expired: 'an expired link (410)',
  password: 'the password form of a link or of its statistics page (`+`)',
  tooManyAttempts: 'too many wrong passwords (429)',
  consent: 'the consent page before a link\'s tracking pixels',
  pixels: 'the moment the pixels load, after *Accept*',
  sensitive: 'the warning before a link marked sensitive',
  stats: 'the public statistics page (`<short link>+`)',
  banned: 'a banned link, or one of an owner suspended with links stopped (403/451)',
  report: '"Report this link" (on the pages above, `/<alias>/report` and its answers)',
  elsewhere: 'a form answer sent from another site (403)',
  error: 'a request the server could not read (400) or answer (500)',
};

const root = path.resolve(import.meta.dirname, '..');
const en = JSON.parse(readFileSync(path.join(root, 'electron/server/i18n/messages/en.json'), 'utf8'));
const byPage = new Map();
for (const id of Object.keys(en)) {
  const page = id.split('.')[1];
  if (!WHERE[page]) throw new Error(`scripts/server-messages.mjs: say where "${page}" (${id}) appears`);
  byPage.set(page, [...(byPage.get(page) ?? []), id.slice(`page.${page}.`.length)]);
}
const rows = Object.keys(WHERE).filter((p) => byPage.has(p)).map((p) => `| \`page.${p}.\` | ${WHERE[p]} | ${byPage.get(p).map((n) => `\`${n}\``).join(', ')} |`);
process.stdout.write(['| ids | where | names |', '|---|---|---|', ...rows].join('\n') + '\n');
