// `linkdesk serve` options from the environment, for systemd units, containers
// and env files: each option has a variable named after it (--base-url is
// LINKDESK_BASE_URL, --no-titles LINKDESK_NO_TITLES), and a flag on the
// command line beats its variable. Yes/no options take 1/0, true/false,
// yes/no or on/off; anything else is a usage mistake that names the variable.
import { usageError, type OptionSpec } from './args.ts';

export const envNameOf = (option: string) => `LINKDESK_${option.toUpperCase().replaceAll('-', '_')}`;

export const YES = new Set(['1', 'true', 'yes', 'on']);
export const NO = new Set(['0', 'false', 'no', 'off', '']);

export interface FromEnvironment<V> {
  values: V;
  /** The options whose value came from a variable: option name → variable name. */
  fromEnv: Map<string, string>;
}

/**
 * Fills the options the command line left out from their variables.
 * `skip` names options whose variable is read elsewhere with its own rules.
 */
export function withEnvironment<V extends Record<string, string | string[] | boolean | undefined>>(
  command: string, values: V, options: OptionSpec, env: NodeJS.ProcessEnv = process.env, skip: readonly string[] = [],
): FromEnvironment<V> {
  const out: Record<string, string | string[] | boolean | undefined> = { ...values };
  const fromEnv = new Map<string, string>();
  for (const [name, spec] of Object.entries(options)) {
    if (out[name] !== undefined || skip.includes(name)) continue;
    const variable = envNameOf(name);
    const raw = env[variable];
    if (raw === undefined) continue;
    if (spec.type === 'boolean') {
      const v = raw.trim().toLowerCase();
      if (YES.has(v)) out[name] = true;
      else if (!NO.has(v)) throw usageError(command, `${variable}="${raw}": must be 1 or 0 (true/false, yes/no, on/off)`);
      else continue;
    } else {
      if (raw === '') continue; // an empty line in an env file means "not set"
      out[name] = raw;
    }
    fromEnv.set(name, variable);
  }
  return { values: out as V, fromEnv };
}

/** A message that names a flag (`--port: must be 0-65535`) names its variable instead when the value came from there. */
export function nameTheSource(message: string, fromEnv: Map<string, string>): string {
  return message.replace(/^--([a-z-]+)/, (flag, name: string) => fromEnv.get(name) ?? flag);
}
