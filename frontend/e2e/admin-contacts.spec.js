// /admin/contacts: the visitors' messages, shown as text, and deleting them.
import { expect, test, uniqueEmail } from './fixtures.js';
import { asAdmin, deleteRow, openAdmin, row, toast } from './admin-helpers.js';

async function sendMessage(request, message) {
  const contact = {
    name: 'Asha Paul',
    email: uniqueEmail('visitor'),
    telephone: '+91 98765 43210',
    subject: '4star',
    message,
  };
  const response = await request.post('/api/form/contact', { data: contact });
  expect(response.status(), 'send contact').toBe(201);
  return contact;
}

test('the contacts table has the spec columns and shows the rating and the message', async ({ page, request }) => {
  await asAdmin(page, request);
  const contact = await sendMessage(request, 'The children loved the science fair.');
  await openAdmin(page, '/admin/contacts');

  await expect(page.getByRole('table').getByRole('columnheader')).toHaveText([
    'Name',
    'Email',
    'Telephone',
    'Ratings',
    'Message',
    'Delete',
  ]);
  await expect(row(page, contact.email).getByRole('cell')).toHaveText([
    'Asha Paul',
    contact.email,
    '+91 98765 43210',
    '4star',
    'The children loved the science fair.',
    /Delete/,
  ]);
});

test('markup in a message is shown as text and never runs', async ({ page, request }) => {
  const dialogs = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    dialog.dismiss();
  });
  await asAdmin(page, request);
  const markup = '<img src=x onerror=alert(1)>';
  const contact = await sendMessage(request, markup);
  await openAdmin(page, '/admin/contacts');

  await expect(row(page, contact.email).getByRole('cell', { name: markup, exact: true })).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(dialogs).toEqual([]);
});

test('deleting a message asks first, says Contact deleted successfully and drops the row', async ({ page, request }) => {
  await asAdmin(page, request);
  const contact = await sendMessage(request, 'Please call me about volunteering.');
  await openAdmin(page, '/admin/contacts');

  await deleteRow(page, contact.email);
  await expect(toast(page, 'Contact deleted successfully')).toBeVisible();
  await expect(row(page, contact.email)).toHaveCount(0);
});
