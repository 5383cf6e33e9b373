// The desktop's main process in the user's language (issue 45, part D): the
// tray and the application menu built in German, Japanese and Arabic with their
// roles and accelerators as in English; Settings → Language telling every
// window once and rebuilding the menus; 'system' following the operating
// system's languages; job titles and progress with real plurals; notifications
// and consent dialogs in the chosen language. Every expected word is read from
// the catalogs, so a message falling back to English fails here.
import { afterEach, describe, expect, it } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import type { AppCommand } from '../../shared/native.ts';
import type { JobView } from '../../shared/transfer.ts';
import { LOCALES, type AnyLocale } from '../../shared/i18n/locales.ts';
import { consentDialog } from '../../electron/services/consent.ts';
import type { Desktop, NativeHost } from '../../electron/services/desktop.ts';
import { desktopLocale } from '../../electron/services/i18n/current.ts';
import { DESKTOP_CATALOGS, intlFor } from '../../electron/services/i18n/intl.ts';
import { applicationMenuTemplate, trayTemplate, type MenuActions } from '../../electron/services/native/menus.ts';
import { effectiveLocale } from '../../electron/services/native/native-handlers.ts';
import { parseDeepLink } from '../../electron/services/native/deep-link.ts';
import { createUpdates } from '../../electron/services/updater.ts';
import { publisher } from './update-feed-server.ts';
import { transportError } from '../../electron/services/net/failures.ts';
import { bulkProgress, bulkTitle, exportTitle, jobWords } from '../../electron/services/transfer/job-messages.ts';
import { startServer } from '../helpers/server.ts';
import { closedPort, type Cleanups, jobEnd, ok, testDesktop } from './helpers.ts';

const cleanups: Cleanups = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
  desktopLocale.set('en');
});

const en = DESKTOP_CATALOGS.en;
const noop = () => {};
const menuActions: MenuActions = {
  openWindow: noop, quickShorten: noop, openSettings: noop, palette: noop, openAbout: noop, checkForUpdates: noop, devTools: true,
};
const trayActions = { shortenClipboard: noop, quickShorten: noop, openWindow: noop, openSettings: noop, quit: noop };
const trayState = {
  status: { state: 'running' as const, url: 'http://127.0.0.1:8787', port: 8787, message: null },
  shortcut: { state: 'registered' as const, accelerator: 'CommandOrControl+Shift+L', display: 'Ctrl+Shift+L', message: null },
};

type Item = MenuItemConstructorOptions;
const flat = (items: Item[]): Item[] => items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? flat(i.submenu) : [])]);
/** What must not change with the language: kinds, roles, accelerators, what a click does. */
const shape = (items: Item[]) => flat(items).map((i) => ({ type: i.type, role: i.role, accelerator: i.accelerator, click: i.click, enabled: i.enabled }));
const labels = (items: Item[]) => flat(items).filter((i) => i.type !== 'separator').map((i) => i.label);
/** The English message an English label came from (menu labels have no arguments but the server line). */
const idOf = (label: string) => Object.entries(en).find(([, v]) => v === label)?.[0];

