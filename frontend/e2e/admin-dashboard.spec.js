// /admin: the dashboard an admin or editor opens first — unread messages, the site's health, the quick actions and
// the sample content still to replace — at 1366 px and on a 360 px phone, by keyboard, and clean under axe.
import { bearer, expect, test } from './fixtures.js';
import { asAdmin, openAdmin } from './admin-helpers.js';
import { violations } from './axe.js';

test.use({ bypassCSP: true });

async function unreadCount(request, token) {
  return (await (await request.get('/api/admin/contacts/unread', { headers: bearer(token) })).json()).unread;
}

test('the dashboard counts unread messages, shows the checks and offers the everyday jobs', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  await page.setViewportSize({ width: 1366, height: 768 });
  const sent = await request.post('/api/form/contact', {
    data: { name: 'Dash Sender', email: 'dash@example.org', telephone: '9876543210', subject: '4star', message: 'Hello' },
  });
  expect(sent.status()).toBe(201);
  const unread = await unreadCount(request, token);
  expect(unread).toBeGreaterThan(0);

  await openAdmin(page, '/admin');
  await expect(page.getByRole('heading', { level: 2, name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveTitle('Dashboard · Admin | JYOTI - A RAY OF HOPE');
  const sidebar = page.getByRole('navigation', { name: 'Admin' });
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

  const messages = page.getByRole('region', { name: 'Messages' });
  const link = messages.getByRole('link', { name: `${unread} unread ${unread === 1 ? 'message' : 'messages'}` });
  await expect(link).toHaveAttribute('href', '/admin/contacts');
  const health = page.getByRole('region', { name: 'Site health' });
  await expect(health.getByRole('listitem').filter({ hasText: 'Saving:' })).toContainText('fine');
  const actions = page.getByRole('region', { name: 'Quick actions' });
  await expect(actions.getByRole('link')).toHaveText(['Post a notice', 'Issue a certificate', 'Upload photos']);
  // A new site still shows its sample content: the list says what to replace.
  await expect(page.getByRole('region', { name: 'Still sample content' })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // By keyboard: from the unread messages to the Contacts screen.
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/contacts$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Contacts' })).toBeVisible();
  // Back to the dashboard: the banner and the Site health card share one question to /healthz.
  const asked = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/healthz') asked.push(sent.url());
  });
  await sidebar.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(health.getByRole('listitem').filter({ hasText: 'Saving:' })).toContainText('fine');
  await page.waitForTimeout(500);
  expect(asked).toHaveLength(1);
  await actions.getByRole('link', { name: 'Issue a certificate' }).click();
  await expect(page).toHaveURL(/\/admin\/certificates$/);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the dashboard is one column under one menu button, and passes axe', async ({ page, request }) => {
    await asAdmin(page, request);
    await openAdmin(page, '/admin');
    await expect(page.getByRole('heading', { level: 2, name: 'Dashboard' })).toBeVisible();
    // The spec's header stays, with its one menu button: the admin screens are in that menu.
    await expect(page.getByRole('button', { name: /menu/i })).toHaveCount(1);
    await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' })).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeAttached();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const messages = page.getByRole('region', { name: 'Messages' });
    await expect(messages.getByRole('link')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});

test('with fewer than three sample things left, the list is one line that opens', async ({ page, request }) => {
  await asAdmin(page, request);
  // The server's own answer, cut to its first two items (replacing real content to get there takes many screens).
  await page.route('**/api/admin/sample-content', async (route) => {
    const response = await route.fetch();
    const items = (await response.json()).slice(0, 2);
    expect(items).toHaveLength(2);
    await route.fulfill({ response, json: items });
  });
  await openAdmin(page, '/admin');
  const left = page.getByRole('region', { name: 'Still sample content' });
  const summary = left.getByText('Still sample content: 2 things to replace');
  await expect(summary).toBeVisible();
  await expect(left.getByRole('link').first()).toBeHidden();
  await summary.click();
  await expect(left.getByRole('link')).toHaveCount(2);
  await expect(left.getByRole('link').first()).toBeVisible();
});
