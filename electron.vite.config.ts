import { defineConfig } from 'electron-vite';
import { resolve } from 'node:path';
import { rendererConfig } from './vite.renderer.config.ts';

const root = import.meta.dirname;

export default defineConfig({
  // Main bundles our TypeScript (services and the embedded server) into
  // out/main/index.js; packages in `dependencies` stay external and load from
  // node_modules, which keeps the native ones (better-sqlite3, keytar) out of
  // the bundle.
  main: {
    build: {
      externalizeDeps: true,
      rolldownOptions: {
        input: {
          index: resolve(root, 'electron/main/index.ts'),
          // Started with new Worker() by the redirect server's click recorder.
          'click-writer-worker': resolve(root, 'electron/server/redirect/click-writer-worker.ts'),
          // Started by the PostgreSQL click recorder (pg-worker-recorder.ts); without it
          // the packaged app writes clicks on the request thread (dist:check found it missing).
          'pg-click-worker': resolve(root, 'electron/server/redirect/pg-click-worker.ts'),
        },
      },
    },
  },
  // A sandboxed preload cannot be an ES module: CommonJS, named .cjs because the package is "type": "module".
  preload: {
    build: {
      rolldownOptions: {
        input: { index: resolve(root, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: rendererConfig,
});