describe('the tray and the application menu in German, Japanese and Arabic', () => {
  for (const platform of ['darwin', 'linux'] as const) {
    it(`application menu on ${platform}: every label from the catalog, roles and accelerators as in English`, () => {
      const english = applicationMenuTemplate(intlFor('en'), menuActions, platform);
      // Every English label is a catalog message (the app menu's own title on macOS is the app's name, set by the role).
      const englishLabels = labels(english).filter((l): l is string => l !== undefined);
      expect(englishLabels.length).toBeGreaterThan(20);
      for (const l of englishLabels) expect(idOf(l), l).toBeDefined();
      for (const locale of ['de', 'ja', 'ar'] as const) {
        const translated = applicationMenuTemplate(intlFor(locale), menuActions, platform);
        expect(shape(translated)).toEqual(shape(english));
        const cat = DESKTOP_CATALOGS[locale];
        expect(labels(translated)).toEqual(labels(english).map((l) => (l === undefined ? undefined : cat[idOf(l)!])));
        // Nothing left in English (role items included: Electron's own labels would be).
        expect(labels(translated).filter((l) => l && englishLabels.includes(l))).toEqual([]);
      }
    });
  }

  it('spot checks: German Datei/Bearbeiten, Japanese 編集, Arabic تحرير; Copy keeps role copy', () => {
    const find = (items: Item[], role: string) => flat(items).find((i) => i.role === role)!;
    const de = applicationMenuTemplate(intlFor('de'), menuActions, 'linux');
    expect(de.map((m) => m.label)).toEqual(['Datei', 'Bearbeiten', 'Ansicht', 'Fenster', 'Hilfe']);
    expect(find(de, 'copy').label).toBe('Kopieren');
    expect(flat(de).find((i) => i.label === 'Neues Fenster')!.accelerator).toBe('CmdOrCtrl+N');
    expect(applicationMenuTemplate(intlFor('ja'), menuActions, 'darwin').map((m) => m.label)).toEqual([undefined, 'ファイル', '編集', '表示', 'ウィンドウ', 'ヘルプ']);
    expect(find(applicationMenuTemplate(intlFor('ar'), menuActions, 'linux'), 'paste').label).toBe('لصق');
  });

  it('tray: labels translated, the shortcut shown (not bound) as in English, the server line with its address', () => {
    const english = trayTemplate(intlFor('en'), trayActions, trayState);
    for (const locale of ['de', 'ja', 'ar'] as const) {
      const menu = trayTemplate(intlFor(locale), trayActions, trayState);
      expect(shape(menu)).toEqual(shape(english));
      expect(menu[0]).toMatchObject({ accelerator: 'CommandOrControl+Shift+L', registerAccelerator: false });
      const cat = DESKTOP_CATALOGS[locale];
      expect(menu[0]!.label).toBe(cat['desktop.tray.shortenClipboard']);
      expect(menu.at(-1)!.label).toBe(cat['desktop.menu.quitApp']);
      expect(menu[6]!.label).toBe(cat['desktop.tray.serverRunning']!.replace('{url}', 'http://127.0.0.1:8787'));
    }
    expect(trayTemplate(intlFor('de'), trayActions, trayState).map((i) => i.label ?? i.type)).toEqual([
      'URL aus der Zwischenablage kürzen', 'Schnell kürzen…', 'separator', 'Linkdesk öffnen', 'Einstellungen…', 'separator',
      'Lokaler Server: http://127.0.0.1:8787', 'separator', 'Linkdesk beenden',
    ]);
    expect(trayTemplate(intlFor('ja'), trayActions, { ...trayState, status: { state: 'error', url: null, port: null, message: 'x' } })[6]!.label)
      .toBe('ローカルサーバー: 起動に失敗しました');
  });
});

describe('Settings → Language', () => {
  function pushes(d: Desktop) {
    const seen: AppCommand[] = [];
    const locales: AnyLocale[] = [];
    cleanups.push(d.onPush((c) => seen.push(c)));
    cleanups.push(d.onLocale((l) => locales.push(l)));
    return { locale: () => seen.filter((c) => c.type === 'locale'), locales };
  }

  it("'system' follows the operating system's languages: de-AT reads German, sv (not spoken) English", async () => {
    expect(effectiveLocale('system', ['de-AT', 'en-US'])).toBe('de');
    expect(effectiveLocale('system', ['sv-SE', 'sv'])).toBe('en');
    expect(effectiveLocale('system', ['sv', 'ja-JP'])).toBe('ja');
    expect(effectiveLocale('fr', ['de-AT'])).toBe('fr');

    const de = await testDesktop(cleanups, { systemLanguages: () => ['de-AT', 'en-US'] });
    expect(de.locale()).toBe('de');
    expect((await ok(de.invoke('settings.get', undefined))).locale).toBe('de');
    const sv = await testDesktop(cleanups, { systemLanguages: () => ['sv-SE'] });
    expect(sv.locale()).toBe('en');
    expect((await ok(sv.invoke('settings.get', undefined))).locale).toBe('en');
  });

  it('a change tells every window once ({type:"locale"}) and the menus once; the same language again, or another setting, tells nobody', async () => {
    const d = await testDesktop(cleanups, { systemLanguages: () => ['en-GB'] });
    const p = pushes(d);
    const view = await ok(d.invoke('settings.update', { language: 'ja' }));
    expect(view).toMatchObject({ settings: { language: 'ja' }, locale: 'ja' });
    expect(p.locale()).toEqual([{ type: 'locale', locale: 'ja' }]);
    expect(p.locales).toEqual(['ja']);
    expect(d.locale()).toBe('ja');

    await ok(d.invoke('settings.update', { language: 'ja' }));
    await ok(d.invoke('settings.update', { theme: 'dark' }));
    expect(p.locale()).toHaveLength(1);

    // Back to the system's (English here): told again.
    await ok(d.invoke('settings.update', { language: 'system' }));
    expect(p.locale()).toEqual([{ type: 'locale', locale: 'ja' }, { type: 'locale', locale: 'en' }]);
    // 'system' when the system speaks Arabic is Arabic, and that is no change when Arabic was chosen.
    const ar = await testDesktop(cleanups, { systemLanguages: () => ['ar-EG'] });
    const pa = pushes(ar);
    await ok(ar.invoke('settings.update', { language: 'ar' }));
    expect(pa.locale()).toEqual([]);
  });

  it('the chosen language survives a restart', async () => {
    const first = await testDesktop(cleanups, { systemLanguages: () => ['en-US'] });
    await ok(first.invoke('settings.update', { language: 'pl' }));
    const dataDir = first.dataDir;
    await first.close();
    desktopLocale.set('en');
    const again = await testDesktop(cleanups, { dataDir, systemLanguages: () => ['en-US'] });
    expect(again.locale()).toBe('pl');
  });
});

