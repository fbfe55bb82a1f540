// Second factors in the browser: an authenticator app set up on /account (its QR code read as a phone reads it, its
// codes computed in Node as RFC 6238 says), the login page's second step with the app's code or a recovery code (each
// once), wrong codes said beside the box and the lock after five, new codes voiding the old, the whole way by keyboard
// at 360 and 1366 px with axe clean, the step in Bengali, and the "Sign out everywhere" link of the new-sign-in mail.
import { readFileSync } from 'node:fs';
import { adminToken, bearer, expect, test, uniqueEmail, visit } from './fixtures.js';
import { registerEditor, registerUser, toast } from './admin-helpers.js';
import { visitBengali } from './bengali-helpers.js';
import { tabTo } from './keyboard.js';
import { SENDER, emailOff, saveMail } from './mail-helpers.js';
import { readQr } from './qr.js';
import {
  Authenticator,
  addAuthenticator,
  codeAt,
  expectSignedIn,
  secondStep,
  signInWithCode,
  signOut,
  typePassword,
  violationsAtTop,
} from './second-factor-helpers.js';
import { startSmtpSink } from './smtp-sink.js';

// axe is injected as a script of the test's own, which the site's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

const PASSWORD = 'member-pass-1';
const APP_CODE = '6-digit code from your authenticator app';

/** Nothing on the page is wider than the window: no sideways scrolling. */
async function expectNoOverflow(page) {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page, 'the page scrolls sideways').toBeLessThanOrEqual(widths.window);
}

test("the codes are RFC 6238's own test vectors (SHA-1)", () => {
  const key = Buffer.from('12345678901234567890');
  const vectors = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];
  for (const [seconds, code] of vectors) expect(codeAt(key, Math.floor(seconds / 30), 8), `T = ${seconds}`).toBe(code);
  // The same key written in base32, as the Account page shows a key.
  expect(new Authenticator('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ').bytes).toEqual(key);
});

test('an app set up on /account asks for its code after the password; a wrong code is said beside the box', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const member = await registerUser(request);
  await typePassword(page, member.email, PASSWORD);
  await expectSignedIn(page);

  await visit(page, '/account');
  const section = page.getByRole('region', { name: 'Second factor' });
  await expect(section.getByText('Your first app or passkey comes with 10 recovery codes')).toBeVisible();
  await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const qr = section.getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(qr).toBeVisible();
  const key = (await section.locator('code').textContent()).replace(/\s/g, '');
  // The QR code is what a phone reads: the same key, for a TOTP app.
  const uri = new URL(await readQr(qr));
  expect(uri.protocol).toBe('otpauth:');
  expect(uri.searchParams.get('secret')).toBe(key);
  const app = new Authenticator(key);

  const first = section.getByLabel('The 6-digit code the app shows now');
  await first.fill(app.wrongCode());
  await section.getByRole('button', { name: 'Confirm' }).click();
  await expect(first).toHaveAttribute('aria-invalid', 'true');
  await first.fill(await app.code());
  await section.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Authenticator app added')).toBeVisible();

  // The first factor brings ten recovery codes, shown this once, to download, copy or print.
  const panel = page.getByRole('region', { name: 'Your recovery codes' });
  await expect(panel.getByRole('heading', { name: 'Your recovery codes' })).toBeFocused();
  await expect(panel.getByRole('listitem')).toHaveCount(10);
  const codes = await panel.getByRole('listitem').allTextContents();
  const saved = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download as a text file' }).click();
  const file = await saved;
  expect(file.suggestedFilename()).toBe('jyoti-recovery-codes.txt');
  const text = readFileSync(await file.path(), 'utf8');
  for (const code of codes) expect(text).toContain(code);
  // Print prints the panel alone: the page is marked so while the browser prints.
  await page.evaluate(() => {
    window.printedWith = [];
    window.print = () => {
      window.printedWith.push(document.body.className);
      window.dispatchEvent(new Event('afterprint'));
    };
  });
  await panel.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => window.printedWith)).toEqual([expect.stringContaining('printing-codes')]);
  expect(await page.evaluate(() => document.body.classList.contains('printing-codes'))).toBe(false);
  await panel.getByRole('button', { name: 'I have kept them' }).click();
  await expect(panel).toHaveCount(0);
  await expect(section.getByText('An authenticator app is set up')).toBeVisible();
  await expect(section.getByText('10 recovery codes left')).toBeVisible();

  await signOut(page);
  await typePassword(page, member.email, PASSWORD);
  const step = secondStep(page);
  await expect(step.getByRole('heading', { name: 'Second step' })).toBeFocused();
  expect(await page.evaluate(() => localStorage.getItem('token')), 'no token before the second step').toBeNull();
  const box = step.getByLabel(APP_CODE);
  await expect(box).toHaveAttribute('inputmode', 'numeric');
  await expect(box).toHaveAttribute('autocomplete', 'one-time-code');
  await box.fill(app.wrongCode());
  await step.getByRole('button', { name: 'Sign in' }).click();
  await expect(box).toHaveAccessibleDescription('That code is not right');
  await expect(box).toHaveValue('');
  await expect(box).toBeFocused();
  await box.fill(await app.code());
  await step.getByRole('button', { name: 'Sign in' }).click();
  await expectSignedIn(page);
});

