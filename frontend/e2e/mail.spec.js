// Email through the browser: the Email screen says when email is off, an admin turns it on and sends a test email,
// contact messages arrive, a visitor resets a forgotten password with the link from the email, and mail waits in the
// outbox while the mail server is down until it is retried (mail-failed.spec.js: given up on). A small SMTP server in Node receives
// the mail.
import { ADMIN, adminToken, bearer, expect, test, visit } from './fixtures.js';
import { asAdmin, openAdmin, registerUser, row, toast } from './admin-helpers.js';
import { SENDER, emailOff, emptyOutboxAndEmailOff, mailServerGone, refreshUntil, sendContact } from './mail-helpers.js';
import { violations } from './axe.js';
import { startSmtpSink } from './smtp-sink.js';

// The Email screen is scanned with axe as it is with email on and with mail waiting (see axe.js).
test.use({ bypassCSP: true });

test.describe('email', () => {
  test.describe.configure({ mode: 'serial' });
  let sink;

  test.afterAll(async ({ playwright, server }) => {
    await sink?.close();
    await emailOff(playwright, server);
  });

  test('the Email screen says email is off and the login page offers no reset link', async ({ page, request }) => {
    await asAdmin(page, request);
    await openAdmin(page, '/admin/email');
    await expect(page.getByRole('heading', { name: 'Email', exact: true })).toBeVisible();
    await expect(page.getByText('Email is off.')).toBeVisible();
    await expect(page.getByText('start the server with --smtp-url')).toBeVisible();
    // Without email, the site's problems are not mailed: the screen says so.
    await expect(page.getByText('problems of the site show only at the top of the admin screens')).toBeVisible();
    await visit(page, '/login');
    await expect(page.getByRole('button', { name: 'Login NOW' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveCount(0);
  });

  test('an admin turns email on from the keyboard, sends a test email, and contact messages arrive', async ({
    page,
    request,
    baseURL,
  }) => {
    sink = await startSmtpSink();
    await asAdmin(page, request);
    // Reset links need the site's address: set on Settings while email is still off. Its alert is kept, and mailed
    // (with the alert about email being set up) once email works.
    await openAdmin(page, '/admin/settings');
    await page.getByLabel(/The address visitors use/).fill(baseURL);
    await page.getByLabel(/The address visitors use/).press('Enter');
    await expect(toast(page, 'Site address saved')).toBeVisible();
    await openAdmin(page, '/admin/email');
    await page.getByLabel('SMTP server (empty: email off)').fill('127.0.0.1');
    await page.getByLabel('Port').fill(String(sink.port));
    await page.getByLabel('Security').selectOption('none');
    await page.getByLabel("Send from (the site's address)").fill(SENDER);
    await page.getByLabel("Send from (the site's address)").press('Enter');
    await expect(toast(page, 'Email settings saved')).toBeVisible();
    await expect(page.getByText('Email is on.')).toBeVisible();
    // The alerts a lasting problem sends, said where email is set up.
    await expect(
      page.getByText('When a problem shown at the top of the admin screens lasts a day', { exact: false }),
    ).toContainText('every admin gets an email about it, once a day while it lasts');
    await expect(page.getByText('New contact messages are emailed to every admin.')).toBeVisible();

    const testEmail = page.getByRole('button', { name: 'Send a test email' });
    await expect(page.getByLabel('Send it to')).toHaveValue(ADMIN.email);
    await testEmail.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: `Test email sent to ${ADMIN.email}` })).toBeVisible();
    expect(await violations(page), 'axe on the Email screen with email on').toEqual([]);
    const withSubject = async (subject) => {
      const matches = (mail) => subject.test(mail.header('Subject') ?? '');
      await expect.poll(() => sink.mails.some(matches)).toBe(true);
      return sink.mails.find(matches);
    };
    const test = await withSubject(/^Test email from the Jyoti site$/);
    expect(test.to).toEqual([ADMIN.email]);
    expect(test.from).toBe(SENDER);
    // The alerts kept while email was off go once email works; those about the email settings (the site's address,
    // email set up) each in a mail of its own.
    const aboutTheAddress = (mail) => mail.body.includes("The site's address:");
    await expect.poll(() => sink.mails.some(aboutTheAddress)).toBe(true);
    const held = sink.mails.find(aboutTheAddress);
    expect(held.header('Subject')).toBe('Jyoti site: the email settings changed');

    await sendContact(request, 'Can I teach maths on Fridays?');
    const contact = await withSubject(/^New message on the Jyoti site from Mira Sen$/);
    expect(contact.to).toEqual([ADMIN.email]);
    expect(contact.header('Subject')).toBe('New message on the Jyoti site from Mira Sen');
    expect(contact.header('Reply-To')).toBe('mira@example.org');
    expect(contact.body).toContain('Can I teach maths on Fridays?');
    expect(contact.body).toContain(`${baseURL}/admin/contacts`);
  });

  test('a visitor resets a forgotten password with the link from the email', async ({ page, request, baseURL }) => {
    const member = await registerUser(request);
    const before = sink.mails.length;
    await visit(page, '/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveTitle('Forgot password | JYOTI - A RAY OF HOPE');
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeFocused();
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    const answer = 'If an account exists for that email, a link to reset its password is on its way.';
    await expect(page.getByRole('status').filter({ hasText: answer })).toBeVisible();

    const mails = await sink.waitFor(before + 1);
    const mail = mails[before];
    expect(mail.to).toEqual([member.email]);
    expect(mail.header('Subject')).toBe('Reset your password on the Jyoti site');
    const link = new RegExp(`${baseURL}/reset-password#token=[0-9a-f]{64}`).exec(mail.body)?.[0];
    expect(link, mail.body).toBeTruthy();

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expect(page, 'the secret leaves the address bar').toHaveURL(`${baseURL}/reset-password`);
    await page.getByLabel('New password (8 to 72 characters)').fill('password123');
    await page.getByLabel('Confirm new password').fill('password123');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('is one of the most common passwords')).toBeVisible();
    await page.getByLabel('New password (8 to 72 characters)').fill('a lantern for every child');
    await page.getByLabel('Confirm new password').fill('a lantern for every child');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();

    const old = await request.get('/api/auth/user', { headers: bearer(member.token) });
    expect(old.status(), 'the old session is signed out').toBe(401);
    const login = await request.post('/api/auth/login', {
      data: { email: member.email, password: 'a lantern for every child' },
    });
    expect(login.status()).toBe(200);

    // A used link says so.
    await page.goto(link);
    await page.getByLabel('New password (8 to 72 characters)').fill('another long password');
    await page.getByLabel('Confirm new password').fill('another long password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('main').getByText('This link has expired or has already been used.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();

    // An older email's ?token= link still works, and its secret leaves the address bar too.
    const again = await request.post('/api/auth/forgot-password', { data: { email: member.email } });
    expect(again.status()).toBe(202);
    const second = (await sink.waitFor(before + 2))[before + 1];
    const oldStyle = new RegExp(`${baseURL}/reset-password#token=[0-9a-f]{64}`)
      .exec(second.body)?.[0]
      .replace('#token=', '?token=');
    expect(oldStyle, second.body).toBeTruthy();
    await page.goto(oldStyle);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expect(page).toHaveURL(`${baseURL}/reset-password`);
    await page.getByLabel('New password (8 to 72 characters)').fill('another long password');
    await page.getByLabel('Confirm new password').fill('another long password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const relogin = await request.post('/api/auth/login', {
      data: { email: member.email, password: 'another long password' },
    });
    expect(relogin.status()).toBe(200);
  });

  test('mail waits in the outbox while the mail server is down and goes when retried', async ({ page, request }) => {
    const port = sink.port;
    await sink.close();
    await sendContact(request, 'Sent while the mail server was down');
    await asAdmin(page, request);
    await openAdmin(page, '/admin/email');
    const outbox = page.getByRole('region', { name: 'Outbox' });
    await refreshUntil(page, async () => {
      const waiting = row(outbox, 'New message on the Jyoti site from Mira Sen');
      await expect(waiting).toContainText('Waiting', { timeout: 500 });
      await expect(waiting.getByRole('cell').nth(5)).toHaveText('1', { timeout: 500 });
    });
    await expect(row(outbox, 'Mira Sen').getByRole('cell').nth(7)).not.toBeEmpty();
    expect(await violations(page), 'axe on the Email screen with mail waiting').toEqual([]);

    sink = await startSmtpSink(port);
    await row(outbox, 'Mira Sen').getByRole('button', { name: /Retry now/ }).click();
    await expect(toast(page, 'Sending again now')).toBeVisible();
    await sink.waitFor(1);
    expect(sink.mails[0].body).toContain('Sent while the mail server was down');
    // The retried mail has gone (alerts this worker's other suites raised may still wait for their own turn).
    await refreshUntil(page, () => expect(row(outbox, 'Mira Sen')).toHaveCount(0, { timeout: 500 }));
  });
});

