// Visitors for the rules tests: public addresses by country (from the same
// embedded GeoIP database the server reads), and real User-Agents with what a
// visitor using them is in phpShort's words (operating system, browser, device).
import { openCountryLookup } from '../../../electron/server/redirect/geoip.ts';
import { UA } from './helpers.ts';

/** A public address of each country the embedded database places some /16 of the scanned range in. */
export function addressesByCountry(): Map<string, string> {
  const geo = openCountryLookup();
  const out = new Map<string, string>();
  for (let a = 1; a < 224; a++) {
    if (a === 10 || a === 127) continue;
    for (let b = 0; b < 256; b += 17) {
      const ip = `${a}.${b}.64.1`;
      const c = geo.country(ip);
      if (c && !out.has(c)) out.set(c, ip);
    }
  }
  return out;
}

export interface AgentCase { ua: string; operating_system: string; browser: string; device: string }

/** Real User-Agents and what they say, as rules and the evaluate endpoint name it. */
export const AGENTS: AgentCase[] = [
  { ua: UA.iOS, operating_system: 'iOS', browser: 'Safari', device: 'mobile' },
  { ua: UA.Android, operating_system: 'Android', browser: 'Chrome', device: 'mobile' },
  { ua: UA.Windows, operating_system: 'Windows', browser: 'Edge', device: 'desktop' },
  { ua: UA['OS X'], operating_system: 'OS X', browser: 'Safari', device: 'desktop' },
  { ua: UA.Linux, operating_system: 'Linux', browser: 'Chrome', device: 'desktop' },
  { ua: UA.Ubuntu, operating_system: 'Ubuntu', browser: 'Firefox', device: 'desktop' },
  {
    ua: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    operating_system: 'iOS', browser: 'Safari', device: 'tablet',
  },
];
