// CSV injection (OWASP): every CSV Linkdesk writes (link exports, import
// reports, bulk and copy reports, the audit log) starts formula-like cells with
// an apostrophe, so a spreadsheet shows them as text; and the import reads its
// own export back to the very same values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { neutralizeCell, unneutralizeCell } from '../../../shared/csv-safe.ts';
import { createLinksRepository } from '../../../electron/server/db/repositories/links-repository.ts';
import { csvRecords } from '../../../electron/server/transfer/csv.ts';
import { openImport } from '../../../electron/server/transfer/read.ts';
import { reportCsv } from '../../../electron/server/transfer/report.ts';
import { exportText } from '../../../electron/server/transfer/write.ts';
import { fromApiLink } from '../../../electron/server/transfer/portable.ts';
import { setReport } from '../../../electron/services/transfer/selection-report.ts';
import type { JobControl } from '../../../electron/services/jobs.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

const FORMULA = '=HYPERLINK("http://evil.example/","Click")';
// A leading apostrophe is doubled too, so that reading back can tell the two apart.
const RISKY = [FORMULA, '+1+1', '-2+3', '@SUM(A1:A9)', '\tTAB', '\rCR', "'=already quoted", "'", "'plain"];
/** A cell a spreadsheet would run: the first character of a formula (an apostrophe makes it text). */
const live = (cell: string) => /^[=+\-@\t\r]/.test(cell);

async function cellsOf(csv: string): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const item of csvRecords([csv], ',', 0)) if ('cells' in item) rows.push(item.cells);
  return rows;
}

describe('a cell starting like a formula', () => {
  it.each(RISKY)('%j is written as text and read back as it was', (value) => {
    expect(live(neutralizeCell(value))).toBe(false);
    expect(unneutralizeCell(neutralizeCell(value))).toBe(value);
  });
  it('leaves ordinary values alone', () => {
    for (const v of ['https://example.com/a', 'Plain title', '', "It's", 'a=b', '[{"key":"US"}]']) {
      expect(neutralizeCell(v)).toBe(v);
      expect(unneutralizeCell(v)).toBe(v);
    }
  });
});

describe('exports and imports', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startServer(); });
  afterAll(() => s.close());

  it('exports a fetched title =HYPERLINK(...) as text, and the import gives every field back unchanged', async () => {
    const made = await s.api('POST', '/links', { json: { url: 'https://example.com/page', alias: '-dash', preview_title: '@preview', preview_description: '+desc' } });
    expect(made.status, made.text).toBe(201);
    // The title as the fetcher would store it from the destination's <title>.
    await createLinksRepository(s.store.db, s.store.engine).setTitle(made.body.data.id, 'https://example.com/page', FORMULA);
    const link = (await s.api('GET', `/links/${made.body.data.id}`)).body.data;
    expect(link.title).toBe(FORMULA);
    const portable = fromApiLink(link);
    const csv = await exportText([portable], 'csv');
    const [header, row] = await cellsOf(csv);
    const cell = (name: string) => row![header!.indexOf(name)]!;
    expect(cell('title')).toBe(`'${FORMULA}`);
    expect(cell('alias')).toBe("'-dash");
    expect(cell('preview_title')).toBe("'@preview");
    expect(row!.some(live)).toBe(false);
    const read = openImport(Buffer.from(csv));
    expect(read.format).toBe('linkdesk');
    const back: unknown[] = [];
    for await (const r of read.rows()) back.push('link' in r ? r.link : r);
    expect(back).toEqual([portable]);
  });

  it('import reports and selection reports are neutralized too', async () => {
    const report = await cellsOf(reportCsv([{ row: 3, field: 'url', reason: '=cmd|" /C calc"!A0' }]));
    expect(report[1]).toEqual(['3', 'url', `'=cmd|" /C calc"!A0`]);
    let content = '';
    const ctl = { setFile: (f: { content: string }) => { content = f.content; } } as unknown as JobControl;
    setReport(ctl, 'r.csv', ['alias', 'field', 'reason'], [['@evil', 'title', '-1+2']]);
    expect((await cellsOf(content))[1]).toEqual(["'@evil", 'title', "'-1+2"]);
  });

  it('the audit log CSV neutralizes what a user typed (a user name)', async () => {
    const u = await s.api('POST', '/users', { json: { name: '=1+1' } });
    await s.api('POST', '/keys', { json: { user_id: u.body.data.id } });
    const other = await s.newUserKey('+evil');
    await s.api('POST', '/links', { key: other, json: { url: 'https://example.com/x' } });
    const csv = await s.api('GET', '/audit/export');
    const rows = await cellsOf(csv.text);
    expect(rows.length).toBeGreaterThan(2);
    for (const r of rows) expect(r.some(live), r.join(',')).toBe(false);
    expect(rows.some((r) => r.includes("'+evil"))).toBe(true);
  });
});
