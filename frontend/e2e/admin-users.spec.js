// /admin/users: the table, editing and deleting accounts, and the server's refusals shown as toasts.
import { ADMIN, expect, test, uniqueEmail } from './fixtures.js';
import { asAdmin, deleteRow, onlySeededAdmin, openAdmin, registerUser, row, toast } from './admin-helpers.js';

/** Sends the open edit form of user `id`: the server's refusal `message` shows as a toast and the form stays. */
async function expectRefusedUpdate(page, id, message) {
  await page.getByRole('button', { name: 'UPDATE' }).click();
  await expect(toast(page, message)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/users/${id}/edit$`));
}

test('the users table has the spec columns and shows each account', async ({ page, request }) => {
  await asAdmin(page, request);
  const member = await registerUser(request, { firstname: 'Tanu', lastname: 'Sen', department: 'ME', year: '1st' });
  await openAdmin(page, '/admin/users');

  const headers = page.getByRole('table').getByRole('columnheader');
  await expect(headers).toHaveText(['First Name', 'Last Name', 'Department', 'Year', 'Email', 'Admin', 'Delete', 'Update']);
  await expect(row(page, member.email).getByRole('cell')).toHaveText(['Tanu', 'Sen', 'ME', '1st', member.email, 'No', /Delete/, /Edit/]);
  await expect(row(page, member.email).getByRole('link', { name: /Edit/ })).toHaveAttribute('href', `/admin/users/${member.id}/edit`);
  // Edit looks like the button it is everywhere else, and not like the red Delete.
  await expect(row(page, member.email).getByRole('link', { name: /Edit/ })).toHaveClass(/button-outline/);
  await expect(row(page, member.email).getByRole('button', { name: /Delete/ })).toHaveClass(/button-danger/);
  // The list is newest first, a page at a time: the seeded admin, the oldest account, is found by searching.
  await openAdmin(page, `/admin/users?q=${encodeURIComponent(ADMIN.email)}`);
  await expect(row(page, ADMIN.email).getByRole('cell').nth(5)).toHaveText('Yes');
});

test('editing a user saves, says Updated Successfully and returns to the refreshed list', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const member = await registerUser(request, { firstname: 'Old', lastname: 'Name' });
  await openAdmin(page, '/admin/users');
  await row(page, member.email).getByRole('link', { name: /Edit/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users/${member.id}/edit$`));

  await expect(page.getByLabel('First name')).toHaveValue('Old');
  await expect(page.getByLabel('Last name')).toHaveValue('Name');
  await expect(page.getByLabel('Email')).toHaveValue(member.email);
  await expect(page.getByRole('checkbox', { name: 'Admin' })).not.toBeChecked();

  const newEmail = uniqueEmail('renamed');
  await page.getByLabel('First name').fill('New');
  await page.getByLabel('Email').fill(newEmail);
  await page.getByRole('checkbox', { name: 'Admin' }).check();
  await page.getByRole('button', { name: 'UPDATE' }).click();

  await expect(toast(page, 'Updated Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(row(page, newEmail).getByRole('cell')).toHaveText(['New', 'Name', 'ECE', '3rd', newEmail, 'Yes', /Delete/, /Edit/]);
  await expect(row(page, member.email)).toHaveCount(0);
  await onlySeededAdmin(request, token);
});

test('deleting a user asks first, says User has been deleted and drops the row', async ({ page, request }) => {
  await asAdmin(page, request);
  const member = await registerUser(request);
  await openAdmin(page, '/admin/users');

  page.once('dialog', (dialog) => dialog.dismiss());
  await row(page, member.email).getByRole('button', { name: /Delete/ }).click();
  await expect(row(page, member.email)).toHaveCount(1);

  await deleteRow(page, member.email);
  await expect(toast(page, 'User has been deleted')).toBeVisible();
  await expect(row(page, member.email)).toHaveCount(0);
});

test('deleting the last admin is refused with the server message and the row stays', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  await onlySeededAdmin(request, token);
  await openAdmin(page, `/admin/users?q=${encodeURIComponent(ADMIN.email)}`);

  await deleteRow(page, ADMIN.email);
  await expect(toast(page, 'The last admin cannot be removed or demoted; make another user admin first')).toBeVisible();
  await expect(row(page, ADMIN.email)).toHaveCount(1);
});

test('demoting the last admin is refused with the server message and the form stays', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const admin = await onlySeededAdmin(request, token);
  await openAdmin(page, `/admin/users/${admin._id}/edit`);

  await expect(page.getByRole('checkbox', { name: 'Admin' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Admin' }).uncheck();
  await expectRefusedUpdate(page, admin._id, 'The last admin cannot be removed or demoted; make another user admin first');
});

test('taking another user’s email is refused with the server message', async ({ page, request }) => {
  await asAdmin(page, request);
  const first = await registerUser(request);
  const second = await registerUser(request);
  await openAdmin(page, `/admin/users/${second.id}/edit`);

  await expect(page.getByLabel('Email')).toHaveValue(second.email);
  await page.getByLabel('Email').fill(first.email);
  await expectRefusedUpdate(page, second.id, 'Another user already has this email');
});

test('an invalid edit shows the field error beside the field and an error toast', async ({ page, request }) => {
  await asAdmin(page, request);
  const member = await registerUser(request);
  await openAdmin(page, `/admin/users/${member.id}/edit`);

  await expect(page.getByLabel('Email')).toHaveValue(member.email);
  // A value the browser accepts as an email but the server does not (no dotted domain).
  await page.getByLabel('Email').fill('someone@localhost');
  await page.getByRole('button', { name: 'UPDATE' }).click();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.field-error')).toHaveCount(1);
  await expect(page.locator('.Toastify').getByRole('alert')).toHaveCount(1);
});
