// A parsed User-Agent (ua-parser-js 1.x) in phpShort's words: the browser,
// operating system and device names its config lists (config/browsers.php,
// operating_systems.php, devices.php), which its redirect gets from
// WhichBrowser. The one place those names are decided: targeting, rules and
// the clicks' statistics (request thread, click writer worker, PostgreSQL
// click worker) all read client.ts's agentOf, which reads these.
import type { Platform } from '../../../shared/constants.ts';
import type { Browser, OperatingSystem } from '../../../shared/targeting-keys.ts';

/** What ua-parser-js gives that these names need. */
export interface ParsedUa {
  browser: { name?: string | undefined };
  os: { name?: string | undefined };
  device: { type?: string | undefined };
}

// ua-parser-js 1.x names, and Sec-CH-UA-Platform values, to phpShort's seven.
export const OS_TO_PLATFORM: Record<string, Platform> = {
  'iOS': 'iOS',
  'iPadOS': 'iOS',
  'Android': 'Android',
  'Windows': 'Windows',
  'Mac OS': 'OS X',
  'macOS': 'OS X',
  'Linux': 'Linux',
  'Ubuntu': 'Ubuntu',
  'Chromium OS': 'Chrome OS',
  'Chrome OS': 'Chrome OS',
};

// The seven, then the five Linkdesk matched before (legacy keys: stored links still match them).
const OS_NAME: Record<string, OperatingSystem> = {
  ...OS_TO_PLATFORM,
  'Windows Phone': 'Windows Phone', 'Windows Mobile': 'Windows Phone', 'BlackBerry': 'BlackBerry', 'RIM Tablet OS': 'BlackBerry',
  'Tizen': 'Tizen', 'KAIOS': 'KaiOS', 'KaiOS': 'KaiOS', 'HarmonyOS': 'HarmonyOS',
  'Debian': 'Linux', 'Fedora': 'Linux', 'Mint': 'Linux', 'Arch': 'Linux', 'Gentoo': 'Linux', 'CentOS': 'Linux', 'Red Hat': 'Linux',
  'SUSE': 'Linux', 'Kubuntu': 'Ubuntu', 'Xubuntu': 'Ubuntu', 'Lubuntu': 'Ubuntu',
};

// ua-parser-js 1.x browser names to phpShort's, before the device and system refine them (browserKey).
const BROWSER_NAME: Record<string, Browser> = {
  'Chrome': 'Chrome', 'Mobile Chrome': 'Chrome', 'Chrome WebView': 'Chrome', 'Chrome Headless': 'Chrome', 'Chromium': 'Chromium',
  'Firefox': 'Firefox', 'Mobile Firefox': 'Firefox', 'Firefox Focus': 'Firefox', 'Firefox Reality': 'Firefox',
  'Edge': 'Edge', 'IE': 'Internet Explorer', 'IEMobile': 'Mobile Internet Explorer', 'Vivaldi': 'Vivaldi', 'Brave': 'Brave',
  'Safari': 'Safari', 'Mobile Safari': 'Safari',
  'Opera': 'Opera', 'Opera GX': 'Opera', 'Opera Mini': 'Opera Mini', 'Opera Mobi': 'Opera Mobile', 'Opera Touch': 'Opera Touch',
  'Yandex': 'Yandex Browser', 'UCBrowser': 'UC Browser', 'Samsung Internet': 'Samsung Internet', 'QQBrowser': 'QQ Browser',
  'BlackBerry': 'BlackBerry Browser', 'Maxthon': 'Maxtho',
};

export type Device = 'desktop' | 'mobile' | 'tablet' | 'watch' | 'television' | 'console';
// ua-parser-js device types to phpShort's names; a User-Agent naming none is a desktop's, as phpShort counts it.
const DEVICE_OF: Record<string, Device> = { mobile: 'mobile', tablet: 'tablet', wearable: 'watch', smarttv: 'television', console: 'console' };

const MAX_FIELD = 100;

/** phpShort's operating system name, or null for one it has none for. */
export const osKey = (r: ParsedUa): OperatingSystem | null => OS_NAME[r.os.name ?? ''] ?? null;

/** Opera Mini and Presto's Opera Mobile only ever ran on phones and tablets; ua-parser-js names no device for them. */
export function deviceKey(r: ParsedUa): Device {
  const device = DEVICE_OF[r.device.type ?? ''];
  if (device) return device;
  return r.browser.name === 'Opera Mini' || r.browser.name === 'Opera Mobi' ? 'mobile' : 'desktop';
}

/**
 * phpShort's browser name (config/browsers.php) where it lists one, as
 * WhichBrowser tells them apart: Firefox on a phone or tablet is "Firefox
 * Mobile", Opera on a phone "Opera Mobile", Internet Explorer on Windows Phone is "Mobile
 * Internet Explorer", BlackBerry's own WebKit browser is "BlackBerry
 * Browser", and Maxthon is phpShort's "Maxtho" (its list's spelling, so a
 * link that targets it matches). Any other browser keeps ua-parser-js's name,
 * for the statistics.
 */
export function browserKey(r: ParsedUa): string | null {
  const name = r.browser.name;
  if (!name) return null;
  const key = BROWSER_NAME[name];
  if (key === undefined) return name.slice(0, MAX_FIELD);
  const os = r.os.name;
  const phone = r.device.type === 'mobile';
  // WhichBrowser: Gecko's Firefox on a phone or tablet; Firefox for iOS (FxiOS, WebKit) stays "Firefox".
  if (key === 'Firefox' && (phone || r.device.type === 'tablet') && os !== 'iOS') return 'Firefox Mobile';
  if (key === 'Opera' && phone) return 'Opera Mobile';
  if (key === 'Internet Explorer' && (os === 'Windows Phone' || os === 'Windows Mobile')) return 'Mobile Internet Explorer';
  if (key === 'Safari' && (os === 'BlackBerry' || os === 'RIM Tablet OS')) return 'BlackBerry Browser';
  return key;
}
