// Notices by email: the board's Get notices by email (by keyboard at 360 px, axe clean, in both languages), the
// confirmation mail's link, a new notice mailed to its followers with Tell followers (List-Unsubscribe, RFC 8058), the
// unsubscribe page, and the admins' Followers screen. A small SMTP server in Node receives the mail.
import { readFileSync } from 'node:fs';
import { adminToken, deleteAllNotices, expect, test, uniqueEmail, visit } from './fixtures.js';
import { acceptConfirm, asAdmin, openAdmin, openPopup, row, toast } from './admin-helpers.js';
import { violations } from './axe.js';
import { visitBengali } from './bengali-helpers.js';
import { tabTo } from './keyboard.js';
import { SENDER, emailOff, saveMail } from './mail-helpers.js';
import { startSmtpSink } from './smtp-sink.js';
import bengali from '../src/i18n/bn.js';

test.use({ bypassCSP: true });

/**
 * axe's findings with the page scrolled to its top: further down, a target half under the sticky navigation bar
 * counts as too small, wherever the keyboard left the page.
 */
async function axeAtTop(page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return violations(page);
}

const SENT = 'Check your inbox: we sent a link to confirm.';

test.describe('notices by email', () => {
  test.describe.configure({ mode: 'serial' });
  let sink;

  // Email on, pointed at the sink, with the site's address for the links; put back (off) at the end.
  test.beforeAll(async ({ playwright, server }) => {
    sink = await startSmtpSink();
    const request = await playwright.request.newContext({ baseURL: server.url });
    await saveMail(request, await adminToken(request), {
      host: '127.0.0.1',
      port: sink.port,
      security: 'none',
      sender: SENDER,
      siteAddress: server.url,
    });
    await request.dispose();
  });

  test.afterAll(async ({ playwright, server }) => {
    const request = await playwright.request.newContext({ baseURL: server.url });
    await deleteAllNotices(request, await adminToken(request));
    await request.dispose();
    await sink?.close();
    await emailOff(playwright, server);
  });

  /** The mail to `address` whose subject matches `subject`, once it has arrived. */
  async function mailTo(address, subject = /./) {
    const matches = (mail) => mail.to.includes(address) && subject.test(mail.header('Subject') ?? '');
    await expect.poll(() => sink.mails.some(matches), { timeout: 20_000 }).toBe(true);
    return sink.mails.find(matches);
  }

  /** Asks for notices by email through the API, as the board's form does; answers the confirmation mail's link. */
  async function follow(request, baseURL, email, lang = 'en') {
    const response = await request.post('/api/followers', { data: { email, lang } });
    expect(response.status(), await response.text()).toBe(202);
    const mail = await mailTo(email);
    const link = new RegExp(`${baseURL}(/bn)?/follow/confirm\\?token=[\\w-]+`).exec(mail.body)?.[0];
    expect(link, mail.body).toBeTruthy();
    return link;
  }

  test('at 360 px the board asks for an address by keyboard alone and says to check the inbox, axe clean', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await visit(page, '/notice');
    const open = page.getByRole('button', { name: 'Get notices by email' });
    expect(await tabTo(page, open)).toBe(true);
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    const email = page.getByLabel('Email', { exact: true });
    await expect(email).toBeVisible();
    await expect(page.getByLabel('Language of the emails')).toHaveValue('en');
    expect(await axeAtTop(page)).toEqual([]);

    const address = uniqueEmail('follower');
    await page.keyboard.press('Tab');
    await expect(email).toBeFocused();
    await page.keyboard.type(address);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: SENT })).toBeVisible();
    await expect(email).toHaveValue('');
    expect(await axeAtTop(page)).toEqual([]);

    const mail = await mailTo(address);
    expect(mail.body).toMatch(new RegExp(`${baseURL}/follow/confirm\\?token=`));
  });

  test('the Bengali board offers Bengali mails and answers in Bengali', async ({ page }) => {
    await visitBengali(page, '/bn/notice');
    await page.getByRole('button', { name: bengali['follow.open'] }).click();
    const language = page.getByLabel(bengali['follow.lang']);
    await expect(language).toHaveValue('bn');
    await page.getByLabel(bengali['follow.email'], { exact: true }).fill(uniqueEmail('anusuya'));
    expect(await axeAtTop(page)).toEqual([]);
    await page.getByRole('button', { name: bengali['follow.submit'], exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: bengali['follow.sent'] })).toBeVisible();
  });

  test("the mail's link confirms; a new notice with Tell followers is mailed with List-Unsubscribe; its link unsubscribes", async ({
    page,
    request,
    baseURL,
  }) => {
    const address = uniqueEmail('parent');
    const link = await follow(request, baseURL, address);
    await visit(page, link.slice(baseURL.length));
    await expect(page.getByRole('heading', { name: 'Notices by email' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'You will get new notices by email.' })).toBeVisible();
    // The secret leaves the address bar.
    await expect(page).toHaveURL('/follow/confirm');

    // A used or wrong link says it does not work.
    await visit(page, '/follow/confirm?token=not-a-token');
    await expect(page.getByRole('alert').filter({ hasText: /^This link does not work/ })).toBeVisible();

    // The admin's Create Notice has Tell followers, ticked.
    await asAdmin(page, request);
    await openAdmin(page, '/admin/notices');
    const title = `Exam results on Monday ${Date.now()}`;
    const dialog = await openPopup(page, 'Create', 'Create Notice');
    await dialog.getByLabel('Title').fill(title);
    await expect(dialog.getByLabel('Tell followers')).toBeChecked();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(toast(page, 'Service Created')).toBeVisible();
    await expect(toast(page, /^Mailed to \d+ followers?$/)).toBeVisible();

    const mail = await mailTo(address, new RegExp(title));
    expect(mail.body).toContain(title);
    const unsubscribeHeader = mail.header('List-Unsubscribe');
    expect(unsubscribeHeader).toMatch(/^<https?:\/\/[^>]+>/);
    expect(mail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribeLink = new RegExp(`${baseURL}/unsubscribe\\?token=[\\w-]+`).exec(mail.body)?.[0];
    expect(unsubscribeLink, mail.body).toBeTruthy();

    // A notice with Tell followers unticked goes to no one.
    const quiet = `Quiet notice ${Date.now()}`;
    const again = await openPopup(page, 'Create', 'Create Notice');
    await again.getByLabel('Title').fill(quiet);
    await again.getByLabel('Tell followers').uncheck();
    await again.getByRole('button', { name: 'Send' }).click();
    await expect(toast(page, 'Service Created')).toHaveCount(2);

    // The mail's unsubscribe link: a question first, then the answer, by keyboard.
    await visit(page, unsubscribeLink.slice(baseURL.length));
    await expect(page.getByText('Stop getting notices by email?')).toBeVisible();
    const button = page.getByRole('button', { name: 'Unsubscribe' });
    expect(await tabTo(page, button)).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'You will get no more notices by email.' })).toBeVisible();
    expect(await axeAtTop(page)).toEqual([]);
    expect(sink.mails.some((each) => each.to.includes(address) && (each.header('Subject') ?? '').includes(quiet))).toBe(
      false,
    );

    // Gone already: the same answer.
    await visit(page, unsubscribeLink.slice(baseURL.length));
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'You will get no more notices by email.' })).toBeVisible();
  });

  test('the Bengali unsubscribe page asks and answers in Bengali', async ({ page }) => {
    await visitBengali(page, '/bn/unsubscribe?token=no-such-token');
    await expect(page.getByText(bengali['unsubscribe.question'])).toBeVisible();
    await page.getByRole('button', { name: bengali['unsubscribe.submit'] }).click();
    await expect(page.getByRole('status').filter({ hasText: bengali['unsubscribe.done'] })).toBeVisible();
  });

  test('the Followers screen counts, lists, downloads as CSV and removes followers', async ({
    page,
    request,
    baseURL,
  }) => {
    const confirmed = uniqueEmail('confirmed');
    const waiting = uniqueEmail('waiting');
    const link = await follow(request, baseURL, confirmed, 'bn');
    const token = new URL(link).searchParams.get('token');
    const confirming = await request.post('/api/followers/confirm', { data: { token } });
    expect(confirming.status(), await confirming.text()).toBe(200);
    await follow(request, baseURL, waiting);

    await asAdmin(page, request);
    await openAdmin(page, '/admin/followers');
    await expect(page.getByRole('heading', { name: 'Followers', exact: true })).toBeVisible();
    await expect(page.getByText(/^\d+ followers? gets? new notices by email; \d+ waiting for confirmation\.$/)).toBeVisible();
    await expect(row(page, confirmed).getByRole('cell').nth(1)).toHaveText('Bengali');
    await expect(row(page, waiting)).toContainText('Waiting for confirmation');
    await expect(row(page, confirmed)).not.toContainText('Waiting for confirmation');
    expect(await axeAtTop(page)).toEqual([]);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = readFileSync(await (await download).path(), 'utf8');
    expect(file).toContain(confirmed);
    expect(file).toContain(waiting);

    acceptConfirm(page);
    await row(page, waiting).getByRole('button', { name: /Remove/ }).click();
    await expect(toast(page, 'Follower removed')).toBeVisible();
    await expect(row(page, waiting)).toHaveCount(0);
    await expect(row(page, confirmed)).toHaveCount(1);
  });
});
