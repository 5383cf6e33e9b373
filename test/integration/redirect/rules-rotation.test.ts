// Weighted rotation (issue 34), through real HTTP on kept-alive, pipelined
// connections: 10,000 counted redirects split within 2% of the weights, and
// what does not count (HEAD, a known bot) takes no turn and no click. The
// destinations statistic counts the same split.
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLink, startRedirectServer, UA, within, type RedirectServer } from './helpers.ts';

const VISITS = 10_000;
const WEIGHTS: [string, number][] = [['https://a.example/', 70], ['https://b.example/', 20], ['https://c.example/', 9], ['https://d.example/', 1]];
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('weighted rotation', () => {
  let s: RedirectServer;
  let pool: Pool;
  beforeAll(async () => {
    s = await startRedirectServer();
    pool = new Pool(s.url, { connections: 8, pipelining: 10 });
  });
  afterAll(async () => {
    await pool.close();
    await s.close();
  });

  const visit = async (method: 'GET' | 'HEAD', ua: string) => {
    const res = await pool.request({ path: '/split', method, headers: { 'user-agent': ua } });
    await res.body.dump();
    expect(res.statusCode).toBe(302);
    return res.headers.location as string;
  };

  it(`splits ${VISITS.toLocaleString('en')} redirects within 2% of the weights; HEAD and bots take no turn and leave no click`, async () => {
    const form: Record<string, string> = { url: 'https://example.com/fallback', alias: 'split', targets_type: 'rotations' };
    WEIGHTS.forEach(([url, weight], i) => {
      form[`targets[${i}][value]`] = url;
      if (weight !== 1) form[`targets[${i}][weight]`] = String(weight);
    });
    const l = await createLink(s, form);
    expect(l.targets.map((t: { value: string; weight?: number }) => [t.value, t.weight ?? 1])).toEqual(WEIGHTS);

    const seen = new Map<string, number>();
    // Not a multiple of the schedule's 100 turns: had the HEADs and bots below taken turns, the GETs
    // would not have had 10,000 consecutive ones (which are always exactly 100 cycles).
    const BATCH = 250;
    for (let done = 0, i = 0; done < VISITS; done += BATCH, i++) {
      const batch = Array.from({ length: BATCH }, () => visit('GET', UA.Windows));
      // HEADs and bots among them: none may move the split.
      batch.push(visit('HEAD', UA.Windows));
      if (i % 3 === 0) batch.push(visit('GET', BOT));
      for (const to of (await Promise.all(batch)).slice(0, BATCH)) seen.set(to, (seen.get(to) ?? 0) + 1);
    }
    for (const [url, weight] of WEIGHTS) {
      const share = (seen.get(url) ?? 0) / VISITS;
      expect(Math.abs(share - weight / 100), `${url}: ${share}`).toBeLessThanOrEqual(0.02);
    }
    // Every counted visit takes the next turn of a schedule that serves each entry exactly its weight
    // per 100 turns: 10,000 GETs are exactly 100 cycles, unless a HEAD or a bot took turns too.
    expect(Object.fromEntries(seen)).toEqual(Object.fromEntries(WEIGHTS.map(([url, weight]) => [url, weight * (VISITS / 100)])));

    // The clicks: exactly the counted GETs, split as the visitors were sent.
    const want = WEIGHTS.map(([url]) => ({ value: url, count: seen.get(url)! })).sort((a, b) => b.count - a.count);
    await within(20_000, async () => {
      const st = (await s.api('GET', `/stats/${l.id}`)).body.data;
      expect(st.clicks).toBe(VISITS);
      expect(st.destinations).toEqual(want);
    });
  }, 180_000);
});
