// The accessibility check every screen's test leans on (fixtures.ts axeCheck) fails when it should:
// on a page a person cannot read, and again after a navigation (a new document, where axe is put in anew).
import { axeCheck, expect, test } from './fixtures.ts';

const unreadable = '<!doctype html><html lang="en"><title>t</title><main><p style="color:#bbb;background:#fff">Pale grey on white</p>'
  + '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main></html>';

test('the axe check fails on a page a person cannot read, and passes on one that is fine', async ({ page }, testInfo) => {
  await page.setContent(unreadable);
  const failed = await axeCheck(page, 'unreadable', testInfo).then(() => null, (e: Error) => e.message);
  expect(failed).toContain('serious color-contrast');
  expect(failed).toContain('critical image-alt');

  await page.goto('data:text/html,<!doctype html><html lang="en"><title>t</title><main><h1>Readable</h1></main></html>');
  await axeCheck(page, 'readable', testInfo);
  await page.setContent(unreadable.replace('#bbb', '#222'));
  await expect(axeCheck(page, 'still an image without a name', testInfo)).rejects.toThrow(/image-alt/);
});
