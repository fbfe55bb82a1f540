// Paged admin lists: a page of rows at a time with a pager, a search box and a sort choice, all kept in the
// address so Back, a reload and a shared link show the same rows.
import { createCertificate, expect, test } from './fixtures.js';
import { asAdmin, deleteRow, openAdmin, registerUser, row, toast } from './admin-helpers.js';

/** A word no other test uses, to search for. */
const uniqueWord = () => `zq${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** `count` certificates whose holders' names carry `word`; answers their numbers, oldest first. */
async function certificatesNamed(request, token, word, count) {
  const base = 100_000 + Math.floor(Math.random() * 900_000_000);
  const numbers = Array.from({ length: count }, (_, index) => base + index);
  for (const [index, certinumber] of numbers.entries()) {
    await createCertificate(request, token, { name: `Holder ${word} ${index + 1}`, certinumber });
  }
  return numbers;
}

/** The data rows of the table (its header row left out). */
const bodyRows = (page) => page.getByRole('table').locator('tbody tr');

const pager = (page, noun) => page.getByRole('navigation', { name: `Pages of ${noun}` });

test('a long list shows 20 rows a page; Next, Previous, Back and a reload keep the page in the address', async ({
  page,
  request,
}) => {
  const token = await asAdmin(page, request);
  const word = uniqueWord();
  await certificatesNamed(request, token, word, 25);
  await openAdmin(page, `/admin/certificates?q=${word}`);

  await expect(page.getByRole('status').filter({ hasText: `25 certificates matching “${word}”` })).toBeVisible();
  await expect(page.getByLabel('Search by name or number')).toHaveValue(word);
  const pages = pager(page, 'certificates');
  await expect(pages).toContainText('Page 1 of 2');
  await expect(bodyRows(page)).toHaveCount(20);
  await expect(bodyRows(page).first()).toContainText(`Holder ${word} 25`);
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/certificates\\?q=${word}&page=2$`));
  await expect(pages).toContainText('Page 2 of 2');
  await expect(bodyRows(page)).toHaveCount(5);
  await expect(bodyRows(page).last()).toContainText(`Holder ${word} 1`);
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(pages.getByRole('button', { name: 'Next' })).toBeFocused();

  await page.goBack();
  await expect(pages).toContainText('Page 1 of 2');
  await expect(bodyRows(page)).toHaveCount(20);
  await page.goForward();
  await expect(pages).toContainText('Page 2 of 2');

  await page.reload();
  await expect(pages).toContainText('Page 2 of 2');
  await expect(bodyRows(page)).toHaveCount(5);
  await expect(page.getByLabel('Search by name or number')).toHaveValue(word);

  await pages.getByRole('button', { name: 'Previous' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/certificates\\?q=${word}$`));
  await expect(bodyRows(page)).toHaveCount(20);
});

test('deleting the only row of the last page goes back a page', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const word = uniqueWord();
  const numbers = await certificatesNamed(request, token, word, 21);
  await openAdmin(page, `/admin/certificates?q=${word}&page=2`);
  await expect(bodyRows(page)).toHaveCount(1);

  await deleteRow(page, String(numbers[0]));
  await expect(toast(page, 'Certificate Deleted')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/certificates\\?q=${word}$`));
  await expect(bodyRows(page)).toHaveCount(20);
  await expect(pager(page, 'certificates')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: `20 certificates matching “${word}”` })).toBeVisible();
});

test('typing a search filters once typing pauses, and Back returns to the whole list', async ({ page, request }) => {
  await asAdmin(page, request);
  const word = uniqueWord();
  const first = await registerUser(request, { firstname: 'Amal', lastname: word });
  const second = await registerUser(request, { firstname: 'Zubin', lastname: word });
  await openAdmin(page, '/admin/users');
  await expect(bodyRows(page).first()).toBeVisible();

  await page.getByLabel('Search by name or email').pressSequentially(word);
  await expect(page).toHaveURL(new RegExp(`/admin/users\\?q=${word}$`));
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(page.getByRole('status').filter({ hasText: `2 users matching “${word}”` })).toBeVisible();
  await expect(row(page, first.email)).toHaveCount(1);
  await expect(row(page, second.email)).toHaveCount(1);

  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByLabel('Search by name or email')).toHaveValue('');
  await expect(page.getByRole('status')).not.toContainText('matching');
});

test('Enter searches at once, and a search that finds nothing says so', async ({ page, request }) => {
  await asAdmin(page, request);
  await openAdmin(page, '/admin/certificates');
  const word = uniqueWord();

  const search = page.getByRole('search');
  await search.getByLabel('Search by name or number').fill(word);
  await search.getByLabel('Search by name or number').press('Enter');
  await expect(page).toHaveURL(new RegExp(`\\?q=${word}$`));
  await expect(page.getByRole('cell', { name: `No certificates match “${word}”.` })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(`0 certificates matching “${word}”`);
});

test('the sort choice orders the rows, lives in the address and starts again at page 1', async ({ page, request }) => {
  await asAdmin(page, request);
  const word = uniqueWord();
  const amal = await registerUser(request, { firstname: 'Amal', lastname: word });
  const zubin = await registerUser(request, { firstname: 'Zubin', lastname: word });
  await openAdmin(page, `/admin/users?q=${word}`);

  const sort = page.getByLabel('Sort by');
  await expect(sort).toHaveValue('newest');
  await expect(bodyRows(page).nth(0)).toContainText(zubin.email);
  await expect(bodyRows(page).nth(1)).toContainText(amal.email);

  await sort.selectOption({ label: 'Name' });
  await expect(page).toHaveURL(new RegExp(`/admin/users\\?q=${word}&sort=name$`));
  await expect(bodyRows(page).nth(0)).toContainText(amal.email);
  await expect(bodyRows(page).nth(1)).toContainText(zubin.email);

  await page.goBack();
  await expect(sort).toHaveValue('newest');
  await expect(bodyRows(page).nth(0)).toContainText(zubin.email);
});

test('a shared link with a page beyond the end shows the last page', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const word = uniqueWord();
  await certificatesNamed(request, token, word, 3);
  await openAdmin(page, `/admin/certificates?q=${word}&page=9`);
  await expect(page).toHaveURL(new RegExp(`/admin/certificates\\?q=${word}$`));
  await expect(bodyRows(page)).toHaveCount(3);
});

test('every admin list asks the server for one page, never for the whole list', async ({ page, request }) => {
  await asAdmin(page, request);
  const lists = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (/^\/api\/admin\/(users|contacts|servicelist|display_certificate|media)$/.test(url.pathname)) lists.push(url);
  });
  for (const path of ['/admin/users', '/admin/contacts', '/admin/notices', '/admin/certificates', '/admin/photos']) {
    await openAdmin(page, path);
    await expect(page.getByRole('table')).toBeVisible();
  }
  expect(lists.length).toBeGreaterThanOrEqual(5);
  for (const url of lists) expect(url.searchParams.get('page'), url.href).toMatch(/^\d+$/);
});
