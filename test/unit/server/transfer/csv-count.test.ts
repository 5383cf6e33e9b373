// The importer's quick count (csv-count.ts) must be csv-parse's count (csvRecords, which reads the
// rows) for every file it answers, and leave to csv-parse every file it cannot be sure of.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quickCsvCount } from '../../../../electron/server/transfer/csv-count.ts';
import { csvRecords } from '../../../../electron/server/transfer/csv.ts';
import { TransferError } from '../../../../electron/server/transfer/errors.ts';

/** What the count did before: every record and every skipped one from csv-parse, or its fatal error. */
async function parsedCount(text: string, delimiter: string): Promise<number | 'fatal'> {
  let n = 0;
  try {
    for await (const _ of csvRecords([text], delimiter, 0)) n++;
  } catch (err) {
    if (err instanceof TransferError) return 'fatal';
    throw err;
  }
  return n;
}
/** The text cut into chunks at `cuts` (a quote pair or a \r\n may straddle two). */
const chunked = (text: string, cuts: number[]) => {
  const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  return [0, ...at].map((a, i) => text.slice(a, at[i] ?? text.length));
};

describe('quick CSV count', () => {
  it('counts what csv-parse counts, for any text of quotes, delimiters, line ends and letters, in any chunks', async () => {
    const piece = fc.constantFrom('a', 'é', ' ', ',', ';', '\t', '"', '""', '\n', '\r\n', '\r', 'https://x.example/?a=1', '[{""key"":""FR""}]');
    let answered = 0;
    await fc.assert(fc.asyncProperty(fc.array(piece, { maxLength: 40 }), fc.constantFrom(',', ';', '\t'), fc.array(fc.nat(), { maxLength: 3 }),
      async (pieces, delimiter, cuts) => {
        const text = pieces.join('');
        const quick = quickCsvCount(chunked(text, cuts), delimiter);
        if (quick === undefined) return;
        answered++;
        expect(quick).toBe(await parsedCount(text, delimiter));
      }), { numRuns: 3000 });
    expect(answered).toBeGreaterThan(300); // the property says something: most texts without stray quotes are answered
  });

  it("counts a Linkdesk export's rows, quoted JSON cells and CRLF line ends included", async () => {
    const rows = ['url,alias,country', 'https://a.example/1,a1,"[{""key"":""FR"",""value"":""https://fr.example/""}]"', '', 'https://a.example/2,a2,', '"https://a.example/3",a3,""'];
    for (const eol of ['\n', '\r\n']) {
      for (const end of ['', eol]) {
        const text = rows.join(eol) + end;
        expect(quickCsvCount([text], ',')).toBe(4);
        expect(await parsedCount(text, ',')).toBe(4);
      }
    }
  });

  it('leaves to csv-parse a quote left open, text after a closing quote, a stray quote, a lone \\r and mixed line ends', () => {
    for (const text of ['a,"b\nc,d\n', 'a,"b"x,c\n', 'a,b"c\n', 'a,b\rc,d\r', 'a,b\r\nc,d\ne,f\n', 'a,"multi\nline",b\nc\n']) {
      expect(quickCsvCount([text], ','), JSON.stringify(text)).toBeUndefined();
    }
  });
});
