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

  // By keyboard: from the unread messages to the Contacts screen, whose banner asks /healthz as it opens.
  const isHealth = (url) => new URL(url).pathname === '/healthz';
  const contactsAnswered = page.waitForResponse((response) => isHealth(response.url()));
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/contacts$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Contacts' })).toBeVisible();
  await contactsAnswered;
  // Back to the dashboard: the banner and the Site health card share one question to /healthz.
  const asked = [];
  page.on('request', (sent) => {
    if (isHealth(sent.url())) asked.push(sent.url());
  });
  const answered = page.waitForResponse((response) => isHealth(response.url()));
  await sidebar.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(health.getByRole('listitem').filter({ hasText: 'Saving:' })).toContainText('fine');
  // Whoever asks on opening the screen has asked before the first answer is back.
  await answered;
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

test('Site health says what is off, what turning it on takes, and links the guide that says how', async ({
  page,
  request,
}) => {
  await asAdmin(page, request);
  // The test server runs on plain HTTP with no backup folder, no bucket and no mail server.
  const { checks } = await (await request.get('/healthz')).json();
  for (const name of ['backups', 'offsite', 'https', 'mail']) {
    expect(checks[name], name).toMatchObject({ state: 'ok', off: true });
  }
  expect(checks.database.off).toBeUndefined();

  await openAdmin(page, '/admin');
  const health = page.getByRole('region', { name: 'Site health' });
  const line = (topic) => health.getByRole('listitem').filter({ hasText: `${topic}:` });
  await expect(line('Saving')).toHaveText('Saving: fine. The database takes writes.');
  await expect(line('Backups')).toContainText('Scheduled backups are off: to keep a copy every day, start the server');
  await expect(line('Off-site copies')).toContainText('Off-site copies are off');
  await expect(line('HTTPS')).toContainText('HTTPS is off: the site runs on plain HTTP.');
  await expect(line('Email')).toContainText('Email is off');
  for (const topic of ['Backups', 'Off-site copies', 'HTTPS', 'Email']) {
    await expect(line(topic), `${topic} is not called fine`).not.toContainText('fine');
  }
  // Nothing is failing, but the headline names what is off: it never reassures beyond what is true.
  await expect(health.locator('.dashboard-headline')).toHaveText(
    'The site saves, but these are off: Backups, Off-site copies, Email, HTTPS. Each line says how to turn it on.',
  );
  await expect(health.getByText('The site saves, and nothing needs attention now.')).toHaveCount(0);
  await expect(line('Disk space')).toHaveText(/^Disk space: fine\. \d+(\.\d)? [GM]B free of \d+(\.\d)? [GM]B\.$/);

  expect(await violations(page)).toEqual([]);
  // The guide's link: the volunteer's guide, served by the site itself as text, with the heading it names.
  const guide = line('Backups').getByRole('link', { name: 'Guide: “Where the data lives, and backups”' });
  await guide.focus();
  await expect(guide).toBeFocused();
  const served = await request.get(await guide.getAttribute('href'));
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('text/plain; charset=utf-8');
  const text = await served.text();
  for (const topic of ['Where the data lives, and backups', '5. Off-site copies', 'Email']) {
    expect(text.split('\n'), topic).toContain(`${topic.startsWith('5.') ? '###' : '##'} ${topic}`);
  }
});

for (const width of [360, 1366]) {
  test(`every admin screen but the Dashboard says in one line what waits there, at ${width} px`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 740 });
    const token = await asAdmin(page, request);
    const samples = await (await request.get('/api/admin/sample-content', { headers: bearer(token) })).json();
    expect(samples.length, 'a new site still shows sample content').toBeGreaterThan(1);
    const { unread } = await (await request.get('/api/admin/alerts/unread', { headers: bearer(token) })).json();
    const expected = [`${samples.length} things to finish`, ...(unread ? [`${unread} ${unread === 1 ? 'alert' : 'alerts'}`] : [])];

    // Where the Admin link lands.
    await openAdmin(page, '/admin/users');
    const waiting = page.locator('.admin-screen').getByRole('link', { name: expected.join(' · '), exact: true });
    await expect(waiting).toBeVisible();
    const box = await waiting.boundingBox();
    expect(box.y + box.height, 'within the first screen').toBeLessThanOrEqual(740);
    expect(box.x + box.width, 'within the width').toBeLessThanOrEqual(width);
    expect(await violations(page)).toEqual([]);
    await openAdmin(page, '/admin/notices');
    await expect(waiting).toBeVisible();

    // By keyboard to the Dashboard, which lists them whole and needs no line of its own.
    await waiting.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Still sample content' })).toBeVisible();
    await expect(page.locator('.admin-to-do')).toHaveCount(0);
  });
}

test('the line counts only what is left: with no sample content and no alert it is gone', async ({ page, request }) => {
  await asAdmin(page, request);
  await page.route('**/api/admin/sample-content', (route) => route.fulfill({ json: [] }));
  await page.route('**/api/admin/alerts/unread', (route) => route.fulfill({ json: { unread: 1 } }));
  await openAdmin(page, '/admin/users');
  await expect(page.locator('.admin-screen').getByRole('link', { name: '1 alert', exact: true })).toBeVisible();
  await page.unroute('**/api/admin/alerts/unread');
  await page.route('**/api/admin/alerts/unread', (route) => route.fulfill({ json: { unread: 0 } }));
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Notices' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Notices' })).toBeVisible();
  await expect(page.locator('.admin-to-do')).toHaveCount(0);
});

test('the line and the health banner come before the screen, so no button moves under a click', async ({
  page,
  request,
}) => {
  await asAdmin(page, request);
  // Slow answers, as on a busy server: the screen's own list comes quickly, what stands above it late.
  const late = (answer) => async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await answer(route);
  };
  await page.route('**/api/admin/sample-content', late((route) => route.continue()));
  await page.route(
    '**/healthz',
    late((route) =>
      route.fulfill({
        json: { status: 'ok', checks: { disk: { state: 'warn', message: 'The disk is nearly full (90 MB free of 1.0 GB).' } } },
      }),
    ),
  );
  await openAdmin(page, '/admin/certificates');
  const create = page.getByRole('button', { name: 'Create' });
  await expect(create).toBeVisible();
  const first = await create.boundingBox();
  // Both were there when the button first showed.
  await expect(page.locator('.admin-to-do')).toBeVisible({ timeout: 1 });
  await expect(page.getByRole('heading', { name: 'The site needs attention soon' })).toBeVisible({ timeout: 1 });
  expect(await create.boundingBox()).toEqual(first);
});
