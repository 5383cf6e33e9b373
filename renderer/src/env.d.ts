import type { LinkdeskBridge } from '../../shared/contract.ts';

declare global {
  interface Window {
    /** Set by preload; absent when the page is opened outside the app. */
    linkdesk?: LinkdeskBridge;
  }
}