test('a recovery code signs in once; new codes void the old ones; Back returns to the password', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const member = await registerUser(request);
  const { recoveryCodes } = await addAuthenticator(request, member.token);

  await typePassword(page, member.email, PASSWORD);
  let step = secondStep(page);
  await step.getByRole('button', { name: 'Use a recovery code instead' }).click();
  const box = step.getByLabel('Recovery code');
  await expect(box).toBeFocused();
  await box.fill(recoveryCodes[0]);
  await step.getByRole('button', { name: 'Sign in' }).click();
  await expectSignedIn(page);

  await visit(page, '/account');
  const section = page.getByRole('region', { name: 'Second factor' });
  await expect(section.getByText('9 recovery codes left')).toBeVisible();
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toContain('The codes you have now stop working');
    dialog.accept();
  });
  await section.getByRole('button', { name: 'Get new codes' }).click();
  const panel = page.getByRole('region', { name: 'Your recovery codes' });
  await expect(panel.getByRole('listitem')).toHaveCount(10);
  const fresh = await panel.getByRole('listitem').allTextContents();
  expect(fresh).not.toContain(recoveryCodes[1]);

  await signOut(page);
  await typePassword(page, member.email, PASSWORD);
  step = secondStep(page);
  await step.getByRole('button', { name: 'Use a recovery code instead' }).click();
  for (const used of [recoveryCodes[0], recoveryCodes[1]]) {
    await box.fill(used);
    await step.getByRole('button', { name: 'Sign in' }).click();
    await expect(box).toHaveAccessibleDescription('That code is not right');
  }
  await step.getByRole('button', { name: 'Use the code from your app instead' }).click();
  await expect(step.getByLabel(APP_CODE)).toBeFocused();
  await step.getByRole('button', { name: 'Back to email and password' }).click();
  await expect(page.getByLabel('Password')).toBeFocused();
  await expect(page.getByLabel('Email')).toHaveValue(member.email);
  await expect(page.getByLabel('Password')).toHaveValue('');
  // A fresh code of the new set still signs in.
  expect(await signInWithCode(request, member.email, PASSWORD, fresh[0])).toBeTruthy();
});

test('five wrong codes lock the second step, and then even the right code is refused', async ({ page, request }) => {
  test.setTimeout(60_000);
  const member = await registerUser(request);
  const { app } = await addAuthenticator(request, member.token);
  await typePassword(page, member.email, PASSWORD);
  const step = secondStep(page);
  const box = step.getByLabel(APP_CODE);
  for (let tries = 0; tries < 5; tries += 1) {
    await box.fill(app.wrongCode());
    await step.getByRole('button', { name: 'Sign in' }).click();
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toHaveValue('');
  }
  await box.fill(await app.code());
  await step.getByRole('button', { name: 'Sign in' }).click();
  await expect(box).toHaveAccessibleDescription(/locked.*15 minutes/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

for (const width of [360, 1366]) {
  test(`at ${width} px the setup and the second step go by keyboard alone, fit the screen and pass axe`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 800 });
    const member = await registerUser(request);
    await page.addInitScript((value) => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('token', value);
      }
    }, member.token);

    // /account: the app's setup opened and confirmed from the keyboard.
    await visit(page, '/account');
    const section = page.getByRole('region', { name: 'Second factor' });
    const setUp = section.getByRole('button', { name: 'Set up an authenticator app' });
    expect(await tabTo(page, setUp), 'Tab reaches Set up').toBe(true);
    await page.keyboard.press('Enter');
    await expect(section.getByText('In the app, add an account and scan this QR code.')).toBeFocused();
    await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    expect(await violationsAtTop(page), 'axe on /account with the setup open').toEqual([]);
    await expectNoOverflow(page);
    const app = new Authenticator((await section.locator('code').textContent()).replace(/\s/g, ''));
    const first = section.getByLabel('The 6-digit code the app shows now');
    expect(await tabTo(page, first, 10), 'Tab reaches the code box').toBe(true);
    await page.keyboard.type(await app.code());
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'Your recovery codes' });
    await expect(panel.getByRole('heading', { name: 'Your recovery codes' })).toBeFocused();
    expect(await violationsAtTop(page), 'axe on /account with the recovery codes').toEqual([]);
    await expectNoOverflow(page);
    expect(await tabTo(page, panel.getByRole('button', { name: 'I have kept them' }), 10)).toBe(true);
    await page.keyboard.press('Enter');
    await expect(section.getByRole('heading', { name: 'Second factor' })).toBeFocused();

    // The login page: the password, then the second step, by keyboard alone.
    await signOut(page);
    const email = page.getByLabel('Email');
    expect(await tabTo(page, email), 'Tab reaches Email').toBe(true);
    await page.keyboard.type(member.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    const step = secondStep(page);
    await expect(step.getByRole('heading', { name: 'Second step' })).toBeFocused();
    expect(await violationsAtTop(page), 'axe on the second step').toEqual([]);
    await expectNoOverflow(page);
    await page.keyboard.press('Tab');
    await expect(step.getByLabel(APP_CODE)).toBeFocused();
    await page.keyboard.type(await app.code());
    await page.keyboard.press('Enter');
    await expectSignedIn(page);
  });
}

