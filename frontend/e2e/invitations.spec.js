// Invitations: an admin invites from the Users screen and sees the link once, with Copy; the invited person opens
// the link, reads the role the account will have (and the one it loses), chooses a name and password (or types the
// password of the account they have) and lands in the admin area with their role's sidebar; a revoked, used or
// missing link says so, and an acceptance that would leave the site without an admin is refused in words that stay.
import { ADMIN, adminToken, bearer, expect, test, uniqueEmail, visit } from './fixtures.js';
import { acceptConfirm, asAdmin, onlySeededAdmin, openAdmin, registerUser, row, toast } from './admin-helpers.js';
import { SENDER, emailOff, saveMail } from './mail-helpers.js';
import { startSmtpSink } from './smtp-sink.js';
import { violations } from './axe.js';

// axe is injected as a script of the test's own, which the site's Content-Security-Policy would refuse.
test.use({ bypassCSP: true, permissions: ['clipboard-read', 'clipboard-write'] });

const WITHDRAWN = /This invitation was withdrawn\. Ask .+ \(or another admin of the site\) for a new link\./;
const USED = 'This invitation has already been used. If it was you, log in with the password you chose.';

/** Invites `email` as `role` through the API, as the admin; answers the server's answer (with the link). */
async function inviteByApi(request, email, role) {
  const response = await request.post('/api/admin/invitations', {
    data: { email, role },
    headers: bearer(await adminToken(request)),
  });
  expect(response.status(), 'invite').toBe(201);
  return response.json();
}

/** The account with this email, as the admin's user list shows it. */
async function accountOf(request, email) {
  const response = await request.get('/api/admin/users', {
    params: { q: email, page: 1 },
    headers: bearer(await adminToken(request)),
  });
  expect(response.status(), 'users').toBe(200);
  return (await response.json()).items.find((user) => user.email === email);
}

/** Opens the invitation's link (a path, as the server gives it while it knows no site address). */
async function openLink(page, link) {
  await visit(page, new URL(link, 'http://site.invalid').pathname + new URL(link, 'http://site.invalid').hash);
  await expect(page.getByRole('heading', { level: 1, name: 'Join the Jyoti team' })).toBeVisible();
}

