// The window's hardening decisions, as pure functions.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allowPermission, APP_ORIGIN, isAppUrl, rendererCsp, resolveAppFile, safeExternalUrl } from '../../electron/services/web-security.ts';

describe('safeExternalUrl: only http(s) reaches shell.openExternal', () => {
  it.each([
    ['https://example.com/path?q=1#x', 'https://example.com/path?q=1#x'],
    ['http://example.com', 'http://example.com/'],
    ['HTTPS://EXAMPLE.COM/A', 'https://example.com/A'],
  ])('opens %s', (input, expected) => expect(safeExternalUrl(input)).toBe(expected));

  it.each([
    'file:///etc/passwd', 'file://server/share/x.exe', 'FILE:///C:/Windows/System32/calc.exe',
    'javascript:alert(1)', 'JavaScript:alert(document.cookie)', ' javascript:alert(1)',
    'ms-msdt:/id PCWDiagnostic /skip force /param "IT_BrowseForFile=calc"', 'ms-msdt:-id PCWDiagnostic',
    'search-ms:query=x&crumb=location:\\\\evil\\share', 'ms-officecmd:{}', 'smb://evil/share', 'vbscript:msgbox(1)',
    '\\\\evil.example\\share\\payload.exe', '\\\\?\\C:\\Windows', '//evil.example/share', 'http:\\\\evil.example\\share',
    'data:text/html,<script>alert(1)</script>', 'blob:https://example.com/uuid', 'about:blank', 'chrome://settings',
    'app://linkdesk/index.html', 'mailto:a@example.com', 'https://bank.example@evil.example/', 'https://user:pw@example.com/',
    'https://', '', 'example.com',
  ])('refuses %s', (input) => expect(safeExternalUrl(input)).toBeNull());

  it('refuses a URL over 2048 characters', () => expect(safeExternalUrl(`https://example.com/${'a'.repeat(2100)}`)).toBeNull());

  it.each([undefined, null, 42, {}, ['https://example.com'], { toString: () => 'https://example.com' }])('refuses a non-string (%s)', (v) =>
    expect(safeExternalUrl(v)).toBeNull());
});

describe('isAppUrl: navigation stays inside the app', () => {
  it('the app protocol and the dev server are the app; everything else is not', () => {
    expect(isAppUrl(`${APP_ORIGIN}/index.html#/links`, `${APP_ORIGIN}/index.html`)).toBe(true);
    expect(isAppUrl('app://other/index.html', `${APP_ORIGIN}/index.html`)).toBe(false);
    expect(isAppUrl('https://example.com/', `${APP_ORIGIN}/index.html`)).toBe(false);
    expect(isAppUrl('file:///etc/passwd', 'file:///opt/linkdesk/index.html')).toBe(false);
    expect(isAppUrl('http://localhost:5173/#/x', 'http://localhost:5173/')).toBe(true);
    expect(isAppUrl('http://localhost:5174/', 'http://localhost:5173/')).toBe(false);
    expect(isAppUrl('http://localhost.evil.example:5173/', 'http://localhost:5173/')).toBe(false);
    expect(isAppUrl(undefined, `${APP_ORIGIN}/`)).toBe(false);
  });
});

describe('resolveAppFile: app:// serves the built renderer and nothing else', () => {
  const root = path.resolve('/opt/linkdesk/renderer');
  it('maps paths inside the root', () => {
    expect(resolveAppFile(root, `${APP_ORIGIN}/`)).toBe(path.join(root, 'index.html'));
    expect(resolveAppFile(root, `${APP_ORIGIN}/assets/index-abc.js?v=1`)).toBe(path.join(root, 'assets/index-abc.js'));
  });
  it.each([
    `${APP_ORIGIN}/../main/index.js`, `${APP_ORIGIN}/%2e%2e/%2e%2e/etc/passwd`, `${APP_ORIGIN}/assets/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc/passwd`,
    `${APP_ORIGIN}/assets/..%5c..%5c..%5cetc%5cpasswd`, `${APP_ORIGIN}/%2fetc/passwd`,
  ])('never leaves the root: %s', (u) => {
    const file = resolveAppFile(root, u);
    expect(file === null || file.startsWith(root + path.sep)).toBe(true);
    expect(file ?? '').not.toMatch(/^\/etc\//);
  });
  it.each([`${APP_ORIGIN}/a%00.html`, `${APP_ORIGIN}/%E0%A4%A`, 'app://evil/index.html', 'https://linkdesk/index.html', 'not a url'])(
    'refuses %s', (u) => expect(resolveAppFile(root, u)).toBeNull());
});

describe('rendererCsp', () => {
  it('allows scripts only from the app and closes the network in production', () => {
    const csp = rendererCsp();
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-eval/);
  });
  it('opens only the dev server for hot reload in development', () => {
    const csp = rendererCsp('http://localhost:5173/');
    expect(csp).toContain("connect-src 'self' ws://localhost:5173");
  });
});

describe('allowPermission', () => {
  const app = `${APP_ORIGIN}/index.html`;
  it('refuses everything but clipboard writes from the app itself', () => {
    expect(allowPermission('clipboard-sanitized-write', `${APP_ORIGIN}/index.html#/links`, app)).toBe(true);
    expect(allowPermission('clipboard-sanitized-write', 'https://evil.example/', app)).toBe(false);
    expect(allowPermission('clipboard-sanitized-write', undefined, app)).toBe(false);
    for (const p of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen', 'hid', 'serial', 'usb']) {
      expect(allowPermission(p, app, app), p).toBe(false);
    }
  });
});
