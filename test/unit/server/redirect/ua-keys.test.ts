// The visitor's browser, system and device in phpShort's words (ua-keys.ts,
// read through agentOf): the cases where ua-parser-js's name alone is not
// WhichBrowser's, which phpShort's RedirectController.php:179-185 stores and
// matches. The common browsers: test/integration/redirect/compat-visits.test.ts.
import { describe, expect, it } from 'vitest';
import { agentOf } from '../../../../electron/server/redirect/client.ts';

const agent = (ua: string) => {
  const { browser, os, device } = agentOf(ua, undefined);
  return { browser, os, device };
};

describe('agentOf in phpShort\'s words', () => {
  it.each([
    ['Firefox on an Android tablet is Firefox Mobile, as on a phone', 'Mozilla/5.0 (Android 13; Tablet; rv:121.0) Gecko/121.0 Firefox/121.0',
      { browser: 'Firefox Mobile', os: 'Android', device: 'tablet' }],
    ['Firefox for iOS is Firefox (holds)', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/121.0 Mobile/15E148 Safari/605.1.15',
      { browser: 'Firefox', os: 'iOS', device: 'mobile' }],
    ['Presto\'s Opera Mobile is Opera Mobile, on a phone', 'Opera/9.80 (Android 4.1.2; Linux; Opera Mobi/ADR-1305251841) Presto/2.11.355 Version/12.10',
      { browser: 'Opera Mobile', os: 'Android', device: 'mobile' }],
    ['Opera Mini is on a phone', 'Opera/9.80 (Android; Opera Mini/36.2.2254/119.132; U; id) Presto/2.12.423 Version/12.16',
      { browser: 'Opera Mini', os: 'Android', device: 'mobile' }],
    ['Opera on an Android tablet stays Opera (holds)', 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/79.0.4195.76953',
      { browser: 'Opera', os: 'Android', device: 'tablet' }],
    ['BlackBerry 7\'s browser is BlackBerry Browser', 'Mozilla/5.0 (BlackBerry; U; BlackBerry 9900; en) AppleWebKit/534.11+ (KHTML, like Gecko) Version/7.1.0.346 Mobile Safari/534.11+',
      { browser: 'BlackBerry Browser', os: 'BlackBerry', device: 'mobile' }],
    ['QQ Browser on Android', 'Mozilla/5.0 (Linux; U; Android 10; zh-cn; V1916A Build/QP1A.190711.020) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/66.0.3359.126 MQQBrowser/10.8 Mobile Safari/537.36',
      { browser: 'QQ Browser', os: 'Android', device: 'mobile' }],
    ['Chrome on iOS is Chrome (holds)', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
      { browser: 'Chrome', os: 'iOS', device: 'mobile' }],
    ['a browser phpShort does not list keeps its own name; HarmonyOS stays matched for stored links (holds)', 'Mozilla/5.0 (Linux; Android 12; HarmonyOS; NOH-AN00; HMSCore 6.11.0.302) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0.4844.88 HuaweiBrowser/14.0.1.300 Mobile Safari/537.36',
      { browser: 'Huawei Browser', os: 'HarmonyOS', device: 'mobile' }],
  ])('%s', (_name, ua, expected) => {
    expect(agent(ua)).toEqual(expected);
  });

  it('the Sec-CH-UA-Platform hint names the system as the keys do (holds)', () => {
    const ua = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
    expect(agentOf(ua, '"Chrome OS"').os).toBe('Chrome OS');
    expect(agentOf(ua, '"macOS"').os).toBe('OS X');
  });
});
