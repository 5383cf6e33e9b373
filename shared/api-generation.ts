// Which phpShort generation a Linkdesk server reads a link request that says
// neither in (`--api-generation`), and the local server's settings that hold
// it. Shared by the server, the desktop's supervisor and its screens.
import { z } from 'zod';

/** seed: `password` is the redirect password (phpShort before v46); current: it is the statistics password. */
export const API_GENERATIONS = ['seed', 'current'] as const;
export type ApiGeneration = (typeof API_GENERATIONS)[number];
export const apiGenerationSchema = z.enum(API_GENERATIONS);

/** What `password` means under each generation, in a few words. */
export const PASSWORD_MEANS: Record<ApiGeneration, string> = {
  seed: 'password = link password',
  current: 'password = statistics password',
};

/** `server.restart`'s arguments: each given setting is remembered for later starts. */
export const serverRestartArgs = z.object({
  /** null: the default port, 8080. */
  port: z.number().int().min(1).max(65535).nullable().optional(),
  apiGeneration: apiGenerationSchema.optional(),
}).strict().optional();

/** The local server's remembered settings (`server.settings`). */
export interface LocalServerSettingsView {
  /** null: the default, 8080. */
  port: number | null;
  apiGeneration: ApiGeneration;
  /** The city database file the local server reads cities from (Settings); null: none. */
  cityDatabase: string | null;
}
