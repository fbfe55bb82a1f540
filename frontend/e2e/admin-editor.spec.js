// The admin area as an editor sees it: in without the spec's alert, only the screens editors may use, a plain
// sentence on the admins' screens, messages without delete or export, settings without the donation details or
// what donors read beside them, and publishing that works.
import { adminToken, expect, recordDialogs, siteContent, test, uniqueEmail, visit } from './fixtures.js';
import { fillIn, openAdmin, openPopup, registerEditor, row, toast, useToken } from './admin-helpers.js';
import { patchSettings, unique } from './content-helpers.js';
import { violations } from './axe.js';

// axe is injected as a script of the test's own, which the site's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

const EDITOR_SCREENS = ['Dashboard', 'Contacts', 'Feedback', 'Notices', 'Certificates', 'Team', 'Home cards', 'Gallery', 'Settings', 'Photos', 'Bengali', 'Bin', 'Logout'];

/** Opens the pages of this test logged in as a new editor; answers the editor. */
async function asEditor(page, request) {
  const editor = await registerEditor(request, { firstname: 'Esha', lastname: 'Editor' });
  await useToken(page, editor.token);
  return editor;
}

async function sendMessage(request, name) {
  const response = await request.post('/api/form/contact', {
    data: { name, email: uniqueEmail('visitor'), telephone: '9876543210', subject: '4star', message: 'Hello' },
  });
  expect(response.status(), 'send contact').toBe(201);
}

test('an editor gets in without an alert, on Contacts, with only the screens editors use', async ({ page, request }) => {
  const dialogs = recordDialogs(page);
  await asEditor(page, request);
  await openAdmin(page, '/admin/contacts');
  await expect(page.getByRole('heading', { level: 2, name: 'Contacts' })).toBeVisible();

  const sidebar = page.getByRole('navigation', { name: 'Admin' });
  await expect(sidebar.getByRole('link')).toHaveText(EDITOR_SCREENS);
  await expect(sidebar.getByRole('link', { name: 'Contacts' })).toHaveAttribute('aria-current', 'page');
  await expect(sidebar.getByRole('button', { name: 'Download backup' })).toHaveCount(0);
  // The dashboard lists the sample content left that an editor can replace: not the site's address.
  await openAdmin(page, '/admin');
  const left = page.getByRole('region', { name: 'Still sample content' });
  await expect(left.getByRole('link', { name: /sample drawings/ }).first()).toHaveAttribute('href', /^\/admin\//);
  await expect(left.getByRole('link', { name: "The site's address" })).toHaveCount(0);
  // The header's Admin link leads an editor to their first screen.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toHaveAttribute(
    'href',
    '/admin/contacts',
  );
  expect(dialogs).toEqual([]);
});

test('an admins’ screen opened by its address says so, and makes no call that fails', async ({ page, request }) => {
  await asEditor(page, request);
  const refused = [];
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
  });
  for (const [path, screen] of [
    ['/admin/users', 'Users'],
    ['/admin/users/1/edit', 'Users'],
    ['/admin/email', 'Email'],
    ['/admin/audit', 'Activity'],
    ['/admin/alerts', 'Alerts'],
    ['/admin/gifts', 'Gifts'],
  ]) {
    await openAdmin(page, path);
    await expect(page.getByRole('heading', { level: 2, name: screen })).toBeVisible();
    await expect(page.getByText('Only admins can use this screen.')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  }
  expect(refused).toEqual([]);
  expect(await violations(page), 'axe on an admins’ screen').toEqual([]);
});

test('an editor reads messages and marks them read, but cannot delete or export them', async ({ page, request }) => {
  await asEditor(page, request);
  const name = unique('Editor Reader');
  await sendMessage(request, name);
  await openAdmin(page, '/admin/contacts');

  await expect(page.getByRole('table').getByRole('columnheader')).toHaveText([
    'Name',
    'Email',
    'Telephone',
    'Ratings',
    'Message',
    'Received',
    'Read',
  ]);
  await expect(row(page, name)).toContainText('Unread');
  await expect(page.getByRole('button', { name: /Delete/ })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Download CSV/ })).toHaveCount(0);
  expect(await violations(page), 'axe on an editor’s Contacts').toEqual([]);

  await row(page, name).getByRole('button', { name: /Mark read/ }).click();
  await expect(row(page, name).getByRole('button', { name: /Mark unread/ })).toBeVisible();
});

test('an editor changes the site’s texts; the donation details and what donors read are not offered', async ({
  page,
  request,
}) => {
  await asEditor(page, request);
  const { settings } = await siteContent(request);
  await openAdmin(page, '/admin/settings');

  await expect(
    page.getByText('Only admins can change the donation details and what donors read beside them.'),
  ).toBeVisible();
  for (const label of [
    'Bank account number',
    'IFSC code',
    'Bank branch',
    /Account holder/,
    /UPI ID/,
    /UPI payee/,
    /Bank’s name/,
    'Appeal to donors',
    /Who receives the money/,
    /Tax benefit/,
    /donors’ questions/,
  ]) {
    await expect(page.getByLabel(label)).toHaveCount(0);
  }
  await expect(page.getByText('Photo on the Support page')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save Donations (Support page)' })).toHaveCount(0);
  // The site's address is set on the Email screen, which is not an editor's.
  await expect(page.getByRole('link', { name: 'Email', exact: true })).toHaveCount(0);

  const heading = unique('Welcome, editors');
  try {
    await page.getByLabel('Welcome heading').fill(heading);
    await page.getByRole('button', { name: 'Save Home page' }).click();
    await expect(toast(page, 'Updated Successfully')).toBeVisible();
    expect((await siteContent(request)).settings.heroTitle).toBe(heading);
  } finally {
    await patchSettings(request, await adminToken(request), { heroTitle: settings.heroTitle });
  }
});

test('an editor publishes a notice that the notice board shows', async ({ page, request }) => {
  await asEditor(page, request);
  const title = unique('Editor notice');
  await openAdmin(page, '/admin/notices');
  const dialog = await openPopup(page, 'Create', 'Create Notice');
  await fillIn(dialog, { Title: title, Date: '2026-01-15' });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(toast(page, 'Service Created')).toBeVisible();
  await expect(row(page, title)).toBeVisible();

  await visit(page, '/notice');
  await expect(page.getByRole('main').getByRole('article').filter({ hasText: title })).toBeVisible();
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('an editor’s admin menu lists only their screens, and nothing scrolls sideways', async ({ page, request }) => {
    await asEditor(page, request);
    await openAdmin(page, '/admin/contacts');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link')).toHaveText(EDITOR_SCREENS);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  });
});
