// What the redirect benchmarks send: browser User-Agents and languages, so
// each click is parsed and stored like a real one, to a random alias k1…kN.
import { writeFileSync } from 'node:fs';

export const UAS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.6422.113 Mobile Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
];
export const LANGS = ['en-US,en;q=0.9', 'de-DE,de;q=0.9,en;q=0.8', 'fr-FR,fr;q=0.9', 'es-ES,es;q=0.8,en;q=0.5'];

/** A wrk script asking for /k<random 1…links> with a random browser's headers. */
export function writeLoadScript(file: string, links: number): void {
  writeFileSync(file, `
math.randomseed(${Date.now() % 100000})
local uas = { ${UAS.map((u) => JSON.stringify(u)).join(', ')} }
local langs = { ${LANGS.map((l) => JSON.stringify(l)).join(', ')} }
request = function()
  local headers = { ["User-Agent"] = uas[math.random(#uas)], ["Accept-Language"] = langs[math.random(#langs)] }
  return wrk.format("GET", "/k" .. math.random(1, ${links}), headers)
end
`);
}
