import type { LinkdeskBridge } from '../../shared/contract.ts';

declare global {
  interface ImportMeta {
    /** Vite: each matching module, loaded on demand (the app's catalogs). */
    glob<T = unknown>(pattern: string): Record<string, () => Promise<T>>;
  }
  interface Window {
    /** Set by preload; absent when the page is opened outside the app. */
    linkdesk?: LinkdeskBridge;
  }
}

