// Donations on the Support page: every bank detail with a copy button, a UPI QR code that a real decoder reads as the
// payment link, the "Pay with a UPI app" link on phones, no "sample" once real details are set, the day the details
// last changed, and Donate on Home.
import { adminToken, expect, siteContent, test, visit } from './fixtures.js';
import { patchSettings } from './content-helpers.js';
import { readQr } from './qr.js';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const REAL = {
  donationHolder: 'Jyoti Night School Trust',
  donationAccount: '3214 5678 9012',
  donationIfsc: 'SBIN0001234',
  donationBranch: 'Denguajhar',
  donationBank: 'State Bank of India',
  upiId: 'jyoti.trust@sbi',
  upiPayee: 'Jyoti Night School & Trust',
};
const PAYMENT_LINK = 'upi://pay?pa=jyoti.trust@sbi&pn=Jyoti%20Night%20School%20%26%20Trust&cu=INR';

/** Sets the real-looking details for one test and puts the previous ones back afterwards. */
async function withDetails(request, use) {
  const token = await adminToken(request);
  const { settings } = await siteContent(request);
  const before = Object.fromEntries(Object.keys(REAL).map((key) => [key, settings[key] ?? '']));
  await patchSettings(request, token, REAL);
  try {
    await use();
  } finally {
    await patchSettings(request, token, before);
  }
}

test('each bank detail has a copy button that copies it', async ({ page, request }) => {
  await withDetails(request, async () => {
    await visit(page, '/support');
    const bank = page.getByRole('region', { name: 'Donate by bank transfer' });
    for (const [label, value] of [
      ['Account holder', REAL.donationHolder],
      ['Account number', REAL.donationAccount],
      ['IFSC code', REAL.donationIfsc],
      ['Branch', REAL.donationBranch],
      ['Bank', REAL.donationBank],
    ]) {
      await expect(bank).toContainText(value);
      await bank.getByRole('button', { name: `Copy ${label.toLowerCase()}`, exact: true }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(value);
    }
    await expect(page.getByRole('main')).not.toContainText(/sample/i);
  });
});

test('the UPI QR code decodes to the payment link, which phones can open', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await withDetails(request, async () => {
    await visit(page, '/support');
    const upi = page.getByRole('region', { name: 'Donate by UPI' });
    const code = upi.getByRole('img', { name: /QR code to pay/ });
    await expect(code).toBeVisible();
    await expect.poll(() => code.evaluate((img) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await readQr(code)).toBe(PAYMENT_LINK);
    await expect(upi.getByRole('link', { name: 'Pay with a UPI app' })).toHaveAttribute('href', PAYMENT_LINK);
    await expect(upi).toContainText(REAL.upiId);
  });
});

test('without a UPI ID there is no UPI section, and the QR call says so', async ({ page, request }) => {
  await withDetails(request, async () => {
    await patchSettings(request, await adminToken(request), { upiId: '' });
    await visit(page, '/support');
    await expect(page.getByRole('region', { name: 'Donate by bank transfer' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Donate by UPI' })).toHaveCount(0);
    expect((await request.get('/api/donations/upi-qr.svg')).status()).toBe(404);
  });
});

test('under the details, the Support page says on which day they last changed', async ({ page, request }) => {
  await withDetails(request, async () => {
    const { donationsChangedAt } = await siteContent(request);
    // The server notes the day (UTC) of the change it just saved.
    expect(donationsChangedAt).toBe(new Date().toISOString().slice(0, 10));
    const [year, month, day] = donationsChangedAt.split('-').map(Number);
    const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
    await visit(page, '/support');
    await expect(page.getByText(`Details last changed on ${day} ${months[month - 1]} ${year}`, { exact: true })).toBeVisible();
  });
});

test('Home has a Donate call to action that leads to Support', async ({ page }) => {
  await visit(page, '/');
  await page.getByRole('link', { name: 'Donate', exact: true }).click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Support Jyoti' })).toBeVisible();
});

test('on a 360 px phone UPI comes first, and long values break only between words', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const token = await adminToken(request);
  const { settings } = await siteContent(request);
  const holder = 'JALPAIGURI GOVERNMENT ENGINEERING COLLEGE STUDENTS WELFARE SOCIETY';
  await withDetails(request, async () => {
    await patchSettings(request, token, { donationHolder: holder });
    try {
      await visit(page, '/support');
      const upi = page.getByRole('region', { name: 'Donate by UPI' });
      const bank = page.getByRole('region', { name: 'Donate by bank transfer' });
      const upiTop = (await upi.boundingBox()).y;
      expect(upiTop).toBeLessThan((await bank.boundingBox()).y);
      // In the reading and keyboard order too, not only on screen.
      const order = await page.evaluate(() =>
        [...document.querySelectorAll('.support-way h2')].map((heading) => heading.textContent),
      );
      expect(order).toEqual(['Donate by UPI', 'Donate by bank transfer', 'Paid already? Tell us']);

      // Each word of the holder's name is on one line: a word broken in two has two boxes.
      const value = bank.locator('dd').filter({ hasText: holder });
      const split = await value.evaluate((dd) => {
        const text = dd.firstChild;
        const broken = [];
        let start = 0;
        for (const word of text.textContent.split(' ')) {
          const range = document.createRange();
          range.setStart(text, start);
          range.setEnd(text, start + word.length);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1) broken.push(word);
          start += word.length + 1;
        }
        return { broken, height: dd.getBoundingClientRect().height, line: parseFloat(getComputedStyle(dd).lineHeight) };
      });
      expect(split.broken).toEqual([]);
      expect(split.height, 'the name wraps onto several lines at 360 px').toBeGreaterThan(split.line);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    } finally {
      await patchSettings(request, token, { donationHolder: settings.donationHolder ?? '' });
    }
  });
});

test('who receives a gift, its tax status and a number to ask show once filled in', async ({ page, request }) => {
  const token = await adminToken(request);
  const none = { donationRegistration: '', donationTax: '', donationPhone: '' };
  await patchSettings(request, token, none);
  try {
    await visit(page, '/support');
    await expect(page.getByRole('region', { name: 'Donate by bank transfer' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Who receives your gift' })).toHaveCount(0);
    await patchSettings(request, token, {
      donationRegistration: 'A student club of JGEC, not registered',
      donationTax: 'Gifts are not tax deductible: no 80G certificate',
      donationPhone: '+91 98765 43210',
    });
    await page.setViewportSize({ width: 360, height: 740 });
    await visit(page, '/support');
    const trust = page.getByRole('region', { name: 'Who receives your gift' });
    await expect(trust.locator('dt')).toHaveText(['Receiver', 'Tax benefit', 'Questions before you give']);
    await expect(trust).toContainText('A student club of JGEC, not registered');
    await expect(trust).toContainText('no 80G certificate');
    await expect(trust.getByRole('link', { name: '+91 98765 43210' })).toHaveAttribute('href', 'tel:+919876543210');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  } finally {
    await patchSettings(request, token, none);
  }
});
