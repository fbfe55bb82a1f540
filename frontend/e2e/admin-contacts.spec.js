// /admin/contacts: the visitors' messages, shown as text, when they arrived and whether they were read, deleting
// one, and the spam clean-up (the ticked messages, or every one a search finds).
import { bearer, expect, recordDialogs, test, uniqueEmail } from './fixtures.js';
import { asAdmin, deleteRow, expectColumns, openAdmin, row, toast } from './admin-helpers.js';

async function sendMessage(request, message, name = 'Asha Paul') {
  const contact = {
    name,
    email: uniqueEmail('visitor'),
    telephone: '+91 98765 43210',
    subject: '4star',
    message,
  };
  const response = await request.post('/api/form/contact', { data: contact });
  expect(response.status(), 'send contact').toBe(201);
  return contact;
}

/** A word no other test uses, to search for. */
const uniqueWord = () => `zq${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** The messages the search `q` finds, through the API. */
async function messagesMatching(request, token, q) {
  const response = await request.get(`/api/admin/contacts?q=${encodeURIComponent(q)}`, { headers: bearer(token) });
  expect(response.status(), 'contacts').toBe(200);
  return (await response.json()).items;
}

test('the contacts table has the spec columns and shows the rating and the message', async ({ page, request }) => {
  await asAdmin(page, request);
  const contact = await sendMessage(request, 'The children loved the science fair.');
  await openAdmin(page, '/admin/contacts');

  // The spec's columns, in its order, with a tick box before them and the arrival and read mark after them.
  await expectColumns(page, ['Select all on this page', 'Name', 'Email', 'Telephone', 'Ratings', 'Message', 'Received', 'Read', 'Delete']);
  await expect(row(page, contact.email).getByRole('cell')).toHaveText([
    'Select the message from Asha Paul',
    'Asha Paul',
    contact.email,
    '+91 98765 43210',
    '4star',
    'The children loved the science fair.',
    /\d{4}/,
    /^Unread/,
    /Delete/,
  ]);
  // The rating is drawn as stars too, beside its text.
  const stars = row(page, contact.email).locator('.stars');
  await expect(stars).toHaveAttribute('title', '4 of 5 stars');
  expect(await stars.evaluate((element) => getComputedStyle(element, '::before').content)).toContain('★★★★☆');
});

test('a message shows when it arrived, and is unread until an admin marks it read', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const word = uniqueWord();
  const contact = await sendMessage(request, `Is there a class on Sunday ${word}?`);
  const [stored] = await messagesMatching(request, token, word);
  await openAdmin(page, '/admin/contacts');

  const message = row(page, contact.email);
  await expect(message.locator('time')).toHaveAttribute('datetime', stored.createdAt);
  await expect(message.locator('time')).toContainText(String(new Date(stored.createdAt).getFullYear()));
  await expect(message.getByRole('cell').nth(7)).toContainText('Unread');

  await message.getByRole('button', { name: 'Mark read the message from Asha Paul' }).click();
  await expect(message.getByRole('cell').nth(7)).toHaveText(/^Read/);
  const markUnread = message.getByRole('button', { name: 'Mark unread the message from Asha Paul' });
  await expect(markUnread).toBeFocused();
  expect((await messagesMatching(request, token, word))[0].read).toBe(true);

  await markUnread.click();
  await expect(message.getByRole('cell').nth(7)).toHaveText(/^Unread/);
  expect((await messagesMatching(request, token, word))[0].read).toBe(false);
});

test('Delete selected asks how many, then deletes only the ticked messages', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const word = uniqueWord();
  for (const name of ['Spam One', 'Spam Two', 'Keep Three']) await sendMessage(request, `Cheap offer ${word}`, name);
  await openAdmin(page, `/admin/contacts?q=${word}`);
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(3);

  const deleteSelected = page.getByRole('button', { name: 'Delete selected (0)' });
  await expect(deleteSelected).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Select the message from Spam One' }).check();
  await page.getByRole('checkbox', { name: 'Select the message from Spam Two' }).check();
  await expect(page.getByRole('checkbox', { name: 'Select all on this page' })).not.toBeChecked();

  const dialogs = recordDialogs(page);
  await page.getByRole('button', { name: 'Delete selected (2)' }).click();
  await expect(toast(page, '2 messages deleted')).toBeVisible();
  expect(dialogs).toEqual(['Delete 2 messages?']);
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1);
  await expect(row(page, 'Keep Three')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Delete selected (0)' })).toBeVisible();
  expect((await messagesMatching(request, token, word)).map((m) => m.name)).toEqual(['Keep Three']);
});

test('the tick box in the header selects every message on the page', async ({ page, request }) => {
  await asAdmin(page, request);
  const word = uniqueWord();
  for (const name of ['First Sender', 'Second Sender', 'Third Sender']) await sendMessage(request, `Hello ${word}`, name);
  await openAdmin(page, `/admin/contacts?q=${word}`);

  const all = page.getByRole('checkbox', { name: 'Select all on this page' });
  await all.check();
  for (const name of ['First Sender', 'Second Sender', 'Third Sender']) {
    await expect(page.getByRole('checkbox', { name: `Select the message from ${name}` })).toBeChecked();
  }
  await expect(page.getByRole('button', { name: 'Delete selected (3)' })).toBeVisible();

  await page.getByRole('checkbox', { name: 'Select the message from Second Sender' }).uncheck();
  await expect(all).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Delete selected (2)' })).toBeVisible();

  page.once('dialog', (dialog) => dialog.dismiss());
  await page.getByRole('button', { name: 'Delete selected (2)' }).click();
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(3);
});

test('Delete all matching deletes every message the search finds, and no other', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const word = uniqueWord();
  for (const name of ['Bot A', 'Bot B', 'Bot C']) await sendMessage(request, `Win a prize ${word}`, name);
  const other = await sendMessage(request, 'A real question about admissions');
  await openAdmin(page, `/admin/contacts?q=${word}`);

  const dialogs = recordDialogs(page);
  await page.getByRole('button', { name: 'Delete all 3 matching' }).click();
  await expect(toast(page, '3 messages deleted')).toBeVisible();
  expect(dialogs).toEqual([`Delete 3 messages matching “${word}”?`]);
  await expect(page.getByRole('cell', { name: `No messages match “${word}”.` })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Delete all/ })).toHaveCount(0);
  expect(await messagesMatching(request, token, word)).toEqual([]);

  await page.getByLabel('Search by name, email or message').fill('');
  await page.getByLabel('Search by name, email or message').press('Enter');
  await expect(row(page, other.email)).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Delete all \d[\d,]* messages$/ })).toBeVisible();
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
