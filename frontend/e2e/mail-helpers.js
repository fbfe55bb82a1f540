// Shared steps of the email browser tests: a contact message, the email settings through the API, and the outbox's
// Refresh until it shows what is expected.
import { adminToken, bearer, expect } from './fixtures.js';

export const SENDER = 'school@jyoti.test';

/** The API's answer to a contact message (201), sent as a visitor would. */
export async function sendContact(request, message) {
  const response = await request.post('/api/form/contact', {
    data: { name: 'Mira Sen', email: 'mira@example.org', telephone: '9876543210', subject: '5star', message },
  });
  expect(response.status(), 'contact').toBe(201);
}

/** Sets the email settings through the API, as the admin. */
export async function saveMail(request, token, settings) {
  const response = await request.patch('/api/admin/mail', { data: settings, headers: bearer(token) });
  expect(response.status(), await response.text()).toBe(200);
}

/** Turns email off again on the worker's server, as the other suites of this worker expect. */
export async function emailOff(playwright, server) {
  const request = await playwright.request.newContext({ baseURL: server.url });
  await saveMail(request, await adminToken(request), { host: '', sender: '', siteAddress: '' });
  await request.dispose();
}

/** Clicks the outbox's Refresh until `check` passes. */
export async function refreshUntil(page, check) {
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await check();
  }).toPass({ timeout: 20_000 });
}
