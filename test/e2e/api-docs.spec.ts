// GET /api/docs in Chromium (issue 46): the API reference renders the served OpenAPI document, every operation in it
// and no other, with no request to any other host, no console error or CSP violation, and axe passing.
import { axeCheck, expect, test } from './fixtures.ts';

test('the API reference renders the served document offline, operation for operation, and passes axe', async ({ page, world }, testInfo) => {
  const origin = new URL(world.remote.url).origin;
  const elsewhere: string[] = [];
  // Any request for another host fails the test (and is refused, as it would be with no network).
  await page.route((url) => url.origin !== origin && url.protocol.startsWith('http'), async (route) => {
    elsewhere.push(route.request().url());
    await route.abort();
  });
  const violations: string[] = [];
  const errors: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    else if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  // The browser's own report of a blocked load, whether or not it reaches the console.
  await page.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) => console.error(`Content Security Policy: ${e.violatedDirective} ${e.blockedURI}`)));

  const res = await page.goto(`${world.remote.url}/api/docs`);
  expect(res!.status()).toBe(200);
  expect(res!.headers()['content-security-policy']).toContain("script-src 'self'");
  // Swagger UI has parsed and drawn the whole document (its onComplete): a few seconds alone, past 30 s on both tries
  // beside a second suite (the page was done just after). Up to two minutes, inside the test's own limit.
  await expect(page.locator('#swagger-ui[data-ready="true"]')).toBeAttached({ timeout: 120_000 });
  await expect(page.getByRole('heading', { level: 1, name: /Linkdesk API/ })).toBeVisible();

  // The operations the document describes, as "METHOD /path".
  const doc = (await (await page.request.get(`${world.remote.url}/api/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
  const methods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);
  const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).filter((m) => methods.has(m)).map((m) => `${m.toUpperCase()} ${p}`)).sort();
  expect(documented.length).toBeGreaterThan(40);
  // The operations the page shows.
  const shown = (await page.locator('.opblock-summary').evaluateAll((els) => els.map((e) =>
    `${e.querySelector('.opblock-summary-method')?.textContent?.trim()} ${e.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`))).sort();
  // Swagger UI lists an operation under each of its tags (a link's ban is under links and bans): once each is enough.
  expect([...new Set(shown)].sort()).toEqual(documented);

  // One operation opened: its parameters and responses are there to read.
  const create = page.locator('.opblock-post').filter({ has: page.locator('[data-path="/api/v1/links"]') }).first();
  await create.locator('.opblock-summary-control').click();
  await expect(create.getByText('Responses', { exact: true })).toBeVisible();
  await expect(create.locator('.responses-table').getByText('422', { exact: true }).first()).toBeVisible();

  await axeCheck(page, 'API reference', testInfo);
  expect(elsewhere, 'requests to other hosts').toEqual([]);
  expect(violations, 'CSP violations').toEqual([]);
  expect(errors, 'console errors').toEqual([]);
});
