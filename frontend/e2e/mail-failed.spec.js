// A server whose command line sets the mail server (a port of 127.0.0.1 where nothing listens) and the sender, and
// retries after 1 ms (then 4, 16, … ms; the hidden JYOTI_MAIL_RETRY_BASE): the Email screen shows those settings as
// the command line's, without fields to edit them, and a mail given up on as Failed, which it deletes (a reset mail's
// link removed, with no retry).
import { expect, test } from './fixtures.js';
import { acceptConfirm, asAdmin, openAdmin, registerUser, row, toast } from './admin-helpers.js';
import { SENDER, refreshUntil, saveMail, sendContact } from './mail-helpers.js';

// A server of its own for this file. Port 9 (discard) has no listener on a test machine: every delivery fails.
test.use({
  serverEnv: {
    JYOTI_SMTP_URL: 'smtp://127.0.0.1:9?tls=none',
    JYOTI_MAIL_FROM: SENDER,
    JYOTI_MAIL_RETRY_BASE: '1ms',
  },
});

test('the command line sets the mail server, and mail given up on shows as failed and can be deleted', async ({
  page,
  request,
}) => {
  await asAdmin(page, request);
  await openAdmin(page, '/admin/email');
  await expect(page.getByText('Email is on.')).toBeVisible();
  await expect(
    page.getByText("The server's command line sets the mail server (--smtp-url): 127.0.0.1:9 (none)."),
  ).toBeVisible();
  await expect(page.getByText(`Mail is sent from ${SENDER}, set by the server's command line`)).toBeVisible();
  await expect(page.getByLabel('SMTP server (empty: email off)')).toHaveCount(0);
  await expect(page.getByLabel("Send from (the site's address)")).toHaveCount(0);
  await expect(page.getByLabel('Send contact messages to (empty: every admin)')).toBeVisible();

  await sendContact(request, 'Nobody will receive this');
  const outbox = page.getByRole('region', { name: 'Outbox' });
  await refreshUntil(page, () => expect(row(outbox, 'Mira Sen')).toContainText('Failed', { timeout: 500 }));
  await expect(row(outbox, 'Mira Sen').getByRole('cell').nth(5)).toHaveText('8');
  await expect(row(outbox, 'Mira Sen').getByRole('cell').nth(7)).not.toBeEmpty();
  acceptConfirm(page);
  await row(outbox, 'Mira Sen').getByRole('button', { name: /Delete/ }).click();
  await expect(toast(page, 'Mail deleted')).toBeVisible();
  await expect(page.getByText('No mail is waiting: everything was sent.')).toBeVisible();
});

test('mail that could not be sent shows on every admin screen until it is dealt with', async ({ page, request }) => {
  await asAdmin(page, request);
  await sendContact(request, 'Nobody will receive this either');
  await openAdmin(page, '/admin/email');
  const outbox = page.getByRole('region', { name: 'Outbox' });
  await refreshUntil(page, () => expect(row(outbox, 'Mira Sen')).toContainText('Failed', { timeout: 500 }));

  await openAdmin(page, '/admin/notices');
  const banner = page.getByRole('status').filter({ hasText: 'The site needs attention soon' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Email: 1 email(s) could not be sent: see Email → Outbox in the admin area');

  await openAdmin(page, '/admin/email');
  acceptConfirm(page);
  await row(outbox, 'Mira Sen').getByRole('button', { name: /Delete/ }).click();
  await expect(toast(page, 'Mail deleted')).toBeVisible();
  await openAdmin(page, '/admin/notices');
  await expect(page.getByRole('heading', { name: 'Notices' }).first()).toBeVisible();
  await expect(page.getByText('The site needs attention')).toHaveCount(0);
});

test('a reset mail given up on is listed with its link removed, and offers no retry', async ({
  page,
  request,
  baseURL,
}) => {
  const token = await asAdmin(page, request);
  await saveMail(request, token, { siteAddress: baseURL });
  const member = await registerUser(request);
  const forgot = await request.post('/api/auth/forgot-password', { data: { email: member.email } });
  expect(forgot.status()).toBe(202);
  await openAdmin(page, '/admin/email');
  const outbox = page.getByRole('region', { name: 'Outbox' });
  const mail = row(outbox, member.email);
  await refreshUntil(page, () => expect(mail).toContainText('Failed', { timeout: 500 }));
  await expect(mail).toContainText('Password reset');
  await expect(mail).toContainText('Link removed');
  await expect(mail.getByRole('button', { name: /Retry now/ })).toHaveCount(0);
  acceptConfirm(page);
  await mail.getByRole('button', { name: /Delete/ }).click();
  await expect(toast(page, 'Mail deleted')).toBeVisible();
  await saveMail(request, token, { siteAddress: '' });
});
