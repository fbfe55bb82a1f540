// The payment hold, on a server of its own started with the default 24 hours and two --alert-to addresses: a new
// UPI ID waits before donors see it, the Settings screen says when (in the site's time zone, no year) with Cancel, the
// Support page keeps the old one meanwhile, the change is alerted at once, and editors are kept off everything donors
// read — at 1366 px and 360 px, by keyboard, and clean under axe.
import { ADMIN, bearer, expect, recordDialogs, siteContent, test } from './fixtures.js';
import { asAdmin, openAdmin, readAllAlerts, registerEditor, row, toast, useToken } from './admin-helpers.js';
import { violations } from './axe.js';
import { dayAndClockInSiteZone } from './site-times.js';

// axe is injected as a script of the test's own, which the site's Content-Security-Policy would refuse. The hold is
// the server's default, said here because the other suites' servers run without one (fixtures.js).
test.use({
  bypassCSP: true,
  serverEnv: { JYOTI_PAYMENT_HOLD: '24h', JYOTI_ALERT_TO: 'treasurer@example.org,advisor@example.org' },
});

const HOLD_MS = 24 * 60 * 60 * 1000;

/** A UPI ID no other test uses. */
const freshUpi = () => `jyoti.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@okaxis`;

/**
 * Leaves the site with real payment details that donors see and nothing waiting; answers the UPI ID donors see.
 * The site's first real details apply at once (a new site has only the sample ones); later ones wait, and are
 * cancelled here.
 */
async function settledUpi(request, token) {
  const response = await request.patch('/api/admin/settings', { data: { upiId: freshUpi() }, headers: bearer(token) });
  expect(response.status(), 'set a UPI ID').toBe(200);
  const cancelled = await request.delete('/api/admin/settings/payment-hold', { headers: bearer(token) });
  expect([200, 404], 'nothing left waiting').toContain(cancelled.status());
  const { upiId } = (await siteContent(request)).settings;
  expect(upiId).toMatch(/@okaxis$/);
  return upiId;
}

/** Changes the UPI ID through the API, to wait out the hold; answers the new one and what the server says waits. */
async function holdNewUpi(request, token) {
  const upiId = freshUpi();
  const response = await request.patch('/api/admin/settings', { data: { upiId }, headers: bearer(token) });
  expect(response.status(), 'change the UPI ID').toBe(200);
  const { pending } = await response.json();
  expect(pending, 'the change waits').not.toBeNull();
  return { upiId, pending };
}

/** The sentence the Settings screen shows for `takesEffectAt`, in the site's time zone with its name. */
function sentenceFor(takesEffectAt) {
  const { day, clock } = dayAndClockInSiteZone(takesEffectAt);
  return `New payment details take effect on ${day} at ${clock} IST`;
}

const donationsForm = (page) => page.getByRole('form', { name: 'Donations (Support page)' });
/** The change waiting, at the top of Settings. */
const waitingBlock = (page) => page.getByRole('region', { name: 'New payment details waiting' });
const upiField = (page) => page.getByLabel(/^UPI ID/);
const cancelButton = (page) => page.getByRole('button', { name: 'Cancel the new payment details' });

