// /admin/notices: the table, the Create Notice popup, the edit form, deleting, and refused input.
import { createNotice, expect, test } from './fixtures.js';
import { asAdmin, deleteRow, expectEscapeCloses, fillIn, openAdmin, openPopup, row, toast } from './admin-helpers.js';

const uniqueTitle = (prefix) => `${prefix} ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** Opens the Create Notice popup, fills in `fields` (by label) and sends it; answers the popup. */
async function sendNewNotice(page, fields) {
  const dialog = await openPopup(page, 'Create', 'Create Notice');
  await fillIn(dialog, fields);
  await dialog.getByRole('button', { name: 'Send' }).click();
  return dialog;
}

test('the notices table has the spec columns; a url shows as a Link opening a new tab', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const linked = await createNotice(request, token, { url: 'https://example.org/exam', title: uniqueTitle('Exam'), date: '2025-03-04' });
  const plain = await createNotice(request, token, { url: '', title: uniqueTitle('Holiday'), date: '2025-03-05' });
  await openAdmin(page, '/admin/notices');

  await expect(page.getByRole('table').getByRole('columnheader')).toHaveText(['Url', 'Title', 'Date', 'Delete', 'Update']);
  await expect(row(page, linked.title).getByRole('cell')).toHaveText([/^Link/, linked.title, '2025-03-04', /Delete/, /Edit/]);
  const link = row(page, linked.title).getByRole('link', { name: /^Link/ });
  await expect(link).toHaveAttribute('href', 'https://example.org/exam');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(row(page, linked.title).getByRole('link', { name: /Edit/ })).toHaveAttribute(
    'href',
    `/admin/servicelist/${linked._id}/edit`,
  );

  await expect(row(page, plain.title).getByRole('cell').first()).toHaveText('');
  await expect(row(page, plain.title).getByRole('link', { name: /^Link/ })).toHaveCount(0);
});

test('the Create Notice popup has url, a required title and a date, takes focus and gives it back', async ({ page, request }) => {
  await asAdmin(page, request);
  await openAdmin(page, '/admin/notices');

  const create = page.getByRole('button', { name: 'Create' });
  await create.click();
  const dialog = page.getByRole('dialog', { name: 'Create Notice' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('URL')).toBeFocused();
  await expect(dialog.getByLabel('Title')).toHaveAttribute('required', '');
  await expect(dialog.getByLabel('Date')).toHaveAttribute('type', 'date');
  // A new notice without a date is dated today, and the form says so.
  await expect(dialog.getByLabel('Date (empty: today)')).toHaveValue('');
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(create).toBeFocused();

  await create.click();
  await expect(dialog).toBeVisible();
  await expectEscapeCloses(page, dialog, create);
});

test('creating a notice says Service Created and adds it to the list', async ({ page, request }) => {
  await asAdmin(page, request);
  await openAdmin(page, '/admin/notices');
  const title = uniqueTitle('Admission open');

  const dialog = await sendNewNotice(page, { URL: 'https://example.org/admission', Title: title, Date: '2025-06-01' });

  await expect(toast(page, 'Service Created')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, title).getByRole('cell')).toHaveText([/^Link/, title, '2025-06-01', /Delete/, /Edit/]);
});

test('a refused notice shows the field error in the popup and an error toast', async ({ page, request }) => {
  await asAdmin(page, request);
  await openAdmin(page, '/admin/notices');
  const title = uniqueTitle('Refused');

  const dialog = await sendNewNotice(page, { URL: 'ftp://example.org/file', Title: title });

  await expect(dialog.getByLabel('URL')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.locator('.field-error')).toHaveCount(1);
  await expect(page.locator('.Toastify').getByRole('alert')).toHaveCount(1);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(row(page, title)).toHaveCount(0);
});

test('editing a notice is prefilled, says Updated Successfully and returns to the refreshed list', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const notice = await createNotice(request, token, { url: 'https://example.org/old', title: uniqueTitle('Old title'), date: '2025-01-10' });
  await openAdmin(page, '/admin/notices');
  await row(page, notice.title).getByRole('link', { name: /Edit/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/servicelist/${notice._id}/edit$`));

  await expect(page.getByLabel('URL')).toHaveValue('https://example.org/old');
  await expect(page.getByLabel('Title')).toHaveValue(notice.title);
  await expect(page.getByLabel('Date')).toHaveValue('2025-01-10');

  const title = uniqueTitle('New title');
  await page.getByLabel('URL').fill('');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Date').fill('2025-02-20');
  await page.getByRole('button', { name: 'UPDATE' }).click();

  await expect(toast(page, 'Updated Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/notices$/);
  await expect(row(page, title).getByRole('cell')).toHaveText(['', title, '2025-02-20', /Delete/, /Edit/]);
  await expect(row(page, notice.title)).toHaveCount(0);
});

test('/admin/servicelist/{id} opens its edit form', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const notice = await createNotice(request, token, { url: '', title: uniqueTitle('Direct'), date: '2025-04-01' });
  await openAdmin(page, `/admin/servicelist/${notice._id}`);
  await expect(page).toHaveURL(new RegExp(`/admin/servicelist/${notice._id}/edit$`));
  await expect(page.getByLabel('Title')).toHaveValue(notice.title);
});

test('deleting a notice asks first, says Service deleted and drops the row', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const notice = await createNotice(request, token, { url: '', title: uniqueTitle('Going away'), date: '2025-05-05' });
  await openAdmin(page, '/admin/notices');

  await deleteRow(page, notice.title);
  await expect(toast(page, 'Service deleted')).toBeVisible();
  await expect(row(page, notice.title)).toHaveCount(0);
});
