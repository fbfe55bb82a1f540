// Donations on the Support page: every bank detail with a copy button, a UPI QR code that a real decoder reads as the
// payment link, the "Pay with a UPI app" link on phones, no "sample" once real details are set, the day the details
// last changed, and Donate on Home.
import { adminToken, bearer, expect, siteContent, test, visit } from './fixtures.js';
import { patchSettings } from './content-helpers.js';
import { readQr } from './qr.js';
import { violations } from './axe.js';

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

/**
 * Sets the real-looking details (and `more` of them, e.g. the trust details) for one test and puts the previous ones
 * back afterwards.
 */
async function withDetails(request, use, more = {}) {
  const token = await adminToken(request);
  const { settings } = await siteContent(request);
  const details = { ...REAL, ...more };
  const before = Object.fromEntries(Object.keys(details).map((key) => [key, settings[key] ?? '']));
  await patchSettings(request, token, details);
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

test.describe('at 360 px and 1366 px, with axe', () => {
  test.use({ bypassCSP: true });

  const TRUST = {
    donationRegistration: 'A student club of Jalpaiguri Government Engineering College, not a registered trust or society',
    donationTax: 'Gifts are not tax deductible: no 80G certificate',
    donationPhone: '+91 98765 43210',
  };
  const NO_TRUST = { donationRegistration: '', donationTax: '', donationPhone: '' };
  // Names as long as the settings allow (100 characters), longer than a line of their card at both widths.
  const LONG = {
    donationHolder: 'JALPAIGURI GOVERNMENT ENGINEERING COLLEGE STUDENTS WELFARE SOCIETY FOR THE JYOTI NIGHT SCHOOL',
    upiPayee: 'Jyoti Night School, run by the students of Jalpaiguri Government Engineering College, West Bengal',
  };

  /** At `viewport`, with the real details and `more` set, opens the Support page and runs `check`. */
  async function onSupport(page, request, viewport, more, check) {
    await page.setViewportSize(viewport);
    await withDetails(
      request,
      async () => {
        await visit(page, '/support');
        await check();
      },
      more,
    );
  }

  /**
   * How the value in `dd` (a text alone) is laid out: the words split over two lines, whether it takes several
   * lines, whether it overflows its box, and the CSS that decides where it may break.
   */
  const layoutOf = (dd) =>
    dd.evaluate((node) => {
      const text = node.firstChild;
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
      const whole = document.createRange();
      whole.selectNodeContents(text);
      const style = getComputedStyle(node);
      return {
        broken,
        lines: new Set([...whole.getClientRects()].map((rect) => Math.round(rect.top))).size,
        overflows: node.scrollWidth > node.clientWidth,
        breaksWords: style.wordBreak === 'break-all' || style.overflowWrap === 'anywhere',
      };
    });

  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1366, height: 768 },
  ]) {
    const { width } = viewport;

    test(`at ${width} px with every detail filled in: UPI before the bank, long names break only between words, the trust details show`, async ({
      page,
      request,
    }) => {
      await onSupport(page, request, viewport, { ...LONG, ...TRUST }, async () => {
        const upi = page.getByRole('region', { name: 'Donate by UPI' });
        const bank = page.getByRole('region', { name: 'Donate by bank transfer' });
        const trust = page.getByRole('region', { name: 'Who receives your gift' });
        await expect(upi.getByRole('img', { name: `QR code to pay ${LONG.upiPayee} by UPI` })).toBeVisible();
        const upiBox = await upi.boundingBox();
        const bankBox = await bank.boundingBox();
        expect(upiBox.y + upiBox.height, 'the UPI card ends above the bank card').toBeLessThanOrEqual(bankBox.y);
        // In the reading and keyboard order too, not only on screen.
        await expect(page.locator('.support-way h2')).toHaveText([
          'Donate by UPI',
          'Donate by bank transfer',
          'Who receives your gift',
          'Paid already? Tell us',
        ]);

        for (const [card, value] of [
          [upi, LONG.upiPayee],
          [bank, LONG.donationHolder],
          [trust, TRUST.donationRegistration],
        ]) {
          const layout = await layoutOf(card.locator('dd').filter({ hasText: value }));
          expect(layout.broken, `words split in "${value}"`).toEqual([]);
          expect(layout.lines, `"${value}" wraps at ${width} px`).toBeGreaterThan(1);
          expect(layout.overflows, `"${value}" overflows its box`).toBe(false);
          expect(layout.breaksWords, `"${value}" may break inside a word`).toBe(false);
        }

        await expect(trust.locator('dt')).toHaveText(['Receiver', 'Tax benefit', 'Questions before you give']);
        await expect(trust).toContainText(TRUST.donationRegistration);
        await expect(trust).toContainText(TRUST.donationTax);
        await expect(trust.getByRole('link', { name: TRUST.donationPhone })).toHaveAttribute('href', 'tel:+919876543210');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        expect(await violations(page), 'axe on the Support page with every detail').toEqual([]);
      });
    });

    test(`at ${width} px the trust details are hidden while empty and show each one filled in`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      const token = await adminToken(request);
      await patchSettings(request, token, NO_TRUST);
      try {
        await visit(page, '/support');
        await expect(page.getByRole('region', { name: 'Donate by bank transfer' })).toBeVisible();
        await expect(page.getByRole('region', { name: 'Who receives your gift' })).toHaveCount(0);
        await expect(page.getByRole('main')).not.toContainText(/Receiver|Tax benefit|Questions before you give/);
        expect(await violations(page), 'axe without the trust details').toEqual([]);

        // Only the tax status: the other two stay hidden.
        await patchSettings(request, token, { donationTax: TRUST.donationTax });
        await visit(page, '/support');
        const trust = page.getByRole('region', { name: 'Who receives your gift' });
        await expect(trust.locator('dt')).toHaveText(['Tax benefit']);
        await expect(trust).toContainText('no 80G certificate');
        await expect(trust.getByRole('link')).toHaveCount(0);

        await patchSettings(request, token, TRUST);
        await visit(page, '/support');
        await expect(trust.locator('dt')).toHaveText(['Receiver', 'Tax benefit', 'Questions before you give']);
        await expect(trust).toContainText(TRUST.donationRegistration);
        await expect(trust.getByRole('link', { name: TRUST.donationPhone })).toHaveAttribute('href', 'tel:+919876543210');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        expect(await violations(page), 'axe with the trust details').toEqual([]);
      } finally {
        await patchSettings(request, token, NO_TRUST);
      }
    });

    test(`at ${width} px a donor goes on from the number to call to "Tell us" and sends it by keyboard alone`, async ({
      page,
      request,
    }) => {
      await onSupport(page, request, viewport, TRUST, async () => {
        const form = page.getByRole('region', { name: 'Paid already? Tell us' });
        const utr = String(Date.now()).slice(-9) + String(Math.floor(Math.random() * 1000)).padStart(3, '0');
        // The last link of the trust details leads straight into the form.
        await page
          .getByRole('region', { name: 'Who receives your gift' })
          .getByRole('link', { name: TRUST.donationPhone })
          .focus();
        await page.keyboard.press('Tab');
        await expect(form.getByLabel('Your name')).toBeFocused();
        await page.keyboard.type('Keyboard Donor');
        await page.keyboard.press('Tab');
        await expect(form.getByLabel('Amount (₹)')).toBeFocused();
        await page.keyboard.type('2,001');
        await page.keyboard.press('Tab');
        await page.keyboard.type(utr);
        await page.keyboard.press('Tab');
        await expect(form.getByLabel('Email (optional, for a thank-you note)')).toBeFocused();
        await page.keyboard.type('keyboard.donor@example.org');
        await page.keyboard.press('Tab');
        await expect(form.getByRole('button', { name: 'Tell us' })).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(form.getByRole('status')).toHaveText(
          'Thank you! We will write to you once we find your gift on our statement.',
        );
        await expect(form.getByLabel('Your name')).toHaveValue('');
        await expect(form.getByLabel('Email (optional, for a thank-you note)')).toHaveValue('');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        expect(await violations(page), 'axe once the note is sent').toEqual([]);

        const list = await request.get('/api/admin/gifts', {
          params: { q: utr },
          headers: bearer(await adminToken(request)),
        });
        const { items } = await list.json();
        expect(items.map(({ name, amount, reference, email }) => [name, amount, reference, email])).toEqual([
          ['Keyboard Donor', 2001, utr, 'keyboard.donor@example.org'],
        ]);
      });
    });
  }
});
