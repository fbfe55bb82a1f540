// /admin/users: the table (with each account's role and last sign-in, filtered by role), editing, deleting and
// signing accounts out, a password reset link to pass on, and the server's refusals shown as toasts.
import { ADMIN, bearer, expect, test, uniqueEmail, visit } from './fixtures.js';
import {
  acceptConfirm,
  asAdmin,
  deleteRow,
  onlySeededAdmin,
  openAdmin,
  registerEditor,
  registerUser,
  row,
  toast,
} from './admin-helpers.js';
import { saveMail } from './mail-helpers.js';
import { violations } from './axe.js';

/** The spec's columns, then the role and the last sign-in, then the spec's actions, and signing out and a reset link together. */
const COLUMNS = [
  'First Name',
  'Last Name',
  'Department',
  'Year',
  'Email',
  'Admin',
  'Role',
  'Last sign-in',
  'Delete',
  'Update',
  'Sign-in',
];
const ACTIONS = [/Delete/, /Edit/, /Sign out everywhere.*Reset password/];

/** Sends the open edit form of user `id`: the server's refusal `message` shows as a toast and the form stays. */
async function expectRefusedUpdate(page, id, message) {
  await page.getByRole('button', { name: 'UPDATE' }).click();
  await expect(toast(page, message)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/users/${id}/edit$`));
}

test('the users table has the spec columns, the role and last sign-in, and shows each account', async ({
  page,
  request,
}) => {
  await asAdmin(page, request);
  const member = await registerUser(request, { firstname: 'Tanu', lastname: 'Sen', department: 'ME', year: '1st' });
  await openAdmin(page, '/admin/users');

  const headers = page.getByRole('table').getByRole('columnheader');
  await expect(headers).toHaveText(COLUMNS);
  await expect(row(page, member.email).getByRole('cell')).toHaveText(['Tanu', 'Sen', 'ME', '1st', member.email, 'No', 'User', 'Never', ...ACTIONS]);
  await expect(row(page, member.email).getByRole('link', { name: /Edit/ })).toHaveAttribute('href', `/admin/users/${member.id}/edit`);
  // Edit looks like the button it is everywhere else, and not like the red Delete.
  await expect(row(page, member.email).getByRole('link', { name: /Edit/ })).toHaveClass(/button-outline/);
  await expect(row(page, member.email).getByRole('button', { name: /Delete/ })).toHaveClass(/button-danger/);
  // The list is newest first, a page at a time: the seeded admin, the oldest account, is found by searching.
  await openAdmin(page, `/admin/users?q=${encodeURIComponent(ADMIN.email)}`);
  await expect(row(page, ADMIN.email).getByRole('cell').nth(5)).toHaveText('Yes');
  await expect(row(page, ADMIN.email).getByRole('cell').nth(6)).toHaveText('Admin');
  // The admin has signed in (once for this worker's tests): the day and time show, in the admin's time zone.
  await expect(row(page, ADMIN.email).getByRole('cell').nth(7).locator('time')).toHaveAttribute('datetime', /^\d{4}-/);
  await expect(row(page, ADMIN.email).getByRole('cell').nth(7)).toHaveText(/\d{4}/);
});

test('editing a user saves, says Updated Successfully and returns to the refreshed list', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const member = await registerUser(request, { firstname: 'Old', lastname: 'Name' });
  await openAdmin(page, '/admin/users');
  await row(page, member.email).getByRole('link', { name: /Edit/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users/${member.id}/edit$`));

  await expect(page.getByLabel('First name')).toHaveValue('Old');
  await expect(page.getByLabel('Last name')).toHaveValue('Name');
  await expect(page.getByLabel('Email')).toHaveValue(member.email);
  await expect(page.getByRole('checkbox', { name: 'Admin' })).not.toBeChecked();

  const newEmail = uniqueEmail('renamed');
  await page.getByLabel('First name').fill('New');
  await page.getByLabel('Email').fill(newEmail);
  await page.getByRole('checkbox', { name: 'Admin' }).check();
  await page.getByRole('button', { name: 'UPDATE' }).click();

  await expect(toast(page, 'Updated Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(row(page, newEmail).getByRole('cell')).toHaveText(['New', 'Name', 'ECE', '3rd', newEmail, 'Yes', 'Admin', 'Never', ...ACTIONS]);
  await expect(row(page, member.email)).toHaveCount(0);
  await onlySeededAdmin(request, token);
});

test('deleting a user asks first, says User has been deleted and drops the row', async ({ page, request }) => {
  await asAdmin(page, request);
  const member = await registerUser(request);
  await openAdmin(page, '/admin/users');

  page.once('dialog', (dialog) => dialog.dismiss());
  await row(page, member.email).getByRole('button', { name: /Delete/ }).click();
  await expect(row(page, member.email)).toHaveCount(1);

  await deleteRow(page, member.email);
  await expect(toast(page, 'User has been deleted')).toBeVisible();
  await expect(row(page, member.email)).toHaveCount(0);
});

