// `npm run setup` on an older system Node: npm's EBADENGINE warnings (five
// lines a package, about 60 on Node 20) become one line; other warnings stay.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { withoutEngineWarnings } from '../../../scripts/setup-npm.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const engineWarning = (pkg: string) => [
  'npm warn EBADENGINE Unsupported engine {',
  `npm warn EBADENGINE   package: '${pkg}',`,
  "npm warn EBADENGINE   required: { node: '>=22.19' },",
  "npm warn EBADENGINE   current: { node: 'v20.20.2', npm: '11.19.1' }",
  'npm warn EBADENGINE }',
];

describe('setup: npm\'s warnings about an older Node', () => {
  it('become one line naming the Node and how many packages want a newer one; other warnings are kept', () => {
    const stderr = [...engineWarning('linkdesk@0.1.0'), 'npm warn deprecated glob@7.2.3: Glob versions prior to v9 are no longer supported', ...engineWarning('@electron/get@5.1.0'), ''].join('\n');
    const { stderr: kept, note } = withoutEngineWarnings(stderr, 'v20.20.2');
    expect(kept).toBe('npm warn deprecated glob@7.2.3: Glob versions prior to v9 are no longer supported\n');
    expect(note).toBe("setup: this is Node v20.20.2, older than 2 packages (Linkdesk among them) ask for; the next step installs the project's own Node 24, which runs them (npm's EBADENGINE warnings left out)");
    expect(withoutEngineWarnings('npm warn deprecated x\n').note).toBeNull();
  });

  // The system's own Node 20 and its npm, on a copy of the lock file (a dry run: nothing is installed).
  const system = '/usr/bin/node';
  const major = existsSync(system) ? Number(spawnSync(system, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).stdout) : 0;
  it.skipIf(!(major > 0 && major < 22))(`on the system's Node ${major}, npm ci says one line about it instead of the EBADENGINE warnings`, () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'linkdesk-setup-npm-'));
    try {
      for (const f of ['package.json', 'package-lock.json']) copyFileSync(path.join(root, f), path.join(dir, f));
      const script = `import(${JSON.stringify(pathToFileURL(path.join(root, 'scripts/setup-npm.mjs')).href)})`
        + `.then((m) => m.runNpm(['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: ${JSON.stringify(dir)} }))`;
      const r = spawnSync(system, ['-e', script], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, PATH: `${path.dirname(system)}:/bin` } });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/EBADENGINE/);
      const notes = r.stdout.split('\n').filter((l) => l.startsWith('setup: this is Node'));
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatch(/^setup: this is Node v\d+\.\d+\.\d+, older than \d+ packages \(Linkdesk among them\)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);
});
