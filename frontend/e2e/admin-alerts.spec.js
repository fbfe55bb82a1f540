// Alerts (admins only): a change that matters (here a role given) is stored as an alert; the sidebar's Alerts link
// counts the unread ones on every screen, the Dashboard lists them first, and /admin/alerts lists them all with
// Mark as read and Mark all as read — at 1366 px and 360 px, by keyboard, and clean under axe.
import { bearer, expect, test } from './fixtures.js';
import { asAdmin, openAdmin, readAllAlerts, registerEditor, row, toast, useToken } from './admin-helpers.js';
import { violations } from './axe.js';

// axe is injected as a script of the test's own, which the site's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

// A laptop's screen, unless a test says otherwise.
test.use({ viewport: { width: 1366, height: 900 } });

/**
 * Opens the pages as the seeded admin with every alert marked read, so a test counts only the alerts it causes;
 * answers the admin's token.
 */
async function asAdminWithAllRead(page, request) {
  const token = await asAdmin(page, request);
  await readAllAlerts(request, token);
  return token;
}

/**
 * Raises one alert: the admin makes a new member an editor. Answers its subject, as the server words it: it names
 * the account as "Name <email>", which is also markup the page must show as text.
 */
async function raiseAlert(request) {
  const member = await registerEditor(request, { firstname: 'Alert', lastname: 'Cause' });
  return { member, subject: `Jyoti site: the role of Alert Cause <${member.email}> changed` };
}

const sidebar = (page) => page.getByRole('navigation', { name: 'Admin' });

/** The Alerts link of the sidebar, whatever it counts. */
const alertsLink = (page) => sidebar(page).getByRole('link', { name: /^Alerts/ });

test('a raised alert shows in the badge on every screen and first on the Dashboard; Mark as read clears both', async ({
  page,
  request,
}) => {
  await asAdminWithAllRead(page, request);
  await openAdmin(page, '/admin/contacts');
  await expect(alertsLink(page)).toHaveAccessibleName('Alerts');

  const { member, subject } = await raiseAlert(request);
  // The next screen the admin opens counts it.
  await sidebar(page).getByRole('link', { name: 'Notices' }).click();
  await expect(alertsLink(page)).toHaveAccessibleName('Alerts, 1 unread');
  await expect(alertsLink(page).locator('.admin-badge')).toHaveText('1');

  await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
  const unread = page.getByRole('region', { name: 'Unread alerts' });
  const link = unread.getByRole('link', { name: subject });
  await expect(link).toHaveAttribute('href', '/admin/alerts');
  await expect(unread.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await expect(unread.locator('time')).toHaveText(/\d{4}/);
  // Above everything else on the Dashboard.
  const alertsTop = (await unread.boundingBox()).y;
  const messagesTop = (await page.getByRole('region', { name: 'Messages' }).boundingBox()).y;
  expect(alertsTop).toBeLessThan(messagesTop);
  expect(await violations(page), 'axe on the Dashboard with an alert').toEqual([]);

  // By keyboard: the last unread alert marked read, the list goes and the Dashboard's heading takes the focus.
  await unread.getByRole('button', { name: `Mark as read: ${subject}` }).focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Marked as read')).toBeVisible();
  await expect(unread).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Dashboard' })).toBeFocused();
  await expect(alertsLink(page)).toHaveAccessibleName('Alerts');
  // The alert stays on the Alerts screen, read.
  await alertsLink(page).click();
  await expect(page).toHaveURL(/\/admin\/alerts$/);
  await expect(row(page, member.email)).toContainText('Read');
});

test('alerts that answer late still come first: no card of the Dashboard moves when they arrive', async ({
  page,
  request,
}) => {
  await asAdminWithAllRead(page, request);
  const { subject } = await raiseAlert(request);
  // The Dashboard's list of alerts answers a second after every other card's call, as from a busy server.
  await page.route('**/api/admin/alerts?*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await openAdmin(page, '/admin');
  const health = page.getByRole('region', { name: 'Site health' });
  await expect(health.getByRole('listitem').first()).toBeVisible();
  const before = (await health.boundingBox()).y;
  await expect(page.getByRole('region', { name: 'Unread alerts' }).getByRole('link', { name: subject })).toBeVisible();
  expect((await health.boundingBox()).y, 'the Site health card where it was first drawn').toBe(before);
});

test('the Alerts screen lists unread first, each body as plain text, and marks one or all read', async ({
  page,
  request,
}) => {
  const token = await asAdminWithAllRead(page, request);
  const first = await raiseAlert(request);
  const second = await raiseAlert(request);
  const third = await raiseAlert(request);
  await openAdmin(page, '/admin/alerts');
  await expect(page.getByRole('heading', { level: 2, name: 'Alerts' })).toBeVisible();
  await expect(page).toHaveTitle(/^Alerts · Admin/);
  await expect(page.getByRole('table').getByRole('columnheader')).toHaveText(['When', 'Alert', 'Read']);
  await expect(page.getByRole('status').filter({ hasText: /alerts?, 3 unread$/ })).toBeVisible();
  await expect(alertsLink(page)).toHaveAccessibleName('Alerts, 3 unread');

  // Newest first among the unread: the third, the second, the first.
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toContainText(third.subject);
  await expect(rows.nth(2)).toContainText(second.subject);
  await expect(rows.nth(3)).toContainText(first.subject);

  // The subject names the account as "Name <email>": text, not a tag. The body keeps its line breaks.
  const entry = row(page, first.member.email);
  await expect(entry.getByText(first.subject, { exact: true })).toBeVisible();
  const body = entry.locator('.alert-body');
  await expect(body).toContainText('role: user → editor');
  expect(await body.evaluate((element) => element.innerText)).toMatch(
    /changed the role of .+\n\s*\n?\s*role: user → editor/,
  );
  expect(await body.evaluate((element) => element.children.length)).toBe(0);
  await expect(entry).toContainText('Unread');
  expect(await violations(page), 'axe on the Alerts screen').toEqual([]);

  // Marking the newest read moves it below the unread ones.
  await row(page, third.member.email).getByRole('button', { name: /^Mark as read/ }).click();
  await expect(toast(page, 'Marked as read')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /, 2 unread$/ })).toBeVisible();
  await expect(rows.nth(1)).toContainText(second.subject);
  await expect(rows.nth(3)).toContainText(third.subject);
  await expect(row(page, third.member.email)).not.toContainText('Unread');
  await expect(alertsLink(page)).toHaveAccessibleName('Alerts, 2 unread');

  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByRole('status').filter({ hasText: /, 0 unread$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Mark as read/ })).toHaveCount(0);
  await expect(alertsLink(page)).toHaveAccessibleName('Alerts');
  // Nothing left to mark: the button stays in place, focusable, but does nothing.
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toHaveAttribute('aria-disabled', 'true');

  const { unread } = await (await request.get('/api/admin/alerts/unread', { headers: bearer(token) })).json();
  expect(unread).toBe(0);
});

