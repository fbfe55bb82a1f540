// /account: a logged-in user changes their password; the old session token stops working.
import { bearer, expect, test, visit } from './fixtures.js';
import { registerUser, toast, useToken } from './admin-helpers.js';

/** A newly registered user, logged in and on the account page. */
async function onAccountPage(page, request) {
  const user = await registerUser(request);
  await useToken(page, user.token);
  await visit(page, '/account');
  return user;
}

/** Fills in the password form and sends it. */
async function changePassword(page, current, next, confirmation = next) {
  await page.getByLabel('Current password').fill(current);
  await page.getByLabel(/^New password/).fill(next);
  await page.getByLabel('Confirm new password').fill(confirmation);
  await page.getByRole('button', { name: 'Change password' }).click();
}

test('a visitor who is not logged in is sent from /account to /login', async ({ page }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
  await expect(page.getByRole('banner').getByRole('link', { name: 'Account' })).toHaveCount(0);
});

test('a logged-in user finds the Account link in the top banner', async ({ page, request }) => {
  const user = await registerUser(request);
  await useToken(page, user.token);
  await visit(page, '/');
  await page.getByRole('banner').getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
});

test('a wrong current password is refused with the reason beside the field', async ({ page, request }) => {
  const user = await onAccountPage(page, request);
  await changePassword(page, 'not-my-password', 'lantern-by-the-river-7');

  const current = page.getByLabel('Current password');
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(current).toHaveAccessibleDescription('is not your current password');
  await expect(page.locator('.Toastify').getByRole('alert')).toHaveCount(1);
  const still = await request.get('/api/auth/user', { headers: bearer(user.token) });
  expect(still.status()).toBe(200);
});

test('a new password the server finds too weak is refused beside the new password', async ({ page, request }) => {
  await onAccountPage(page, request);
  await changePassword(page, 'member-pass-1', 'password');
  await expect(page.getByLabel(/^New password/)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.field-error')).toHaveCount(1);
});

test('two different new passwords are caught before anything is sent', async ({ page, request }) => {
  await onAccountPage(page, request);
  const calls = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/api/auth/password')) calls.push(req.url());
  });
  await changePassword(page, 'member-pass-1', 'lantern-by-the-river-7', 'lantern-by-the-river-8');
  await expect(page.getByLabel('Confirm new password')).toHaveAccessibleDescription('does not match the new password');
  expect(calls).toEqual([]);
});

test('a changed password says so, keeps this session and ends the old token', async ({ page, request }) => {
  const user = await onAccountPage(page, request);
  await changePassword(page, 'member-pass-1', 'lantern-by-the-river-7');

  await expect(toast(page, 'Password changed')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');
  const stored = await page.evaluate(() => localStorage.getItem('token'));
  expect(stored).not.toBe(user.token);

  const old = await request.get('/api/auth/user', { headers: bearer(user.token) });
  expect(old.status()).toBe(401);
  const fresh = await request.get('/api/auth/user', { headers: bearer(stored) });
  expect(fresh.status()).toBe(200);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Logout' })).toBeVisible();

  const login = await request.post('/api/auth/login', { data: { email: user.email, password: 'lantern-by-the-river-7' } });
  expect(login.status()).toBe(200);
});
