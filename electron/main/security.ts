// Electron glue for the window's hardening; the decisions themselves are the
// tested pure functions in services/web-security.ts.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { protocol, shell, type Session, type WebContents } from 'electron';
import {
  allowPermission, APP_SCHEME, isAppUrl, mimeOf, rendererCsp, resolveAppFile, safeExternalUrl,
} from '../services/web-security.ts';

/** Must run before the app is ready: app:// becomes a secure, standard origin. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

/** Serves the built renderer on app://linkdesk/ with the CSP as a response header. */
export function serveRenderer(root: string): void {
  const csp = rendererCsp();
  protocol.handle(APP_SCHEME, async (request) => {
    let file = resolveAppFile(root, request.url);
    if (!file) return new Response('Not found.', { status: 404 });
    // The screens route by hash, but a path without an extension is still the app.
    if (!path.extname(file)) file = path.join(root, 'index.html');
    try {
      return new Response(await readFile(file), {
        headers: { 'content-type': mimeOf(file), 'content-security-policy': csp, 'x-content-type-options': 'nosniff' },
      });
    } catch {
      return new Response('Not found.', { status: 404 });
    }
  });
}

export function hardenSession(session: Session, appUrl: string, devServerUrl: string | undefined): void {
  session.setPermissionRequestHandler((_wc, permission, callback, details) => callback(allowPermission(permission, details.requestingUrl, appUrl)));
  session.setPermissionCheckHandler((_wc, permission, requestingOrigin) => allowPermission(permission, requestingOrigin, appUrl));
  if (devServerUrl) {
    // The dev server sends no CSP of its own; give its pages the same policy (plus hot reload).
    const csp = rendererCsp(devServerUrl);
    session.webRequest.onHeadersReceived({ urls: [`${new URL(devServerUrl).origin}/*`] }, (details, callback) => {
      callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
    });
  }
}

/** Every web contents, including any a bug might create: no leaving the app, no new windows, no webviews. */
export function hardenContents(contents: WebContents, appUrl: string): void {
  contents.on('will-frame-navigate', (event) => {
    if (!isAppUrl(event.url, appUrl)) event.preventDefault();
  });
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, appUrl)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url, appUrl)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const safe = safeExternalUrl(url);
    if (safe) void shell.openExternal(safe);
    return { action: 'deny' };
  });
}