test('a new UPI ID waits 24 hours: Settings says when, the Support page keeps the old one, Cancel stops it', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const token = await asAdmin(page, request);
  const old = await settledUpi(request, token);
  const fresh = freshUpi();
  const dialogs = recordDialogs(page);

  await openAdmin(page, '/admin/settings');
  await expect(upiField(page)).toHaveValue(old);
  await expect(page.getByText(/^New payment details take effect/)).toHaveCount(0);
  await upiField(page).fill(fresh);
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/api/admin/settings') && response.request().method() === 'PATCH',
  );
  await page.getByRole('button', { name: 'Save Donations (Support page)' }).click();
  const { pending } = await (await answered).json();
  expect(dialogs[0]).toMatch(/^Change where donations go\?/);
  expect(pending.changes).toEqual([{ field: 'upiId', old, new: fresh }]);
  expect(pending.by).toContain(ADMIN.email);
  expect(Math.abs(Date.parse(pending.takesEffectAt) - Date.now() - HOLD_MS)).toBeLessThan(5 * 60 * 1000);

  // At once after the save: the day and month, the time and its zone, no year; then Cancel.
  const sentence = sentenceFor(pending.takesEffectAt);
  expect(sentence).toMatch(/^New payment details take effect on \d{1,2} [A-Z][a-z]+ at \d{1,2}:\d\d [ap]m IST$/);
  const line = waitingBlock(page).getByText(sentence, { exact: true });
  await expect(line).toBeVisible();
  // The save says when donors see it, never "Updated Successfully" alone.
  await expect(toast(page, /^Saved: donors see the new details from \d{1,2} [A-Z][a-z]+, \d{1,2}:\d\d [ap]m$/)).toBeVisible();
  const { day, clock } = dayAndClockInSiteZone(pending.takesEffectAt);
  await expect(toast(page, `Saved: donors see the new details from ${day}, ${clock}`)).toBeVisible();
  await expect(toast(page, 'Updated Successfully')).toHaveCount(0);
  await expect(cancelButton(page)).toBeVisible();
  const lineBox = await line.boundingBox();
  const cancelBox = await cancelButton(page).boundingBox();
  expect(cancelBox.y + cancelBox.height / 2, 'Cancel sits beside the sentence').toBeGreaterThan(lineBox.y - 20);
  expect(cancelBox.y, 'Cancel sits beside the sentence').toBeLessThan(lineBox.y + lineBox.height + 20);
  await expect(waitingBlock(page).getByText(`UPI ID: ${old} → ${fresh}`)).toBeVisible();
  await expect(donationsForm(page).getByRole('link', { name: 'see them at the top of Settings' })).toBeVisible();
  await expect(upiField(page)).toHaveValue(fresh);
  expect(await violations(page), 'axe with a change waiting').toEqual([]);

  // Donors still see the old UPI ID: in the content, and on the Support page.
  expect((await siteContent(request)).settings.upiId).toBe(old);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Support' }).click();
  const upi = page.getByRole('region', { name: 'Donate by UPI' });
  await expect(upi).toContainText(old);
  await expect(upi).not.toContainText(fresh);
  await page.goto('/support');
  await expect(upi).toContainText(old);
  await expect(upi).not.toContainText(fresh);

  // A fresh Settings screen asks the server what waits.
  await openAdmin(page, '/admin/settings');
  await expect(line).toBeVisible();
  await expect(upiField(page)).toHaveValue(fresh);

  // By keyboard: Cancel opens the site's own dialog, whose buttons say what they do. "Keep it waiting" keeps it...
  const asked = dialogs.length;
  const stopDialog = page.getByRole('dialog', { name: 'Stop the new payment details?' });
  await cancelButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(stopDialog).toBeVisible();
  expect(await violations(page), 'axe on the dialog').toEqual([]);
  await stopDialog.getByRole('button', { name: 'Keep it waiting' }).focus();
  await page.keyboard.press('Enter');
  await expect(stopDialog).toBeHidden();
  await expect(toast(page, 'Kept: the new payment details still wait')).toBeVisible();
  await expect(line).toBeVisible();
  expect((await (await request.get('/api/admin/settings/payment-hold', { headers: bearer(token) })).json()).pending)
    .not.toBeNull();
  // ...and "Stop the change" stops it, and says so.
  await cancelButton(page).focus();
  await page.keyboard.press('Enter');
  await stopDialog.getByRole('button', { name: 'Stop the change' }).focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'The new payment details are cancelled')).toBeVisible();
  expect(dialogs.length, "never the browser's own OK/Cancel").toBe(asked);
  await expect(line).toHaveCount(0);
  await expect(cancelButton(page)).toHaveCount(0);
  // The line that says so holds the focus the gone button had.
  await expect(page.getByText('The new payment details are cancelled: donors keep the ones they see.')).toBeFocused();
  await expect(upiField(page)).toHaveValue(old);
  const hold = await request.get('/api/admin/settings/payment-hold', { headers: bearer(token) });
  expect(await hold.json()).toEqual({ pending: null });
  expect((await siteContent(request)).settings.upiId).toBe(old);
});

