// Every time on the admin screens is in the site's time zone (`--time-zone`, Asia/Kolkata on the test server), not
// the browser's: here the browser is in New York, and a message's arrival, an alert's time and the sidebar's note of
// the zone all say the site's time — at 1366 px and 360 px, clean under axe.
import { expect, test, uniqueEmail } from './fixtures.js';
import { asAdmin, openAdmin, readAllAlerts, registerEditor, row } from './admin-helpers.js';
import { violations } from './axe.js';
import { SITE_ZONE, writtenInSiteZone } from './site-times.js';

test.use({ bypassCSP: true, timezoneId: 'America/New_York' });

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 360, height: 740 },
]) {
  test(`at ${viewport.width} px a message and an alert show the site's time, and the screen names the zone`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const token = await asAdmin(page, request);
    const name = `Zone Sender ${viewport.width}`;
    const sent = await request.post('/api/form/contact', {
      data: { name, email: uniqueEmail('zone'), telephone: '9876543210', subject: '4star', message: 'Hello' },
    });
    expect(sent.status(), 'contact').toBe(201);

    await openAdmin(page, '/admin/contacts');
    const received = row(page, name).locator('time').first();
    await expect(received).toBeVisible();
    const at = await received.getAttribute('datetime');
    // The browser's own zone would give the New York time, 10½ hours earlier.
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');
    await expect(received).toHaveText(writtenInSiteZone(at));
    await expect(received).toHaveAttribute('title', `IST (${SITE_ZONE})`);
    if (viewport.width >= 768) {
      const sidebar = page.getByRole('navigation', { name: 'Admin' });
      await expect(sidebar.getByText(`Times in IST (${SITE_ZONE})`)).toBeVisible();
    }
    expect(await violations(page), 'axe on Contacts').toEqual([]);

    // An alert (a role given) on the Alerts screen: the same zone.
    await readAllAlerts(request, token);
    const member = await registerEditor(request, { firstname: 'Zone', lastname: `Alert${viewport.width}` });
    await openAdmin(page, '/admin/alerts');
    const when = row(page, member.email).locator('time').first();
    await expect(when).toBeVisible();
    await expect(when).toHaveText(writtenInSiteZone(await when.getAttribute('datetime')));
    expect(await violations(page), 'axe on Alerts').toEqual([]);
  });
}
