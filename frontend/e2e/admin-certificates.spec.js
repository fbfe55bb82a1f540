// /admin/certificates: the table, the Create popup, duplicates refused, and deleting.
import { expect, freshNumber, issueCertificate, test } from './fixtures.js';
import { asAdmin, deleteRow, expectColumns, expectEscapeCloses, fillIn, openAdmin, openPopup, row, toast } from './admin-helpers.js';

/** Opens the Create popup, fills in the holder's name and the number and sends it; answers the popup. */
async function sendNewCertificate(page, name, number) {
  const dialog = await openPopup(page, 'Create');
  await fillIn(dialog, { Name: name, 'Certificate number': number });
  await dialog.getByRole('button', { name: 'Send' }).click();
  return dialog;
}

test('the certificates table has the spec columns and shows each certificate', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const number = await issueCertificate(request, token, 'Pritha Ghosh');
  await openAdmin(page, '/admin/certificates');

  await expectColumns(page, ['Name', 'Certificate No.', 'Event or course', 'Issued on', 'Status', 'QR code', 'Edit', 'Revocation', 'Delete']);
  await expect(row(page, String(number)).getByRole('cell')).toHaveText([
    'Pritha Ghosh',
    String(number),
    '',
    '',
    'Valid',
    /QR code/,
    /Edit/,
    /Revoke/,
    /Delete/,
  ]);
});

test('the Create popup takes focus, closes on Escape and gives focus back', async ({ page, request }) => {
  await asAdmin(page, request);
  await openAdmin(page, '/admin/certificates');

  const create = page.getByRole('button', { name: 'Create' });
  await create.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await expect(dialog.getByLabel('Name')).toHaveAttribute('required', '');
  await expect(dialog.getByLabel('Certificate number')).toHaveAttribute('type', 'number');
  await expect(dialog.getByLabel('Certificate number')).toHaveAttribute('required', '');

  await expectEscapeCloses(page, dialog, create);
});

test('creating a certificate says Certificate Created and adds it to the list', async ({ page, request }) => {
  await asAdmin(page, request);
  await openAdmin(page, '/admin/certificates');
  const number = String(freshNumber());

  const dialog = await sendNewCertificate(page, 'Subham Mondal', number);

  await expect(toast(page, 'Certificate Created')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, number).getByRole('cell')).toHaveText(['Subham Mondal', number, '', '', 'Valid', /QR code/, /Edit/, /Revoke/, /Delete/]);
});

test('a duplicate certificate number is refused with the server message and the popup stays', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const number = await issueCertificate(request, token, 'First Holder');
  await openAdmin(page, '/admin/certificates');

  const dialog = await sendNewCertificate(page, 'Second Holder', String(number));

  await expect(toast(page, 'A certificate with this number already exists')).toBeVisible();
  await expect(dialog.getByText('A certificate with this number already exists')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, String(number))).toHaveCount(1);
  await expect(row(page, 'Second Holder')).toHaveCount(0);
});

test('deleting a certificate asks first, says Certificate Deleted and drops the row', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const number = await issueCertificate(request, token, 'Leaving Soon');
  await openAdmin(page, '/admin/certificates');

  await deleteRow(page, String(number));
  await expect(toast(page, 'Certificate Deleted')).toBeVisible();
  await expect(row(page, String(number))).toHaveCount(0);
});
