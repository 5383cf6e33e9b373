// The import options a person chooses, checked the same way in the window's
// form and in the contract that carries them to main.
import { z } from 'zod';

export const IMPORT_PASSWORD_MAX = 128;
export const importPasswordSchema = z.string().max(IMPORT_PASSWORD_MAX, `The password may not be greater than ${IMPORT_PASSWORD_MAX} characters.`);

export const importOptionsSchema = z.object({
  instanceId: z.string().min(1, 'Choose the instance to import into.'),
  domain: z.string(),
  space: z.string(),
  onConflict: z.enum(['error', 'skip', 'rename', 'update']),
  password: importPasswordSchema,
});
export type ImportOptions = z.infer<typeof importOptionsSchema>;
