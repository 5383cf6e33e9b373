// The desktop's own decisions, in Node: what the clipboard holds, which
// linkdesk:// addresses open what, global-shortcut settings and their
// conflicts, settings on disk, quick shorten against the real local server and
// a real remote one, and Linux's login entry. Electron's clipboard,
// notifications and globalShortcut cannot run here, so a recorder stands in for
// them (test/electron drives the real ones where the binary exists).
import fc from 'fast-check';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isAppCommand, type AppCommand } from '../../shared/native.ts';
import { createDesktop, type Desktop, type NativeHost } from '../../electron/services/desktop.ts';
import { clashWithApp, displayAccelerator, parseAccelerator } from '../../electron/services/native/accelerator.ts';
import { DEFAULT_SHORTCUT, openSettingsStore, SETTINGS_FILE } from '../../electron/services/native/app-settings.ts';
import { readClipboardUrl } from '../../electron/services/native/clipboard-url.ts';
import { deepLinkInArgv, parseDeepLink } from '../../electron/services/native/deep-link.ts';
import { autostartFile, desktopEntry, setXdgAutostart } from '../../electron/services/native/login-item.ts';
import { createShortcutManager, type ShortcutHost } from '../../electron/services/native/shortcuts.ts';
import { createMemoryStore } from '../../electron/services/secret-store.ts';
import { startServer } from '../helpers/server.ts';
import { ok, tempDir } from './helpers.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
const folder = () => {
  const t = tempDir();
  cleanups.push(t.cleanup);
  return t.dir;
};

