// How `npm run setup` runs npm: its output as it comes, except the EBADENGINE
// warnings an older system Node draws (five lines for every package that asks
// for a newer Node: about 60 on Node 20), which say nothing setup does not
// already take care of: it installs the project's own Node 24 next. They
// become one line; every other warning is kept.
import { spawnSync } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const ENGINE_LINE = /^npm warn EBADENGINE\b/i;

/** `stderr` without npm's EBADENGINE lines, and the one line that stands for them (null: there were none). */
export function withoutEngineWarnings(stderr, nodeVersion = process.version) {
  const lines = stderr.split('\n');
  const packages = lines.filter((l) => ENGINE_LINE.test(l) && /Unsupported engine/i.test(l)).length;
  const kept = lines.filter((l) => !ENGINE_LINE.test(l)).join('\n');
  const note = packages === 0 ? null
    : `setup: this is Node ${nodeVersion}, older than ${packages} package${packages === 1 ? '' : 's'} (Linkdesk among them) ask for; `
      + 'the next step installs the project\'s own Node 24, which runs them (npm\'s EBADENGINE warnings left out)';
  return { stderr: kept, note };
}

/** Runs `npm args` in `cwd`; exits setup (1) when it fails, unless allowFail. Answers whether it succeeded. */
export function runNpm(args, { cwd, env = process.env, allowFail = false, timeout } = {}) {
  console.log(`\n> npm ${args.join(' ')}`);
  const r = spawnSync(npm, args, { cwd, stdio: ['inherit', 'inherit', 'pipe'], encoding: 'utf8', env, timeout, shell: process.platform === 'win32', maxBuffer: 64 << 20 });
  const { stderr, note } = withoutEngineWarnings(r.stderr ?? '');
  if (stderr.trim()) process.stderr.write(stderr.endsWith('\n') ? stderr : `${stderr}\n`);
  if (note) console.log(note);
  if (r.status !== 0 && !allowFail) {
    console.error(`setup: "npm ${args.join(' ')}" failed (exit ${r.status ?? r.signal})`);
    process.exit(1);
  }
  return r.status === 0;
}
