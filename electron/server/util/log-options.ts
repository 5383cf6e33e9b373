// What a server log may hold: warnings and errors as pino's JSON lines, and
// never a key or a password. Two layers: pino's redaction for the fields
// where such values live (headers, bodies), and a last scrub of every line
// for anything shaped like one of our API keys or a Bearer credential, which
// also catches one quoted inside an error message.
import { createRequire } from 'node:module';

export const LOG_REDACT_PATHS = [
  'req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]',
  'headers.authorization', 'headers.cookie', 'headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'password', '*.password', 'body.password', 'req.body.password',
  'apiKey', '*.apiKey', 'api_key', '*.api_key', 'token', '*.token',
];

const API_KEY = /ldk_[0-9A-Za-z]{40}/g;
const BEARER = /(bearer\s+)[^\s"\\,]+/gi;

export function scrubSecrets(line: string): string {
  return line.replace(API_KEY, 'ldk_[redacted]').replace(BEARER, '$1[redacted]');
}

/** A pino JSON line as a person reads it on a terminal (`12:04:01 WARN: message`); anything else as it is. */
export function forTerminal(line: string): string {
  try {
    // Loaded on first use: a server logging to a collector never needs it.
    pretty ??= requireHere('pino-pretty').prettyFactory({
      colorize: Boolean(process.stderr.hasColors?.()), translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true,
    }) as (line: string) => string;
    return scrubSecrets(pretty(line).trimEnd());
  } catch {
    return scrubSecrets(line);
  }
}
let pretty: ((line: string) => string) | undefined;
// Not named `require`: electron-vite's ESM shim declares a top-level `require`
// in the desktop bundle, and a second one made out/main/index.js a SyntaxError
// (found by dist:check loading the packaged bundle).
const requireHere = createRequire(import.meta.url);

export interface LineSink { write(line: string): void }

/** Fastify `logger` options (pino's) that write scrubbed warnings and errors to `sink`. */
export function fileLoggerOptions(sink: LineSink, level: 'warn' | 'info' | 'error' = 'warn'): Record<string, unknown> {
  return {
    level,
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
    stream: { write: (line: string) => sink.write(scrubSecrets(line)) },
  };
}