describe('job titles and progress with ICU plurals', () => {
  const disable = { type: 'disable' as const, disabled: 1 as const };
  it('German: one Link, several Links', () => {
    const de = intlFor('de');
    expect(bulkTitle(de, { type: 'delete' }, 1, 'Marketing')).toBe('1 Link in Marketing löschen');
    expect(bulkTitle(de, { type: 'delete' }, 1200, 'Marketing')).toBe('1.200 Links in Marketing löschen');
    expect(bulkProgress(de, disable, 1, 0)).toBe('1 Link deaktiviert.');
    expect(bulkProgress(de, disable, 120, 3)).toBe('120 Links deaktiviert, 3 nicht.');
    expect(jobWords(de).exported(1)).toBe('1 Link exportiert.');
    expect(exportTitle(de, 'all', 'Arbeit', 'CSV')).toBe('Alle Links von Arbeit als CSV exportieren');
  });

  it('Arabic: zero, one, two, few, many and other are different words', () => {
    const ar = intlFor('ar');
    const forms = [0, 1, 2, 3, 11, 100].map((n) => jobWords(ar).exported(n));
    expect(new Set(forms).size).toBe(6);
    expect(forms[1]).toBe('تم تصدير رابط واحد.');
    expect(forms[2]).toBe('تم تصدير رابطين.');
    expect(forms[3]).toMatch(/^تم تصدير \S+ روابط\.$/);
    expect(forms[4]).toMatch(/^تم تصدير \S+ رابطًا\.$/);
    expect(bulkTitle(ar, { type: 'delete' }, 2, 'عمل')).toBe('حذف رابطين في عمل');
  });

  it('Japanese: one form with a counter; Polish: few and many', () => {
    const ja = intlFor('ja');
    expect(bulkTitle(ja, { type: 'delete' }, 1, '仕事')).toBe('仕事 の 1 件のリンクを削除');
    expect(bulkProgress(ja, disable, 3, 0)).toBe('3 件のリンクを無効にしました。');
    expect(bulkProgress(ja, disable, 3, 2)).toBe('3 件のリンクを無効にしました(2 件は無効にできませんでした)。');
    const pl = intlFor('pl');
    expect([1, 2, 5, 22].map((n) => jobWords(pl).exported(n))).toEqual([
      'Wyeksportowano 1 link.', 'Wyeksportowano 2 linki.', 'Wyeksportowano 5 linków.', 'Wyeksportowano 22 linki.',
    ]);
  });

  it('a bulk action run in German is titled and reported in German', async () => {
    const d = await testDesktop(cleanups);
    const s = await startServer();
    cleanups.push(() => s.close());
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await s.api('POST', '/links', { json: { url: `https://example.com/${i}` } })).body.data.id);
    const { id } = await ok<{ id: string }>(d.invoke('instances.add', { name: 'Arbeit', baseUrl: s.url, apiKey: s.key }));
    await ok(d.invoke('instances.select', { id }));
    await ok(d.invoke('settings.update', { language: 'de' }));
    const job = await ok<JobView>(d.invoke('links.bulk', { selection: { ids }, action: disable }));
    expect(job.title).toBe('3 Links in Arbeit deaktivieren');
    expect((await jobEnd(d, job.id)).message).toBe('3 Links deaktiviert.');
  });
});

