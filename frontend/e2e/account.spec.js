// /account: a logged-in user changes their password; the old session token stops working.
import { expect, test, visit } from './fixtures.js';
import { bearer, registerUser, toast, useToken } from './admin-helpers.js';

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
  const user = await registerUser(request);
  await useToken(page, user.token);
  await visit(page, '/account');
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel(/^New password/).fill('lantern-by-the-river-7');
  await page.getByLabel('Confirm new password').fill('lantern-by-the-river-7');
  await page.getByRole('button', { name: 'Change password' }).click();

  const current = page.getByLabel('Current password');
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(current).toHaveAccessibleDescription('is not your current password');
  await expect(page.locator('.Toastify').getByRole('alert')).toHaveCount(1);
  const still = await request.get('/api/auth/user', { headers: bearer(user.token) });
  expect(still.status()).toBe(200);
});

test('a new password the server finds too weak is refused beside the new password', async ({ page, request }) => {
  const user = await registerUser(request);
  await useToken(page, user.token);
  await visit(page, '/account');
  await page.getByLabel('Current password').fill('member-pass-1');
  await page.getByLabel(/^New password/).fill('password');
  await page.getByLabel('Confirm new password').fill('password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByLabel(/^New password/)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.field-error')).toHaveCount(1);
});

test('two different new passwords are caught before anything is sent', async ({ page, request }) => {
  const user = await registerUser(request);
  await useToken(page, user.token);
  await visit(page, '/account');
  const calls = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/api/auth/password')) calls.push(req.url());
  });
  await page.getByLabel('Current password').fill('member-pass-1');
  await page.getByLabel(/^New password/).fill('lantern-by-the-river-7');
  await page.getByLabel('Confirm new password').fill('lantern-by-the-river-8');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByLabel('Confirm new password')).toHaveAccessibleDescription('does not match the new password');
  expect(calls).toEqual([]);
});

test('a changed password says so, keeps this session and ends the old token', async ({ page, request }) => {
  const user = await registerUser(request);
  await useToken(page, user.token);
  await visit(page, '/account');
  await page.getByLabel('Current password').fill('member-pass-1');
  await page.getByLabel(/^New password/).fill('lantern-by-the-river-7');
  await page.getByLabel('Confirm new password').fill('lantern-by-the-river-7');
  await page.getByRole('button', { name: 'Change password' }).click();

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
