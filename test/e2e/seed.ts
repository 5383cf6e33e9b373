// Worlds with many links, made through the handler table for speed.
import { expect } from '@playwright/test';
import type { World } from './fixtures.ts';

export const pad = (i: number) => String(i).padStart(2, '0');

export interface Catalog { domains: { a: number; b: number }; spaces: { red: number; blue: number }; pixel: number; count: number }

/**
 * 65 links `link-00`…`link-64`: domain a.example.com when i%3=0, b when i%3=1,
 * none otherwise; space Red when i is even, Blue when odd; pixel GA when i%4=0;
 * disabled when i%10=9; expired (a past date) when i%13=12; destination
 * https://site{i%5}.example/{i}.
 */
export async function seedCatalog(world: World, count = 65): Promise<Catalog> {
  const a = (await world.invoke('domains.create', { data: { name: 'a.example.com' } })).id;
  const b = (await world.invoke('domains.create', { data: { name: 'b.example.com' } })).id;
  const red = (await world.invoke('spaces.create', { data: { name: 'Red', color: '#e03131' } })).id;
  const blue = (await world.invoke('spaces.create', { data: { name: 'Blue', color: '#1c7ed6' } })).id;
  const pixel = (await world.invoke('pixels.create', { data: { name: 'GA', type: 'google-analytics', pixel_id: 'G-XYZ' } })).id;
  for (let i = 0; i < count; i++) {
    await world.invoke('links.create', { data: {
      url: `https://site${i % 5}.example/${i}`,
      alias: `link-${pad(i)}`,
      ...(i % 3 === 0 ? { domain_id: a } : i % 3 === 1 ? { domain_id: b } : {}),
      space_id: i % 2 === 0 ? red : blue,
      ...(i % 4 === 0 ? { pixel_ids: [pixel] } : {}),
      ...(i % 10 === 9 ? { disabled: 1 } : {}),
      ...(i % 13 === 12 ? { expiration_date: '2020-01-01' } : {}),
    } });
  }
  return { domains: { a, b }, spaces: { red, blue }, pixel, count };
}

/**
 * Visits a short link (no domain) and waits until the click is counted; on the
 * local server unless `base` names the selected instance's.
 */
export async function visit(world: World, alias: string, times: number, headers: Record<string, string> = {}, base = world.desktop.serverStatus().url!) {
  const before = await clicksOf(world, alias);
  for (let i = 0; i < times; i++) {
    const res = await fetch(`${base}/${alias}`, { redirect: 'manual', headers: { 'user-agent': UA.chromeWindows, ...headers } });
    expect(res.status, `GET /${alias}`).toBeGreaterThanOrEqual(300);
    expect(res.status, `GET /${alias}`).toBeLessThan(400);
  }
  // Clicks are written in batches off the request path.
  await expect.poll(() => clicksOf(world, alias)).toBe(before + times);
}

async function clicksOf(world: World, alias: string): Promise<number> {
  const page = await world.invoke('links.list', { query: { search: alias, search_by: 'alias' } });
  return page.data.find((l: { alias: string }) => l.alias === alias)?.clicks ?? -1;
}

export const UA = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
};

/**
 * `count` links on the local instance through its bulk API (1,000 a request):
 * `bulk-00000`…, each to a long, realistic destination; every 7th disabled.
 */
export async function seedMany(world: World, count: number): Promise<void> {
  const key = await world.desktop.secrets.get(await world.localId());
  const base = world.desktop.serverStatus().url!;
  for (let start = 0; start < count; start += 1000) {
    const links = Array.from({ length: Math.min(1000, count - start) }, (_, k) => {
      const i = start + k;
      return {
        url: `https://shop.example.com/collections/summer-${2020 + (i % 7)}/products/item-${i}?utm_source=newsletter&utm_medium=email&utm_campaign=launch-${i % 13}`,
        alias: `bulk-${String(i).padStart(5, '0')}`,
        ...(i % 7 === 6 ? { disabled: 1 } : {}),
      };
    });
    const res = await fetch(`${base}/api/v1/links/bulk`, {
      method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ links }),
    });
    expect(res.status).toBe(200);
    const body = await res.json() as { summary: Record<string, number> };
    expect(body.summary.created, JSON.stringify(body.summary)).toBe(links.length);
  }
}
