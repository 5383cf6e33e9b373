// What the Safety screen's parts share: its tabs (in the address, `tab=`)
// and how a destination's host is shown.

export const SAFETY_TABS = ['reports', 'bans', 'blocklist', 'threats'] as const;
export type SafetyTab = (typeof SAFETY_TABS)[number];
export const TAB_PARAM = { default: 'reports', allowed: SAFETY_TABS };

/** The host of a destination (for "Ban host"), or '' when it is no URL. */
export function hostOfUrl(url: string): string {
  try {
    return new URL(url).hostname.replace(/\.$/, '');
  } catch {
    return '';
  }
}

/** A blocklist refusal in words: the server names the entry by its place in the list ("The hosts.3 "x" is not…"); the form shows the entry. */
export function blocklistRefusal(message: string): string {
  return message.replace(/^The (?:hosts|keywords)\.\d+ (".*?")/, '$1');
}
