// Which visitors are link-preview crawlers: the fetchers that turn a shared
// link into a card. Two sources, both maintained elsewhere:
// - isbot's list (the same one that keeps bots out of the click counts,
//   client.ts) decides that the User-Agent is a bot at all;
// - the token each service documents for its preview fetcher names the
//   family. isbot's patterns are generic ("bot", "preview", "^facebook",
//   "^whatsapp", "google"), so the family tokens come from the vendors' pages:
//   developers.facebook.com/docs/sharing/webmasters/web-crawlers,
//   developer.x.com (Cards: "Twitterbot"), linkedin.com/help (LinkedInBot),
//   api.slack.com/robots, discord.com/developers (Discordbot),
//   core.telegram.org (TelegramBot), support.apple.com/HT204683 (Applebot),
//   developers.google.com/search/docs/crawling-indexing/google-special-case-crawlers,
//   bing.com/webmasters/help (BingPreview, MicrosoftPreview).
// A UA must pass both: a person's browser that happens to contain a token
// (an in-app browser, say) is not isbot's bot and keeps being redirected.
//
// Google: Googlebot and Google-InspectionTool (Search Console's tester, which
// imitates Googlebot) are search crawlers, not card fetchers: they must follow
// the redirect so the destination is what gets indexed, as for any other
// bot. Google's card fetcher (Chat, Meet) is its web-snippet fetcher.
import { isbot } from 'isbot';
import { memo } from './client.ts';

export interface CrawlerFamily { family: string; tokens: readonly string[] }

/** Lower-case substrings of the User-Agent; the first family that matches names it. */
export const PREVIEW_CRAWLERS: readonly CrawlerFamily[] = [
  // iMessage's fetcher says "… facebookexternalhit/1.1 Facebot Twitterbot/1.0": Apple's before Facebook's.
  { family: 'Apple', tokens: ['applebot', 'facebot twitterbot'] },
  { family: 'Facebook', tokens: ['facebookexternalhit', 'facebot'] },
  { family: 'LinkedIn', tokens: ['linkedinbot'] },
  { family: 'Slack', tokens: ['slackbot-linkexpanding', 'slack-imgproxy'] },
  { family: 'Discord', tokens: ['discordbot'] },
  { family: 'WhatsApp', tokens: ['whatsapp/'] },
  // Telegram's says "TelegramBot (like TwitterBot)": Telegram's before X's.
  { family: 'Telegram', tokens: ['telegrambot'] },
  { family: 'X', tokens: ['twitterbot'] },
  { family: 'Google', tokens: ['developers.google.com/+/web/snippet'] },
  { family: 'Microsoft', tokens: ['bingpreview', 'microsoftpreview', 'skypeuripreview'] },
];

/** The crawler family of a User-Agent, or null for people and every other bot. */
export const previewCrawlerOf = memo<string | null>(1000, (ua) => {
  if (!isbot(ua)) return null;
  const lower = ua.toLowerCase();
  return PREVIEW_CRAWLERS.find((f) => f.tokens.some((t) => lower.includes(t)))?.family ?? null;
});
