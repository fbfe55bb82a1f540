// Every public and admin route, scanned by axe-core (the npm package, injected into the real page) at a phone's
// 360 px and a laptop's 1366 px: no WCAG 2 A/AA violations.
import { ADMIN_SCREENS, PUBLIC_PAGES, expect, test, visit } from './fixtures.js';
import { asAdmin, openAdmin } from './admin-helpers.js';
import { violations } from './axe.js';

// axe is injected as a script of the test's own, which the site's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

for (const width of [360, 1366]) {
  test(`every public page passes axe at ${width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const report = [];
    for (const { path } of PUBLIC_PAGES) {
      await visit(page, path);
      // Home's carousels start once near the view, and its sections fade in as they come: scanned once the first
      // carousel runs (the sections in view fade in with it; axe waits for the fades to end).
      if (path === '/') await expect(page.locator('.swiper-initialized').first()).toBeAttached();
      for (const line of await violations(page)) report.push(`${path}: ${line}`);
    }
    expect(report, report.join('\n')).toEqual([]);
  });

  test(`every admin screen passes axe at ${width} px`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await asAdmin(page, request);
    const report = [];
    for (const { path } of ADMIN_SCREENS) {
      await openAdmin(page, path);
      await expect(page.locator('.page-loading')).toHaveCount(0, { timeout: 10_000 });
      for (const line of await violations(page)) report.push(`${path}: ${line}`);
    }
    expect(report, report.join('\n')).toEqual([]);
  });
}
