// The admin downloads: contact messages as CSV (Contacts screen) and a backup of the database (sidebar).
import { readFile } from 'node:fs/promises';
import { expect, test, uniqueEmail } from './fixtures.js';
import { asAdmin, openAdmin } from './admin-helpers.js';

test('Download CSV saves the contact messages under the server-given name', async ({ page, request }) => {
  await asAdmin(page, request);
  const message = { name: 'Ruma, "the" reader', email: uniqueEmail('csv'), telephone: '+91 98765 43210', subject: '5star', message: 'Thank you' };
  expect((await request.post('/api/form/contact', { data: message })).status()).toBe(201);
  await openAdmin(page, '/admin/contacts');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^jyoti-contacts-.*\.csv$/);
  const text = await readFile(await file.path(), 'utf8');
  expect(text.startsWith('Name,Email,Telephone,Rating,Message,Sent at')).toBe(true);
  expect(text).toContain('"Ruma, ""the"" reader"');
  expect(text).toContain(message.email);
});

test('with a search, Download CSV saves only the messages the search finds', async ({ page, request }) => {
  await asAdmin(page, request);
  const word = `zq${Date.now().toString(36)}`;
  const found = { name: 'Found Sender', email: uniqueEmail('found'), telephone: '+91 98765 43210', subject: '3star', message: `About ${word}` };
  const other = { ...found, name: 'Other Sender', email: uniqueEmail('other'), message: 'Something else' };
  for (const message of [found, other]) expect((await request.post('/api/form/contact', { data: message })).status()).toBe(201);
  await openAdmin(page, `/admin/contacts?q=${word}`);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV (1 message)' }).click();
  const text = await readFile(await (await downloading).path(), 'utf8');
  expect(text.startsWith('Name,Email,Telephone,Rating,Message,Sent at')).toBe(true);
  expect(text).toContain(found.email);
  expect(text).not.toContain(other.email);
});

test('Download backup saves an SQLite database and shows that it is busy meanwhile', async ({ page, request }) => {
  await asAdmin(page, request);
  await openAdmin(page, '/admin/users');
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route('**/api/admin/backup', async (route) => {
    await held;
    await route.continue();
  });

  const downloading = page.waitForEvent('download');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Download backup' }).click();
  await expect(page.getByRole('button', { name: 'Downloading…' })).toBeDisabled();
  release();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^jyoti-.*\.db$/);
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0');
  await expect(page.getByRole('button', { name: 'Download backup' })).toBeEnabled();
});
