// /admin/settings: every site text, in sections each with its own Save that sends only its changes; the pages
// show them.
import { expect, recordDialogs, siteContent, test, visit } from './fixtures.js';
import { asAdmin, openAdmin, toast } from './admin-helpers.js';
import { patchSettings, unique, uploadPhoto } from './content-helpers.js';

test('the settings form is prefilled with every setting', async ({ page, request }) => {
  await asAdmin(page, request);
  const { settings } = await siteContent(request);
  await openAdmin(page, '/admin/settings');
  await expect(page.getByLabel('Welcome heading')).toHaveValue(settings.heroTitle);
  await expect(page.getByLabel('Bank account number')).toHaveValue(settings.donationAccount);
  await expect(page.getByLabel('IFSC code')).toHaveValue(settings.donationIfsc);
  await expect(page.getByLabel('Contact email')).toHaveValue(settings.contactEmail);
  await expect(page.getByLabel('Instagram page')).toHaveValue(settings.instagram);
  await expect(page.getByLabel("President's message")).toHaveValue(settings.presidentMessage);
  await expect(page.getByLabel(/Show More/)).toHaveValue(settings.galleryMoreUrl);
});

test('an admin changes the donation details and /support shows them', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const { settings } = await siteContent(request);
  const account = `${Date.now()}`.slice(-12);
  try {
    await openAdmin(page, '/admin/settings');
    await page.getByLabel('Bank account number').fill(account);
    await page.getByLabel('IFSC code').fill('JYOT0001234');
    await page.getByLabel('Bank branch').fill('Jalpaiguri Town');
    // A change in another section waits for that section's own Save.
    await page.getByLabel('Welcome heading').fill('Not saved by the donations Save');
    const sent = page.waitForRequest((req) => req.url().endsWith('/api/admin/settings') && req.method() === 'PATCH');
    // Where the money goes is shown old → new before it is saved (admin-unsaved.spec.js: Cancel saves nothing).
    const dialogs = recordDialogs(page);
    await page.getByRole('button', { name: 'Save Donations (Support page)' }).click();
    expect((await sent).postDataJSON()).toEqual({
      donationAccount: account,
      donationIfsc: 'JYOT0001234',
      donationBranch: 'Jalpaiguri Town',
    });
    await expect(toast(page, 'Updated Successfully')).toBeVisible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Support' }).click();
    expect(dialogs[0]).toMatch(/^Change where donations go\?/);
    // The unsaved welcome heading is named on the way out, and dropped.
    expect(dialogs[1]).toBe('You have unsaved changes in: Home page. Leave this page?');
    const bank = page.getByRole('region', { name: 'Donate by bank transfer' });
    const shown = [settings.donationHolder, account, 'JYOT0001234', 'Jalpaiguri Town', settings.donationBank];
    await expect(bank.locator('dd')).toHaveText(shown);
    await visit(page, '/support');
    await expect(bank.locator('dd')).toHaveText(shown);
  } finally {
    const { donationAccount, donationIfsc, donationBranch } = settings;
    await patchSettings(request, token, { donationAccount, donationIfsc, donationBranch });
  }
});

test('a refused setting shows the reason beside its field and saves nothing', async ({ page, request }) => {
  await asAdmin(page, request);
  const before = (await siteContent(request)).settings;
  await openAdmin(page, '/admin/settings');
  await page.getByLabel('Facebook page').fill('ftp://example.org/jyoti');
  await page.getByLabel('Address', { exact: true }).fill('Should not be saved');
  await page.getByRole('button', { name: 'Save Footer and contact' }).click();

  await expect(page.getByLabel('Facebook page')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.field-error')).toHaveCount(1);
  await expect(page.locator('.Toastify').getByRole('alert')).toHaveCount(1);
  const after = (await siteContent(request)).settings;
  expect(after.facebook).toBe(before.facebook);
  expect(after.address).toBe(before.address);
});

// Settings take only uploaded photos, so the sample artwork cannot be put back: the photo stays in use for the
// rest of this file's (temporary) database, which its other tests allow for by reading the content first.
test('an uploaded photo chosen for the Support page shows there with srcset', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const alt = unique('Support photo');
  const photo = await uploadPhoto(request, token, alt);
  await openAdmin(page, '/admin/settings');
  const picker = page.getByRole('group', { name: 'Photo on the Support page' });
  await picker.getByRole('radio', { name: `${alt} (no. ${photo._id})` }).check();
  const sent = page.waitForRequest((req) => req.url().endsWith('/api/admin/settings') && req.method() === 'PATCH');
  await page.getByRole('button', { name: 'Save Donations (Support page)' }).click();
  expect((await sent).postDataJSON()).toEqual({ supportPhoto: photo._id });
  await expect(toast(page, 'Updated Successfully')).toBeVisible();

  await visit(page, '/support');
  await expect(page.getByRole('main').locator('img.support-photo')).toHaveAttribute('srcset', new RegExp(`/media/${photo._id}-`));
});

test('the footer year is a setting: another year, or the current one when left empty', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  try {
    await patchSettings(request, token, { footerYear: '2031' });
    await visit(page, '/');
    await expect(page.getByRole('contentinfo')).toContainText('© 2031');
    await patchSettings(request, token, { footerYear: '' });
    await visit(page, '/');
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
  } finally {
    await patchSettings(request, token, { footerYear: '2025' });
  }
});

test('an admin sets the site address on Settings; previews and the sitemap use it', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const headers = { Authorization: `Bearer ${token}` };
  const before = (await (await request.get('/api/admin/mail', { headers })).json()).siteAddress ?? '';
  const address = 'https://settings-address.example';
  try {
    await openAdmin(page, '/admin/settings');
    const form = page.getByRole('form', { name: 'Site address' });
    const field = form.getByLabel(/The address visitors use/);
    await field.fill(address);
    await field.press('Enter');
    await expect(toast(page, 'Site address saved')).toBeVisible();
    expect((await (await request.get('/api/admin/mail', { headers })).json()).siteAddress).toBe(address);
    expect(await (await request.get('/sitemap.xml')).text()).toContain(`<loc>${address}/gallery</loc>`);
    // The Email screen names it, where links in emails point, and sends the admin to Settings for it.
    await openAdmin(page, '/admin/email');
    await expect(page.getByText(`Links in emails point at ${address}, the site address on Settings.`)).toBeVisible();
    await expect(page.getByLabel(/Site address/)).toHaveCount(0);
  } finally {
    await request.patch('/api/admin/mail', { headers, data: { siteAddress: before } });
  }
});