test('by keyboard alone: from the sidebar to an alert, marked read, the focus kept on the screen', async ({
  page,
  request,
}) => {
  await asAdminWithAllRead(page, request);
  const { subject } = await raiseAlert(request);
  await openAdmin(page, '/admin/contacts');

  await alertsLink(page).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/alerts$/);
  const markOne = page.getByRole('button', { name: `Mark as read: ${subject}` });
  await expect(markOne).toBeVisible();
  // Tab from the screen's heading reaches the alert's button.
  await page.getByRole('heading', { level: 2, name: 'Alerts' }).focus();
  for (let presses = 0; presses < 10; presses += 1) {
    await page.keyboard.press('Tab');
    if (await markOne.evaluate((button) => button === document.activeElement)) break;
  }
  await expect(markOne).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Marked as read')).toBeVisible();
  await expect(markOne).toHaveCount(0);
  // The gone button's focus went to the screen's heading, not to the page's end.
  await expect(page.getByRole('heading', { level: 2, name: 'Alerts' })).toBeFocused();
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('each alert is a card, the menu carries the count, nothing scrolls sideways, and axe passes', async ({
    page,
    request,
  }) => {
    await asAdminWithAllRead(page, request);
    const { member, subject } = await raiseAlert(request);
    await openAdmin(page, '/admin/alerts');
    const entry = row(page, member.email);
    await expect(entry).toBeVisible();
    const box = await entry.boundingBox();
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await expect(entry.locator('td[data-label="Alert"]')).toContainText(subject);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await violations(page), 'axe on the Alerts screen at 360 px').toEqual([]);

    // The phone's one menu holds the admin screens, the Alerts link with its count among them.
    await page.getByRole('button', { name: /menu/i }).click();
    const phoneMenu = page.locator('.admin-phone-nav');
    await expect(phoneMenu.getByRole('link', { name: 'Alerts, 1 unread' })).toBeVisible();
    expect(await violations(page), 'axe with the menu open').toEqual([]);

    await page.keyboard.press('Escape');
    await openAdmin(page, '/admin');
    const unread = page.getByRole('region', { name: 'Unread alerts' });
    await expect(unread.getByRole('link', { name: subject })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await violations(page), 'axe on the Dashboard at 360 px').toEqual([]);
  });
});

test('an editor has no Alerts link and asks nothing about alerts', async ({ page, request }) => {
  const editor = await registerEditor(request, { firstname: 'Esha', lastname: 'Editor' });
  // An alert is waiting for the admins; the editor must not be told of it, nor make a call that fails.
  await raiseAlert(request);
  await useToken(page, editor.token);
  const asked = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.startsWith('/api/admin/alerts')) asked.push(sent.url());
  });
  await openAdmin(page, '/admin');
  await expect(page.getByRole('heading', { level: 2, name: 'Dashboard' })).toBeVisible();
  await sidebar(page).getByRole('link', { name: 'Contacts' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Contacts' })).toBeVisible();
  await expect(alertsLink(page)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Unread alerts' })).toHaveCount(0);
  await openAdmin(page, '/admin/alerts');
  await expect(page.getByText('Only admins can use this screen.')).toBeVisible();
  expect(asked).toEqual([]);
});

test('without alert addresses on the server, the screen says nothing of them', async ({ page, request }) => {
  await asAdmin(page, request);
  await openAdmin(page, '/admin/alerts');
  await expect(page.getByRole('heading', { level: 2, name: 'Alerts' })).toBeVisible();
  await expect(page.locator('.page-loading')).toHaveCount(0);
  await expect(page.getByText(/Alerts also go to/)).toHaveCount(0);
});
