// A notice's own page (/notice/{id} and /bn/notice/{id}), reached from the board, and Share: the phone's share sheet
// where there is one, else WhatsApp and Copy link; by keyboard at a phone's and a laptop's width, axe clean.
import { adminToken, createNotice, deleteAllNotices, expect, test, visit } from './fixtures.js';
import { toast } from './admin-helpers.js';
import { violations } from './axe.js';
import { visitBengali } from './bengali-helpers.js';
import { tabTo } from './keyboard.js';
import bengali from '../src/i18n/bn.js';

test.use({ bypassCSP: true });

/**
 * axe's findings with the page scrolled to its top: further down, a target half under the sticky navigation bar
 * counts as too small, wherever the keyboard left the page.
 */
async function axeAtTop(page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return violations(page);
}

const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1366, height: 768 },
];

// Each test starts with one notice on the board, in English and Bengali, with a link.
let token;
let notice;
test.beforeEach(async ({ request }) => {
  token = await adminToken(request);
  await deleteAllNotices(request, token);
  notice = await createNotice(request, token, {
    url: 'https://example.org/health-camp',
    title: 'Health camp on Sunday',
    date: '2025-03-02',
    tellFollowers: false,
  });
  const bn = await request.put('/api/admin/translations', {
    data: { kind: 'notice', record: notice._id, field: 'title', text: 'রবিবার স্বাস্থ্য শিবির' },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(bn.status(), await bn.text()).toBe(200);
});

test.afterAll(async ({ request }) => {
  await deleteAllNotices(request, await adminToken(request));
});

/** Pages of this test open without the browser's share sheet (Chromium on Linux has none; on others it is taken away). */
const withoutShareSheet = (page) =>
  page.addInitScript(() => {
    delete Navigator.prototype.share;
  });

test("the board links each notice to its own page, which shows its title, date and link and leads back", async ({
  page,
}) => {
  await visit(page, '/notice');
  const article = page.getByRole('main').getByRole('article');
  await article.getByRole('link', { name: 'Notice 1' }).click();
  await expect(page).toHaveURL(`/notice/${notice._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Health camp on Sunday' })).toBeVisible();
  await expect(page).toHaveTitle(/^Health camp on Sunday \| /);
  await expect(page.locator('main time')).toHaveText('2 March 2025');
  await expect(page.locator('main time')).toHaveAttribute('datetime', '2025-03-02');
  const link = page.getByRole('main').getByRole('link', { name: /Open the link/ });
  await expect(link).toHaveAttribute('href', 'https://example.org/health-camp');
  await expect(link).toHaveAttribute('target', '_blank');
  await page.getByRole('link', { name: 'All notices' }).click();
  await expect(page).toHaveURL('/notice');
  await expect(page.getByRole('heading', { name: 'NOTICE BOARD' })).toBeVisible();
});

test('the Bengali page shows the Bengali title and date, and leads back to the Bengali board', async ({ page }) => {
  await visitBengali(page, `/bn/notice/${notice._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'রবিবার স্বাস্থ্য শিবির' })).toBeVisible();
  await expect(page.locator('main time')).toHaveText('২ মার্চ, ২০২৫');
  await expect(page.getByRole('main').getByRole('link', { name: new RegExp(bengali['notice.openLink']) })).toHaveAttribute(
    'href',
    'https://example.org/health-camp',
  );
  await page.getByRole('link', { name: bengali['notice.back'] }).click();
  await expect(page).toHaveURL('/bn/notice');
  await expect(page.getByRole('main').getByRole('link', { name: 'নোটিস ১' })).toHaveAttribute(
    'href',
    `/bn/notice/${notice._id}`,
  );
});

test('a notice that does not exist shows the not-found page with a 404', async ({ page }) => {
  const response = await page.goto('/notice/999999');
  expect(response.status()).toBe(404);
  await expect(page.getByRole('heading', { name: "Sorry, We couldn't find what you are looking for!" })).toBeVisible({
    timeout: 10_000,
  });
});

test("Share opens the phone's share sheet with the notice's title and its page's address", async ({ page }) => {
  await page.addInitScript(() => {
    window.shared = [];
    Navigator.prototype.share = function share(data) {
      window.shared.push(data);
      return Promise.resolve();
    };
  });
  await visit(page, '/notice');
  await page.getByRole('button', { name: 'Share Health camp on Sunday' }).click();
  const origin = new URL(page.url()).origin;
  expect(await page.evaluate(() => window.shared)).toEqual([
    { title: 'Health camp on Sunday', url: `${origin}/notice/${notice._id}` },
  ]);

  await visitBengali(page, `/bn/notice/${notice._id}`);
  await page.getByRole('button', { name: new RegExp(bengali['share.button']) }).click();
  expect(await page.evaluate(() => window.shared)).toEqual([
    { title: 'রবিবার স্বাস্থ্য শিবির', url: `${origin}/bn/notice/${notice._id}` },
  ]);
});

test.describe('without a share sheet', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width} px Share offers WhatsApp and Copy link, by keyboard alone, axe clean`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await withoutShareSheet(page);
      await visit(page, '/notice');
      const origin = new URL(page.url()).origin;
      const address = `${origin}/notice/${notice._id}`;
      const share = page.getByRole('button', { name: 'Share Health camp on Sunday' });
      expect(await tabTo(page, share)).toBe(true);
      await expect(share).toHaveAttribute('aria-expanded', 'false');
      await page.keyboard.press('Enter');
      await expect(share).toHaveAttribute('aria-expanded', 'true');
      const whatsApp = page.getByRole('link', { name: /^WhatsApp/ });
      await expect(whatsApp).toHaveAttribute(
        'href',
        `https://wa.me/?text=${encodeURIComponent(`Health camp on Sunday ${address}`)}`,
      );
      await expect(whatsApp).toHaveAttribute('target', '_blank');
      await expect(whatsApp).toHaveAttribute('rel', /noopener/);
      expect(await axeAtTop(page)).toEqual([]);

      await page.keyboard.press('Tab');
      await expect(whatsApp).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Copy link' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(toast(page, 'Link copied')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

      // The notice's own page has the same Share.
      await visit(page, `/notice/${notice._id}`);
      const own = page.getByRole('button', { name: 'Share Health camp on Sunday' });
      expect(await tabTo(page, own)).toBe(true);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('link', { name: /^WhatsApp/ })).toBeVisible();
      expect(await axeAtTop(page)).toEqual([]);
    });
  }

  test('on the Bengali board Share shares the Bengali page with the Bengali title', async ({ page }) => {
    await withoutShareSheet(page);
    await visitBengali(page, '/bn/notice');
    const origin = new URL(page.url()).origin;
    const address = `${origin}/bn/notice/${notice._id}`;
    await page.getByRole('button', { name: new RegExp(bengali['share.button']) }).click();
    await expect(page.getByRole('link', { name: /^WhatsApp/ })).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`রবিবার স্বাস্থ্য শিবির ${address}`)}`,
    );
    await page.getByRole('button', { name: bengali['share.copyLink'] }).click();
    await expect(toast(page, bengali['share.copied'])).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    expect(await axeAtTop(page)).toEqual([]);
  });
});