test('deleting the last admin is refused with the server message and the row stays', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  await onlySeededAdmin(request, token);
  await openAdmin(page, `/admin/users?q=${encodeURIComponent(ADMIN.email)}`);

  await deleteRow(page, ADMIN.email);
  await expect(toast(page, 'The last admin cannot be removed or demoted; make another user admin first')).toBeVisible();
  await expect(row(page, ADMIN.email)).toHaveCount(1);
});

test('demoting the last admin is refused with the server message and the form stays', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const admin = await onlySeededAdmin(request, token);
  await openAdmin(page, `/admin/users/${admin._id}/edit`);

  await expect(page.getByRole('checkbox', { name: 'Admin' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Admin' }).uncheck();
  await expectRefusedUpdate(page, admin._id, 'The last admin cannot be removed or demoted; make another user admin first');
});

test('taking another user’s email is refused with the server message', async ({ page, request }) => {
  await asAdmin(page, request);
  const first = await registerUser(request);
  const second = await registerUser(request);
  await openAdmin(page, `/admin/users/${second.id}/edit`);

  await expect(page.getByLabel('Email')).toHaveValue(second.email);
  await page.getByLabel('Email').fill(first.email);
  await expectRefusedUpdate(page, second.id, 'Another user already has this email');
});

test('an invalid edit shows the field error beside the field and an error toast', async ({ page, request }) => {
  await asAdmin(page, request);
  const member = await registerUser(request);
  await openAdmin(page, `/admin/users/${member.id}/edit`);

  await expect(page.getByLabel('Email')).toHaveValue(member.email);
  // A value the browser accepts as an email but the server does not (no dotted domain).
  await page.getByLabel('Email').fill('someone@localhost');
  await page.getByRole('button', { name: 'UPDATE' }).click();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.field-error')).toHaveCount(1);
  await expect(page.locator('.Toastify').getByRole('alert')).toHaveCount(1);
});

test('the role choice and the Admin box agree, and the role is saved', async ({ page, request }) => {
  await asAdmin(page, request);
  const member = await registerUser(request);
  await openAdmin(page, `/admin/users/${member.id}/edit`);

  const admin = page.getByRole('checkbox', { name: 'Admin' });
  const role = page.getByLabel('Role');
  await expect(role).toHaveValue('user');
  await expect(role.locator('option')).toHaveText(['Admin', 'Editor', 'User']);
  await admin.check();
  await expect(role).toHaveValue('admin');
  await role.selectOption('editor');
  await expect(admin).not.toBeChecked();
  await admin.check();
  await admin.uncheck();
  await expect(role).toHaveValue('user');
  await role.selectOption('editor');

  const sent = page.waitForRequest((req) => req.method() === 'PATCH' && req.url().includes('/api/admin/users/update/'));
  await page.getByRole('button', { name: 'UPDATE' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ isAdmin: false, role: 'editor' });
  await expect(toast(page, 'Updated Successfully')).toBeVisible();
  await expect(row(page, member.email).getByRole('cell').nth(5)).toHaveText('No');
  await expect(row(page, member.email).getByRole('cell').nth(6)).toHaveText('Editor');
});

test('the role filter shows only admins, editors or users, and stays in the address', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  await onlySeededAdmin(request, token);
  const editor = await registerEditor(request);
  const member = await registerUser(request);
  await openAdmin(page, '/admin/users');

  const filter = page.getByLabel('Role');
  await expect(filter.locator('option')).toHaveText(['All', 'Admins', 'Editors', 'Users']);
  await filter.selectOption({ label: 'Editors' });
  await expect(page).toHaveURL(/[?&]role=editor/);
  await expect(row(page, editor.email)).toHaveCount(1);
  await expect(row(page, member.email)).toHaveCount(0);
  await expect(row(page, ADMIN.email)).toHaveCount(0);
  for (const cell of await page.getByRole('table').getByRole('row').all()) {
    if ((await cell.getByRole('cell').count()) > 0) await expect(cell.getByRole('cell').nth(6)).toHaveText('Editor');
  }

  await filter.selectOption({ label: 'Admins' });
  await expect(row(page, ADMIN.email)).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: /^1 user$/ })).toBeVisible();

  // The filter and the search narrow the list together; a reload keeps both.
  await filter.selectOption({ label: 'Users' });
  await page.getByLabel('Search by name or email').fill(member.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  await page.reload();
  await expect(page.getByLabel('Role')).toHaveValue('user');
  await expect(row(page, member.email)).toHaveCount(1);

  await page.getByLabel('Role').selectOption({ label: 'All' });
  await expect(page).not.toHaveURL(/role=/);
});

