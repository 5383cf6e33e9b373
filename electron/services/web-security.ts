// The decisions behind the window's hardening, as pure functions so they are
// tested in Node: what may open in the browser, where a window may navigate,
// which frames may call IPC, which file the app:// protocol serves, and the
// renderer's Content-Security-Policy. Anything from a page is `unknown`.
import path from 'node:path';

/** The renderer's own scheme: a real origin (unlike file://) that a CSP's 'self' can name. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'linkdesk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

const MAX_URL = 2048;

/**
 * The URL to hand to the OS browser, or null. Only absolute http(s) URLs:
 * file:, javascript:, ms-msdt:, smb:, UNC paths and the like can run or open
 * local things through the shell. Credentials in the URL are refused too, since
 * `https://bank.example@evil.example` is made to mislead.
 */
export function safeExternalUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_URL) return null;
  // UNC and backslash forms never name a web page, whatever a parser makes of them.
  if (value.startsWith('\\') || value.includes('\\')) return null;
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  if (!u.hostname || u.username || u.password) return null;
  return u.href;
}

const originOf = (value: string): string | null => {
  try {
    const u = new URL(value);
    // Node gives non-special schemes an opaque origin ("null"), so compare scheme
    // and host; host-less URLs (file:, data:) never count as the app.
    return u.host ? `${u.protocol}//${u.host}` : null;
  } catch {
    return null;
  }
};

/** True when `target` is the app itself (same scheme, host and port as `appUrl`). */
export function isAppUrl(target: unknown, appUrl: string): boolean {
  if (typeof target !== 'string') return false;
  const o = originOf(target);
  return o !== null && o === originOf(appUrl);
}

/**
 * Permission requests are refused (camera, notifications, geolocation…), with
 * one exception the screens need: writing text to the clipboard ("copy short
 * URL"), and only from the app's own page.
 */
export function allowPermission(permission: string, requestingUrl: string | undefined, appUrl: string): boolean {
  return permission === 'clipboard-sanitized-write' && isAppUrl(requestingUrl, appUrl);
}

/**
 * The file under `root` that an app:// request names, or null when it names
 * something else (another host, a path that climbs out of root).
 */
export function resolveAppFile(root: string, requestUrl: string): string | null {
  let u: URL;
  try {
    u = new URL(requestUrl);
  } catch {
    return null;
  }
  if (u.protocol !== `${APP_SCHEME}:` || u.host !== APP_HOST) return null;
  let rel: string;
  try {
    rel = decodeURIComponent(u.pathname);
  } catch {
    return null;
  }
  if (rel.includes('\0') || rel.includes('\\')) return null;
  if (rel === '/' || rel === '') rel = '/index.html';
  const full = path.resolve(root, `.${path.posix.normalize(rel)}`);
  const base = path.resolve(root);
  return full === base || !full.startsWith(base + path.sep) ? null : full;
}

/**
 * The renderer's CSP. Scripts only from the app; Mantine writes its theme
 * variables into <style> elements, hence 'unsafe-inline' for styles alone.
 * QR codes are data: images. The renderer never fetches anything itself
 * (everything goes through IPC), so connect-src is closed, except for the
 * dev server's hot reload.
 */
export function rendererCsp(devServerUrl?: string): string {
  const dev = devServerUrl ? originOf(devServerUrl) : null;
  const ws = dev ? dev.replace(/^http/, 'ws') : null;
  return [
    "default-src 'none'",
    // React's hot-reload preamble is an inline script; only the dev server gets it.
    `script-src 'self'${dev ? " 'unsafe-inline'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${dev ? `'self' ${ws}` : "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "frame-src 'none'",
    "worker-src 'none'",
  ].join('; ');
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf', '.webp': 'image/webp', '.txt': 'text/plain; charset=utf-8',
};
export const mimeOf = (file: string) => MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
