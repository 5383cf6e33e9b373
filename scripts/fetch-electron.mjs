// Fetches Electron's binary for the installed `electron` package with the
// package's own installer (node_modules/electron/install.js, that is
// @electron/get): Electron 45's package has no install script, so nothing
// else brings the binary. The installer honours what Electron documents:
// ELECTRON_MIRROR, ELECTRON_CUSTOM_DIR, electron_config_cache,
// electron_use_remote_checksums, and HTTPS_PROXY/HTTP_PROXY/NO_PROXY (through
// ELECTRON_GET_USE_PROXY, which is set here when a proxy variable is).
// Used by `npm run setup`, `npm start` and `npm run fetch:electron`.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { electronBinary } from './electron-binary.mjs';

export const FETCH_COMMAND = 'npm run fetch:electron';

// The installer prints only "TypeError: fetch failed"; this preload says which
// address failed and why (the error's cause), or what status it answered.
const TRACE = `data:text/javascript,${encodeURIComponent(`
const f = globalThis.fetch;
globalThis.fetch = async (url, ...rest) => {
  try {
    const r = await f(url, ...rest);
    if (!r.ok) process.stderr.write('fetch ' + url + ': HTTP ' + r.status + '\\n');
    return r;
  } catch (e) {
    const c = e.cause ?? e;
    process.stderr.write('fetch ' + url + ': ' + (c.code ?? '') + ' ' + (c.message ?? '') + '\\n');
    throw e;
  }
};`)}`;

/** What went wrong, in words, from the installer's output. */
export function fetchFailureReason(output, timedOut = false) {
  if (timedOut) return 'the download did not finish in time';
  const text = String(output);
  const url = /https?:\/\/[^\s'"]+/.exec(text)?.[0];
  const host = url ? new URL(url).host : 'the download server';
  if (/ENOTFOUND|EAI_AGAIN|getaddrinfo/.test(text)) return `${host} could not be found (DNS)`;
  if (/ECONNREFUSED/.test(text)) return `${host} refused the connection`;
  if (/ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|timed? ?out/i.test(text)) return `${host} did not answer in time`;
  if (/ECONNRESET|socket hang up|other side closed/i.test(text)) return `the connection to ${host} was cut`;
  if (/checksum|sha256|did not match/i.test(text)) return 'the download did not match its published checksum';
  const status = /(?:HTTP|Response code|status(?: code)?)\D{0,3}(\d{3})/.exec(text)?.[1];
  if (status) return `${url ?? host} answered HTTP ${status}`;
  const traced = /^fetch \S+: +(.+)$/m.exec(text)?.[1]?.trim();
  if (/fetch failed/.test(text)) return `${host} could not be reached${traced ? ` (${traced})` : ''}`;
  const last = text.trim().split('\n').map((l) => l.trim()).find((l) => /error/i.test(l));
  return last ? last.replace(/^\w*Error:\s*/, '') : 'the installer failed without saying why';
}

/**
 * Runs the installer once. Resolves to `{ ok: true, path }` or
 * `{ ok: false, reason }`; never throws.
 */
export function fetchElectron({ env = process.env, timeoutMs = 300_000 } = {}) {
  const have = electronBinary(env);
  if ('path' in have) return { ok: true, path: have.path, already: true };
  let installer;
  try {
    installer = path.join(path.dirname(createRequire(import.meta.url).resolve('electron/package.json')), 'install.js');
  } catch {
    return { ok: false, reason: 'the electron package is not installed' };
  }
  const proxied = env.HTTPS_PROXY || env.https_proxy || env.HTTP_PROXY || env.http_proxy;
  const run = spawnSync(process.execPath, ['--import', TRACE, installer], {
    env: proxied && !env.ELECTRON_GET_USE_PROXY ? { ...env, ELECTRON_GET_USE_PROXY: '1' } : env,
    encoding: 'utf8',
    timeout: timeoutMs,
    killSignal: 'SIGKILL',
  });
  const after = electronBinary(env);
  if (run.status === 0 && 'path' in after) return { ok: true, path: after.path, already: false };
  const timedOut = run.error?.code === 'ETIMEDOUT' || run.signal === 'SIGKILL';
  return { ok: false, reason: run.status === 0 ? after.reason : fetchFailureReason(`${run.stderr}\n${run.stdout}\n${run.error?.message ?? ''}`, timedOut) };
}

/** One line a person can act on. */
export function fetchAdvice(reason) {
  return `Electron could not be fetched: ${reason}. The desktop app needs it; the server (npm run serve) and the tests do not. `
    + `Set ELECTRON_MIRROR to a mirror you can reach (and HTTPS_PROXY if you are behind a proxy), then run ${FETCH_COMMAND}.`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = fetchElectron();
  if (result.ok) console.log(`electron: ${result.already ? 'already installed' : 'fetched'} (${result.path})`);
  else {
    console.error(`electron: ${fetchAdvice(result.reason)}`);
    process.exitCode = 1;
  }
}
