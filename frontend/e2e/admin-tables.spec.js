// Admin tables at a laptop's and a phone's width: none wider than its box, addresses wrapping at their dots, the
// outbox's dates as the rest of the admin area writes them, WhatsApp only for a mobile, and the Users screen's first
// row on a phone's first screen.
import { adminToken, bearer, expect, test, uniqueEmail } from './fixtures.js';
import { asAdmin, openAdmin, registerUser, row } from './admin-helpers.js';
import { emptyOutboxAndEmailOff, mailServerGone } from './mail-helpers.js';
import { violations } from './axe.js';

test.use({ bypassCSP: true });

const LIST_SCREENS = [
  '/admin/users',
  '/admin/contacts',
  '/admin/feedback',
  '/admin/gifts',
  '/admin/notices',
  '/admin/certificates',
  '/admin/photos',
  '/admin/email',
  '/admin/audit',
];

const VIEWPORTS = [
  { width: 1366, height: 800 },
  { width: 360, height: 740 },
];

/** A long address of the kind that widened the Users table, different in each test. */
const longEmail = () => uniqueEmail('bhagyashree.raychaudhuri').replace('@', '.long@university-example.');

/**
 * The cell shows `text` whole, with a break opportunity after each "@" and "." (at least three), and its lines end
 * only at one of them, a hyphen or a space (never inside a name).
 */
async function expectWrapsAtDots(cell, text) {
  await expect(cell).toHaveText(text);
  const lines = await cell.evaluate((node) => {
    const range = document.createRange();
    const whole = node.textContent;
    const ends = [];
    let top = null;
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    let offset = 0;
    for (let current = walker.nextNode(); current; current = walker.nextNode()) {
      for (let index = 0; index < current.length; index += 1) {
        range.setStart(current, index);
        range.setEnd(current, index + 1);
        const y = range.getBoundingClientRect().top;
        if (top !== null && y > top + 2) ends.push(whole[offset + index - 1]);
        top = y;
      }
      offset += current.length;
    }
    return { breaks: node.querySelectorAll('wbr').length, ends };
  });
  expect(lines.breaks).toBeGreaterThanOrEqual(3);
  for (const end of lines.ends) expect('@.- ', `a line ending in "${end}"`).toContain(end);
}

/** For each table of the page: how much wider it (or its box) is than the box and the box than its container. */
const overflows = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('table')].map((table) => {
      const box = table.closest('.table-box') ?? table.parentElement;
      return {
        table: Math.ceil(table.getBoundingClientRect().width) - box.clientWidth,
        scroll: box.scrollWidth - box.clientWidth,
        box: Math.ceil(box.getBoundingClientRect().width) - box.parentElement.clientWidth,
      };
    }),
  );