describe('the clipboard', () => {
  it('finds one http(s) address however it was copied', () => {
    for (const [text, url] of [
      ['https://example.com/a?b=1#c', 'https://example.com/a?b=1#c'],
      ['  https://example.com/x \n', 'https://example.com/x'],
      ['<https://example.com/mail>', 'https://example.com/mail'],
      ['"http://example.com/quoted"', 'http://example.com/quoted'],
      ['\r\nhttps://example.com/crlf\r\n', 'https://example.com/crlf'],
      ['https://exämple.com/ü', 'https://exämple.com/ü'],
    ]) expect(readClipboardUrl(text!), text).toEqual({ ok: true, url });
  });

  it('says why there is nothing to shorten', () => {
    const cases: [string, { hasImage?: boolean; shortHosts?: string[] }, string, RegExp][] = [
      ['', {}, 'empty', /clipboard is empty/],
      ['   \n\t', {}, 'empty', /clipboard is empty/],
      ['', { hasImage: true }, 'image', /holds an image/],
      ['just some words', {}, 'not-url', /holds text, not a web address: “just some words”/],
      ['example.com/page', {}, 'not-url', /starting with https:\/\//],
      ['mailto:someone@example.com', {}, 'not-http', /holds a mailto: address/],
      ['javascript:alert(1)', {}, 'not-http', /javascript:/],
      ['file:///etc/passwd', {}, 'not-http', /file:/],
      ['https://a.example/1\nhttps://b.example/2', {}, 'several', /holds 2 addresses/],
      ['Read this:\nhttps://a.example/1', {}, 'not-url', /holds text/],
      [`https://example.com/${'a'.repeat(2100)}`, {}, 'too-long', /longer than 2,048 characters/],
      ['http://127.0.0.1:8080/abc', { shortHosts: ['127.0.0.1:8080'] }, 'already-short', /already a short link/],
    ];
    for (const [text, opts, reason, message] of cases) {
      const r = readClipboardUrl(text, opts);
      expect(r.ok, text).toBe(false);
      if (!r.ok) {
        expect(r.reason, text).toBe(reason);
        expect(r.message, text).toMatch(message);
      }
    }
    // The instance's own home page is not a short link.
    expect(readClipboardUrl('http://127.0.0.1:8080/', { shortHosts: ['127.0.0.1:8080'] }).ok).toBe(true);
  });

  it('shows a long non-address only in part', () => {
    const r = readClipboardUrl(`secret ${'x'.repeat(500)}`);
    expect(!r.ok && r.message.length).toBeLessThan(120);
  });
});

describe('linkdesk:// addresses', () => {
  it('open a link, its statistics, an instance or a screen', () => {
    const ok = (raw: string) => {
      const r = parseDeepLink(raw);
      if (!r.ok) throw new Error(`${raw}: ${r.message}`);
      return r.target;
    };
    expect(ok('linkdesk://links/42')).toEqual({ instanceId: null, screen: 'links', linkId: 42 });
    expect(ok('linkdesk://links/42/stats')).toEqual({ instanceId: null, screen: 'stats', linkId: 42 });
    expect(ok('LINKDESK://Links/42/Stats/')).toEqual({ instanceId: null, screen: 'stats', linkId: 42 });
    expect(ok('linkdesk://links/7?instance=local-0a1b2c')).toEqual({ instanceId: 'local-0a1b2c', screen: 'links', linkId: 7 });
    expect(ok('linkdesk://instances/2b7c4a7e-1d9f-4c55-9d1e-0f5c8f0a9e11'))
      .toEqual({ instanceId: '2b7c4a7e-1d9f-4c55-9d1e-0f5c8f0a9e11', screen: 'links', linkId: null });
    expect(ok('linkdesk://settings')).toEqual({ instanceId: null, screen: 'settings', linkId: null });
    expect(ok('linkdesk://')).toEqual({ instanceId: null, screen: null, linkId: null });
    expect(ok('linkdesk://open')).toEqual({ instanceId: null, screen: null, linkId: null });
    expect(ok('linkdesk:links/3')).toEqual({ instanceId: null, screen: 'links', linkId: 3 });
  });

  it('refuses anything else with a reason, whatever it holds', () => {
    const hostile = [
      'https://evil.example/links/1', 'javascript:alert(1)//linkdesk://links/1', 'linkdesk://links/0', 'linkdesk://links/-1',
      'linkdesk://links/1e3', 'linkdesk://links/99999999999999999999', 'linkdesk://links/1/delete', 'linkdesk://links/1/stats/x',
      'linkdesk://links/%2e%2e/instances', 'linkdesk://links/1/../../etc', 'linkdesk://links//1', 'linkdesk://user:pw@links/1',
      'linkdesk://links/1?instance=../../x', 'linkdesk://links/1?instance=a&instance=b', 'linkdesk://links/1?delete=1', 'linkdesk://??', 'linkdesk://links??',
      'linkdesk://instances/a?instance=b', 'linkdesk://instances/<script>', 'linkdesk://links/1\n--inspect',
      'linkdesk://links/1 --gpu-launcher=x', 'linkdesk://links\\1', 'linkdesk://nuke', 'linkdesk://__proto__',
      'linkdesk://constructor', `linkdesk://links/${'1'.repeat(3000)}`, 'linkdesk://links/1\u0000', 'linkdesk://links/１',
    ];
    for (const raw of hostile) {
      const r = parseDeepLink(raw);
      expect(r.ok, raw).toBe(false);
      if (!r.ok) expect(r.message, raw).toMatch(/^Linkdesk ignored a linkdesk:\/\/ address: .+\.$/);
    }
    for (const v of [null, undefined, 42, {}, ['linkdesk://links/1']]) expect(parseDeepLink(v).ok).toBe(false);
  });

  it('never throws, and what it accepts is always a command a window acts on', () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.string().map((s) => `linkdesk://${s}`), fc.webUrl().map((u) => u.replace(/^https?/, 'linkdesk'))), (raw) => {
      const r = parseDeepLink(raw);
      if (r.ok) expect(isAppCommand({ type: 'open', target: r.target })).toBe(true);
      else expect(r.message.length).toBeLessThan(200);
    }), { numRuns: 3000 });
  });

  it('is found among the arguments a second start passes on', () => {
    expect(deepLinkInArgv(['/opt/Linkdesk/linkdesk', '--no-sandbox', 'linkdesk://links/4'])).toBe('linkdesk://links/4');
    expect(deepLinkInArgv(['/usr/bin/electron', '.', '--hidden'])).toBeNull();
  });

  it('commands from main are checked before a window acts on them', () => {
    const good: AppCommand[] = [
      { type: 'palette' },
      { type: 'notice', title: 'x', message: 'y', tone: 'error' },
      { type: 'open', target: { instanceId: null, screen: 'stats', linkId: 3 } },
    ];
    for (const c of good) expect(isAppCommand(c)).toBe(true);
    for (const c of [null, 'palette', { type: 'eval', code: '1' }, { type: 'palette', extra: 1 },
      { type: 'open', target: { instanceId: '../x', screen: 'links', linkId: 1 } },
      { type: 'open', target: { instanceId: null, screen: 'admin', linkId: null } },
      { type: 'open', target: { instanceId: null, screen: 'links', linkId: 1.5 } },
      { type: 'notice', title: 'x', message: 'y'.repeat(2000), tone: 'info' }]) expect(isAppCommand(c), JSON.stringify(c)).toBe(false);
  });
});

