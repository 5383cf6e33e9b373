// How an id is written where a person or a script types it (a URL path, a command-line argument).
// Kept free of zod so the command line can check an id without loading the schemas.

/** Digits without a leading zero, sign or space: `01`, `+1`, ` 1`, `1.0` and `1e0` are not id 1. */
export const CANONICAL_ID = /^[1-9]\d{0,15}$/;

/** `v` spells an id exactly as the server writes it. */
export const isCanonicalId = (v: string) => CANONICAL_ID.test(v) && Number.isSafeInteger(Number(v));
