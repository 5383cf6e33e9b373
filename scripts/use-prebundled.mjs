// Preloaded (node --import) by the Vitest workers: kysely and zod from their bundles, as bin/linkdesk.mjs loads them (see prebundle.mjs).
import { usePrebundled } from './prebundle.mjs';

usePrebundled();
