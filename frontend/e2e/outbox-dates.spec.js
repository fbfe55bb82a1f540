// The outbox on the Email screen at 1366 px and 360 px writes when a mail was queued as the rest of the admin area
// writes dates ("27 Nov 2026 10:05 am", in the site's time zone), not as "11/27/2026, 10:05:47 AM"; Refresh by keyboard. Clean under axe.
import { adminToken, expect, test, uniqueEmail } from './fixtures.js';
import { asAdmin, openAdmin, row } from './admin-helpers.js';
import { emptyOutboxAndEmailOff, mailServerGone } from './mail-helpers.js';
import { violations } from './axe.js';
import { writtenInSiteZone } from './site-times.js';

test.use({ bypassCSP: true });

test.describe('a mail waiting in the outbox', () => {
  let sender;

  // A mail server that has gone away, so the contact message's mail to the admins stays in the outbox.
  test.beforeAll(async ({ request }) => {
    await mailServerGone(request, await adminToken(request));
    sender = uniqueEmail('outbox');
    const contact = await request.post('/api/form/contact', {
      data: { name: 'Outbox Sender', email: sender, telephone: '9876543210', subject: '5star', message: 'Hello' },
    });
    expect(contact.status(), 'contact').toBe(201);
  });

  test.afterAll(({ playwright, server }) => emptyOutboxAndEmailOff(playwright, server));

  for (const viewport of [
    { width: 1366, height: 800 },
    { width: 360, height: 740 },
  ]) {
    test(`at ${viewport.width} px the outbox writes when a mail was queued as "27 Nov 2026 10:05 am"`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize(viewport);
      await asAdmin(page, request);
      await openAdmin(page, '/admin/email');
      const outbox = page.getByRole('region', { name: 'Outbox' });
      const refresh = page.getByRole('button', { name: 'Refresh' });
      await refresh.focus();
      await page.keyboard.press('Enter');
      const mail = row(outbox, 'Outbox Sender').first();
      await expect(mail).toBeVisible({ timeout: 20_000 });

      const queued = mail.locator('time').first();
      const at = new Date(await queued.getAttribute('datetime'));
      expect(Math.abs(Date.now() - at.getTime()), 'queued in this test run').toBeLessThan(10 * 60_000);
      await expect(queued).toHaveText(writtenInSiteZone(at));
      // The next attempt, once there is one, as well; nothing in the row as "11/27/2026, 10:05:47 AM".
      for (const time of await mail.locator('time').all()) {
        await expect(time).toHaveText(/^\d{1,2} [A-Z][a-z]{2,3} \d{4} \d{1,2}:\d{2} [ap]m$/);
      }
      await expect(mail).not.toContainText(/\d{1,2}\/\d{1,2}\/\d{4}|\d:\d{2}:\d{2}|[AP]M/);
      await expect(refresh).toBeFocused();
      expect(await violations(page)).toEqual([]);
    });
  }
});
