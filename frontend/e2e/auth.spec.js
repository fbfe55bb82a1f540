// Registration, login, logout, the admin link, and Forgot password while email is off, as round trips through the real
// server.
import { ADMIN, adminToken, expect, forgetAdminToken, recordDialogs, test, uniqueEmail, visit } from './fixtures.js';
import { saveMail } from './mail-helpers.js';
import { violations } from './axe.js';

const toast = (page, text) => page.getByRole('alert').filter({ hasText: text });

async function register(page, email, password = 'secret-pass-1') {
  await visit(page, '/signup');
  await page.getByLabel('First name').fill('Rina');
  await page.getByLabel('Last name').fill('Das');
  await page.getByLabel('Department').fill('CSE');
  await page.getByLabel('Year').fill('2nd');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/Password/).fill(password);
  await page.getByRole('button', { name: 'REGISTER NOW' }).click();
}

async function logIn(page, email, password) {
  await visit(page, '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login NOW' }).click();
}

test('registering greets the user and goes to the login page', async ({ page }) => {
  await register(page, uniqueEmail('signup'));
  await expect(toast(page, 'User Registered Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Login NOW' })).toBeVisible();
});

test('a common password is refused with the reason beside the password field, and the rest stays typed', async ({ page }) => {
  const email = uniqueEmail('common');
  await register(page, email, 'password123');
  await expect(page.getByText(/most common passwords/)).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(toast(page, 'User Already Exists!')).toHaveCount(0);
  const password = page.getByLabel(/Password/);
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveValue('');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('First name')).toHaveValue('Rina');

  // Typing a new password clears the old reason; a good one registers.
  await password.fill('a much better pass');
  await expect(page.getByText(/most common passwords/)).toHaveCount(0);
  await expect(password).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'REGISTER NOW' }).click();
  await expect(toast(page, 'User Registered Successfully')).toBeVisible();
});

test('an empty registration names each missing field instead of saying the user exists', async ({ page }) => {
  await visit(page, '/signup');
  await page.getByRole('button', { name: 'REGISTER NOW' }).click();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(/Password/)).toHaveAttribute('aria-invalid', 'true');
  await expect(toast(page, 'User Already Exists!')).toHaveCount(0);
  await page.getByLabel('Email').fill('someone@example.org');
  await expect(page.getByLabel('Email')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(/Password/)).toHaveAttribute('aria-invalid', 'true');
});

test('registering a taken email warns User Already Exists! and clears the form', async ({ page }) => {
  const email = uniqueEmail('twice');
  await register(page, email);
  await expect(page).toHaveURL(/\/login$/);
  await register(page, email);
  await expect(toast(page, 'User Already Exists!')).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
  for (const label of ['First name', 'Last name', 'Department', 'Year', 'Email']) {
    await expect(page.getByLabel(label)).toHaveValue('');
  }
});

test('wrong credentials say Invalid Credentials and clear the form', async ({ page }) => {
  await logIn(page, 'nobody@example.org', 'wrong-password');
  await expect(toast(page, 'Invalid Credentials')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page.getByLabel('Password')).toHaveValue('');
  await expect(page).toHaveURL(/\/login$/);
});

test('a new user can log in, is welcomed at home, and can log out again', async ({ page }) => {
  const email = uniqueEmail('roundtrip');
  await register(page, email, 'round-trip-pass');
  await expect(page).toHaveURL(/\/login$/);
  await page.evaluate(() => localStorage.clear());

  await logIn(page, email, 'round-trip-pass');
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, 'Login Successful !!!')).toBeVisible({ timeout: 10_000 });
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toHaveCount(0);

  await page.getByRole('banner').getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
});

test('visiting /logout directly ends the session', async ({ page }) => {
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/$/);
  // Logging out ends every session of the admin: the later tests sign in again.
  forgetAdminToken();
  await visit(page, '/logout');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('an admin sees the Admin link, which opens the admin area', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/$/);
  const admin = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' });
  await expect(admin).toHaveAttribute('href', '/admin/users');
  await admin.click();
  await expect(page.getByRole('heading', { name: 'Welcome To Admin Page' })).toBeVisible();
});

test('the admin area turns away visitors and users who are not admins', async ({ page }) => {
  await visit(page, '/admin/users');
  await expect(page).toHaveURL(/\/$/);

  const email = uniqueEmail('notadmin');
  await register(page, email, 'not-admin-pass');
  await logIn(page, email, 'not-admin-pass');
  await expect(page).toHaveURL(/\/$/);
  const alerts = recordDialogs(page);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  expect(alerts).toEqual(['Ask admin to get access']);
  await expect(page.getByRole('heading', { name: 'Welcome To Admin Page' })).toHaveCount(0);
});

test('a rejected stored token is forgotten', async ({ page }) => {
  await visit(page, '/');
  await page.evaluate(() => localStorage.setItem('token', 'not-a-real-token'));
  await visit(page, '/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('with email off, Forgot password says to ask an admin instead of promising a link', async ({ page, request }) => {
  // Email is off unless a suite turns it on (and it turns it off again); say so here too.
  await saveMail(request, await adminToken(request), { host: '', sender: '', siteAddress: '' });
  await visit(page, '/login');
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveCount(0);
  await visit(page, '/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();
  await expect(page.getByText(/Ask an admin of the site/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send me a link' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

/** The page's width fits the screen: nothing scrolls sideways. */
const fitsWidth = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Presses Tab from where the focus is until `target` has it (at most `most` times); answers whether it got there. */
async function tabTo(page, target, most = 40) {
  for (let i = 0; i < most; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return true;
  }
  return false;
}

const ASK_AN_ADMIN =
  'This site cannot send email yet, so no link can reach you. Ask an admin of the site: on the Users screen they ' +
  'can make you a link to choose a new password, which works once, for one hour.';

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1366, height: 768 },
]) {
  test.describe(`Forgot password at ${viewport.width}×${viewport.height}`, () => {
    // axe is injected as a script of the test's own, which the site's Content-Security-Policy would refuse.
    test.use({ bypassCSP: true, viewport });

    test('reached by its address with email off, it says to ask an admin, fits, works by keyboard and passes axe', async ({
      page,
      request,
    }) => {
      await saveMail(request, await adminToken(request), { host: '', sender: '', siteAddress: '' });
      await visit(page, '/forgot-password');
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();
      const advice = main.getByText(ASK_AN_ADMIN);
      await expect(advice).toBeVisible();
      // No link is promised: no email box, no send button, no word of a mail on its way.
      await expect(main.getByRole('textbox')).toHaveCount(0);
      await expect(main.getByRole('button')).toHaveCount(0);
      await expect(main.getByText(/on its way|We will send/)).toHaveCount(0);

      // The whole advice is on the screen, not cut off or pushed sideways.
      expect(await fitsWidth(page), 'no sideways scrolling').toBe(true);
      const box = await advice.boundingBox();
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(await violations(page), 'axe on Forgot password with email off').toEqual([]);

      // Its only link is reached with Tab from the top of the page, and Enter follows it.
      const back = main.getByRole('link', { name: 'Back to login' });
      await expect(main.getByRole('link')).toHaveCount(1);
      expect(await tabTo(page, back), 'Tab reaches Back to login').toBe(true);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('button', { name: 'Login NOW' })).toBeVisible();
    });
  });
}
