// Every admin table at a laptop's width: none wider than its box, on the screens with tables of their own (Alerts,
// Team, Home cards, Gallery) as on the lists, and no button, role or date broken inside a word to make it fit.
import { expect, test } from './fixtures.js';
import { asAdmin, openAdmin } from './admin-helpers.js';
import { violations } from './axe.js';

test.use({ bypassCSP: true });

const SCREENS = [
  '/admin/users',
  '/admin/alerts',
  '/admin/team',
  '/admin/cards',
  '/admin/gallery',
  '/admin/contacts',
  '/admin/notices',
  '/admin/certificates',
  '/admin/audit',
];

/** For each table: how much wider it is than its box, and the words of its buttons and short cells that break. */
const measure = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('table')].map((table) => {
      const box = table.closest('.table-box') ?? table.parentElement;
      const broken = [];
      const range = document.createRange();
      for (const node of table.querySelectorAll('.button-small, td.cell-words, td.cell-action, th')) {
        const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
        for (let text = walker.nextNode(); text; text = walker.nextNode()) {
          for (const match of text.data.matchAll(/\S+/g)) {
            range.setStart(text, match.index);
            range.setEnd(text, match.index + match[0].length);
            const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            if (tops.size > 1) broken.push(match[0]);
          }
        }
      }
      return { wider: Math.ceil(table.getBoundingClientRect().width) - box.clientWidth, broken };
    }),
  );

test('at 1366 px every admin table fits its box without breaking a word of its buttons, roles or dates', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 800 });
  await asAdmin(page, request);
  for (const path of SCREENS) {
    await openAdmin(page, path);
    await expect(page.getByRole('table').first()).toBeVisible();
    const tables = await measure(page);
    expect(tables.length, `${path} has a table`).toBeGreaterThan(0);
    for (const table of tables) expect(table, path).toEqual({ wider: 0, broken: [] });
    expect(await violations(page), `axe on ${path}`).toEqual([]);
  }
});