describe('global shortcuts', () => {
  it('are written one way however they are typed', () => {
    expect(parseAccelerator('ctrl+shift+l')).toEqual({ ok: true, accelerator: 'Control+Shift+L' });
    expect(parseAccelerator('Shift + CmdOrCtrl + l')).toEqual({ ok: true, accelerator: 'CommandOrControl+Shift+L' });
    expect(parseAccelerator('Alt+Super+F5')).toEqual({ ok: true, accelerator: 'Alt+Super+F5' });
    expect(parseAccelerator('F9')).toEqual({ ok: true, accelerator: 'F9' });
    expect(parseAccelerator('Ctrl++')).toEqual({ ok: true, accelerator: 'Control+Plus' });
    expect(parseAccelerator('Alt+enter')).toEqual({ ok: true, accelerator: 'Alt+Return' });
    expect(parseAccelerator('Command+Control+L')).toEqual({ ok: true, accelerator: 'Command+Control+L' });
    expect(displayAccelerator('CommandOrControl+Shift+L', 'darwin')).toBe('Cmd+Shift+L');
    expect(displayAccelerator('CommandOrControl+Alt+L', 'linux')).toBe('Ctrl+Alt+L');
  });

  it('refuse what would take keys from typing or cannot be a shortcut', () => {
    for (const [input, message] of [
      ['L', /needs Ctrl, Cmd, Alt or Super/], ['Shift+L', /needs Ctrl/], ['Ctrl+Shift', /Add a key/], ['Ctrl+L+K', /one key/],
      ['Ctrl+Banana', /"Banana" is not a key/], ['', /Press a key/], ['Ctrl++Shift', /not a key combination|not a key/],
      ['CmdOrCtrl+Control+L', /not both/],
    ] as const) {
      const r = parseAccelerator(input);
      expect(r.ok, input).toBe(false);
      if (!r.ok) expect(r.message, input).toMatch(message);
    }
  });

  it('know the shortcuts Linkdesk itself uses', () => {
    expect(clashWithApp('CommandOrControl+K')).toMatch(/command palette/);
    expect(clashWithApp('Control+K')).toMatch(/command palette/);
    expect(clashWithApp('Command+N')).toMatch(/new window/);
    expect(clashWithApp('CommandOrControl+Shift+L')).toBeNull();
  });

  function host(taken: string[] = []) {
    const registered = new Map<string, () => void>();
    const h: ShortcutHost & { registered: typeof registered; taken: Set<string> } = {
      registered, taken: new Set(taken),
      register(a, cb) {
        if (h.taken.has(a) || registered.has(a)) return false;
        registered.set(a, cb);
        return true;
      },
      unregister(a) { registered.delete(a); },
    };
    return h;
  }

  it('are changed safely: a taken one is refused and the old one keeps working', () => {
    const h = host(['CommandOrControl+Alt+T']);
    let pressed = 0;
    const m = createShortcutManager(h, () => pressed++, 'linux');
    expect(m.apply(DEFAULT_SHORTCUT)).toMatchObject({ state: 'registered', display: 'Ctrl+Shift+L' });
    h.registered.get(DEFAULT_SHORTCUT)!();
    expect(pressed).toBe(1);

    expect(() => m.change('CmdOrCtrl+Alt+T')).toThrow(/Ctrl\+Alt\+T is taken by another application; Ctrl\+Shift\+L still works/);
    expect([...h.registered.keys()]).toEqual([DEFAULT_SHORTCUT]);
    expect(() => m.change('Ctrl+K')).toThrow(/command palette/);

    expect(m.change('Alt+Shift+S')).toMatchObject({ state: 'registered', accelerator: 'Alt+Shift+S' });
    expect([...h.registered.keys()]).toEqual(['Alt+Shift+S']);
    expect(m.change(null)).toMatchObject({ state: 'off', accelerator: null });
    expect(h.registered.size).toBe(0);
  });

  it('report a saved one another application holds at start, and keep it', () => {
    const h = host([DEFAULT_SHORTCUT]);
    const m = createShortcutManager(h, () => {}, 'linux');
    expect(m.apply(DEFAULT_SHORTCUT)).toMatchObject({ state: 'taken', accelerator: DEFAULT_SHORTCUT, message: expect.stringMatching(/taken by another application/) });
    h.taken.clear(); // the other application quit: choosing it again now works
    expect(m.change(DEFAULT_SHORTCUT)).toMatchObject({ state: 'registered' });
    expect(createShortcutManager(null, () => {}).apply(DEFAULT_SHORTCUT)).toMatchObject({ state: 'unavailable' });
  });
});

