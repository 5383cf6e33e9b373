// `linkdesk serve`, `linkdesk keys …` and `linkdesk migrate-data`: the headless face of the service.
// Exit status: 0 done, 1 the work failed, 2 the command line was wrong.
import { CliError, usageError } from './cli/args.ts';
import { backup, BACKUP_USAGE, restore, RESTORE_USAGE } from './cli/backup.ts';
import { domains, domainsUsage } from './cli/domains.ts';
import { blocklist, BLOCKLIST_USAGE } from './cli/blocklist.ts';
import { keys, keysUsage } from './cli/keys.ts';
import { users, usersUsage } from './cli/users.ts';
import { migrateData, MIGRATE_DATA_USAGE } from './cli/migrate-data.ts';
import { serve, SERVE_USAGE } from './cli/serve.ts';
import { EXPORT_USAGE, exportLinks, IMPORT_USAGE, importLinks } from './cli/transfer.ts';
import { packageVersion } from './version.ts';

const USAGE = `Usage: linkdesk <command> [options]

Commands:
  serve                     run the API and redirect server
  users list|create|role|suspend|restore|delete
                            manage users: roles, suspension
  keys create|list|revoke   manage API keys (scopes, expiry, one domain)
  domains list|add|update|remove
                            manage the users' own domains
  blocklist list|add|remove|import
                            hosts and keywords no link may point at or contain
  migrate-data              copy this instance's data into an empty PostgreSQL database
  backup                    copy the database while it serves
  restore FILE              put a backup in place of the database
  export                    write a user's links to a CSV or JSON file
  import FILE               create links from a CSV or JSON file (Linkdesk, YOURLS, Shlink, Kutt, Bitly)
  help [COMMAND]            show a command's help

Options:
  -h, --help                show this help
  -v, --version             print the version

Run 'linkdesk COMMAND --help' for a command's options.
`;

function help(topic: string[]): void {
  const [command, action, ...extra] = topic;
  const text = command === undefined ? USAGE
    : command === 'serve' && action === undefined ? SERVE_USAGE
      : command === 'migrate-data' && action === undefined ? MIGRATE_DATA_USAGE
      : command === 'backup' && action === undefined ? BACKUP_USAGE
      : command === 'restore' && action === undefined ? RESTORE_USAGE
      : command === 'export' && action === undefined ? EXPORT_USAGE
      : command === 'blocklist' ? BLOCKLIST_USAGE
      : command === 'import' && action === undefined ? IMPORT_USAGE
        : command === 'keys' && !extra.length ? keysUsage(action)
          : command === 'users' && !extra.length ? usersUsage(action)
            : command === 'domains' && !extra.length ? domainsUsage(action) : undefined;
  if (text === undefined) throw usageError('', `no help for "${topic.join(' ')}"`);
  process.stdout.write(text);
}

/** Writes `text` to stderr and exits once it is out (a pipe may take it asynchronously). */
function exitWith(code: number, text: string): Promise<never> {
  return new Promise(() => process.stderr.write(text, () => process.exit(code)));
}

export async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  try {
    if (command === 'serve') await serve(rest);
    else if (command === 'keys') await keys(rest);
    else if (command === 'users') await users(rest);
    else if (command === 'domains') await domains(rest);
    else if (command === 'blocklist') await blocklist(rest);
    else if (command === 'migrate-data') await migrateData(rest);
    else if (command === 'backup') await backup(rest);
    else if (command === 'restore') await restore(rest);
    else if (command === 'export') await exportLinks(rest);
    else if (command === 'import') await importLinks(rest);
    else if (command === 'help') help(rest);
    else if (command === '--help' || command === '-h') process.stdout.write(USAGE);
    else if (command === '--version' || command === '-v') process.stdout.write(`${packageVersion()}\n`);
    else if (command === undefined) await exitWith(2, USAGE);
    else throw usageError('', command.startsWith('-') ? `unknown option ${command}` : `unknown command "${command}"`);
  } catch (err) {
    if (!(err instanceof CliError)) await exitWith(1, `linkdesk: ${err instanceof Error ? err.message : String(err)}\n`);
    const e = err as CliError;
    const hint = e.exitCode === 2 ? `Run '${['linkdesk', e.helpFor, '--help'].filter(Boolean).join(' ')}'.\n` : '';
    await exitWith(e.exitCode, `linkdesk${e.helpFor ? ` ${e.helpFor}` : ''}: ${e.message}\n${hint}`);
  }
}