test('the Dashboard shows the change waiting, and it and the alert lead to it at the top of Settings', async ({
  page,
  request,
}) => {
  const token = await asAdmin(page, request);
  await settledUpi(request, token);
  const { pending } = await holdNewUpi(request, token);
  try {
    await openAdmin(page, '/admin');
    const card = page.getByRole('region', { name: 'New payment details waiting' });
    await expect(card).toContainText(sentenceFor(pending.takesEffectAt));
    await card.getByRole('link', { name: 'See the change, or stop it' }).click();
    await expect(page).toHaveURL(/\/admin\/settings#payment-hold$/);
    await expect(waitingBlock(page).getByRole('status')).toBeFocused();
    await openAdmin(page, '/admin/alerts');
    const alert = row(page, 'Jyoti site: the payment details changed').first();
    await alert.getByRole('link', { name: /^Payment details in Settings/ }).click();
    await expect(page).toHaveURL(/\/admin\/settings#payment-hold$/);
    await expect(cancelButton(page)).toBeVisible();
  } finally {
    await request.delete('/api/admin/settings/payment-hold', { headers: bearer(token) });
  }
});

test('the change is alerted at once, and the alert addresses set on the server are counted, never shown', async ({
  page,
  request,
}) => {
  const token = await asAdmin(page, request);
  const old = await settledUpi(request, token);
  await readAllAlerts(request, token);
  const { upiId } = await holdNewUpi(request, token);

  await openAdmin(page, '/admin/alerts');
  const alert = row(page, 'Jyoti site: the payment details changed').filter({ hasText: upiId });
  await expect(alert).toContainText('Unread');
  await expect(alert).toContainText(`UPI ID: ${old} → ${upiId}`);
  await expect(alert).toContainText('Donors see the new details from');
  await expect(page.getByText('Alerts also go to 2 addresses set on the server.')).toBeVisible();
  await expect(page.getByText('treasurer@example.org')).toHaveCount(0);
  const answer = await (await request.get('/api/admin/alerts', { headers: bearer(token) })).text();
  expect(answer).not.toContain('treasurer@example.org');
  await expect(
    page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: /^Alerts, \d+ unread$/ }),
  ).toBeVisible();

  const cancelled = await request.delete('/api/admin/settings/payment-hold', { headers: bearer(token) });
  expect(cancelled.status()).toBe(200);
  expect(await cancelled.json()).toEqual({ msg: 'The new payment details are cancelled' });
  // Nothing waits any more: a second cancel finds nothing.
  expect((await request.delete('/api/admin/settings/payment-hold', { headers: bearer(token) })).status()).toBe(404);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the waiting change and its Cancel fit the phone, and axe passes', async ({ page, request }) => {
    const token = await asAdmin(page, request);
    await settledUpi(request, token);
    const { pending } = await holdNewUpi(request, token);
    try {
      await openAdmin(page, '/admin/settings');
      const line = waitingBlock(page).getByText(sentenceFor(pending.takesEffectAt), { exact: true });
      await expect(line).toBeVisible();
      // At the top of Settings: on the first screen of the phone, not thousands of pixels down.
      expect((await line.boundingBox()).y).toBeLessThan(740);
      for (const element of [line, cancelButton(page)]) {
        const box = await element.boundingBox();
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(360);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect(await violations(page), 'axe at 360 px with a change waiting').toEqual([]);
    } finally {
      await request.delete('/api/admin/settings/payment-hold', { headers: bearer(token) });
    }
  });
});

test('an editor is offered nothing donors read, and is not asked about the hold', async ({ page, request }) => {
  const editor = await registerEditor(request, { firstname: 'Esha', lastname: 'Editor' });
  await useToken(page, editor.token);
  const asked = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.startsWith('/api/admin/settings/payment-hold')) asked.push(sent.url());
  });
  await openAdmin(page, '/admin/settings');
  await expect(page.getByRole('heading', { level: 2, name: 'Settings' })).toBeVisible();
  await expect(
    page.getByText('Only admins can change the donation details and what donors read beside them.'),
  ).toBeVisible();
  for (const label of ['Appeal to donors', /UPI ID/, 'Bank account number', /Tax benefit/, /donors’ questions/]) {
    await expect(page.getByLabel(label)).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: 'Save Donations (Support page)' })).toHaveCount(0);
  await expect(page.getByLabel('Welcome heading')).toBeVisible();
  expect(asked).toEqual([]);
  expect(await violations(page), 'axe on an editor’s Settings').toEqual([]);

  // The server agrees: what donors read is an admin's to change.
  const refused = await request.patch('/api/admin/settings', {
    data: { donationAppeal: 'Send the money elsewhere' },
    headers: bearer(editor.token),
  });
  expect(refused.status()).toBe(403);
});
