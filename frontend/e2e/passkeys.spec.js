// Passkeys in Chromium with its virtual authenticator (a phone's screen lock that always says yes): added and named on
// /account, used as the second step after the password and alone from "Sign in with a passkey" (no address typed),
// renamed and removed; the same with the browser's JSON readers of WebAuthn's options taken away, so the page's own
// base64url conversion is what runs. WebAuthn needs a secure context whose host is a domain: the site is opened at
// localhost, not 127.0.0.1.
import { test as base, expect, visit } from './fixtures.js';
import { registerUser, toast } from './admin-helpers.js';
import {
  expectSignedIn,
  secondStep,
  signOut,
  typePassword,
  violationsAtTop,
  virtualAuthenticator,
} from './second-factor-helpers.js';

const test = base.extend({
  baseURL: async ({ server }, use) => use(server.url.replace('127.0.0.1', 'localhost')),
});

// axe is injected as a script of the test's own, which the site's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

const PASSWORD = 'member-pass-1';
const NEW_NAME = 'Name of the new passkey, e.g. Asha’s phone';

/** Signs in with the password (the account has no factor yet) and opens /account's second-factor section. */
async function toAccount(page, email) {
  await typePassword(page, email, PASSWORD);
  await expectSignedIn(page);
  await visit(page, '/account');
  return page.getByRole('region', { name: 'Second factor' });
}

/** Adds a passkey named `name` from the section; the first one's recovery codes are shown and put away. */
async function addPasskey(page, section, name) {
  await section.getByLabel(NEW_NAME).fill(name);
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(toast(page, 'Passkey added')).toBeVisible();
  const panel = page.getByRole('region', { name: 'Your recovery codes' });
  await expect(panel.getByRole('listitem')).toHaveCount(10);
  await panel.getByRole('button', { name: 'I have kept them' }).click();
  return section.getByRole('listitem').filter({ hasText: name });
}

test('a passkey added on /account is the second step, signs in alone, and is renamed and removed', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 800 });
  await virtualAuthenticator(page);
  const member = await registerUser(request);
  const section = await toAccount(page, member.email);
  await expect(section.getByText('No passkeys yet.')).toBeVisible();
  const phone = await addPasskey(page, section, 'Asha’s phone');
  await expect(phone).toContainText('Not used yet');
  await expect(section.getByText('10 recovery codes left')).toBeVisible();

  await phone.getByRole('button', { name: 'Rename Asha’s phone' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename “Asha’s phone”' });
  await rename.getByLabel('Name').fill('Asha’s laptop');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Passkey renamed')).toBeVisible();
  const laptop = section.getByRole('listitem').filter({ hasText: 'Asha’s laptop' });
  await expect(laptop).toBeVisible();
  expect(await violationsAtTop(page), 'axe on /account with a passkey at 360 px').toEqual([]);
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0], 'no sideways scrolling').toBeLessThanOrEqual(widths[1]);

  // The password, then the passkey.
  await signOut(page);
  await typePassword(page, member.email, PASSWORD);
  const step = secondStep(page);
  await expect(step.getByRole('heading', { name: 'Second step' })).toBeFocused();
  await expect(step.getByText('Use your passkey to finish signing in.')).toBeVisible();
  await expect(step.getByLabel(/code/)).toHaveCount(0);
  await step.getByRole('button', { name: 'Use a passkey' }).click();
  await expectSignedIn(page);

  // The passkey alone: no address, no password.
  await signOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expectSignedIn(page);

  await visit(page, '/account');
  await expect(laptop).toContainText('Last used');
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Remove the passkey “Asha’s laptop”? It will no longer sign you in.');
    dialog.accept();
  });
  await laptop.getByRole('button', { name: 'Remove Asha’s laptop' }).click();
  await expect(toast(page, 'Passkey removed')).toBeVisible();
  await expect(section.getByText('No passkeys yet.')).toBeVisible();
  await expect(section.getByRole('heading', { name: 'Passkeys' })).toBeFocused();
  await expect(section.getByText('Your first app or passkey comes with 10 recovery codes')).toBeVisible();
});

test("without the browser's JSON readers the page converts the options itself, and a refused check says so", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => {
    delete window.PublicKeyCredential.parseCreationOptionsFromJSON;
    delete window.PublicKeyCredential.parseRequestOptionsFromJSON;
  });
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  const member = await registerUser(request);
  const section = await toAccount(page, member.email);
  expect(await page.evaluate(() => typeof PublicKeyCredential.parseRequestOptionsFromJSON)).toBe('undefined');
  await addPasskey(page, section, 'Desk computer');

  await signOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expectSignedIn(page);

  // The screen lock says no: nothing signs in, and the page says no passkey was used.
  await signOut(page);
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(toast(page, 'No passkey was used. Try again, or choose another way.')).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
