// The notice board, empty and with notices.
import { adminToken, createNotice, deleteAllNotices, expect, recordLayoutShifts, test, visit } from './fixtures.js';

// Every test starts with an empty board; `token` is the admin's, for putting notices on it.
let token;
test.beforeEach(async ({ request }) => {
  token = await adminToken(request);
  await deleteAllNotices(request, token);
});

test('with no notices the board says Notice Not Available', async ({ page }) => {
  await visit(page, '/notice');
  await expect(page.getByRole('heading', { name: 'NOTICE BOARD' })).toBeVisible();
  await expect(page.getByText('Notice Not Available')).toBeVisible();
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(0);
});

test('notices show newest first, numbered, dated, and linked in a new tab when they have a url', async ({
  page,
  request,
}) => {
  await createNotice(request, token, { url: 'https://example.org/admissions', title: 'Admissions open', date: '2025-01-10' });
  await createNotice(request, token, { url: null, title: 'Holiday on Friday', date: '2025-03-02' });
  await createNotice(request, token, { url: 'https://example.org/exam', title: 'Exam timetable', date: '2025-02-15' });

  await visit(page, '/notice');
  const notices = page.getByRole('main').getByRole('article');
  await expect(notices).toHaveCount(3);
  await expect(notices.getByRole('heading')).toHaveText([/^Holiday on Friday$/, /^Exam timetable\b/, /^Admissions open\b/]);
  await expect(notices.nth(0)).toContainText('Notice 3');
  await expect(notices.nth(1)).toContainText('Notice 2');
  await expect(notices.nth(2)).toContainText('Notice 1');
  await expect(notices.nth(0).locator('time')).toHaveAttribute('datetime', '2025-03-02');
  await expect(notices.nth(0)).toContainText('2 March 2025');
  await expect(page.getByText('Notice Not Available')).toHaveCount(0);

  // A notice without a url links only to its own page.
  await expect(notices.nth(0).getByRole('link')).toHaveCount(1);
  await expect(notices.nth(0).getByRole('link', { name: 'Notice 3' })).toHaveAttribute('href', /^\/notice\/\d+$/);
  const link = notices.nth(1).getByRole('link', { name: /Exam timetable/ });
  await expect(link).toHaveAttribute('href', 'https://example.org/exam');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

  await deleteAllNotices(request, token);
});

test('the board shows ten notices at a time; Show older notices adds the next ones, numbered by count', async ({
  page,
  request,
}) => {
  for (let day = 1; day <= 12; day += 1) {
    const date = `2025-04-${String(day).padStart(2, '0')}`;
    await createNotice(request, token, { url: '', title: `Notice of ${date}`, date });
  }

  await visit(page, '/notice');
  const notices = page.getByRole('main').getByRole('article');
  await expect(notices).toHaveCount(10);
  await expect(notices.first()).toContainText('Notice 12');
  await expect(notices.first().getByRole('heading')).toHaveText('Notice of 2025-04-12');
  await expect(notices.last()).toContainText('Notice 3');
  await expect(page.getByRole('status')).toHaveText('Showing 10 of 12 notices');

  await page.getByRole('button', { name: 'Show older notices' }).click();
  await expect(notices).toHaveCount(12);
  await expect(notices.nth(10)).toContainText('Notice 2');
  await expect(notices.nth(10)).toBeFocused();
  await expect(notices.last()).toContainText('Notice 1');
  await expect(notices.last().getByRole('heading')).toHaveText('Notice of 2025-04-01');
  await expect(page.getByRole('status')).toHaveText('Showing 12 of 12 notices');
  await expect(page.getByRole('button', { name: 'Show older notices' })).toHaveCount(0);

  await deleteAllNotices(request, token);
});

test('nothing moves while the board loads, with or without notices, in both languages', async ({ page, request }) => {
  test.setTimeout(60_000);
  await recordLayoutShifts(page);
  // The notices held back past the loader's 1.5 s: the board once showed "Loading notices…" and then replaced it,
  // pushing the footer down (CLS 0.066 with notices; 0.009 for the empty board, whose line moved).
  await page.route(/\/api\/admin\/servicelist\b/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  const board = async (path, count) => {
    // In real time, the loader included: what moves while the page loads is the question.
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(count);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => window.layoutShifts), `layout shifts on ${path}`).toEqual([]);
    await expect(page.getByRole('contentinfo')).toBeVisible();
  };
  for (const path of ['/notice', '/bn/notice']) await board(path, 0);
  for (let day = 1; day <= 12; day += 1) {
    await createNotice(request, token, { url: null, title: `Class news ${day}`, date: `2025-04-${String(day).padStart(2, '0')}` });
  }
  for (const width of [412, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/notice', '/bn/notice']) await board(path, 10);
  }
  await deleteAllNotices(request, token);
});
