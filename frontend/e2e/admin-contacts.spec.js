// /admin/contacts: the visitors' messages, shown as text, when they arrived and whether they were read, answering
// one by mail, phone or WhatsApp, deleting one, and the spam clean-up in the selection bar (the ticked messages, or
// every one a search finds); the table whole at 1366 px and compact cards at 360 px.
import { bearer, expect, recordDialogs, test, uniqueEmail } from './fixtures.js';
import { asAdmin, deleteRow, expectColumns, openAdmin, row, toast } from './admin-helpers.js';
import { violations } from './axe.js';

// axe is injected as a script of the test's own, which the site's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

async function sendMessage(request, message, name = 'Asha Paul', telephone = '+91 98765 43210') {
  const contact = {
    name,
    email: uniqueEmail('visitor'),
    telephone,
    subject: '4star',
    message,
  };
  const response = await request.post('/api/form/contact', { data: contact });
  expect(response.status(), 'send contact').toBe(201);
  return contact;
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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
  const cells = row(page, contact.email).getByRole('cell');
  await expect(cells).toHaveText([
    'Select the message from Asha Paul',
    'Asha Paul',
    new RegExp(`^${escapeRegExp(contact.email)}Reply`),
    /^\+91 98765 43210Call/,
    '★★★★☆ 4star',
    'The children loved the science fair.',
    /\d{4}/,
    /^Unread/,
    /Delete/,
  ]);
  // The rating is drawn as stars, a picture named for screen readers, beside the spec's own text.
  await expect(cells.nth(4).getByRole('img', { name: '4 of 5 stars' })).toBeVisible();
  await expect(cells.nth(4).getByText('4star', { exact: true })).toBeVisible();
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

  // Nothing ticked, no bulk delete on the screen: the selection bar comes with the first tick.
  const bar = page.getByRole('group', { name: 'Selected messages' });
  await expect(bar).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete (selected|all)/ })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Select the message from Spam One' }).check();
  await page.getByRole('checkbox', { name: 'Select the message from Spam Two' }).check();
  await expect(page.getByRole('checkbox', { name: 'Select all on this page' })).not.toBeChecked();
  await expect(bar.getByText('2 messages selected')).toBeVisible();

  const dialogs = recordDialogs(page);
  await bar.getByRole('button', { name: 'Delete selected (2)' }).click();
  await expect(toast(page, '2 messages deleted')).toBeVisible();
  expect(dialogs).toEqual(['Delete 2 messages?']);
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1);
  await expect(row(page, 'Keep Three')).toHaveCount(1);
  await expect(bar).toHaveCount(0);
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

test('Delete all matching, in the selection bar, deletes every message the search finds, and no other', async ({
  page,
  request,
}) => {
  const token = await asAdmin(page, request);
  const word = uniqueWord();
  for (const name of ['Bot A', 'Bot B', 'Bot C']) await sendMessage(request, `Win a prize ${word}`, name);
  const other = await sendMessage(request, 'A real question about admissions');
  await openAdmin(page, `/admin/contacts?q=${word}`);

  // By keyboard: tick the first (newest) message with Space, go back to the bar above the table, press Delete all.
  const newest = page.getByRole('checkbox', { name: 'Select the message from Bot C' });
  await newest.focus();
  await page.keyboard.press('Space');
  await expect(newest).toBeChecked();
  const deleteAll = page.getByRole('group', { name: 'Selected messages' }).getByRole('button', {
    name: 'Delete all 3 matching',
  });
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('Shift+Tab');
  await expect(deleteAll).toBeFocused();
  const dialogs = recordDialogs(page);
  await page.keyboard.press('Enter');
  await expect(toast(page, '3 messages deleted')).toBeVisible();
  expect(dialogs).toEqual([`Delete 3 messages matching “${word}”?`]);
  await expect(page.getByRole('cell', { name: `No messages match “${word}”.` })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Delete all/ })).toHaveCount(0);
  expect(await messagesMatching(request, token, word)).toEqual([]);

  await page.getByLabel('Search by name, email or message').fill('');
  await page.getByLabel('Search by name, email or message').press('Enter');
  await expect(row(page, other.email)).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Delete all/ })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
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

test('Reply, Call and WhatsApp answer a message, reached by keyboard after its tick box', async ({ page, request }) => {
  await asAdmin(page, request);
  const contact = await sendMessage(request, 'Can my daughter join the Sunday class?', 'Rina Das', '098765-43210');
  await openAdmin(page, '/admin/contacts');
  const message = row(page, contact.email);

  const reply = message.getByRole('link', { name: 'Reply to Rina Das' });
  const call = message.getByRole('link', { name: 'Call Rina Das' });
  const whatsApp = message.getByRole('link', { name: 'WhatsApp Rina Das (opens in a new tab)' });
  const subject = encodeURIComponent('Re: your message to Jyoti');
  await expect(reply).toHaveAttribute('href', `mailto:${encodeURIComponent(contact.email)}?subject=${subject}`);
  // The number as typed, dashes and trunk 0 and all; the links dial it in international form.
  await expect(message.getByRole('cell', { name: /^098765-43210/ })).toBeVisible();
  await expect(call).toHaveAttribute('href', 'tel:+919876543210');
  await expect(whatsApp).toHaveAttribute('href', 'https://wa.me/919876543210');
  await expect(whatsApp).toHaveAttribute('target', '_blank');
  await expect(whatsApp).toHaveAttribute('rel', 'noopener noreferrer');

  await message.getByRole('checkbox', { name: 'Select the message from Rina Das' }).focus();
  for (const link of [reply, call, whatsApp]) {
    await page.keyboard.press('Tab');
    await expect(link).toBeFocused();
  }
});