test('an admin invites from the Users screen; the link shows once, with Copy; Revoke ends it', async ({ page, request }) => {
  await asAdmin(page, request);
  const email = uniqueEmail('invitee');
  await openAdmin(page, '/admin/users');

  const invite = page.getByRole('button', { name: 'Invite', exact: true });
  await invite.click();
  const dialog = page.getByRole('dialog', { name: 'Invite to the team' });
  await expect(dialog.getByLabel('Email')).toBeFocused();
  await expect(dialog.getByLabel('Role').locator('option')).toHaveText(['Editor', 'Admin']);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Role').selectOption('editor');
  await dialog.getByRole('button', { name: 'Invite', exact: true }).click();

  // Email is off on the test server: the admin is told to pass the link on.
  await expect(dialog.getByText('Email is off: send this link to them yourself.')).toBeVisible();
  const linkBox = dialog.getByLabel('Invitation link');
  const link = await linkBox.inputValue();
  expect(new URL(link).pathname).toBe('/invitation');
  expect(new URL(link).hash).toMatch(/^#token=.+/);
  await dialog.getByRole('button', { name: 'Copy invitation link' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  expect(await violations(page), 'axe on the invitation made').toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(invite).toBeFocused();

  // Opened again, the popup asks afresh: the link is not shown a second time.
  await invite.click();
  await expect(dialog.getByLabel('Invitation link')).toHaveCount(0);
  await expect(dialog.getByLabel('Email')).toHaveValue('');
  await page.keyboard.press('Escape');

  // The pending invitations are folded under the accounts, and say how many they are.
  const pending = page.getByRole('region', { name: 'Pending invitations' });
  await expect(pending).toBeHidden();
  await page.getByText(/^\d+ pending invitations?$/).click();
  await expect(pending.getByRole('columnheader')).toHaveText(['Email', 'Role', 'Expires', 'Invited by', 'Revoke']);
  await expect(row(pending, email).getByRole('cell').nth(1)).toHaveText('Editor');
  // The seeded admin's name, as create-admin gives it.
  await expect(row(pending, email).getByRole('cell').nth(3)).toHaveText('Admin');

  acceptConfirm(page);
  await row(pending, email).getByRole('button', { name: /Revoke/ }).click();
  await expect(toast(page, 'Invitation revoked')).toBeVisible();
  await expect(row(pending, email)).toHaveCount(0);

  // On this server, whatever site address another test of this worker left in the settings.
  const { pathname, hash } = new URL(link);
  await page.goto(pathname + hash);
  await expect(page.getByText(WITHDRAWN)).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('button', { name: 'Accept invitation' })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toHaveCount(0);
});

test('a new editor chooses a name and password and lands on Contacts with the editor’s sidebar', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('new-editor');
  const { link } = await inviteByApi(request, email, 'editor');
  await openLink(page, link);

  // The secret leaves the address bar (and so the history) at once.
  await expect(page).toHaveURL(/\/invitation$/);
  await expect(page.getByText('You are invited to join the Jyoti team as an editor.')).toBeVisible();
  // A new account has no role to lose.
  // The role is said once.
  await expect(page.getByText('You are invited to join the Jyoti team as an editor.', { exact: true })).toBeVisible();
  await expect(page.getByText(/You will be/)).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('First name')).toHaveAttribute('required', '');
  expect(await violations(page), 'axe on the invitation page').toEqual([]);

  await page.getByLabel('First name').fill('Nila');
  await page.getByLabel('Last name').fill('Das');
  await page.getByLabel('New password (8 to 72 characters)').fill('joining-pass-42');
  await page.getByLabel('Confirm new password').fill('joining-pass-4');
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByText('does not match the new password')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('joining-pass-42');
  await page.getByRole('button', { name: 'Accept invitation' }).click();

  // The new member starts on the dashboard.
  await expect(page).toHaveURL(/\/admin$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 2, name: 'Dashboard' })).toBeVisible();
  await expect(toast(page, 'Welcome to the team! You are now an editor.')).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Admin' });
  await expect(sidebar.getByRole('link', { name: 'Contacts' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(sidebar.getByRole('link', { name: 'Activity' })).toHaveCount(0);

  const account = await accountOf(request, email);
  expect(account).toMatchObject({ firstname: 'Nila', lastname: 'Das', role: 'editor', isAdmin: false });
  expect(account.lastSignInAt).not.toBeNull();

  // The link worked once: opened again, it says so and offers to log in.
  await openLink(page, link);
  await expect(page.getByText(USED)).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('an invited admin lands on Users with the admins’ sidebar', async ({ page, request }) => {
  const email = uniqueEmail('new-admin');
  const { link } = await inviteByApi(request, email, 'admin');
  try {
    await openLink(page, link);
    await expect(page.getByText('You are invited to join the Jyoti team as an admin.')).toBeVisible();
    await page.getByLabel('First name').fill('Arun');
    await page.getByLabel('New password (8 to 72 characters)').fill('admin-joins-42');
    await page.getByLabel('Confirm new password').fill('admin-joins-42');
    await page.getByLabel('Confirm new password').press('Enter');

    await expect(page).toHaveURL(/\/admin$/, { timeout: 10_000 });
    const sidebar = page.getByRole('navigation', { name: 'Admin' });
    await expect(sidebar.getByRole('link', { name: 'Users' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Activity' })).toBeVisible();
    await expect(sidebar.getByRole('button', { name: 'Download backup' })).toBeVisible();
  } finally {
    await onlySeededAdmin(request, await adminToken(request));
  }
});

test('someone with an account accepts with their own password; a wrong one is refused beside it', async ({
  page,
  request,
}) => {
  const member = await registerUser(request, { firstname: 'Ritu', lastname: 'Sen' });
  const { link } = await inviteByApi(request, member.email, 'editor');
  await openLink(page, link);

  await expect(page.getByText('Sign in with your password to accept.')).toBeVisible();
  await expect(
    page.getByText('Your account has no role in the admin area now.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveCount(0);
  await page.getByLabel('Password').fill('not-my-password');
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('is not the password of this account')).toBeVisible();

  await page.getByLabel('Password').fill('member-pass-1');
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page).toHaveURL(/\/admin$/, { timeout: 10_000 });
  expect(await accountOf(request, member.email)).toMatchObject({ firstname: 'Ritu', role: 'editor' });
});

test('an admin invited as an editor reads that the account stops being an admin', async ({ page, request }) => {
  const token = await adminToken(request);
  // A second admin, so that this one's acceptance leaves the site with an admin.
  const other = await registerUser(request, { firstname: 'Second', lastname: 'Admin' });
  const promoted = await request.patch(`/api/admin/users/update/${other.id}`, {
    data: { role: 'admin' },
    headers: bearer(token),
  });
  expect(promoted.status(), 'promote').toBe(200);
  try {
    const { link } = await inviteByApi(request, other.email, 'editor');
    await openLink(page, link);
    const warning = page.getByText('Your account is an admin now and stops being one.', {
      exact: true,
    });
    await expect(warning).toBeVisible();
    // Said in bold: it is what the person loses.
    expect(await warning.evaluate((element) => element.tagName)).toBe('STRONG');
    expect(await violations(page), 'axe on the invitation of an admin').toEqual([]);

    await page.getByLabel('Password').fill('member-pass-1');
    await page.getByLabel('Password').press('Enter');
    await expect(page).toHaveURL(/\/admin$/, { timeout: 10_000 });
    expect(await accountOf(request, other.email)).toMatchObject({ role: 'editor', isAdmin: false });
  } finally {
    await onlySeededAdmin(request, token);
  }
});

test('accepting that would leave the site without an admin is refused, and the reason stays on the page', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  await onlySeededAdmin(request, token);
  const invitation = await inviteByApi(request, ADMIN.email, 'editor');
  try {
    await openLink(page, invitation.link);
    await expect(
      page.getByText('Your account is an admin now and stops being one.', { exact: true }),
    ).toBeVisible();
    const answered = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/auth/invitation' && response.request().method() === 'POST',
    );
    // By keyboard: the password, then Enter.
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByLabel('Password').press('Enter');
    const response = await answered;
    expect(response.status()).toBe(409);
    const { message } = await response.json();
    expect(message).toBeTruthy();

    // The server's sentence as the form's error, not as a toast that goes away.
    const error = page.locator('form').getByRole('alert').filter({ hasText: message });
    await expect(error).toBeVisible();
    await expect(page.locator('.Toastify').getByRole('alert')).toHaveCount(0);
    // Past the 5 s a toast stays (the page is on Playwright's clock since it opened): the error is still there.
    await page.clock.runFor(6_000);
    await expect(error).toBeVisible();
    await expect(page).toHaveURL(/\/invitation$/);
    expect(await accountOf(request, ADMIN.email)).toMatchObject({ role: 'admin', isAdmin: true });
    expect(await violations(page), 'axe with the refusal shown').toEqual([]);
  } finally {
    const revoked = await request.delete(`/api/admin/invitations/${invitation.id}`, { headers: bearer(token) });
    expect([200, 404]).toContain(revoked.status());
  }
});

test('an address without an invitation in it says so, and asks the server nothing', async ({ page }) => {
  const calls = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/auth/invitation')) calls.push(req.url());
  });
  await visit(page, '/invitation');
  await expect(page.getByText('This address holds no invitation.')).toBeVisible();
  expect(calls).toEqual([]);
});

test('with email on, the invitation is emailed with the site’s whole link, which works', async ({
  page,
  request,
  baseURL,
  playwright,
  server,
}) => {
  const sink = await startSmtpSink();
  try {
    const token = await asAdmin(page, request);
    await saveMail(request, token, {
      host: '127.0.0.1',
      port: String(sink.port),
      security: 'none',
      sender: SENDER,
      siteAddress: baseURL,
    });
    const email = uniqueEmail('mailed');
    await openAdmin(page, '/admin/users');
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite to the team' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(dialog.getByText(`The invitation was emailed to ${email}.`)).toBeVisible();
    const link = await dialog.getByLabel('Invitation link').inputValue();
    expect(link.startsWith(`${baseURL}/invitation#token=`)).toBe(true);

    // The admins are mailed too (the Email settings changed): the invitation is the mail to the invited person.
    await expect.poll(() => sink.mails.some((m) => m.to.includes(email)), { timeout: 15_000 }).toBe(true);
    expect(sink.mails.find((m) => m.to.includes(email)).body).toContain(link);
    await page.goto(link);
    await expect(page.getByText('You are invited to join the Jyoti team as an editor.')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByLabel('Email')).toHaveValue(email);
  } finally {
    await sink.close();
    await emailOff(playwright, server);
  }
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the invitation page fits and passes axe', async ({ page, request }) => {
    const { link } = await inviteByApi(request, uniqueEmail('phone'), 'editor');
    await openLink(page, link);
    await expect(page.getByLabel('First name')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await violations(page)).toEqual([]);
  });
});
