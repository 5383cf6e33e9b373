// CSV injection (OWASP): a spreadsheet runs a cell that starts with =, +, -,
// @, tab or carriage return as a formula, so a page title fetched from the web
// (`=HYPERLINK("http://evil.example/","Click")`) would become a live link in
// whoever opens an export. Every CSV Linkdesk writes prefixes such cells with
// an apostrophe, which spreadsheets show as text. A cell that already starts
// with an apostrophe gets one more, so reading back (unneutralizeCell) gives
// every value exactly as it was.
const RISKY = /^[=+\-@\t\r']/;

export const neutralizeCell = (value: string): string => (RISKY.test(value) ? `'${value}` : value);

/** The inverse of neutralizeCell, for Linkdesk's own CSV read back. */
export const unneutralizeCell = (cell: string): string => (cell.length > 1 && cell[0] === "'" && RISKY.test(cell.slice(1)) ? cell.slice(1) : cell);

/** Rows with every cell neutralized, for csv-stringify. */
export const neutralizeRows = (rows: readonly (readonly (string | number)[])[]): string[][] =>
  rows.map((r) => r.map((c) => neutralizeCell(String(c))));
