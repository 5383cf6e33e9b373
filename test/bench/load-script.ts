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

/**
 * A wrk script asking for /k<random 1…links> with a random browser's headers. `publicVisitors`: each
 * request also says it comes from a random public address (X-Forwarded-For; the server must trust one
 * proxy), one in ten IPv6, so cities are looked up in both of the city database's files.
 */
export function writeLoadScript(file: string, links: number, publicVisitors = false): void {
  writeFileSync(file, `
math.randomseed(${Date.now() % 100000})
local uas = { ${UAS.map((u) => JSON.stringify(u)).join(', ')} }
local langs = { ${LANGS.map((l) => JSON.stringify(l)).join(', ')} }
local function visitor()
  if math.random(10) == 1 then return string.format("2a0%x:%x:%x::%x", math.random(0, 15), math.random(0, 65535), math.random(0, 65535), math.random(1, 65535)) end
  local a = math.random(11, 223)
  if a == 127 or a == 172 or a == 192 or a == 100 or a == 169 then a = 81 end
  return a .. "." .. math.random(0, 255) .. "." .. math.random(0, 255) .. "." .. math.random(1, 254)
end
request = function()
  local headers = { ["User-Agent"] = uas[math.random(#uas)], ["Accept-Language"] = langs[math.random(#langs)] }
  ${publicVisitors ? 'headers["X-Forwarded-For"] = visitor()' : ''}
  return wrk.format("GET", "/k" .. math.random(1, ${links}), headers)
end
`);
}
