// Shared steps of the second-factor browser tests: an authenticator app computed in Node (RFC 6238: HMAC-SHA1, 30 s,
// 6 digits), a factor added through the API, signing in through the login page and its second step, and Chromium's
// virtual authenticator for passkeys.
import { createHmac } from 'node:crypto';
import { violations } from './axe.js';
import { visitBengali } from './bengali-helpers.js';
import { bearer, expect, visit } from './fixtures.js';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The bytes of a base32 key as authenticator apps take it (spaces and padding ignored, any case). */
export function base32Bytes(key) {
  let value = 0;
  let bits = 0;
  const bytes = [];
  for (const char of key.replace(/[\s=]/g, '').toUpperCase()) {
    const digit = BASE32.indexOf(char);
    if (digit < 0) throw new Error(`${char} is not base32`);
    value = ((value << 5) | digit) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** RFC 6238's code of the time step `counter` for the key `bytes`, `digits` long (RFC 4226's dynamic truncation). */
export function codeAt(bytes, counter, digits = 6) {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const hash = createHmac('sha1', bytes).update(message).digest();
  const offset = hash[hash.length - 1] & 0x0f;
  const number = (hash.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(number).padStart(digits, '0');
}

const STEP_MS = 30_000;
const stepNow = () => Math.floor(Date.now() / STEP_MS);

/**
 * An authenticator app holding `key` (base32). The server takes each time step's code once and one step of drift
 * either way: `code()` answers a code of a step not used yet, the next one when this one is, waiting for the clock
 * when both are.
 */
export class Authenticator {
  constructor(key) {
    this.key = key;
    this.bytes = base32Bytes(key);
    this.used = -Infinity;
  }

  async code() {
    while (this.used + 1 > stepNow() + 1) await new Promise((resolve) => setTimeout(resolve, 500));
    this.used = Math.max(stepNow(), this.used + 1);
    return codeAt(this.bytes, this.used);
  }

  /** Six digits that are none of the codes the server would take now. */
  wrongCode() {
    const near = [-1, 0, 1, 2].map((drift) => codeAt(this.bytes, stepNow() + drift));
    return ['000000', '111111', '222222'].find((code) => !near.includes(code));
  }
}

/** Adds an authenticator app to the account of `token` through the API: answers {app, recoveryCodes}. */
export async function addAuthenticator(request, token) {
  const started = await request.post('/api/auth/totp', { data: {}, headers: bearer(token) });
  expect(started.status(), 'start the app').toBe(200);
  const app = new Authenticator((await started.json()).secret);
  const confirmed = await request.post('/api/auth/totp/confirm', {
    data: { code: await app.code() },
    headers: bearer(token),
  });
  expect(confirmed.status(), 'confirm the app').toBe(200);
  const { recoveryCodes } = await confirmed.json();
  expect(recoveryCodes).toHaveLength(10);
  return { app, recoveryCodes };
}

/** Signs in through the API with the password and then `code` (the app's or a recovery code): answers the token. */
export async function signInWithCode(request, email, password, code) {
  const first = await request.post('/api/auth/login', { data: { email, password } });
  expect(first.status(), 'password').toBe(200);
  const { secondFactor } = await first.json();
  expect(secondFactor?.ticket, 'a ticket, no token').toBeTruthy();
  const second = await request.post('/api/auth/login/second-factor', { data: { ticket: secondFactor.ticket, code } });
  expect(second.status(), 'second step').toBe(200);
  return (await second.json()).token;
}

/** Types the address and password on the login page (at `path`, /login or /bn/login) and sends them. */
export async function typePassword(page, email, password, path = '/login') {
  const bengali = path.startsWith('/bn');
  await (bengali ? visitBengali : visit)(page, path);
  await page.getByLabel(bengali ? 'ইমেল' : 'Email').fill(email);
  await page.getByLabel(bengali ? 'পাসওয়ার্ড' : 'Password').fill(password);
  await page.getByRole('button', { name: bengali ? 'লগইন করুন' : 'Login NOW', exact: true }).click();
}

/**
 * axe's violations on the page scrolled to its top: scrolled down, the sticky navigation bar lies over whatever passes
 * under it, which axe would count against those buttons' size.
 */
export async function violationsAtTop(page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return violations(page);
}

/** The second step of the login page. */
export const secondStep = (page, name = 'Second step') => page.getByRole('region', { name });

/** Where a sign-in ends: home, said so, with the token stored. */
export async function expectSignedIn(page) {
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  await expect(page.locator('.Toastify').getByRole('alert').filter({ hasText: 'Login Successful !!!' })).toBeVisible({
    timeout: 10_000,
  });
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
}

/** Ends this browser's session through /logout. */
export async function signOut(page) {
  await visit(page, '/logout');
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * Gives the page Chromium's virtual authenticator (a phone's platform authenticator: resident keys, user
 * verification that always succeeds); answers the CDP session and the authenticator's id.
 */
export async function virtualAuthenticator(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, authenticatorId };
}
