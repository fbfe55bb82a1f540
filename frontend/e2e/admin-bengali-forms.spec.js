// Bengali where a text is written: every admin form whose text /bn shows has its Bengali beside the English (a
// notice, a certificate's event, a member's year and position, Visit us in Settings), the /bn pages show it, and the
// Dashboard counts what still has none, one press from the Bengali screen narrowed to it. By keyboard, at 360 px and
// 1366 px, with axe.
import { createCertificate, expect, freshNumber, test } from './fixtures.js';
import { asAdmin, openAdmin, openPopup, row, toast } from './admin-helpers.js';
import { visitBengali } from './bengali-helpers.js';
import { addMember, createRoster, deleteRosterBySlug, patchSettings, unique, uniqueSlug } from './content-helpers.js';
import { violations } from './axe.js';
import { tabTo } from './keyboard.js';

test.use({ bypassCSP: true });

test('a notice written in both languages in its Create popup shows its Bengali on /bn/notice, and its edit form keeps it', async ({
  page,
  request,
}) => {
  await asAdmin(page, request);
  await page.setViewportSize({ width: 360, height: 800 });
  await openAdmin(page, '/admin/notices');
  const title = unique('Sports day');
  const dialog = await openPopup(page, 'Create', 'Create Notice');
  // By keyboard: the URL has the focus; the spec's title and date follow as before, then the title in Bengali.
  await expect(dialog.getByLabel('URL')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Title', { exact: true })).toBeFocused();
  await page.keyboard.type(title);
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Date (empty: today)')).toBeFocused();
  // Past the date's day, month and year.
  const bengali = dialog.getByLabel('নোটিসের শিরোনাম (বাংলায়)');
  expect(await tabTo(page, bengali, 4)).toBe(true);
  await expect(bengali).toHaveAttribute('lang', 'bn');
  await page.keyboard.type('খেলার দিন');
  expect(await violations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Service Created')).toBeVisible();
  await expect(dialog).toBeHidden();

  await visitBengali(page, '/bn/notice');
  const shown = page.getByText('খেলার দিন');
  await expect(shown).toBeVisible();
  expect(await shown.getAttribute('lang')).toBeNull();
  await page.goto('/notice');
  await expect(page.getByText(title)).toBeVisible();

  // The edit form shows both, and a change of the Bengali alone is saved.
  await openAdmin(page, '/admin/notices');
  await row(page, title).getByRole('link', { name: /Edit/ }).click();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(page.getByLabel('নোটিসের শিরোনাম (বাংলায়)')).toHaveValue('খেলার দিন');
  await page.getByLabel('নোটিসের শিরোনাম (বাংলায়)').fill('খেলাধুলার দিন');
  await page.getByRole('button', { name: 'UPDATE' }).click();
  await expect(toast(page, 'Updated Successfully')).toBeVisible();
  await visitBengali(page, '/bn/notice');
  await expect(page.getByText('খেলাধুলার দিন')).toBeVisible();
});

test("a certificate's event in Bengali shows on /bn/verify for every certificate of that event", async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const event = unique('Science camp');
  const first = await createCertificate(request, token, { name: 'Rina Das', certinumber: freshNumber(), event });
  const second = await createCertificate(request, token, { name: 'Sonu Roy', certinumber: freshNumber(), event });
  await openAdmin(page, `/admin/certificates?q=${first.certinumber}`);
  const edit = `Edit certificate ${first.certinumber}`;
  const dialog = await openPopup(page, edit, edit);
  await dialog.getByLabel('অনুষ্ঠান বা কোর্স (বাংলায়)').fill('বিজ্ঞান শিবির');
  expect(await violations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Certificate Updated')).toBeVisible();

  for (const number of [first.certinumber, second.certinumber]) {
    await visitBengali(page, `/bn/verify/${number}`);
    await expect(page.getByRole('status')).toContainText('বিজ্ঞান শিবির');
  }
  await page.goto(`/verify/${second.certinumber}`);
  await expect(page.getByRole('status')).toContainText(event);
});

test("a member's year and position in Bengali show on the Bengali team page", async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const slug = uniqueSlug();
  const roster = await createRoster(request, token, { slug, title: `Team ${slug}` });
  try {
    const name = unique('Asha');
    await addMember(request, token, roster._id, { name, department: 'CSE', year: '3rd Year', position: 'Teacher' });
    await openAdmin(page, `/admin/team?team=${slug}`);
    const dialog = await openPopup(page, `Edit ${name}`, 'Edit member');
    await dialog.getByLabel('বর্ষ (বাংলায়)').fill('তৃতীয় বর্ষ');
    await dialog.getByLabel('পদ (বাংলায়)').fill('শিক্ষক');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Updated Successfully')).toBeVisible();
    await visitBengali(page, `/bn/team${slug}`);
    await expect(page.getByText('তৃতীয় বর্ষ')).toBeVisible();
    await expect(page.getByText('শিক্ষক')).toBeVisible();
  } finally {
    await deleteRosterBySlug(request, token, slug);
  }
});

test('Visit us is written in Bengali in Settings; the Dashboard counts the texts without Bengali and leads to them', async ({
  page,
  request,
}) => {
  const token = await asAdmin(page, request);
  // The file's other tests see the same site: what this test changes, it puts back.
  const { settings } = await (await request.get('/api/content')).json();
  await patchSettings(request, token, { visitTimes: 'Monday to Saturday, 6 to 8 pm' });
  await page.setViewportSize({ width: 1366, height: 900 });
  await openAdmin(page, '/admin');
  const count = page.getByRole('link', { name: /public texts? (have|has) no Bengali yet/ });
  await expect(count).toBeVisible();
  const before = Number((await count.textContent()).match(/\d+/)[0]);
  await count.click();
  await expect(page).toHaveURL(/\/admin\/bengali\?missing=1/);
  await expect(page.getByLabel('Show')).toHaveValue('1');
  await expect(page.getByText(`${before} texts still without Bengali.`)).toBeVisible();

  await openAdmin(page, '/admin/settings');
  const times = page.getByLabel('ক্লাসের দিন আর সময় (বাংলায়)');
  await times.fill('সোমবার থেকে শনিবার, সন্ধে ৬টা থেকে ৮টা');
  const sent = page.waitForRequest((req) => req.url().endsWith('/api/admin/translations') && req.method() === 'PUT');
  await page.getByRole('button', { name: 'Save Visit us (Home page)' }).click();
  expect((await sent).postDataJSON()).toEqual({
    kind: 'setting',
    record: 'visitTimes',
    field: 'visitTimes',
    text: 'সোমবার থেকে শনিবার, সন্ধে ৬টা থেকে ৮টা',
  });
  await expect(toast(page, 'Updated Successfully')).toBeVisible();
  await visitBengali(page, '/bn');
  await expect(page.getByText('সোমবার থেকে শনিবার, সন্ধে ৬টা থেকে ৮টা', { exact: true })).toBeVisible();

  await openAdmin(page, '/admin');
  await expect(page.getByRole('link', { name: `${before - 1} public texts have no Bengali yet` })).toBeVisible();
  await patchSettings(request, token, { visitTimes: settings.visitTimes });
  await request.put('/api/admin/translations', {
    headers: { Authorization: `Bearer ${token}` },
    data: { kind: 'setting', record: 'visitTimes', field: 'visitTimes', text: settings.bn?.visitTimes ?? '' },
  });
});

test('a notice Create popup whose Bengali is refused still makes the notice once, and says what was not saved', async ({
  page,
  request,
}) => {
  const token = await asAdmin(page, request);
  await openAdmin(page, '/admin/notices');
  // The server refuses this Bengali (a text-direction control): the notice stays made once, and a toast says so.
  const title = unique('Exam');
  const dialog = await openPopup(page, 'Create', 'Create Notice');
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('নোটিসের শিরোনাম (বাংলায়)').fill('পরীক্ষা\u202E');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(toast(page, 'Service Created')).toBeVisible();
  await expect(toast(page, 'Saved, but not its Bengali')).toBeVisible();
  const notices = await (await request.get(`/api/admin/servicelist?q=${encodeURIComponent(title)}&size=5`, {
    headers: { Authorization: `Bearer ${token}` },
  })).json();
  expect(notices.items.map((notice) => notice.title)).toEqual([title]);
});
