// Shared steps of the email browser tests: a contact message, the email settings through the API (a mail server that
// has gone away among them), emptying the outbox, and the outbox's Refresh until it shows what is expected.
import { adminToken, bearer, expect } from './fixtures.js';
import { startSmtpSink } from './smtp-sink.js';

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

/**
 * Points the email settings (with `settings` besides) at a mail server that has gone away, a port that was just free:
 * what is mailed then waits in the outbox.
 */
export async function mailServerGone(request, token, settings = {}) {
  const gone = await startSmtpSink();
  await gone.close();
  await saveMail(request, token, { host: '127.0.0.1', port: gone.port, security: 'none', sender: SENDER, ...settings });
}

/** Deletes every mail in the worker's outbox it may and turns email off again: a suite's `afterAll` after `mailServerGone`. */
export async function emptyOutboxAndEmailOff(playwright, server) {
  const request = await playwright.request.newContext({ baseURL: server.url });
  const token = await adminToken(request);
  const { items } = await (await request.get('/api/admin/outbox?size=100', { headers: bearer(token) })).json();
  for (const mail of items) {
    const response = await request.delete(`/api/admin/outbox/${mail._id}`, { headers: bearer(token) });
    // An alert's mail to another admin, still waiting, is kept: no admin silences the others' alarm.
    const kept = mail.kind === 'alert' && mail.status === 'pending' && response.status() === 409;
    if (!kept) expect(response.status(), 'delete mail').toBe(200);
  }
  await request.dispose();
  await emailOff(playwright, server);
}

/**
 * Turns email off again on the worker's server, as the other suites of this worker expect: contact messages to every
 * admin again too (a suite that set another address once left it for the next, whose page then named it).
 */
export async function emailOff(playwright, server) {
  const request = await playwright.request.newContext({ baseURL: server.url });
  await saveMail(request, await adminToken(request), { host: '', sender: '', siteAddress: '', contactTo: '' });
  await request.dispose();
}

/**
 * The mails to `address` still in the outbox: waiting, or given up on. A mail is queued in the transaction of what
 * causes it and leaves the outbox once the mail server has taken it, so none left means every one has arrived.
 */
export async function unsentTo(request, address) {
  const response = await request.get('/api/admin/outbox?size=100', { headers: bearer(await adminToken(request)) });
  expect(response.status(), 'outbox').toBe(200);
  return (await response.json()).items.filter((mail) => mail.recipients.includes(address));
}

/** Clicks the outbox's Refresh until `check` passes. */
export async function refreshUntil(page, check) {
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await check();
  }).toPass({ timeout: 20_000 });
}
