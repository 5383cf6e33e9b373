// Shapes the screens hand to the api module; kept apart from api.ts so pure
// modules (and their Node unit tests) can use them without the DOM.

/** List query as the API takes it; undefined entries are left out. */
export type ListQuery = Record<string, string | number | undefined>;
/** A create or update body: JSON, with null to clear a field. */
export type Body = Record<string, unknown>;
