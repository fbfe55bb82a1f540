// Email given up on: a server that retries after 1 ms (then 4, 16, … ms; the hidden JYOTI_MAIL_RETRY_BASE) marks
// a mail it could not send failed within seconds, and the Email screen shows it so and deletes it.
import { expect, test } from './fixtures.js';
import { acceptConfirm, asAdmin, openAdmin, row, toast } from './admin-helpers.js';
import { SENDER, deadPort, emailOff, refreshUntil, saveMail, sendContact } from './mail-helpers.js';

// A server of its own for this file: its back-off is too short for the other suites.
test.use({ serverEnv: { JYOTI_MAIL_RETRY_BASE: '1ms' } });

test.afterAll(async ({ playwright, server }) => emailOff(playwright, server));

test('mail that could not be sent after the last attempt shows as failed and can be deleted', async ({
  page,
  request,
}) => {
  const token = await asAdmin(page, request);
  await saveMail(request, token, { host: '127.0.0.1', port: await deadPort(), security: 'none', sender: SENDER });
  await sendContact(request, 'Nobody will receive this');
  await openAdmin(page, '/admin/email');
  const outbox = page.getByRole('region', { name: 'Outbox' });
  await refreshUntil(page, () => expect(row(outbox, 'Mira Sen')).toContainText('Failed', { timeout: 500 }));
  await expect(row(outbox, 'Mira Sen').getByRole('cell').nth(5)).toHaveText('8');
  acceptConfirm(page);
  await row(outbox, 'Mira Sen').getByRole('button', { name: /Delete/ }).click();
  await expect(toast(page, 'Mail deleted')).toBeVisible();
  await expect(page.getByText('No mail is waiting: everything was sent.')).toBeVisible();
});
