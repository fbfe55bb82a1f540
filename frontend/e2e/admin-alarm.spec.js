// The alarm that cannot be drowned, as admins meet it: an alert about the payment details stays pinned at the top of
// the Alerts screen above a burst of later ones until every admin has read it, and another admin's new email address
// waits for its owner, who confirms it on /confirm-email by keyboard at 360 px — clean under axe.
import { bearer, expect, test, uniqueEmail } from './fixtures.js';
import { asAdmin, fillIn, openAdmin, openPopup, registerUser, row, toast } from './admin-helpers.js';
import { violations } from './axe.js';
import { tabTo } from './keyboard.js';

// axe is injected as a script of the test's own, which the site's Content-Security-Policy would refuse. A server of
// its own with the default hold: its alerts and admins are this suite's alone.
test.use({ bypassCSP: true, serverEnv: { JYOTI_PAYMENT_HOLD: '24h' } });

/** A second admin, made from a registered user: {email, id}. */
async function secondAdmin(request, token) {
  const user = await registerUser(request, { email: uniqueEmail('second-admin') });
  const response = await request.patch(`/api/admin/users/update/${user.id}`, {
    data: { role: 'admin' },
    headers: bearer(token),
  });
  expect(response.status(), 'make admin').toBe(200);
  return user;
}

test('a payment alert stays pinned above a burst of later alerts until every admin has read it', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const token = await asAdmin(page, request);
  const second = await secondAdmin(request, token);
  const settings = (data) => request.patch('/api/admin/settings', { data, headers: bearer(token) });
  expect((await settings({ upiId: 'jyoti.pinned@sbi' })).status()).toBe(200);
  expect((await settings({ upiId: 'someone.else@ybl' })).status()).toBe(200);
  for (let n = 0; n < 12; n += 1) {
    expect((await settings({ donationAppeal: `Please give, appeal ${n}` })).status()).toBe(200);
  }
  // The first admin reads everything; the second has not, so the payment alert stays pinned for both.
  await request.post('/api/admin/alerts/read', { data: { all: true }, headers: bearer(token) });
  await openAdmin(page, '/admin/alerts');
  const first = page.getByRole('row').nth(1);
  await expect(first).toContainText('Pinned until every admin has read it');
  await expect(first).toContainText('someone.else@ybl');
  expect(await violations(page)).toEqual([]);

  await request.post('/api/admin/alerts/read', { data: { all: true }, headers: bearer(second.token) });
  await page.reload();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText('Pinned until every admin has read it')).toHaveCount(0);
  await request.delete('/api/admin/settings/payment-hold', { headers: bearer(token) });
});

test("another admin's new address waits for its owner, who confirms it by keyboard on a phone", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const token = await asAdmin(page, request);
  const second = await secondAdmin(request, token);
  const fresh = uniqueEmail('moved');
  await openAdmin(page, `/admin/users/${second.id}/edit`);
  await page.getByLabel('Email').fill(fresh);
  await page.getByRole('button', { name: 'UPDATE' }).click();
  await expect(toast(page, 'Updated Successfully')).toBeVisible();
  // Email is off on this server: the link is the admin's to pass on, shown once.
  await expect(page.getByRole('status').filter({ hasText: `The new address ${fresh}` })).toContainText(
    `the account keeps ${second.email}`,
  );
  const link = await page.getByLabel('Link that confirms the new address').inputValue();
  expect(link).toContain('/confirm-email#token=');
  const stored = await (await request.get(`/api/admin/users/${second.id}`, { headers: bearer(token) })).json();
  expect(stored.email).toBe(second.email);
  await page.getByRole('link', { name: 'Back to the list' }).click();
  await expect(row(page, second.email)).toBeVisible();

  // Its owner, on a phone, by keyboard.
  const owner = await page.context().newPage();
  await owner.setViewportSize({ width: 360, height: 740 });
  await owner.goto(new URL(link).pathname + new URL(link).hash);
  await expect(owner.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
  expect(new URL(owner.url()).hash, 'the secret leaves the address bar').toBe('');
  expect(await violations(owner)).toEqual([]);
  const confirm = owner.getByRole('button', { name: 'Confirm this address' });
  await tabTo(owner, confirm);
  await owner.keyboard.press('Enter');
  await expect(owner).toHaveURL(/\/login$/);
  const moved = await (await request.get(`/api/admin/users/${second.id}`, { headers: bearer(token) })).json();
  expect(moved.email).toBe(fresh);

  // The link works once.
  await owner.goto(new URL(link).pathname + new URL(link).hash);
  await owner.getByRole('button', { name: 'Confirm this address' }).click();
  await expect(owner.getByText(/This link does not work/).first()).toBeVisible();
});

for (const [width, height] of [
  [1366, 900],
  [360, 740],
]) {
  test(`at ${width} px an admin's notice naming another UPI ID waits, and Settings lists it with Cancel`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height });
    const token = await asAdmin(page, request);
    // Donors' UPI ID is a real one, with nothing waiting.
    const own = `jyoti.${Date.now().toString(36)}@sbi`;
    await request.patch('/api/admin/settings', { data: { upiId: own }, headers: bearer(token) });
    await request.delete('/api/admin/settings/payment-hold', { headers: bearer(token) });
    const title = `Pay the fees to thief${width}@ybl`;

    await openAdmin(page, '/admin/notices');
    const dialog = await openPopup(page, 'Create', 'Create Notice');
    await fillIn(dialog, { Title: title, Date: '2026-11-28' });
    await dialog.getByRole('button', { name: 'Send' }).click();
    // Held, not made: the server's sentence says so, and the notice is not on the board.
    await expect(toast(page, `Held: this names the UPI ID thief${width}@ybl`)).toBeVisible();
    const board = await (await request.get('/api/admin/servicelist')).json();
    expect(board.map((notice) => notice.title)).not.toContain(title);

    await openAdmin(page, '/admin/settings');
    const waiting = page.getByRole('region', { name: 'Texts naming another UPI ID, waiting' });
    const item = waiting.getByRole('listitem').filter({ hasText: `thief${width}@ybl` });
    await expect(item).toContainText('notice added');
    await expect(item).toContainText(/Visitors see it on \d+ \w+ at .* IST\./);
    expect(await violations(page), 'axe').toEqual([]);
    // Cancel, by keyboard: the dialog asks, Stop it stops it.
    const cancel = item.getByRole('button', { name: `Cancel notice added naming thief${width}@ybl` });
    await cancel.focus();
    await page.keyboard.press('Enter');
    const ask = page.getByRole('dialog', { name: 'Stop this text?' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Stop it' }).focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Cancelled: visitors will not see it')).toBeVisible();
    await expect(item).toHaveCount(0);
    const left = await (await request.get('/api/admin/held-writes', { headers: bearer(token) })).json();
    expect(left.held.map((write) => write.upiId)).not.toContain(`thief${width}@ybl`);
  });
}
