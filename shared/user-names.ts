// What makes a user's name acceptable and when two names are the same one:
// the API's schemas, the repository and the CLI share these words.

/** Invisible characters that change how a name reads: C0/C1 controls and the bidirectional marks, embeddings, overrides and isolates. */
const HIDDEN_IN_NAMES = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

export const hiddenInNameMessage = (field = 'name') =>
  `The ${field} may not contain control characters or text-direction controls (U+202A-U+202E, U+2066-U+2069).`;

/** Whether a name shows as what it is (no `admin\u202Etoor` that reads as something else). */
export const nameIsVisible = (name: string) => !HIDDEN_IN_NAMES.test(name);

/** How user names are compared: `ROOT`, `root` and a full-width `ｒｏｏｔ` are one name. */
export const nameKey = (name: string) => name.normalize('NFKC').toLowerCase();

/** The refusal of a name another user has, whatever its case. */
export const nameTakenMessage = (name: string, same: { id: number; name: string }) =>
  `A user named ${same.name} exists already (user ${same.id})${same.name === name ? '' : `; ${name} differs only in case, and names are unique whatever their case`}.`;
