// The renderer's build options, one source for both builds: electron-vite uses
// `rendererConfig` for the app, and `vite build --config vite.renderer.config.ts`
// builds the renderer alone (the e2e tests serve that output) while main and
// preload are being worked on. The CSP is the main process's
// (electron/services/web-security.ts): the page has no inline script to allow.
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig, type UserConfig } from 'vite';

const root = resolve(import.meta.dirname, 'renderer');

export const rendererConfig = {
  root,
  base: './',
  plugins: [react()],
  build: {
    outDir: resolve(import.meta.dirname, 'out/renderer'),
    emptyOutDir: true,
    minify: true,
    reportCompressedSize: true,
    // scripts/renderer-size.mjs reads it to tell the first screen's chunks from lazy ones.
    manifest: true,
    chunkSizeWarningLimit: 900,
    rollupOptions: { input: { index: resolve(root, 'index.html') } },
  },
} satisfies UserConfig;

// Standalone, the target is the Chromium of Electron 45 and of the e2e tests.
export default defineConfig({ ...rendererConfig, build: { ...rendererConfig.build, target: 'chrome130' } });