test('an address with ? or & stays one address in its Reply link; a number no phone can dial gets no links', async ({
  page,
  request,
}) => {
  await asAdmin(page, request);
  // Older data the server would refuse today, answered as the list's page.
  const stored = [
    ['Odd Address', 'odd@example.org?bcc=all@example.org&subject=Hi', '+44 20 7946 0958'],
    ['No Number', 'plain@example.org', 'call me after six'],
  ].map(([name, email, telephone], index) => ({
    _id: `stored${index}`,
    name,
    email,
    telephone,
    subject: '5star',
    message: 'Hello',
    createdAt: '2026-11-20T10:00:00Z',
    read: false,
  }));
  await page.route(
    (url) => url.pathname === '/api/admin/contacts',
    (route) => route.fulfill({ json: { items: stored, total: stored.length, page: 1, size: 20 } }),
  );
  await openAdmin(page, '/admin/contacts');

  const odd = row(page, 'Odd Address');
  await expect(odd.getByRole('link', { name: 'Reply to Odd Address' })).toHaveAttribute(
    'href',
    'mailto:odd%40example.org%3Fbcc%3Dall%40example.org%26subject%3DHi?subject=Re%3A%20your%20message%20to%20Jyoti',
  );
  // A London landline: Call, and no WhatsApp, which only reaches a mobile.
  await expect(odd.getByRole('link', { name: 'Call Odd Address' })).toHaveAttribute('href', 'tel:+442079460958');
  await expect(odd.getByRole('link', { name: /^WhatsApp Odd Address/ })).toHaveCount(0);

  const noNumber = row(page, 'No Number');
  await expect(noNumber.getByRole('cell', { name: 'call me after six', exact: true })).toBeVisible();
  await expect(noNumber.getByRole('link', { name: /^(Call|WhatsApp)/ })).toHaveCount(0);
});

test('at 1366 px every column of the contacts is in view, with the selection bar, and axe passes', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const token = await asAdmin(page, request);
  const long = 'Could somebody call me back about volunteering on weekday evenings? '.repeat(4);
  await sendMessage(request, long, 'Parvati Chakraborty Bhattacharya');
  const word = uniqueWord();
  await sendMessage(request, `Already answered ${word}`, 'Read Already');
  const [answered] = await messagesMatching(request, token, word);
  const marked = await request.patch(`/api/admin/contacts/${answered._id}`, {
    data: { read: true },
    headers: bearer(token),
  });
  expect(marked.status(), 'mark read').toBe(200);
  await openAdmin(page, '/admin/contacts');
  await expect(page.getByRole('button', { name: 'Mark unread the message from Read Already' })).toBeVisible();

  await page.getByRole('checkbox', { name: 'Select the message from Read Already' }).check();
  await expect(page.getByRole('group', { name: 'Selected messages' })).toBeVisible();
  const box = page.getByRole('region', { name: 'Contacts' });
  const [scrollWidth, clientWidth] = await box.evaluate((element) => [element.scrollWidth, element.clientWidth]);
  expect(scrollWidth, 'the table is no wider than its box').toBeLessThanOrEqual(clientWidth);
  for (const header of await page.getByRole('columnheader').all()) {
    const edges = await header.boundingBox();
    expect(edges.x + edges.width, `${await header.textContent()} ends inside the window`).toBeLessThanOrEqual(1366);
  }
  expect(await violations(page), 'axe on the contacts at 1366 px').toEqual([]);
});

test('at 360 px a message is a compact card, the newest sender on the first screen, and axe passes', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await asAdmin(page, request);
  const name = `Newest Sender ${uniqueWord()}`;
  const contact = await sendMessage(request, 'Is there a class for six-year-olds?', name);
  await openAdmin(page, '/admin/contacts');

  const card = row(page, contact.email);
  const sender = card.getByRole('cell', { name, exact: true });
  await expect(sender).toBeVisible();
  expect(await page.evaluate(() => window.scrollY), 'no scrolling').toBe(0);
  const nameBox = await sender.boundingBox();
  expect(nameBox.y + nameBox.height, 'the name above the fold').toBeLessThanOrEqual(740);
  // The tick box and the name share the card's first line.
  const tick = await card.getByRole('checkbox', { name: `Select the message from ${name}` }).boundingBox();
  expect(Math.abs(tick.y + tick.height / 2 - (nameBox.y + nameBox.height / 2)), 'same line').toBeLessThan(12);
  for (const link of [`Reply to ${name}`, `Call ${name}`, `WhatsApp ${name} (opens in a new tab)`]) {
    const edges = await card.getByRole('link', { name: link }).boundingBox();
    expect(edges.x + edges.width, `${link} inside the screen`).toBeLessThanOrEqual(360);
    expect(edges.height, `${link} tall enough to press`).toBeGreaterThanOrEqual(24);
  }

  await card.getByRole('checkbox', { name: `Select the message from ${name}` }).check();
  await expect(page.getByRole('group', { name: 'Selected messages' })).toBeVisible();
  expect(await violations(page), 'axe on the contacts at 360 px').toEqual([]);
});