// The outbox's row of a mail that is waiting, with its Retry now and Delete, at a phone's and a laptop's width.
test.describe('the outbox with a mail waiting', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ request }) => {
    // A mail server that has gone away, so the contact message waits in the outbox.
    await mailServerGone(request, await adminToken(request));
    await sendContact(request, 'Sent while the mail server is away');
  });

  test.afterAll(({ playwright, server }) => emptyOutboxAndEmailOff(playwright, server));

  for (const width of [360, 1366]) {
    test(`Retry now and Delete are large enough, clear of the navigation bar and pass axe at ${width} px`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: 740 });
      await asAdmin(page, request);
      await openAdmin(page, '/admin/email');
      const outbox = page.getByRole('region', { name: 'Outbox' });
      const waiting = row(outbox, 'New message on the Jyoti site from Mira Sen');
      await refreshUntil(page, () => expect(waiting).toContainText('Waiting', { timeout: 500 }));

      const retry = waiting.getByRole('button', { name: /Retry now/ });
      const targets = [retry, waiting.getByRole('button', { name: /Delete/ })];
      for (const target of targets) {
        const box = await target.boundingBox();
        expect(box.width, 'width').toBeGreaterThanOrEqual(24);
        expect(box.height, 'height').toBeGreaterThanOrEqual(24);
      }
      // Brought into view from below the row (a link to it, the browser's find), Retry now is not under the
      // navigation bar: nothing covers any part of it.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await retry.evaluate((button) => button.scrollIntoView());
      const covered = await retry.evaluate((button) => {
        // Points inside its rounded outline: the middle, and a fifth in from each edge.
        const box = button.getBoundingClientRect();
        const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
        const points = [
          [x, y],
          [box.left + box.width / 5, y],
          [box.right - box.width / 5, y],
          [x, box.top + box.height / 5],
          [x, box.bottom - box.height / 5],
        ];
        return points.filter(([px, py]) => !button.contains(document.elementFromPoint(px, py))).length;
      });
      expect(covered, 'points of Retry now under something else').toBe(0);

      await retry.focus();
      await expect(retry).toBeFocused();
      expect(await violations(page), `axe on the Email screen with mail waiting at ${width} px`).toEqual([]);
    });
  }
});
