// `npm start`: build and open the desktop app. Where Electron's binary is
// missing it is fetched first (once); if that fails too, say why and what to
// do, instead of electron-vite's bare "Error: Electron uninstall".
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { electronBinary } from './electron-binary.mjs';
import { FETCH_COMMAND, fetchElectron } from './fetch-electron.mjs';

const root = path.resolve(import.meta.dirname, '..');
if ('reason' in electronBinary()) {
  console.error('Linkdesk: Electron is not installed yet; fetching it once…');
  const fetched = fetchElectron();
  if (!fetched.ok) {
    console.error([
      'Linkdesk cannot open its desktop window: Electron is missing.',
      `  Fetching it failed: ${fetched.reason}.`,
      '  Set ELECTRON_MIRROR to a mirror you can reach (HTTPS_PROXY if you are behind a proxy),',
      `  then run ${FETCH_COMMAND} and npm start again.`,
      'Everything else works without it:',
      '  npm run serve    the Linkdesk server (API and redirects) on http://127.0.0.1:8080',
      '  npm test         the tests, including the screens in Chromium',
    ].join('\n'));
    process.exit(1);
  }
  console.error(`Linkdesk: Electron fetched (${fetched.path}).`);
}
const bin = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'electron-vite.cmd' : 'electron-vite');
const run = spawnSync(bin, ['preview', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
process.exit(run.status ?? 1);