test('the second step and the account section speak Bengali on /bn', async ({ page, request }) => {
  const member = await registerUser(request);
  const { app } = await addAuthenticator(request, member.token);
  await typePassword(page, member.email, PASSWORD, '/bn/login');
  const step = secondStep(page, 'দ্বিতীয় ধাপ');
  await expect(step.getByRole('heading', { name: 'দ্বিতীয় ধাপ' })).toBeFocused();
  const box = step.getByLabel('অথেন্টিকেটর অ্যাপের ৬ অঙ্কের কোড');
  await box.fill(app.wrongCode());
  await step.getByRole('button', { name: 'লগইন করুন', exact: true }).click();
  await expect(box).toHaveAccessibleDescription('কোডটা মিলছে না। আবার দেখে লিখুন।');
  await box.fill(await app.code());
  await step.getByRole('button', { name: 'লগইন করুন', exact: true }).click();
  await expect(page).toHaveURL(/\/bn$/, { timeout: 10_000 });

  await visitBengali(page, '/bn/account');
  const section = page.getByRole('region', { name: 'লগইনের দ্বিতীয় ধাপ' });
  await expect(section.getByText('অথেন্টিকেটর অ্যাপ চালু আছে।', { exact: false })).toBeVisible();
  await expect(section.getByText('আর ১০টা রিকভারি কোড বাকি আছে।', { exact: false })).toBeVisible();
});

test('after "Sign out everywhere" the login page says so, in English and in Bengali', async ({ page }) => {
  await visit(page, '/login?signedOut=everywhere');
  await expect(page.getByRole('status').filter({ hasText: 'You are signed out everywhere.' })).toContainText(
    'change your password if this was not you',
  );
  await visitBengali(page, '/bn/login?signedOut=everywhere');
  await expect(page.getByText('সব ডিভাইস থেকে আপনাকে লগআউট করে দেওয়া হয়েছে।', { exact: false })).toBeVisible();
  await visit(page, '/login');
  await expect(page.getByText('You are signed out everywhere.')).toHaveCount(0);
});

test.describe('the new-sign-in mail', () => {
  let sink;
  test.afterAll(async ({ playwright, server }) => {
    await sink?.close();
    await emailOff(playwright, server);
  });

  test("its Sign out everywhere link ends the staff member's sessions and opens the login page's notice", async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    sink = await startSmtpSink();
    await saveMail(request, await adminToken(request), {
      host: '127.0.0.1',
      port: sink.port,
      security: 'none',
      sender: SENDER,
      siteAddress: baseURL,
    });
    const editor = await registerEditor(request, { email: uniqueEmail('newsignin') });
    // An account's first sign-in is no news (its owner just chose the password): the browser's is its second.
    const first = await request.post('/api/auth/login', { data: { email: editor.email, password: PASSWORD } });
    expect(first.status(), 'the first sign-in').toBe(200);
    await typePassword(page, editor.email, PASSWORD);
    await expectSignedIn(page);
    const signedIn = await page.evaluate(() => localStorage.getItem('token'));

    const toEditor = (mail) => mail.to.includes(editor.email) && /sign-out-everywhere\?token=/.test(mail.body);
    await expect.poll(() => sink.mails.some(toEditor), { timeout: 20_000 }).toBe(true);
    const link = /(https?:\/\/\S+\/api\/auth\/sign-out-everywhere\?token=[\w.~%-]+)/.exec(
      sink.mails.find(toEditor).body,
    )[1];
    await page.goto(link);
    await expect(page).toHaveURL(/\/login\?signedOut=everywhere$/, { timeout: 10_000 });
    await expect(page.getByRole('status').filter({ hasText: 'You are signed out everywhere.' })).toBeVisible({
      timeout: 10_000,
    });
    const old = await request.get('/api/auth/user', { headers: bearer(signedIn) });
    expect(old.status()).toBe(401);
  });
});
