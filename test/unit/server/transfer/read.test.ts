import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { blankLink } from '../../../../electron/server/transfer/portable.ts';
import { openImport, TransferError, type ImportSource } from '../../../../electron/server/transfer/read.ts';
import type { ImportRow, PortableLink } from '../../../../electron/server/transfer/types.ts';

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../../../fixtures/import', name));
const tmp = mkdtempSync(path.join(tmpdir(), 'linkdesk-read-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function rowsOf(source: ImportSource): Promise<ImportRow[]> {
  const out: ImportRow[] = [];
  for await (const r of source.rows()) out.push(r);
  return out;
}
const links = async (source: ImportSource) => (await rowsOf(source)).map((r) => ('link' in r ? r.link : r.rejection));
const link = (url: string, fields: Partial<PortableLink>): PortableLink => ({ ...blankLink(url), ...fields });

describe('foreign formats', () => {
  it('YOURLS CSV and JSON', async () => {
    const csv = openImport(fixture('yourls.csv'));
    expect([csv.format, csv.detected, csv.delimiter]).toEqual(['yourls', true, ',']);
    expect(csv.mapping).toEqual([
      { column: 'keyword', field: 'alias' }, { column: 'url', field: 'url' }, { column: 'title', field: 'title' },
      { column: 'timestamp', field: 'created_at' }, { column: 'ip', field: null }, { column: 'clicks', field: null },
    ]);
    expect(await links(csv)).toEqual([
      link('https://github.com/YOURLS/YOURLS', { alias: 'gh', title: 'YOURLS: Your Own URL Shortener', created_at: '2021-03-04T05:06:07.000Z' }),
      link('https://yourls.org/docs', { alias: 'docs', title: 'Docs', created_at: '2022-01-02T00:00:00.000Z' }),
    ]);
    const json = openImport(fixture('yourls.json'));
    expect(json.format).toBe('yourls');
    expect(await links(json)).toEqual([link('https://github.com/YOURLS/YOURLS', { alias: 'gh', title: 'YOURLS', created_at: '2021-03-04T05:06:07.000Z' })]);
  });

  it("Shlink's import CSV (semicolons) and its API's JSON", async () => {
    const csv = openImport(fixture('shlink-import.csv'));
    expect([csv.format, csv.delimiter]).toEqual(['shlink', ';']);
    expect(csv.mapping.find((m) => m.column === 'Tags')).toEqual({ column: 'Tags', field: null });
    expect(await links(csv)).toEqual([
      link('https://shlink.io/documentation/', { alias: 'docs', domain: 's.test', title: 'Shlink docs' }),
      link('https://example.com/landing', { alias: 'landing', title: 'Landing' }),
    ]);
    const json = openImport(fixture('shlink.json'));
    expect(json.format).toBe('shlink');
    expect(json.mapping).toContainEqual({ column: 'meta.maxVisits', field: 'expiration_clicks' });
    expect(json.mapping).toContainEqual({ column: 'crawlable', field: null });
    expect(await links(json)).toEqual([link('https://store.example.com/black-friday', {
      alias: '12C18', title: 'Black Friday', created_at: '2023-11-01T10:00:00.000Z',
      expiration_date: '2030-01-01', expiration_time: '12:30', expiration_clicks: 500,
    })]);
  });

  it('Kutt JSON: password becomes a flag, kutt.it the default domain', async () => {
    const json = openImport(fixture('kutt.json'));
    expect(json.format).toBe('kutt');
    expect(json.mapping).toContainEqual({ column: 'visit_count', field: null });
    expect(await links(json)).toEqual([
      link('https://shop.example.com/spring', {
        alias: 'promo', domain: 'go.example.com', title: 'Spring promo', password_protected: true,
        created_at: '2024-05-01T08:00:00.000Z', expiration_date: '2031-06-01', expiration_time: '00:00',
      }),
      link('https://example.org/', { alias: 'k2', created_at: '2024-05-02T08:00:00.000Z' }),
    ]);
  });

  it('Bitly JSON and CSV: the custom back-half wins, archived links arrive disabled', async () => {
    for (const name of ['bitly.json', 'bitly.csv']) {
      const source = openImport(fixture(name));
      expect(source.format).toBe('bitly');
      const [first, second] = (await links(source)) as PortableLink[];
      expect(first).toMatchObject({ alias: 'spring-sale', domain: 'brand.example', title: 'Spring sale', disabled: false });
      expect(first!.url).toMatch(/^https:\/\/www\.example\.com\/sale/);
      expect(second).toMatchObject({ url: 'https://www.example.com/old', alias: '4qRsTuV', domain: null });
    }
    expect(((await links(openImport(fixture('bitly.json'))))[1] as PortableLink).disabled).toBe(true);
  });

  it('a format asked for that the columns do not fit names the columns found', () => {
    expect(() => openImport(fixture('yourls.csv'), { format: 'kutt' })).toThrow(/"target" column.*Columns found: "keyword", "url"/);
  });
});

describe('real exports, recognised by their own headers', () => {
  it("Bitly's web export (Link, Custom Link, Destination URL): custom link, domain, title and date kept", async () => {
    const source = openImport(fixture('bitly-web.csv'));
    expect([source.format, source.detected]).toEqual(['bitly', true]);
    expect(source.mapping).toEqual([
      { column: 'Title', field: 'title' }, { column: 'Link', field: 'alias' }, { column: 'Custom Link', field: 'alias' },
      { column: 'Destination URL', field: 'url' }, { column: 'Date Created', field: 'created_at' }, { column: 'Tags', field: null },
      { column: 'Engagements', field: null },
    ].map((m) => (m.column === 'Link' ? { ...m, field: 'alias' as const } : m)));
    expect(await links(source)).toEqual([
      link('https://www.example.com/sale?utm_source=bitly', { alias: 'spring-sale', domain: 'brand.example', title: 'Spring sale', created_at: '2022-08-09T10:11:12.000Z' }),
      link('https://www.example.com/old', { alias: '4qRsTuV', created_at: '2022-08-10T00:00:00.000Z' }),
    ]);
  });

  it("Bitly's API JSON (long_url, link) still reads", async () => {
    const source = openImport(fixture('bitly.json'));
    expect(source.format).toBe('bitly');
    expect(source.mapping).toContainEqual({ column: 'long_url', field: 'url' });
  });

  it("Dub's export (Short link, Destination URL, Clicks, Created at, Link ID, Archived)", async () => {
    const source = openImport(fixture('dub.csv'));
    expect([source.format, source.detected]).toEqual(['dub', true]);
    expect(source.mapping.filter((m) => m.field !== null)).toEqual([
      { column: 'Short link', field: 'alias' }, { column: 'Destination URL', field: 'url' }, { column: 'Created at', field: 'created_at' },
      { column: 'Archived', field: 'disabled' },
    ]);
    expect(await links(source)).toEqual([
      link('https://example.org/launch-week', { alias: 'launch', domain: 'go.example.org', created_at: '2024-03-05T09:10:11.000Z' }),
      // dub.sh is Dub's own domain: the link goes to the default one here.
      link('https://example.org/old-page', { alias: 'x7Yz', disabled: true, created_at: '2023-12-01T00:00:00.000Z' }),
    ]);
  });

  it("the YOURLS Import/Export plugin's source,target,hits with /alias/ and CRLF", async () => {
    const bytes = fixture('yourls-plugin.csv');
    expect(bytes.includes('\r\n')).toBe(true);
    const source = openImport(bytes);
    expect([source.format, source.delimiter]).toEqual(['yourls', ',']);
    expect(source.mapping).toEqual([{ column: 'source', field: 'alias' }, { column: 'target', field: 'url' }, { column: 'hits', field: null }]);
    expect(await links(source)).toEqual([link('https://github.com/YOURLS/YOURLS', { alias: 'gh' }), link('https://yourls.org/docs', { alias: 'docs' })]);
  });

  it("Shlink's web client export (createdAt,domain,shortCode,shortUrl,longUrl,title,tags,visits): titles kept", async () => {
    const source = openImport(fixture('shlink-web.csv'));
    expect(source.format).toBe('shlink');
    expect(source.mapping.find((m) => m.column === 'title')).toEqual({ column: 'title', field: 'title' });
    expect(await links(source)).toEqual([
      link('https://store.example.com/black-friday', { alias: '12C18', domain: 's.test', title: 'Black Friday deals', created_at: '2023-11-01T10:00:00.000Z' }),
      link('https://shlink.io/documentation/', { alias: 'docs', domain: 's.test', created_at: '2023-11-02T08:30:00.000Z' }),
    ]);
  });

  it("Short.io's TSV as pyshortio writes it (id, short_url, original_url, title, path, …)", async () => {
    const source = openImport(fixture('shortio.tsv'));
    expect([source.format, source.delimiter]).toEqual(['shortio', '\t']);
    expect(source.mapping.slice(0, 5)).toEqual([
      { column: 'id', field: null }, { column: 'short_url', field: 'domain' }, { column: 'original_url', field: 'url' },
      { column: 'title', field: 'title' }, { column: 'path', field: 'alias' },
    ]);
    expect(await links(source)).toEqual([
      link('https://www.python.org/', { alias: 'python-org', domain: 'links.example.net', title: 'Python Org' }),
      link('https://example.net/offer', {
        alias: 'limited', domain: 'links.example.net', title: 'Limited offer', disabled: true, password_protected: true,
        expiration_clicks: 100, expiration_url: 'https://example.net/over', expiration_date: '2031-01-01', expiration_time: '00:00',
      }),
    ]);
  });
});

describe('columns mapped by the person importing', () => {
  it('maps any CSV: the chosen columns fill the chosen fields, the rest are not read', async () => {
    const mapping = [
      { column: 'Page', field: 'url' as const }, { column: 'Short name', field: 'alias' as const },
      { column: 'Label', field: 'title' as const }, { column: 'Owner', field: null },
    ];
    const source = openImport(fixture('any-columns.csv'), { mapping });
    expect([source.missing, source.mapping]).toEqual([null, mapping]);
    expect(source.detectedMapping.find((m) => m.column === 'Label')).toEqual({ column: 'Label', field: 'title' });
    const rows = await links(source);
    expect(rows.slice(0, 2)).toEqual([
      link('https://example.com/pricing', { alias: 'pricing', title: 'Pricing page' }),
      link('https://example.com/team', { alias: 'team', title: 'Our team' }),
    ]);
    // Not a URL: the row is read, and the server refuses it (the importer reports why).
    expect(rows[2]).toMatchObject({ url: 'not a web address', alias: 'broken' });
  });

  it("changes a recognised format's mapping: a column skipped is not read, a column moved fills its new field", async () => {
    const detected = openImport(fixture('shlink-web.csv')).mapping;
    const mapping = detected.map((m) => (m.column === 'title' ? { ...m, field: null } : m.column === 'tags' ? { ...m, field: 'title' as const } : m));
    const source = openImport(fixture('shlink-web.csv'), { mapping });
    const [first] = (await links(source)) as PortableLink[];
    expect(first).toEqual(link('https://store.example.com/black-friday', { alias: '12C18', domain: 's.test', title: 'sales|promo', created_at: '2023-11-01T10:00:00.000Z' }));
  });

  it('--map FIELD=COLUMN overrides: the column takes the field from the one the format chose; FIELD= leaves it empty', async () => {
    const source = openImport(fixture('bitly-web.csv'), { overrides: [{ field: 'alias', column: 'Tags' }, { field: 'title', column: null }] });
    expect(source.mapping.filter((m) => m.field === 'alias')).toEqual([{ column: 'Tags', field: 'alias' }]);
    const [first] = (await links(source)) as PortableLink[];
    expect(first).toMatchObject({ alias: 'sale', title: null, domain: null });
    expect(() => openImport(fixture('bitly-web.csv'), { overrides: [{ field: 'url', column: 'Nope' }] })).toThrow(/no column "Nope"/);
  });

  it('refuses a mapping that fills one field from two columns, or none with URLs', () => {
    const mapping = [{ column: 'Page', field: 'url' as const }, { column: 'Short name', field: 'url' as const }];
    expect(() => openImport(fixture('any-columns.csv'), { mapping })).toThrow(/Two columns fill url: "Page" and "Short name"/);
    expect(() => openImport(fixture('dub.csv'), { mapping: [{ column: 'Destination URL', field: null }] })).toThrow(/destination URLs/);
  });
});

describe('malformed files', () => {
  it('decodes windows-1252 and UTF-16 with a BOM', async () => {
    const latin = openImport(fixture('windows-1252.csv'));
    expect(latin.encoding).toBe('windows-1252');
    expect(await links(latin)).toEqual([link('https://café.example/menu', { alias: 'menu', title: 'Café crème brûlée € naïve façade déjà vu' })]);
    const wide = openImport(fixture('utf16.csv'));
    expect(wide.encoding).toBe('utf-16le');
    expect(await links(wide)).toEqual([link('https://example.com/ü', { alias: 'umlaut' })]);
  });

  it('refuses a binary file', () => {
    expect(() => openImport(fixture('binary.bin'))).toThrow(new TransferError('This is a binary file, not a CSV or JSON file of links.'));
  });

  it('names the columns it found when none holds URLs, unless asked to open it for mapping', async () => {
    expect(() => openImport(fixture('any-columns.csv'))).toThrow(/destination URLs.*Columns found: "Page", "Short name", "Label", "Owner"/);
    const open = openImport(fixture('any-columns.csv'), { allowUnmapped: true });
    expect(open.format).toBe('csv');
    expect(open.missing).toMatch(/destination URLs/);
    expect(await open.count()).toBe(3);
    await expect(rowsOf(open)).rejects.toThrow(TransferError);
  });

  it('guesses the columns of a CSV no format claims', async () => {
    const source = openImport(fixture('no-url-column.csv'));
    expect([source.format, source.detected]).toEqual(['csv', true]);
    expect(source.mapping).toEqual([{ column: 'Destination', field: 'url' }, { column: 'Code', field: 'alias' }, { column: 'Notes', field: null }]);
    expect(await links(source)).toEqual([link('https://a.example/', { alias: 'a' })]);
  });

  it('rejects rows with broken quoting by number and reads the others', async () => {
    const source = openImport(fixture('broken-quoting.csv'));
    expect(await source.count()).toBe(5);
    const rows = await rowsOf(source);
    expect(rows.map((r) => ('link' in r ? r.link.alias : `rejected ${r.rejection.row}`))).toEqual(['one', 'rejected 2', 'three', 'rejected 4', 'five']);
    expect(rows[1]).toMatchObject({ rejection: { field: 'row', reason: expect.stringMatching(/^Row 2 \(line 3\) could not be read/) } });
  });

  it('stops at a 50 MB line with a clear error, in bounded memory', async () => {
    const file = path.join(tmp, 'long-line.csv');
    const fd = openSync(file, 'w');
    writeSync(fd, 'url,alias\nhttps://a.example/,a\nhttps://b.example/');
    const block = Buffer.alloc(1 << 20, 'x');
    for (let i = 0; i < 50; i++) writeSync(fd, block);
    writeSync(fd, ',b\nhttps://c.example/,c\n');
    closeSync(fd);
    const bytes = readFileSync(file);
    const before = process.memoryUsage().rss;
    const source = openImport(bytes);
    await expect(source.count()).rejects.toThrow(new TransferError('Row 2 (line 3) is longer than 1 MB: this does not look like a CSV file of links.'));
    const seen: ImportRow[] = [];
    await expect((async () => { for await (const r of source.rows()) seen.push(r); })()).rejects.toThrow(/longer than 1 MB/);
    expect(seen).toHaveLength(1);
    // The file is 50 MB; reading it must not hold several copies of the line.
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
  });

  it('counts and streams 1,000,000 rows', async () => {
    const file = path.join(tmp, 'million.csv');
    const fd = openSync(file, 'w');
    writeSync(fd, 'url,alias\n');
    for (let i = 0; i < 1000; i++) {
      let chunk = '';
      for (let j = 0; j < 1000; j++) chunk += `https://example.com/${i}/${j},a${i}_${j}\n`;
      writeSync(fd, chunk);
    }
    closeSync(fd);
    const source = openImport(readFileSync(file));
    expect(await source.count()).toBe(1_000_000);
    let n = 0;
    let last: ImportRow | undefined;
    for await (const r of source.rows()) {
      n++;
      last = r;
    }
    expect(n).toBe(1_000_000);
    expect(last).toMatchObject({ row: 1_000_000, link: { alias: 'a999_999' } });
  });
});

describe('Linkdesk files', () => {
  it('reads back what it writes, CSV and JSON', async () => {
    const { exportText } = await import('../../../../electron/server/transfer/write.ts');
    const full = link('https://example.com/full', {
      alias: 'full', domain: 'sho.rt', space: 'Team', space_color: '#ff0000', pixels: [{ name: 'GA', type: 'google-analytics', pixel_id: 'G-1' }],
      disabled: true, privacy: 2, password_protected: true, privacy_password_protected: true, expiration_url: 'https://example.com/gone',
      expiration_date: '2030-01-02', expiration_time: '03:04', expiration_clicks: 9, target_type: 1,
      country: [{ key: 'US', value: 'https://us.example.com/"quoted",comma' }], platform: [{ key: 'iOS', value: 'https://ios.example.com' }],
      language: [{ key: 'fr', value: 'https://fr.example.com' }], rotation: [{ value: 'https://r.example.com' }],
      preview_title: 'T, with comma', preview_description: 'Line\nbreak', preview_image: 'https://img.example.com/a.png', title: 'Title', created_at: '2024-01-01T00:00:00Z',
    });
    const plain = link('https://example.com/plain', {});
    for (const format of ['csv', 'json'] as const) {
      const source = openImport(Buffer.from(await exportText([full, plain], format)));
      expect(source.format).toBe('linkdesk');
      expect(await links(source)).toEqual([full, plain]);
    }
  });

  it('rejects a row whose cell is not what its column holds', async () => {
    const source = openImport(Buffer.from('url,alias,disabled,country\nhttps://a.example/,a,maybe,[]\nhttps://b.example/,b,false,[nope\n'));
    expect(await links(source)).toEqual([
      { row: 1, field: 'disabled', reason: 'The disabled cell must be true or false, not "maybe".' },
      { row: 2, field: 'country', reason: expect.stringContaining('not a JSON list') },
    ]);
  });
});

