// Shorten from anywhere: the URL on the clipboard (tray, global shortcut) or
// the quick window's form, on the instance chosen for it in the settings. The
// short URL goes back on the clipboard and a notification says so; every
// outcome, including "nothing to shorten", ends in a notification.
import type { Domain, Link, Page } from '../../../shared/api-types.ts';
import type { ClipboardPeek, QuickShortened } from '../../../shared/native.ts';
import { page, single } from '../api-answers.ts';
import type { ApiClient } from '../api-client.ts';
import { ServiceError } from '../errors.ts';
import type { InstanceProfile, ProfileStore } from '../instance-profiles.ts';
import type { SettingsStore } from './app-settings.ts';
import { readClipboardUrl } from './clipboard-url.ts';
import { checkedShortUrl } from '../untrusted.ts';
import { defineMessages, type IntlShape } from '@formatjs/intl';
import { t } from '../i18n/current.ts';

const on = defineMessages<{ copiedOn: { instance: string }; madeOn: { instance: string }; failedOn: { instance: string } }>({
  copiedOn: { id: 'desktop.quick.copiedOn', defaultMessage: 'Short link copied on {instance}', description: 'Notification title; instance: the instance\'s name' },
  madeOn: { id: 'desktop.quick.madeOn', defaultMessage: 'Short link made on {instance}', description: 'Notification title when the clipboard could not be written' },
  failedOn: { id: 'desktop.quick.failedOn', defaultMessage: 'Could not shorten on {instance}' },
});
const m = defineMessages({
  copied: { id: 'desktop.quick.copied', defaultMessage: 'Short link copied', description: 'Notification title: the new short link is on the clipboard' },
  made: { id: 'desktop.quick.made', defaultMessage: 'Short link made' },
  failed: { id: 'desktop.quick.failed', defaultMessage: 'Could not shorten' },
  nothing: { id: 'desktop.quick.nothingToShorten', defaultMessage: 'Nothing to shorten', description: 'Notification title: the clipboard holds no web address' },
  desktopOnly: { id: 'desktop.quick.clipboardDesktopOnly', defaultMessage: 'The clipboard can be read in the desktop app only.' },
  unreachable: { id: 'desktop.quick.unreachable', defaultMessage: 'Linkdesk could not reach the server.' },
  instanceGone: { id: 'desktop.quick.instanceGone', defaultMessage: 'That instance no longer exists.' },
});

/** Electron's clipboard (asynchronous since Electron 40), or a stand-in. */
export interface ClipboardHost {
  readText(): Promise<string>;
  writeText(text: string): Promise<void>;
  /** Whether it holds an image (to say so, rather than "empty"). */
  hasImage(): Promise<boolean>;
}
export interface Notice { title: string; body: string }

export interface QuickShortenDeps {
  profiles: ProfileStore;
  settings: SettingsStore;
  clientFor(p: InstanceProfile): ApiClient;
  clipboard: ClipboardHost | null;
  notify(n: Notice): void;
}

export interface QuickFields { url: string; alias?: string; domain_id?: number; expiration_date?: string; expiration_time?: string; instanceId?: string }

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** The notification of a new short link, in the given language (the current one by default). */
export function shortenedNotice(link: Pick<Link, 'short_url' | 'url'>, instance: Pick<InstanceProfile, 'name' | 'kind'>, copied: boolean, intl: IntlShape = t()): Notice {
  const f = intl.formatMessage;
  const name = clip(instance.name, 40);
  const title = instance.kind === 'local'
    ? (copied ? f(m.copied) : f(m.made))
    : (copied ? f(on.copiedOn, { instance: name }) : f(on.madeOn, { instance: name }));
  return { title, body: `${link.short_url}\n→ ${clip(link.url, 120)}` };
}
export function failureNotice(message: string, instance: Pick<InstanceProfile, 'name'>, intl: IntlShape = t()): Notice {
  return { title: intl.formatMessage(on.failedOn, { instance: clip(instance.name, 40) }), body: message };
}

export function createQuickShorten(d: QuickShortenDeps) {
  /** The chosen instance, or the local one when it was removed since. */
  const instance = (id?: string): InstanceProfile => {
    if (id !== undefined) {
      const p = d.profiles.get(id);
      if (!p) throw new ServiceError('not-found', t().formatMessage(m.instanceGone));
      return p;
    }
    const chosen = d.settings.get().quickShortenInstanceId;
    return (chosen !== null ? d.profiles.get(chosen) : undefined) ?? d.profiles.local();
  };
  const shortHosts = (p: InstanceProfile) => {
    try {
      return [new URL(p.baseUrl).host];
    } catch {
      return [];
    }
  };
  const create = async (p: InstanceProfile, body: Record<string, unknown>): Promise<QuickShortened> => {
    const link = single<Link>(await d.clientFor(p).request('POST', '/links', { body }));
    // Checked before anything is copied: the server's answer is not trusted (untrusted.ts).
    const shortUrl = checkedShortUrl(link);
    let copied = false;
    if (d.clipboard) {
      await d.clipboard.writeText(shortUrl);
      copied = true;
    }
    const notice = shortenedNotice(link, p, copied);
    d.notify(notice);
    return { link, instanceName: p.name, notice };
  };

  const read = async (clipboard: ClipboardHost, p: InstanceProfile) => {
    const text = await clipboard.readText();
    return readClipboardUrl(text, { hasImage: !text.trim() && await clipboard.hasImage(), shortHosts: shortHosts(p) });
  };

  return {
    instance,
    /** What the quick window fills in from the clipboard. */
    async peek(): Promise<ClipboardPeek> {
      if (!d.clipboard) return { url: null, message: t().formatMessage(m.desktopOnly) };
      const r = await read(d.clipboard, instance());
      return r.ok ? { url: r.url, message: null } : { url: null, message: r.message };
    },
    /** The quick instance's domains (the first 100), for the quick window's picker. */
    async domains(): Promise<Page<Domain>> {
      return page<Page<Domain>>(await d.clientFor(instance()).request('GET', '/domains', { query: { per_page: 100 } }));
    },
    /** Tray and global shortcut: never throws; the notification is the answer. */
    async fromClipboard(): Promise<{ ok: true; result: QuickShortened } | { ok: false; notice: Notice }> {
      let p: InstanceProfile;
      try {
        p = instance();
      } catch (err) {
        const notice = { title: t().formatMessage(m.failed), body: (err as Error).message };
        d.notify(notice);
        return { ok: false, notice };
      }
      if (!d.clipboard) {
        const notice = { title: t().formatMessage(m.nothing), body: t().formatMessage(m.desktopOnly) };
        d.notify(notice);
        return { ok: false, notice };
      }
      const r = await read(d.clipboard, p);
      if (!r.ok) {
        const notice = { title: t().formatMessage(m.nothing), body: r.message };
        d.notify(notice);
        return { ok: false, notice };
      }
      try {
        return { ok: true, result: await create(p, { url: r.url }) };
      } catch (err) {
        const notice = failureNotice(err instanceof ServiceError ? err.error.message : t().formatMessage(m.unreachable), p);
        d.notify(notice);
        return { ok: false, notice };
      }
    },
    /** The quick window's form: field errors come back as the API's 422 does. */
    async shorten(fields: QuickFields): Promise<QuickShortened> {
      const { instanceId, ...body } = fields;
      const cleaned = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined && v !== ''));
      return create(instance(instanceId), cleaned);
    },
  };
}
export type QuickShorten = ReturnType<typeof createQuickShorten>;
