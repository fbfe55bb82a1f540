// The admin area on a 360 px phone: the header's one menu holds the admin screens, and each table's rows are cards
// whose actions are in view without sideways scrolling.
import { createCertificate, createNotice, expect, test, uniqueEmail } from './fixtures.js';
import { asAdmin, openAdmin, row } from './admin-helpers.js';
import { addMember, createRoster, deleteRosterBySlug, unique, uniqueSlug } from './content-helpers.js';

test.use({ viewport: { width: 360, height: 740 } });

async function sendMessage(request, name) {
  const response = await request.post('/api/form/contact', {
    data: {
      name,
      email: uniqueEmail('visitor'),
      telephone: '+91 98765 43210',
      subject: '5star',
      message: 'A message long enough to wrap over several lines on a phone, about the evening classes.',
    },
  });
  expect(response.status(), 'send contact').toBe(201);
}

/** Nothing on the page reaches past the right edge of the phone's screen. */
async function expectNoSidewaysScroll(page) {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0], 'page width').toBeLessThanOrEqual(widths[1]);
}

/** The element lies within the phone's screen from left to right. */
async function expectInView(locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box.x, 'left edge').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'right edge').toBeLessThanOrEqual(360);
}

test('the header’s one menu holds the admin screens, and the screen starts under the header', async ({
  page,
  request,
}) => {
  await asAdmin(page, request);
  const name = `Phone Sender ${Date.now()}`;
  await sendMessage(request, name);
  await openAdmin(page, '/admin/contacts');

  // One menu button on the page: the spec's header keeps it, and it opens the admin screens too.
  await expect(page.getByRole('button', { name: /menu/i })).toHaveCount(1);
  const toggle = page.getByRole('button', { name: 'Menu', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav).toBeHidden();
  await expect(page.getByRole('button', { name: 'Download backup' })).toBeHidden();

  // The screen starts under the admin area's title, and its first message is on the first screen.
  await expect(row(page, name)).toBeInViewport();

  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(nav.getByRole('link')).toHaveText([
    'Dashboard',
    // With the number of unread alerts beside it while there are any.
    /^Alerts( \d+)?$/,
    'Users',
    'Contacts',
    'Feedback',
    'Gifts',
    'Notices',
    'Followers',
    'Certificates',
    'Team',
    'Home cards',
    'Gallery',
    'Settings',
    'Photos',
    'Bengali',
    'Email',
    'Activity',
    'Bin',
    'Logout',
  ]);
  await expect(nav.getByRole('link', { name: 'Contacts' })).toHaveAttribute('aria-current', 'page');
  // Every link of the open menu can be reached, the last one too (the menu scrolls in itself).
  await nav.getByRole('button', { name: 'Download backup' }).scrollIntoViewIfNeeded();
  await expect(nav.getByRole('button', { name: 'Download backup' })).toBeInViewport();
  await nav.getByRole('link', { name: 'Users' }).focus();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();

  await toggle.click();
  await nav.getByRole('link', { name: 'Notices' }).click();
  await expect(page).toHaveURL(/\/admin\/notices$/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: 'Notices' })).toBeFocused();
  await expect(page).toHaveTitle('Notices · Admin | JYOTI - A RAY OF HOPE');
});

test('on a wide screen the sidebar is always there and the menu button is not', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await asAdmin(page, request);
  await openAdmin(page, '/admin/users');
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(page.getByRole('button', { name: /menu/i })).toBeHidden();
  await expect(nav.getByRole('link', { name: 'Photos' })).toBeVisible();
  // A row is still a table row with its columns side by side.
  const header = page.getByRole('columnheader', { name: 'Email' });
  await expect(header).toBeVisible();
});

test('contacts are cards: every field labelled, the tick box and Delete in view', async ({ page, request }) => {
  await asAdmin(page, request);
  const name = `Card Sender ${Date.now()}`;
  await sendMessage(request, name);
  await openAdmin(page, '/admin/contacts');
  const card = row(page, name);
  for (const label of ['Name', 'Email', 'Telephone', 'Ratings', 'Message', 'Received', 'Read']) {
    await expect(card.locator(`td[data-label="${label}"]`)).toBeVisible();
  }
  await expectInView(card.getByRole('button', { name: `Delete the message from ${name}` }));
  await expectInView(card.getByRole('checkbox', { name: `Select the message from ${name}` }));
  await expectInView(page.getByRole('checkbox', { name: 'Select all on this page' }));
  await expect(page.getByText('Select all on this page')).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('users, notices and certificates show Update and Delete in view on a phone', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const stamp = Date.now();
  const email = uniqueEmail('phone');
  const registered = await request.post('/api/auth/register', {
    data: { firstname: 'Phone', lastname: `User${stamp}`, department: 'CSE', year: '2', email, password: 'phone pass 2024' },
  });
  expect(registered.status()).toBe(201);
  await createNotice(request, token, { title: `Phone notice ${stamp}`, url: 'https://example.org/n', date: '2026-11-01' });
  const number = 900_000 + (stamp % 90_000);
  await createCertificate(request, token, { name: `Phone Holder ${stamp}`, certinumber: number });

  await openAdmin(page, `/admin/users?q=${encodeURIComponent(email)}`);
  const user = row(page, email);
  await expectInView(user.getByRole('button', { name: /Delete/ }));
  await expectInView(user.getByRole('link', { name: /Edit|Update/ }));
  await expectNoSidewaysScroll(page);

  await openAdmin(page, `/admin/notices?q=${encodeURIComponent(`Phone notice ${stamp}`)}`);
  const notice = row(page, `Phone notice ${stamp}`);
  await expectInView(notice.getByRole('button', { name: /Delete/ }));
  await expectInView(notice.getByRole('link', { name: /Edit|Update/ }));
  await expectNoSidewaysScroll(page);

  await openAdmin(page, `/admin/certificates?q=${number}`);
  const certificate = row(page, `Phone Holder ${stamp}`);
  await expectInView(certificate.getByRole('button', { name: /Delete/ }));
  await expectNoSidewaysScroll(page);
});

test("a team's members are cards with Edit, Delete, Up and Down in view", async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const slug = uniqueSlug();
  const title = unique('Team');
  const { _id } = await createRoster(request, token, { slug, title });
  try {
    for (const name of ['Phone Member One', 'Phone Member Two']) {
      await addMember(request, token, _id, { name, department: 'CSE', year: '2nd Year' });
    }
    await openAdmin(page, `/admin/team?team=${slug}`);
    const members = page.getByRole('region', { name: `Members of ${title}` });
    const second = row(members, 'Phone Member Two');
    for (const name of [/^Edit/, /^Delete/, /^Up/, /^Down/]) {
      await expectInView(second.getByRole('button', { name }).first());
    }
    await expectNoSidewaysScroll(page);
  } finally {
    await deleteRosterBySlug(request, token, slug);
  }
});
