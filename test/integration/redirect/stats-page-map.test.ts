// The public statistics page (`<short url>+`) draws a world map as inline SVG
// on the server, shading countries by real clicks, under the page's strict CSP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UA, createLink, cspOf, startRedirectServer, within, type RedirectServer } from './helpers.ts';

let s: RedirectServer;
beforeAll(async () => { s = await startRedirectServer({ trustProxy: 1 }); });
afterAll(async () => { await s.close(); });

/** The map's <path> whose title starts with `name`, as markup. */
const pathOf = (html: string, name: string) => html.match(new RegExp(`<path d="[^"]+"( fill-opacity="[^"]+")?><title>${name}[^<]*</title></path>`))?.[0];

describe('public statistics page map', () => {
  it('shades the countries people clicked from, darkest for the most, and names every country in its tooltip', async () => {
    await createLink(s, { url: 'https://example.com/mapped', alias: 'mapped' });
    const from = async (ip: string, times: number) => {
      for (let i = 0; i < times; i++) expect((await s.hit('/mapped', { headers: { 'user-agent': UA.iOS, 'x-forwarded-for': ip } })).status).toBe(302);
    };
    await from('81.2.69.160', 4); // GB
    await from('133.242.0.1', 1); // JP
    // Clicks are stored off the request path; the first batch also loads the city database.
    await within(10_000, async () => expect((await s.hit('/mapped+')).text).toContain('<strong>5</strong> clicks in total.'));
    const page = await s.hit('/mapped+');
    expect(page.status).toBe(200);
    const svg = page.text.match(/<svg [^>]*>[\s\S]*?<\/svg>/)?.[0] ?? '';
    expect(svg).toContain('role="img"');
    expect(svg).toContain('<title id="map-title">World map: countries shaded by clicks, darker for more</title>');
    // The busiest country is fully shaded; one with a quarter of its clicks is lighter (square-root steps); the rest are not shaded.
    expect(pathOf(svg, 'United Kingdom \\(GB\\): 4')).toContain('fill-opacity="1"');
    expect(pathOf(svg, 'Japan \\(JP\\): 1')).toContain('fill-opacity=".6"');
    const quiet = pathOf(svg, 'France \\(FR\\): 0');
    expect(quiet).toBeDefined();
    expect(quiet).not.toContain('fill-opacity');
    expect(svg.match(/<path /g)?.length).toBeGreaterThan(170);

    // Cities (from the city database the tests install) and devices, beside the map.
    expect(page.text).toMatch(/<h2>Cities<\/h2>[\s\S]*<td>London, England, GB<\/td><td class="n">4<\/td>/);
    expect(page.text).toMatch(/<td>Chiyoda City, Tokyo, JP<\/td><td class="n">1<\/td>/);
    expect(page.text).toMatch(/<h2>Devices<\/h2>[\s\S]*<td>Mobile<\/td><td class="n">5<\/td>/);
    // A visitor who sent no language is Unknown, not "unknown (Unknown)".
    const languages = page.text.match(/<h2>Languages<\/h2>[\s\S]*?<\/table>/)?.[0];
    expect(languages).toContain('<td>Unknown</td><td class="n">5</td>');

    // No script and no style attribute: the policy stays as strict as before.
    const csp = cspOf(page);
    expect(csp.get('script-src')).toEqual(["'none'"]);
    expect(csp.get('img-src')).toEqual(["'none'"]);
    expect(page.text).not.toMatch(/<script|style="/);
    // Small enough for a phone: the whole page, map included, under 70 KB.
    expect(Buffer.byteLength(page.text)).toBeLessThan(70_000);
  });

  it('draws the map for a link nobody visited yet, every country unshaded', async () => {
    await createLink(s, { url: 'https://example.com/unmapped', alias: 'unmapped' });
    const page = await s.hit('/unmapped+');
    const svg = page.text.match(/<svg [^>]*>[\s\S]*?<\/svg>/)?.[0] ?? '';
    expect(svg).not.toContain('fill-opacity="1"');
    expect(pathOf(svg, 'Brazil \\(BR\\): 0')).toBeDefined();
  });
});