describe('settings on disk', () => {
  it('start from the defaults, survive a restart, and keep good values beside a bad one', async () => {
    const dir = folder();
    const s = await openSettingsStore(dir);
    expect(s.get()).toEqual({ theme: 'system', language: 'system', globalShortcut: DEFAULT_SHORTCUT, quickShortenInstanceId: null, startAtLogin: false, keepServingInTray: true });
    await s.update({ theme: 'dark', globalShortcut: null });
    expect((await openSettingsStore(dir)).get()).toMatchObject({ theme: 'dark', globalShortcut: null });

    writeFileSync(path.join(dir, SETTINGS_FILE), JSON.stringify({ theme: 'purple', globalShortcut: 'Alt+Shift+S', keepServingInTray: 'yes' }));
    const notices: string[] = [];
    expect((await openSettingsStore(dir, { onNotice: (m) => notices.push(m) })).get())
      .toMatchObject({ theme: 'system', globalShortcut: 'Alt+Shift+S', keepServingInTray: true });
    expect(notices.join('\n')).toMatch(/"theme" was not a valid value[\s\S]*"keepServingInTray"/);

    writeFileSync(path.join(dir, SETTINGS_FILE), '{ half a file');
    expect((await openSettingsStore(dir, { onNotice: (m) => notices.push(m) })).get().theme).toBe('system');
    expect(notices.at(-1)).toMatch(/could not be read/);
  });
});

