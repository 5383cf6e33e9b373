// Argument parsing shared by the commands: node:util's tokenizer, with our
// own checks so that every mistake names the flag and exits 2.
import { parseArgs } from 'node:util';

/** A failure reported in one line on stderr: exit 2 for usage mistakes (with a hint), 1 for the rest. */
export class CliError extends Error {
  exitCode: 1 | 2;
  /** The command whose --help the hint points to. */
  helpFor: string | undefined;
  constructor(message: string, exitCode: 1 | 2 = 1, helpFor?: string) {
    super(message);
    this.exitCode = exitCode;
    this.helpFor = helpFor;
  }
}

/** `command` is what follows `linkdesk` in the hint: 'serve', 'keys create'. */
export const usageError = (command: string, message: string) => new CliError(message, 2, command);

/** `multiple`: a string option that may be given more than once; its values are joined with commas. */
export type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>;
type Values<O extends OptionSpec> = { [K in keyof O]?: O[K]['type'] extends 'string' ? string : boolean };

export interface Parsed<O extends OptionSpec> { values: Values<O>; positionals: string[]; help: boolean }

const HELP = new Set(['--help', '-h']);

/**
 * Parses one command's arguments. `-h`/`--help` anywhere wins over any
 * mistake. A flag taking a value must have one (`--port --log` is a missing
 * value, not a port named "--log"; `--name=-x` passes a leading dash).
 */
export function parseCommand<O extends OptionSpec>(command: string, argv: string[], options: O, maxPositionals = 0): Parsed<O> {
  const { tokens } = parseArgs({
    args: argv, options: { ...options, help: { type: 'boolean', short: 'h' } }, strict: false, allowPositionals: true, tokens: true,
  });
  const values: Record<string, string | boolean> = {};
  const positionals: string[] = [];
  let mistake: string | undefined;
  const note = (m: string) => { mistake ??= m; };
  for (const t of tokens) {
    if (t.kind === 'positional') positionals.push(t.value);
    if (t.kind !== 'option') continue;
    if (t.name === 'help' || (t.inlineValue === false && HELP.has(t.value ?? ''))) return { values: {}, positionals: [], help: true };
    const spec = options[t.name];
    if (!spec) note(`unknown option ${t.rawName}`);
    else if (spec.type === 'boolean') {
      if (t.value !== undefined) note(`${t.rawName}: takes no value`);
      values[t.name] = true;
    } else if (t.value === undefined || (t.inlineValue === false && t.value.startsWith('-'))) {
      note(`${t.rawName}: needs a value`);
    } else {
      values[t.name] = spec.multiple && typeof values[t.name] === 'string' ? `${values[t.name] as string},${t.value}` : t.value;
    }
  }
  if (positionals.length > maxPositionals) note(`unexpected argument "${positionals[maxPositionals]}"`);
  if (mistake) throw usageError(command, mistake);
  return { values: values as Values<O>, positionals, help: false };
}

/** A whole number from a flag; anything else comes back NaN, for the range check to name the flag. */
export const wholeNumber = (v: string | undefined) => (v === undefined ? undefined : /^\d+$/.test(v) ? Number(v) : Number.NaN);
