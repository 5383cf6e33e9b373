// Titles are decoded in the page's own character set (a byte order mark, else
// Content-Type, else a <meta>; UTF-8 when none is known), and a character
// split across two chunks comes out whole.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTitleFetcher } from '../../../electron/server/title-fetcher.ts';

let site: http.Server;
let base: string;
const fetcher = createTitleFetcher({ allowPrivate: true, timeoutMs: 2000 });

beforeAll(async () => {
  site = http.createServer((req, res) => {
    if (req.url === '/cp1252') {
      res.setHeader('content-type', 'text/html; charset=windows-1252');
      return void res.end(Buffer.from([...Buffer.from('<title>Caf'), 0xe9, ...Buffer.from(' '), 0x80, ...Buffer.from(' 5</title>')]));
    }
    if (req.url === '/latin1-meta') {
      res.setHeader('content-type', 'text/html');
      return void res.end(Buffer.concat([Buffer.from('<html><head><meta charset="iso-8859-1"><title>Gr'), Buffer.from([0xfc, 0xdf]), Buffer.from('e</title>')]));
    }
    if (req.url === '/sjis') {
      res.setHeader('content-type', 'text/html');
      const title = Buffer.from([0x93, 0xfa, 0x96, 0x7b]); // 日本 in Shift_JIS
      return void res.end(Buffer.concat([Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS"><title>'), title, Buffer.from('</title>')]));
    }
    if (req.url === '/split') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      const bytes = Buffer.from('<title>Bücher ☺</title>');
      const cut = bytes.indexOf(Buffer.from('☺')) + 1; // inside the three bytes of ☺
      res.write(bytes.subarray(0, cut));
      return void setTimeout(() => res.end(bytes.subarray(cut)), 50);
    }
    if (req.url === '/bom') {
      res.setHeader('content-type', 'text/html; charset=windows-1252');
      return void res.end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<title>Bücher</title>')]));
    }
    if (req.url === '/unknown') {
      res.setHeader('content-type', 'text/html; charset=x-no-such-charset');
      return void res.end('<title>Bücher</title>');
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await fetcher.close();
  await new Promise((r) => site.close(r));
});

it('decodes windows-1252 named by Content-Type', async () => expect(await fetcher.fetchTitle(`${base}/cp1252`)).toBe('Café € 5'));
it('decodes iso-8859-1 named by <meta charset>', async () => expect(await fetcher.fetchTitle(`${base}/latin1-meta`)).toBe('Grüße'));
it('decodes Shift_JIS named by <meta http-equiv>', async () => expect(await fetcher.fetchTitle(`${base}/sjis`)).toBe('日本'));
it('keeps a UTF-8 character split across two chunks whole', async () => expect(await fetcher.fetchTitle(`${base}/split`)).toBe('Bücher ☺'));
it('lets a byte order mark outrank Content-Type', async () => expect(await fetcher.fetchTitle(`${base}/bom`)).toBe('Bücher'));
it('reads a page whose charset is unknown as UTF-8', async () => expect(await fetcher.fetchTitle(`${base}/unknown`)).toBe('Bücher'));