describe('settings and quick shorten through the handler table', () => {
  interface Recorder extends NativeHost { clip: string; image: boolean; notices: { title: string; body: string }[]; themes: string[]; login: boolean[]; keys: Map<string, () => void> }
  function recorder(opts: { loginProblem?: string } = {}): Recorder {
    const r: Recorder = {
      clip: '', image: false, notices: [], themes: [], login: [], keys: new Map(),
      clipboard: { readText: async () => r.clip, writeText: async (t) => { r.clip = t; }, hasImage: async () => r.image },
      notify: (n) => r.notices.push(n),
      shortcuts: { register: (a, cb) => (r.keys.has(a) ? false : (r.keys.set(a, cb), true)), unregister: (a) => void r.keys.delete(a) },
      setStartAtLogin: async (open) => { r.login.push(open); return opts.loginProblem ?? null; },
      applyTheme: (t) => r.themes.push(t),
    };
    return r;
  }
  async function desktop(native: NativeHost, dataDir = folder()): Promise<Desktop> {
    const d = await createDesktop({ dataDir, native, secretStore: createMemoryStore('test'), localServer: { port: 0, config: { fetchTitles: false } } });
    cleanups.push(() => d.close());
    return d;
  }

  it('the shortcut pressed anywhere shortens the clipboard on the local server and puts the short URL back', async () => {
    const native = recorder();
    const d = await desktop(native);
    expect((await ok(d.invoke('settings.get', undefined))).shortcut).toMatchObject({ state: 'registered', accelerator: DEFAULT_SHORTCUT });
    native.clip = '  https://example.com/from-the-clipboard\n';
    native.keys.get(DEFAULT_SHORTCUT)!();
    await expect.poll(() => native.notices.length).toBe(1);
    const short = native.clip;
    expect(short).toMatch(new RegExp(`^${d.serverStatus().url}/[A-Za-z0-9]{6}$`));
    expect(native.notices[0]).toEqual({ title: 'Short link copied', body: `${short}\n→ https://example.com/from-the-clipboard` });
    // The short link is real: it redirects to the copied address.
    const res = await fetch(short, { redirect: 'manual' });
    expect(res.headers.get('location')).toBe('https://example.com/from-the-clipboard');

    // Copying the short link and pressing again makes no chain.
    const again = await d.quick.fromClipboard();
    expect(again).toMatchObject({ ok: false, notice: { title: 'Nothing to shorten', body: expect.stringMatching(/already a short link/) } });
    native.clip = 'not a link';
    expect(await d.quick.fromClipboard()).toMatchObject({ ok: false, notice: { body: expect.stringMatching(/holds text/) } });
    expect(native.clip).toBe('not a link'); // a failure leaves the clipboard alone
    native.clip = '';
    native.image = true;
    expect(await d.quick.fromClipboard()).toMatchObject({ ok: false, notice: { body: expect.stringMatching(/holds an image/) } });
  });

  it('goes to the chosen remote instance, and says so when it cannot', async () => {
    const native = recorder();
    const d = await desktop(native);
    const remote = await startServer();
    cleanups.push(() => remote.close());
    const key = remote.key;
    const inst = await ok(d.invoke('instances.add', { name: 'Work', baseUrl: remote.url, apiKey: key }));
    const view = await ok(d.invoke('settings.update', { quickShortenInstanceId: inst.id }));
    expect(view.quickShortenInstance).toEqual({ id: inst.id, name: 'Work' });

    native.clip = 'https://example.com/remote';
    const r = await d.quick.fromClipboard();
    expect(r.ok).toBe(true);
    expect(native.notices.at(-1)!.title).toBe('Short link copied on Work');
    expect(native.clip.startsWith(remote.url)).toBe(true);

    await remote.close();
    native.clip = 'https://example.com/down';
    expect(await d.quick.fromClipboard()).toMatchObject({ ok: false, notice: { title: 'Could not shorten on Work', body: expect.stringMatching(/Could not reach|nothing is listening/i) } });

    // The chosen instance removed: quick shorten falls back to this computer.
    await ok(d.invoke('instances.remove', { id: inst.id }));
    expect((await ok(d.invoke('settings.get', undefined))).quickShortenInstance.name).toBe('This computer');
    // The choice is kept (the instance may come back under that id); what it resolves to is this computer.
    expect(await ok(d.invoke('settings.update', {}))).toMatchObject({ settings: { quickShortenInstanceId: inst.id }, quickShortenInstance: { name: 'This computer' } });
    const bad = await d.invoke('settings.update', { quickShortenInstanceId: inst.id });
    expect(bad).toMatchObject({ ok: false, error: { kind: 'validation', fields: { quickShortenInstanceId: ['That instance no longer exists.'] } } });
  });

  it('the quick window peeks at the clipboard and gets the API\'s field errors', async () => {
    const native = recorder();
    const d = await desktop(native);
    native.clip = '<https://example.com/peek>';
    expect(await ok(d.invoke('quick.peek', undefined))).toEqual({ url: 'https://example.com/peek', message: null });
    const made = await ok(d.invoke('quick.shorten', { url: 'https://example.com/peek', alias: 'quick-one', expiration_date: '2099-01-02' }));
    expect(made.link).toMatchObject({ alias: 'quick-one', expiration_date: '2099-01-02' });
    expect(native.clip).toBe(made.link.short_url);
    const dup = await d.invoke('quick.shorten', { url: 'https://example.com/peek', alias: 'quick-one' });
    expect(dup).toMatchObject({ ok: false, error: { kind: 'validation', fields: { alias: [expect.any(String)] } } });
    const bad = await d.invoke('quick.shorten', { url: 'javascript:alert(1)' });
    expect(bad).toMatchObject({ ok: false, error: { kind: 'validation', fields: { url: [expect.any(String)] } } });
  });

  it('settings persist across a restart and act on the system only when they work', async () => {
    const dir = folder();
    const native = recorder({ loginProblem: 'The login items of this system are locked.' });
    const d = await desktop(native, dir);
    const changed = await ok(d.invoke('settings.update', { theme: 'dark', globalShortcut: 'ctrl+alt+s', keepServingInTray: false }));
    expect(changed.settings).toMatchObject({ theme: 'dark', globalShortcut: 'Control+Alt+S', keepServingInTray: false });
    expect(native.themes.at(-1)).toBe('dark');
    expect([...native.keys.keys()]).toEqual(['Control+Alt+S']);
    const refused = await d.invoke('settings.update', { startAtLogin: true, theme: 'light' });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'validation', fields: { startAtLogin: ['The login items of this system are locked.'] } } });
    expect(d.settings()).toMatchObject({ startAtLogin: false, theme: 'light' });
    const clash = await d.invoke('settings.update', { globalShortcut: 'Ctrl+K' });
    expect(clash).toMatchObject({ ok: false, error: { fields: { globalShortcut: [expect.stringMatching(/command palette/)] } } });
    await d.close();

    const again = recorder();
    const d2 = await desktop(again, dir);
    expect(d2.settings()).toMatchObject({ theme: 'light', globalShortcut: 'Control+Alt+S', keepServingInTray: false, startAtLogin: false });
    expect([...again.keys.keys()]).toEqual(['Control+Alt+S']);
    expect(again.themes).toEqual(['light']);
    expect(JSON.parse(readFileSync(path.join(dir, SETTINGS_FILE), 'utf8'))).toMatchObject({ theme: 'light' });
  });

  it('a deep link becomes a command, or a notice when it names a missing instance or does not parse', async () => {
    const d = await desktop(recorder());
    const local = d.profiles.local().id;
    expect(d.deepLink(`linkdesk://links/5/stats?instance=${local}`)).toEqual({ type: 'open', target: { instanceId: local, screen: 'stats', linkId: 5 } });
    expect(d.deepLink('linkdesk://instances/not-here')).toMatchObject({ type: 'notice', tone: 'error', message: expect.stringMatching(/instance this app does not have/) });
    expect(d.deepLink('linkdesk://links/1;rm -rf')).toMatchObject({ type: 'notice', tone: 'error', message: expect.stringMatching(/^Linkdesk ignored/) });
  });

  it('outside the desktop app, settings say what cannot be set here', async () => {
    const d = await createDesktop({ dataDir: folder(), secretStore: createMemoryStore('test'), localServer: false });
    cleanups.push(() => d.close());
    const view = await ok(d.invoke('settings.get', undefined));
    expect(view.shortcut.state).toBe('unavailable');
    expect(view.startAtLogin).toEqual({ supported: false, message: expect.stringMatching(/desktop app only/) });
  });
});

describe('start at login on Linux', () => {
  it('writes and removes an XDG autostart entry that starts in the tray', async () => {
    const home = folder();
    const file = autostartFile({ XDG_CONFIG_HOME: path.join(home, 'cfg') }, home);
    expect(file).toBe(path.join(home, 'cfg/autostart/linkdesk.desktop'));
    expect(autostartFile({ XDG_CONFIG_HOME: 'relative' }, home)).toBe(path.join(home, '.config/autostart/linkdesk.desktop'));
    await setXdgAutostart(true, { exec: '/opt/Link desk/linkdesk', args: ['/app path/$HOME'], file });
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('Exec="/opt/Link desk/linkdesk" "/app path/\\$HOME" --hidden\n');
    expect(text).toMatch(/^\[Desktop Entry\]\nType=Application\nName=Linkdesk/);
    await setXdgAutostart(false, { exec: 'x', args: [], file });
    expect(existsSync(file)).toBe(false);
    expect(() => desktopEntry('/bin/x\nExec=evil', [])).toThrow(/line break/);
  });
});
