// `npm start`: build and open the desktop app, or, where Electron's binary is
// missing, say so and what to do, instead of electron-vite's bare
// "Error: Electron uninstall".
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { electronBinary } from './electron-binary.mjs';

const root = path.resolve(import.meta.dirname, '..');
const binary = electronBinary();
if ('reason' in binary) {
  console.error([
    'Linkdesk cannot open its desktop window: Electron is missing.',
    `  ${binary.reason}.`,
    '  Electron downloads its binary from GitHub during `npm run setup`; run it again where GitHub is reachable',
    '  (or set ELECTRON_MIRROR to a mirror you can reach, then `npm run setup`).',
    'Everything else works without it:',
    '  npm run serve    the Linkdesk server (API and redirects) on http://127.0.0.1:8080',
    '  npm test         the tests, including the screens in Chromium',
  ].join('\n'));
  process.exit(1);
}
const bin = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'electron-vite.cmd' : 'electron-vite');
const run = spawnSync(bin, ['preview', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
process.exit(run.status ?? 1);