describe('notifications and dialogs in the chosen language', () => {
  function recorder() {
    const r = {
      clip: '', notices: [] as { title: string; body: string }[],
    };
    const native: NativeHost = {
      clipboard: { readText: async () => r.clip, writeText: async (t) => { r.clip = t; }, hasImage: async () => false },
      notify: (n) => r.notices.push(n), shortcuts: null, setStartAtLogin: null, applyTheme: () => {},
    };
    return { r, native };
  }

  it('quick shorten notifies in French and German, the moment the language changes', async () => {
    const { r, native } = recorder();
    const d = await testDesktop(cleanups, { native, localServer: { port: 0, config: { fetchTitles: false } } });
    await ok(d.invoke('settings.update', { language: 'fr' }));
    r.clip = '';
    expect(await d.quick.fromClipboard()).toMatchObject({ ok: false });
    expect(r.notices.at(-1)).toEqual({ title: 'Rien à raccourcir', body: 'Le presse-papiers est vide. Copiez d’abord une adresse web.' });
    r.clip = 'exemple.fr/page';
    await d.quick.fromClipboard();
    expect(r.notices.at(-1)!.body).toBe('Le presse-papiers contient du texte, pas une adresse web : « exemple.fr/page ». Copiez l’adresse complète, en commençant par https://.');

    await ok(d.invoke('settings.update', { language: 'de' }));
    r.clip = 'https://example.com/kurz';
    expect(await d.quick.fromClipboard()).toMatchObject({ ok: true });
    expect(r.notices.at(-1)).toEqual({ title: 'Kurzlink kopiert', body: `${r.clip}\n→ https://example.com/kurz` });
  });

  it('consent dialogs: the question, the answers and the refusal in Japanese', () => {
    const words = consentDialog('plain-http', { instance: '仕事', address: 'http://10.0.0.2:8080', windowId: 1 }, intlFor('ja'));
    expect(words).toEqual({
      title: 'キーを暗号化せずに送信しますか?',
      message: '仕事 の API キーを暗号化せずに http://10.0.0.2:8080 に送信しますか?',
      detail: 'http://10.0.0.2:8080 は別のコンピューター上の暗号化されていない http:// アドレスです。経路上の誰でもキーを読み取り、使用できます。',
      yes: '暗号化せずに送信', no: 'キャンセル',
    });
    const ca = consentDialog('trust-ca', { instance: 'Arbeit', address: 'https://intern.example', subject: 'CN=Intern', fingerprint: 'AA:BB', windowId: 1 }, intlFor('de'));
    expect(ca.detail).toBe('SHA-256-Fingerabdruck:\nAA:BB\n\nVertrauen Sie ihr nur, wenn dieser Fingerabdruck der ist, den Ihnen Ihre Administration genannt hat: Jeder zwischen Ihnen und https://intern.example könnte sonst ein eigenes Zertifikat vorlegen.');
  });
});

describe('connection failures in the chosen language', () => {
  it('a server that is not running: what happened and what to do, in German', async () => {
    const d = await testDesktop(cleanups);
    const port = await closedPort();
    const added = await ok<{ id: string }>(d.invoke('instances.add', { name: 'Aus', baseUrl: `http://127.0.0.1:${port}`, apiKey: 'ldk_x' }));
    await ok(d.invoke('settings.update', { language: 'de' }));
    const checked = await ok(d.invoke('instances.check', { id: added.id }));
    expect(checked).toMatchObject({ state: 'unreachable', reason: 'refused' });
    expect(JSON.stringify(checked)).toContain(`Unter 127.0.0.1:${port} nimmt niemand Verbindungen an (Verbindung abgelehnt). Prüfen Sie den Port und ob der Linkdesk-Server dort läuft.`);
  });
});

describe('a refused key in the chosen language', () => {
  it('Arabic: the server refused the key (its own words kept), and what to do', async () => {
    const d = await testDesktop(cleanups);
    const s = await startServer();
    cleanups.push(() => s.close());
    const added = await ok<{ id: string }>(d.invoke('instances.add', { name: 'عمل', baseUrl: s.url, apiKey: 'ldk_wrong' }));
    await ok(d.invoke('settings.update', { language: 'ar' }));
    const checked = JSON.stringify(await ok(d.invoke('instances.check', { id: added.id })));
    expect(checked).toContain(`رفض ${new URL(s.url).host} مفتاح API (401)`);
    expect(checked).toContain('يُرجى إدخال مفتاح صالح في إعدادات هذا المثيل');
  });
});