test('Sign out everywhere asks first, ends every session of the account and says so', async ({ page, request }) => {
  await asAdmin(page, request);
  const member = await registerUser(request);
  expect((await request.get('/api/auth/user', { headers: bearer(member.token) })).status()).toBe(200);
  await openAdmin(page, `/admin/users?q=${encodeURIComponent(member.email)}`);
  const signOut = row(page, member.email).getByRole('button', { name: /Sign out everywhere/ });
  await expect(signOut).toHaveAccessibleName(`Sign out everywhere Mita Roy`);

  page.once('dialog', (dialog) => dialog.dismiss());
  await signOut.click();
  expect((await request.get('/api/auth/user', { headers: bearer(member.token) })).status()).toBe(200);

  acceptConfirm(page);
  await signOut.click();
  await expect(toast(page, 'Signed out everywhere')).toBeVisible();
  expect((await request.get('/api/auth/user', { headers: bearer(member.token) })).status()).toBe(401);
});

test('Reset password makes a one-time link to pass on, with which the owner chooses a new password', async ({
  page,
  request,
}) => {
  await asAdmin(page, request);
  const member = await registerUser(request);
  await openAdmin(page, `/admin/users?q=${encodeURIComponent(member.email)}`);

  const opener = row(page, member.email).getByRole('button', { name: 'Reset password Mita Roy' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Reset the password of Mita Roy' });
  await expect(dialog).toContainText(member.email);
  await dialog.getByRole('button', { name: 'Make the link' }).click();
  // Email is off on the test server: the admin passes the link on.
  await expect(dialog.getByText('Email is off: send this link to them yourself.')).toBeVisible();
  const link = await dialog.getByLabel('Password reset link').inputValue();
  expect(new URL(link).pathname).toBe('/reset-password');
  expect(new URL(link).hash).toMatch(/^#token=.+/);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(opener).toBeFocused();

  await visit(page, new URL(link).pathname + new URL(link).hash);
  await page.getByLabel('New password (8 to 72 characters)').fill('member-new-pass-7');
  await page.getByLabel('Confirm new password').fill('member-new-pass-7');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const login = await request.post('/api/auth/login', { data: { email: member.email, password: 'member-new-pass-7' } });
  expect(login.status()).toBe(200);
  expect((await request.get('/api/auth/user', { headers: bearer(member.token) })).status()).toBe(401);
});

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1366, height: 768 },
]) {
  test.describe(`Reset password at ${viewport.width}×${viewport.height}`, () => {
    // axe is injected as a script of the test's own, which the site's Content-Security-Policy would refuse.
    test.use({ bypassCSP: true, viewport });

    test('with email off, the keyboard makes a one-time link, which a fresh browser uses to set a password that logs in', async ({
      page,
      request,
      browser,
      baseURL,
    }) => {
      const token = await asAdmin(page, request);
      await saveMail(request, token, { host: '', sender: '', siteAddress: '' });
      const member = await registerUser(request, { firstname: 'Jaya', lastname: 'Pal' });
      await openAdmin(page, `/admin/users?q=${encodeURIComponent(member.email)}`);

      // Everything by keyboard: Enter opens the popup, whose first button has the focus.
      const opener = row(page, member.email).getByRole('button', { name: 'Reset password Jaya Pal' });
      await opener.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Reset the password of Jaya Pal' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(`Make a link for ${member.email} to choose a new password?`);
      const make = dialog.getByRole('button', { name: 'Make the link' });
      await expect(make).toBeFocused();
      await page.keyboard.press('Enter');

      await expect(dialog.getByRole('status').first()).toHaveText('Email is off: send this link to them yourself.');
      await expect(dialog).toContainText('It works once, until');
      const field = dialog.getByLabel('Password reset link');
      const link = await field.inputValue();
      expect(new URL(link).origin).toBe(baseURL);
      expect(new URL(link).pathname).toBe('/reset-password');
      expect(new URL(link).hash).toMatch(/^#token=.+/);

      // The popup fits the screen, with the whole link box and its Copy button in it.
      const frame = await dialog.boundingBox();
      expect(frame.x).toBeGreaterThanOrEqual(0);
      expect(frame.x + frame.width).toBeLessThanOrEqual(viewport.width);
      expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth), 'no sideways scrolling').toBe(true);
      for (const part of [field, dialog.getByRole('button', { name: 'Copy password reset link' })]) {
        const box = await part.boundingBox();
        expect(box.x).toBeGreaterThanOrEqual(frame.x);
        expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width);
      }
      expect(await violations(page), 'axe with the link shown').toEqual([]);

      // The focus is on the link (selected whole, to copy), then Tab reaches Copy and Close, all in the popup.
      await expect(field).toBeFocused();
      expect(await field.evaluate((input) => [input.selectionStart, input.selectionEnd])).toEqual([0, link.length]);
      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('button', { name: 'Copy password reset link' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();

      // The owner opens the link in a browser of their own, with no session.
      const visitor = await browser.newContext({ viewport, baseURL });
      try {
        const own = await visitor.newPage();
        const errors = [];
        own.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
        own.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
        await own.goto(link);
        await expect(own.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible({ timeout: 10_000 });
        // The secret leaves the address bar once read.
        await expect(own).toHaveURL(`${baseURL}/reset-password`);
        await own.getByLabel('New password (8 to 72 characters)').fill('jaya-new-pass-42');
        await own.getByLabel('Confirm new password').fill('jaya-new-pass-42');
        await own.getByLabel('Confirm new password').press('Enter');
        // The new password is hashed (slowly, on purpose) before the login page shows.
        await expect(own).toHaveURL(/\/login$/, { timeout: 10_000 });

        await own.getByLabel('Email').fill(member.email);
        await own.getByLabel('Password').fill('jaya-new-pass-42');
        await own.getByLabel('Password').press('Enter');
        await expect(own).toHaveURL(`${baseURL}/`, { timeout: 10_000 });
        await expect(own.getByRole('alert').filter({ hasText: 'Login Successful !!!' })).toBeVisible({ timeout: 10_000 });
        await expect(own.getByRole('banner').getByRole('link', { name: 'Logout' })).toBeVisible();
        expect(errors, 'errors in the browser console of the link').toEqual([]);
      } finally {
        await visitor.close();
      }
      // The old password no longer logs in, and the link does not work twice.
      const old = await request.post('/api/auth/login', { data: { email: member.email, password: 'member-pass-1' } });
      expect(old.status()).not.toBe(200);
      const again = await request.post('/api/auth/reset-password', {
        data: { token: new URLSearchParams(new URL(link).hash.slice(1)).get('token'), password: 'jaya-third-pass-9' },
      });
      expect(again.status()).toBeGreaterThanOrEqual(400);
    });
  });
}

// An expired invitation stays in the pending list, marked so, and Send again makes a new link for the same address and
// role (the server's list is answered here with the invitation expired: a real one takes 7 days).
test.describe('an expired invitation', () => {
test.use({ bypassCSP: true });
for (const viewport of [
  { width: 1366, height: 800 },
  { width: 360, height: 740 },
]) {
  test(`at ${viewport.width} px an expired invitation is marked and sent again by keyboard`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const token = await asAdmin(page, request);
    const email = uniqueEmail('expired');
    const made = await request.post('/api/admin/invitations', { data: { email, role: 'admin' }, headers: bearer(token) });
    expect(made.status(), 'invite').toBe(201);
    let expired = true;
    await page.route(
      (url) => url.pathname === '/api/admin/invitations',
      async (route) => {
        if (route.request().method() !== 'GET') return route.fallback();
        const response = await route.fetch();
        const list = await response.json();
        return route.fulfill({
          response,
          json: list.map((invitation) => ({ ...invitation, expired: expired && invitation.email === email })),
        });
      },
    );
    await openAdmin(page, '/admin/users');
    const summary = page.getByText(/pending invitations? \(1 expired\)$/);
    await summary.focus();
    await page.keyboard.press('Enter');
    const pending = page.getByRole('region', { name: 'Pending invitations' });
    const invitation = row(pending, email);
    await expect(invitation).toContainText('Expired');
    expect(await violations(page), 'axe with an expired invitation').toEqual([]);

    const again = invitation.getByRole('button', { name: `Send again the invitation of ${email}` });
    await again.focus();
    expired = false;
    const sent = page.waitForRequest((sent) => sent.url().endsWith('/api/admin/invitations') && sent.method() === 'POST');
    await page.keyboard.press('Enter');
    expect((await sent).postDataJSON()).toEqual({ email, role: 'admin' });
    const dialog = page.getByRole('dialog', { name: 'Invite to the team' });
    await expect(dialog).toContainText(`With it, ${email} joins the team as an admin.`);
    await expect(dialog.getByLabel('Invitation link')).toBeFocused();
    await expect(dialog.getByLabel('Invitation link')).toHaveValue(/#/);
    expect(await violations(page), 'axe on the new link').toEqual([]);
    page.once('dialog', (question) => question.accept());
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // The new invitation replaced the expired one: one row for the address, no longer expired.
    await expect(row(pending, email)).toHaveCount(1);
    await expect(row(pending, email)).not.toContainText('Expired');
    await expect(page.getByText(/pending invitations?$/)).toBeFocused();
  });
}
});