test.describe('every admin list with long addresses in it', () => {
  test.describe.configure({ mode: 'serial' });
  let email;

  test.beforeAll(async ({ request }) => {
    const token = await adminToken(request);
    email = longEmail();
    const member = await registerUser(request, {
      email,
      firstname: 'Bhagyashree',
      lastname: 'Raychaudhuri',
      department: 'Electronics',
    });
    // An editor's sign-in, which the Activity screen shows as "Bhagyashree Raychaudhuri <address>".
    const editor = await request.patch(`/api/admin/users/update/${member.id}`, {
      data: { role: 'editor' },
      headers: bearer(token),
    });
    expect(editor.status(), 'make editor').toBe(200);
    const signedIn = await request.post('/api/auth/login', { data: { email, password: 'member-pass-1' } });
    expect(signedIn.status(), 'editor sign-in').toBe(200);
    const invitation = await request.post('/api/admin/invitations', {
      data: { email: longEmail(), role: 'editor' },
      headers: bearer(token),
    });
    expect(invitation.status(), 'invite').toBe(201);
    const gift = await request.post('/api/form/gift', {
      data: { name: 'Long Address Donor', amount: '2500', reference: String(Date.now()).slice(-12), email },
    });
    expect(gift.status(), 'gift').toBe(201);
    // A mail server that has gone away, so the outbox keeps the contact message's mail to the long address.
    await mailServerGone(request, token, { contactTo: email });
    const contact = await request.post('/api/form/contact', {
      data: { name: 'Anirban Chattopadhyay', email, telephone: '033 2456 7890', subject: '4star', message: 'When are classes?' },
    });
    expect(contact.status(), 'contact').toBe(201);
  });

  test.afterAll(({ playwright, server }) => emptyOutboxAndEmailOff(playwright, server));

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width} px no admin table is wider than its box, and axe passes`, async ({ page, request }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await asAdmin(page, request);
      for (const path of LIST_SCREENS) {
        await openAdmin(page, path);
        await expect(page.getByRole('table').first()).toBeVisible();
        if (path === '/admin/users') {
          await page.getByText(/pending invitations?/).click();
          await expect(page.getByRole('region', { name: 'Pending invitations' })).toBeVisible();
        }
        const found = await overflows(page);
        expect(found.length, `${path} has a table`).toBeGreaterThan(0);
        for (const widths of found) expect(widths, `${path} at ${viewport.width} px`).toEqual({ table: 0, scroll: 0, box: 0 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path}: the page`).toBeLessThanOrEqual(
          viewport.width,
        );
        expect(await violations(page), `axe on ${path} at ${viewport.width} px`).toEqual([]);
      }
    });
  }

  test('at 1366 px every action of a user is in view and reached by keyboard', async ({ page, request }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await asAdmin(page, request);
    await openAdmin(page, `/admin/users?q=${encodeURIComponent(email)}`);
    const user = row(page, email);
    const actions = [
      user.getByRole('button', { name: /^Delete/ }),
      user.getByRole('link', { name: /^Edit/ }),
      user.getByRole('button', { name: /^Sign out everywhere/ }),
      user.getByRole('button', { name: /^Reset password/ }),
    ];
    await actions[0].focus();
    for (const [index, action] of actions.entries()) {
      if (index > 0) await page.keyboard.press('Tab');
      await expect(action).toBeFocused();
      const box = await action.boundingBox();
      expect(box.x + box.width, 'inside the screen').toBeLessThanOrEqual(1366);
    }
  });

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width} px an address wraps after its @ and dots, never inside a name`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      await asAdmin(page, request);
      await openAdmin(page, `/admin/users?q=${encodeURIComponent(email)}`);
      await expectWrapsAtDots(row(page, email).getByRole('cell').filter({ hasText: email }), email);
      // The Activity screen's "Who", a name with its address, wraps the same way.
      await openAdmin(page, `/admin/audit?kind=signins&q=${encodeURIComponent(email)}`);
      const who = `Bhagyashree Raychaudhuri <${email}>`;
      await expectWrapsAtDots(row(page, 'signed in').first().getByRole('cell').filter({ hasText: who }), who);
    });
  }

  test('the outbox writes its dates as the rest of the admin area does', async ({ page, request }) => {
    await asAdmin(page, request);
    await openAdmin(page, '/admin/email');
    const outbox = page.getByRole('region', { name: 'Outbox' });
    const mail = row(outbox, email).first();
    await expect(mail).toBeVisible({ timeout: 20_000 });
    const queued = mail.getByRole('cell').first();
    await expect(queued).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4} \d{1,2}:\d{2} [ap]m$/);
    await expect(mail).not.toContainText(/\d{1,2}\/\d{1,2}\/\d{4}/);
    await expect(queued.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  });

  test('a landline gets Call alone, a mobile Call and WhatsApp', async ({ page, request }) => {
    await asAdmin(page, request);
    const mobile = uniqueEmail('mobile');
    const sent = await request.post('/api/form/contact', {
      data: { name: 'Mobile Sender', email: mobile, telephone: '+91 98765 43210', subject: '5star', message: 'Hi' },
    });
    expect(sent.status()).toBe(201);
    await openAdmin(page, `/admin/contacts?q=${encodeURIComponent(email)}`);
    const landline = row(page, email);
    await expect(landline.getByRole('link', { name: 'Call Anirban Chattopadhyay' })).toHaveAttribute(
      'href',
      'tel:+913324567890',
    );
    await expect(landline.getByRole('link', { name: /^WhatsApp/ })).toHaveCount(0);
    await openAdmin(page, `/admin/contacts?q=${encodeURIComponent(mobile)}`);
    await expect(row(page, mobile).getByRole('link', { name: /^WhatsApp Mobile Sender/ })).toHaveAttribute(
      'href',
      'https://wa.me/919876543210',
    );
  });
});

test('at 360 px the first user of the Users screen starts on the first screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await asAdmin(page, request);
  await openAdmin(page, '/admin/users');
  const first = page.getByRole('table').locator('tbody tr').first();
  await expect(first).toBeVisible();
  const box = await first.boundingBox();
  // Its first line (the name) is in view, with room to spare for a line or two above the screen's controls.
  expect(box.y + 48, 'the first row on the first screen').toBeLessThanOrEqual(740);
  expect(box.y, 'well within it').toBeLessThanOrEqual(560);
});

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.width} px Settings' photo pickers are at least 300 px wide and axe passes`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    await asAdmin(page, request);
    await openAdmin(page, '/admin/settings');
    const picker = page.getByRole('group', { name: 'Photo on the Support page' });
    await expect(picker).toBeVisible();
    const choices = picker.locator('.photo-choices');
    const box = await choices.boundingBox();
    expect(box.width, 'the thumbnails').toBeGreaterThanOrEqual(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(await violations(page), `axe on Settings at ${viewport.width} px`).toEqual([]);
  });
}
