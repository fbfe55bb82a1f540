// "Paid already? Tell us": a donor names a payment on the Support page (on a phone, by keyboard alone), an admin
// finds it on the Gifts screen, marks it received, and the donor who gave an email is thanked by mail once.
import { adminToken, bearer, expect, test, visit } from './fixtures.js';
import { asAdmin, openAdmin, row, toast } from './admin-helpers.js';
import { emailOff, saveMail, SENDER, unsentTo } from './mail-helpers.js';
import { startSmtpSink } from './smtp-sink.js';
import { violations } from './axe.js';

test.use({ bypassCSP: true });

/** A payment reference no other test of this worker uses: twelve digits, as a UPI app shows it. */
const reference = () => String(Date.now()).slice(-9) + String(Math.floor(Math.random() * 1000)).padStart(3, '0');

async function tell(request, gift) {
  const response = await request.post('/api/form/gift', { data: gift });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

test('on a 360 px phone a donor tells us about a payment with the keyboard alone', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await visit(page, '/support');
  const form = page.getByRole('region', { name: 'Paid already? Tell us' });
  await expect(form).toBeVisible();
  expect(await violations(page), 'axe on the Support page with the form').toEqual([]);

  // A wrong amount is named beside its field, and nothing typed is lost.
  const utr = reference();
  await form.getByLabel('Your name').focus();
  await page.keyboard.type('A Donor');
  await page.keyboard.press('Tab');
  await page.keyboard.type('12.345');
  await page.keyboard.press('Tab');
  await page.keyboard.type(`${utr.slice(0, 4)} ${utr.slice(4, 8)} ${utr.slice(8)}`);
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Email (optional, for a thank-you note)')).toBeFocused();
  await page.keyboard.press('Enter');
  const amount = form.getByLabel('Amount (₹)');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('must be an amount in rupees, such as 500 or 1,500.50')).toBeVisible();
  await expect(form.getByLabel('Your name')).toHaveValue('A Donor');
  expect(await violations(page), 'axe with a field refused').toEqual([]);

  await amount.fill('1,500.50');
  await amount.press('Enter');
  await expect(form.getByRole('status')).toHaveText('Thank you! The volunteers will look for your gift on our statement.');
  await expect(form.getByLabel('Your name')).toHaveValue('');
  await expect(amount).toHaveValue('');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const list = await request.get('/api/admin/gifts', { params: { q: utr }, headers: bearer(await adminToken(request)) });
  const { items } = await list.json();
  expect(items.map(({ name, amount: rupees, reference: told }) => [name, rupees, told])).toEqual([
    ['A Donor', 1500.5, utr],
  ]);
});

test.describe('the Gifts screen', () => {
  test.describe.configure({ mode: 'serial' });
  let sink;

  test.afterAll(async ({ playwright, server }) => {
    await sink?.close();
    await emailOff(playwright, server);
  });

  test('an admin marks a gift received and the donor is thanked by mail once', async ({ page, request, baseURL }) => {
    sink = await startSmtpSink();
    const token = await asAdmin(page, request);
    await saveMail(request, token, { host: '127.0.0.1', port: sink.port, security: 'none', sender: SENDER, siteAddress: baseURL });
    const utr = reference();
    await tell(request, { name: 'Mailed Donor', email: 'donor@example.org', amount: '2500', reference: utr });
    const quiet = reference();
    await tell(request, { name: 'Quiet Donor', amount: '1,500.50', reference: quiet });

    await page.setViewportSize({ width: 1366, height: 800 });
    await openAdmin(page, '/admin/gifts');
    await expect(page.getByRole('heading', { name: 'Gifts', exact: true })).toBeVisible();
    const gift = row(page, utr);
    await expect(gift).toContainText('Mailed Donor');
    await expect(gift).toContainText('₹2,500');
    await expect(gift).toContainText('Not yet found');
    await expect(row(page, quiet)).toContainText('₹1,500.50');
    expect(await violations(page), 'axe on the Gifts screen').toEqual([]);
    const noColumnCut = await page.evaluate(() => {
      const wrap = document.querySelector('table').parentElement;
      return wrap.scrollWidth <= wrap.clientWidth + 1;
    });
    expect(noColumnCut, 'at 1366 px every column fits').toBe(true);

    const mark = gift.getByRole('button', { name: 'Mark received the gift from Mailed Donor' });
    await mark.focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Marked received the gift from Mailed Donor; a thank-you mail goes to donor@example.org')).toBeVisible();
    await expect(gift).toContainText('Received');
    await expect(gift).toContainText('Thanked by email');
    // The admins' alert mails (the Email settings just changed) go through the same server: the donor's is counted
    // on its own.
    const toDonor = () => sink.mails.filter((sent) => sent.to.includes('donor@example.org'));
    await expect.poll(() => toDonor().length, { timeout: 15_000 }).toBe(1);
    const [mail] = toDonor();
    expect(mail.to).toEqual(['donor@example.org']);
    expect(mail.body).toContain(utr);
    expect(mail.body).toContain('2,500 (payment reference');

    // Unmarked and marked again: still one mail.
    await gift.getByRole('button', { name: 'Mark not received the gift from Mailed Donor' }).click();
    await expect(gift).toContainText('Not yet found');
    await gift.getByRole('button', { name: 'Mark received the gift from Mailed Donor' }).click();
    await expect(toast(page, /^Marked received the gift from Mailed Donor$/)).toBeVisible();
    await expect(gift).toContainText('Thanked by email');
    await row(page, quiet).getByRole('button', { name: /^Mark received/ }).click();
    await expect(toast(page, /^Marked received the gift from Quiet Donor$/)).toBeVisible();
    await expect(row(page, quiet)).not.toContainText('Thanked by email');
    // Whatever the marks queued has been sent by now: still one mail.
    await expect.poll(() => unsentTo(request, 'donor@example.org')).toEqual([]);
    expect(toDonor().length).toBe(1);
  });

  test('on a 360 px phone the dashboard counts the gifts still to find and leads to them', async ({ page, request }) => {
    const utr = reference();
    await tell(request, { name: 'Phone Donor', amount: 300, reference: utr });
    await page.setViewportSize({ width: 360, height: 740 });
    await asAdmin(page, request);
    await openAdmin(page, '/admin');
    await page.getByRole('link', { name: /gifts? to find on the statement/ }).click();
    await expect(page).toHaveURL(/\/admin\/gifts\?sort=waiting$/);
    await expect(page.getByText('Phone Donor').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
