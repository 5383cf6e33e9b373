// `linkdesk serve` and `linkdesk keys …`: the headless face of the service.
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { buildApp } from './app.ts';
import { resolveConfig, type RedirectStatus } from './config.ts';
import { openStore } from './db/database.ts';
import { createUsersRepository } from './db/repositories/users-repository.ts';
import { httpUrlOf } from './util/address.ts';

const USAGE = `Usage:
  linkdesk serve [--host 127.0.0.1] [--port 8080] [--data-dir DIR] [--base-url URL]
                 [--trust-proxy] [--redirect-status 302] [--rate-limit 600] [--timezone UTC]
                 [--allow-private-titles] [--no-titles] [--log]
  linkdesk keys create --name NAME [--data-dir DIR]     new user with its first API key
  linkdesk keys create --user ID [--data-dir DIR]       another key for an existing user
  linkdesk keys list [--data-dir DIR]                   users and keys (never the secrets)
  linkdesk keys revoke ID [--data-dir DIR]
`;

class UsageError extends Error {}

const intOption = (name: string, v: string | undefined) => {
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v)) throw new UsageError(`--${name} must be a whole number, got "${v}"`);
  return Number(v);
};

async function serve(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      host: { type: 'string' }, port: { type: 'string' }, 'data-dir': { type: 'string' }, 'base-url': { type: 'string' },
      'trust-proxy': { type: 'boolean' }, 'redirect-status': { type: 'string' }, 'rate-limit': { type: 'string' },
      timezone: { type: 'string' }, 'allow-private-titles': { type: 'boolean' }, 'no-titles': { type: 'boolean' }, log: { type: 'boolean' },
    },
  });
  const config = resolveConfig({
    host: values.host,
    port: intOption('port', values.port),
    dataDir: values['data-dir'],
    baseUrl: values['base-url'],
    trustProxy: values['trust-proxy'],
    redirectStatus: intOption('redirect-status', values['redirect-status']) as RedirectStatus | undefined,
    rateLimit: intOption('rate-limit', values['rate-limit']),
    timeZone: values.timezone,
    allowPrivateTitles: values['allow-private-titles'],
    fetchTitles: values['no-titles'] ? false : undefined,
  });
  const store = openStore(config.dataDir);
  const app = await buildApp({ store, config, logger: values.log ? { level: 'info' } : false });
  await app.listen({ host: config.host, port: config.port });
  process.stdout.write(`Linkdesk listening on ${httpUrlOf(app.server.address() as AddressInfo)}\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`${signal}: finishing requests and closing the database\n`);
    try {
      await app.close(); // stops accepting, waits for in-flight requests
    } finally {
      await store.close();
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

async function keys(argv: string[]) {
  const [action, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest, allowPositionals: true,
    options: { name: { type: 'string' }, user: { type: 'string' }, 'data-dir': { type: 'string' } },
  });
  const store = openStore(resolveConfig({ dataDir: values['data-dir'] }).dataDir);
  const users = createUsersRepository(store.db);
  try {
    if (action === 'create') {
      if (values.user !== undefined) {
        const userId = intOption('user', values.user)!;
        const user = await users.findUser(userId);
        if (!user) throw new UsageError(`No user with id ${userId}.`);
        const { keyId, key } = await users.addKey(userId);
        process.stderr.write(`Key ${keyId} added to user ${user.id} (${user.name}). It is shown once; store it now.\n`);
        process.stdout.write(`${key}\n`);
      } else {
        const name = values.name?.trim();
        if (!name) throw new UsageError('keys create needs --name NAME (or --user ID).');
        const { userId, keyId, key } = await users.createUserWithKey(name);
        process.stderr.write(`User ${userId} (${name}) created with key ${keyId}. It is shown once; store it now.\n`);
        process.stdout.write(`${key}\n`);
      }
    } else if (action === 'list') {
      const rows = await users.listKeys();
      if (!rows.length) process.stdout.write('No keys yet. Create one with: linkdesk keys create --name NAME\n');
      for (const k of rows) {
        process.stdout.write(
          `${k.id}\tuser ${k.user_id} (${k.user_name})\tldk_${k.prefix}…\tcreated ${k.created_at}\t` +
          `${k.revoked_at ? `revoked ${k.revoked_at}` : k.last_used_at ? `last used ${k.last_used_at}` : 'active'}\n`);
      }
    } else if (action === 'revoke') {
      const id = intOption('id', positionals[0]);
      if (id === undefined) throw new UsageError('keys revoke needs the key id (see keys list).');
      if (!(await users.revokeKey(id))) throw new UsageError(`No active key with id ${id}.`);
      process.stdout.write(`Key ${id} revoked.\n`);
    } else {
      throw new UsageError(`Unknown keys action "${action ?? ''}".`);
    }
  } finally {
    await store.close();
  }
}

export async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  try {
    if (command === 'serve') await serve(rest);
    else if (command === 'keys') await keys(rest);
    else if (command === undefined || command === 'help' || command === '--help' || command === '-h') process.stdout.write(USAGE);
    else throw new UsageError(`Unknown command "${command}".`);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`linkdesk: ${message}\n${err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ? `\n${USAGE}` : ''}`);
    process.exit(err instanceof UsageError ? 2 : 1);
  }
}