describe("the services' refusals, the update status and deep links in the chosen language", () => {
  it('German: the local instance refused removal, an unknown instance not found, a linkdesk:// address ignored; English unchanged', async () => {
    const d = await testDesktop(cleanups);
    await ok(d.invoke('settings.update', { language: 'de' }));
    expect(await d.invoke('instances.remove', { id: d.profiles.local().id }))
      .toMatchObject({ ok: false, error: { kind: 'bad-request', message: 'Die lokale Instanz kann nicht entfernt werden.' } });
    expect(await d.invoke('instances.remove', { id: 'gibt-es-nicht' }))
      .toMatchObject({ ok: false, error: { kind: 'not-found', message: 'Diese Instanz gibt es nicht mehr.' } });
    expect(parseDeepLink('linkdesk://nirgends')).toEqual({ ok: false, message: 'Linkdesk hat eine linkdesk://-Adresse ignoriert: Linkdesk hat keine Seite „nirgends“.' });
    expect(parseDeepLink('linkdesk://links/x')).toEqual({ ok: false, message: 'Linkdesk hat eine linkdesk://-Adresse ignoriert: Ein Link wird über seine Nummer angegeben, etwa linkdesk://links/42.' });
    // English again, word for word as before.
    await ok(d.invoke('settings.update', { language: 'en' }));
    expect(await d.invoke('instances.remove', { id: d.profiles.local().id })).toMatchObject({ ok: false, error: { message: 'The local instance cannot be removed.' } });
  });

  it('Arabic: the update status (no feed, not checked) in the words of the catalog, the moment the language changes', () => {
    let url = '';
    const updates = createUpdates({
      updater: {} as never, publicKey: publisher.publicPem,
      feed: () => ({ url, checkAtStart: false }), lastStartCheck: { get: () => null, set: () => {} },
    });
    expect(updates.status()).toEqual({ state: 'off', message: 'No update feed is set, so Linkdesk does not look for updates. An administrator can set one in Settings.' });
    desktopLocale.set('ar');
    expect(updates.status()).toEqual({ state: 'off', message: 'لم تُعيَّن قناة تحديثات، لذا لا يبحث Linkdesk عن تحديثات. يمكن للمسؤول تعيين قناة في الإعدادات.' });
    url = 'https://updates.example/feed';
    expect(updates.status()).toEqual({ state: 'off', message: DESKTOP_CATALOGS.ar['desktop.updates.notChecked'] });
    expect(DESKTOP_CATALOGS.ar['desktop.updates.notChecked']).not.toBe(en['desktop.updates.notChecked']);
  });
  it('German: an expired certificate and a proxy that refuses, what happened and what to do', () => {
    desktopLocale.set('de');
    const ctx = { host: 'links.example:8443', hostname: 'links.example', route: { type: 'direct' as const }, proxyCredentials: false, timeoutMs: 30_000 };
    const expired = transportError(Object.assign(new Error('certificate has expired'), { code: 'CERT_HAS_EXPIRED' }), ctx);
    expect(expired.error).toMatchObject({ kind: 'tls', reason: 'cert-expired', advice: 'Die Administration des Servers muss es erneuern; prüfen Sie auch, ob Datum und Uhrzeit dieses Computers stimmen.' });
    expect(expired.message).toBe('Das Zertifikat von links.example:8443 ist abgelaufen. Die Administration des Servers muss es erneuern; prüfen Sie auch, ob Datum und Uhrzeit dieses Computers stimmen.');
    desktopLocale.set('en');
    expect(transportError(Object.assign(new Error('x'), { code: 'CERT_HAS_EXPIRED' }), ctx).message).toBe("links.example:8443's certificate has expired. The server's administrator must renew it; check also that this computer's date and time are right.");
  });
});

describe('the catalogs', () => {
  it('every language has every English message, and nothing else', () => {
    for (const locale of LOCALES) expect(Object.keys(DESKTOP_CATALOGS[locale]).sort(), locale).toEqual(Object.keys(en).sort());
  });
});

describe('the pseudo-locale', () => {
  it('en-XA: every menu label accented and bracketed, so a string that escaped the catalog shows', () => {
    const menu = applicationMenuTemplate(intlFor('en-XA'), menuActions, 'linux');
    const all = labels(menu).filter((l): l is string => l !== undefined);
    expect(all.length).toBeGreaterThan(20);
    for (const l of all) expect(l, l).toMatch(/^\[.*\]$/);
    expect(all).not.toContain('File');
    expect(jobWords(intlFor('en-XA')).exported(2)).toMatch(/^\[2 .+\]$/);
  });
});
