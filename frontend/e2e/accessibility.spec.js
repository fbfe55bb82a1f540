// Every public and admin route, scanned by axe-core (the npm package, injected into the real page) at a phone's
// 360 px and a laptop's 1366 px: no WCAG 2 A/AA violations.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { PUBLIC_PAGES, expect, test, visit } from './fixtures.js';
import { asAdmin, openAdmin } from './admin-helpers.js';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

// axe is injected as a script of the test's own, which the site's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

const ADMIN_PAGES = [
  '/admin/users',
  '/admin/contacts',
  '/admin/notices',
  '/admin/certificates',
  '/admin/team',
  '/admin/cards',
  '/admin/gallery',
  '/admin/settings',
  '/admin/photos',
  '/admin/email',
];

/** The violations axe finds on the page as it is now, one line each: rule, impact and the elements. */
async function violations(page) {
  await page.addScriptTag({ content: AXE });
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return result.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`,
    );
  });
  return found;
}

for (const width of [360, 1366]) {
  test(`every public page passes axe at ${width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const report = [];
    for (const { path } of PUBLIC_PAGES) {
      await visit(page, path);
      // Let the carousels and the reveal animations settle.
      await page.waitForTimeout(300);
      for (const line of await violations(page)) report.push(`${path}: ${line}`);
    }
    expect(report, report.join('\n')).toEqual([]);
  });

  test(`every admin screen passes axe at ${width} px`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await asAdmin(page, request);
    const report = [];
    for (const path of ADMIN_PAGES) {
      await openAdmin(page, path);
      await expect(page.locator('.page-loading')).toHaveCount(0, { timeout: 10_000 });
      for (const line of await violations(page)) report.push(`${path}: ${line}`);
    }
    expect(report, report.join('\n')).toEqual([]);
  });
}
