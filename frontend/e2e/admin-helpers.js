// Shared steps of the admin browser tests: sessions through the API, popups, confirm dialogs, toasts.
import { ADMIN, adminToken, bearer, expect, loadPage, uniqueEmail } from './fixtures.js';

/** The toast with this text (react-toastify gives each toast role="alert"). */
export const toast = (page, text) => page.locator('.Toastify').getByRole('alert').filter({ hasText: text });

/** The table row that shows this text. */
export const row = (page, text) => page.getByRole('row').filter({ hasText: text });

/** Every page this test opens starts logged in with `token` (stored where the app keeps it). */
export async function useToken(page, token) {
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
}

/** Opens the page logged in as the seeded admin; answers the admin's token for API set-up. */
export async function asAdmin(page, request) {
  const token = await adminToken(request);
  await useToken(page, token);
  return token;
}

/** Opens an admin screen and waits for its table (or form) to appear. */
export async function openAdmin(page, path) {
  await loadPage(page, () => page.goto(path));
  await expect(page.getByRole('heading', { name: 'Welcome To Admin Page' })).toBeVisible({ timeout: 10_000 });
}

/** Checks the headings of the page's table, in order. */
export async function expectColumns(page, headings) {
  await expect(page.getByRole('table').getByRole('columnheader')).toHaveText(headings);
}

/** Accepts the next confirm dialog, checking it is a confirmation. */
export function acceptConfirm(page) {
  page.once('dialog', async (dialog) => {
    expect(dialog.type()).toBe('confirm');
    await dialog.accept();
  });
}

/** Accepts the confirmation and clicks the Delete button of the row that shows `text` (in `scope`, e.g. a region). */
export async function deleteRow(page, text, scope = page) {
  acceptConfirm(page);
  await row(scope, text).getByRole('button', { name: /Delete/ }).click();
}

/** Clicks the button named `opener` and answers the popup it opens (the one named `name`, when given). */
export async function openPopup(page, opener, name) {
  await page.getByRole('button', { name: opener }).click();
  return name === undefined ? page.getByRole('dialog') : page.getByRole('dialog', { name });
}

/** Escape closes the popup and gives the focus back to the button that opened it. */
export async function expectEscapeCloses(page, dialog, opener) {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

/** Fills each field labelled by a key of `values` (in `scope`: a page or a popup) with its value. */
export async function fillIn(scope, values) {
  for (const [label, value] of Object.entries(values)) await scope.getByLabel(label).fill(value);
}

/** A registered ordinary user: {email, token, id}. */
export async function registerUser(request, details = {}) {
  const email = details.email ?? uniqueEmail('member');
  const response = await request.post('/api/auth/register', {
    data: {
      firstname: 'Mita',
      lastname: 'Roy',
      department: 'ECE',
      year: '3rd',
      password: 'member-pass-1',
      ...details,
      email,
    },
  });
  expect(response.status(), 'register').toBe(201);
  const body = await response.json();
  return { email, token: body.token, id: body.userId };
}

/** Marks every alert read, whatever earlier tests of the worker raised, so a test sees only the ones it causes. */
export async function readAllAlerts(request, token) {
  const response = await request.post('/api/admin/alerts/read', { data: { all: true }, headers: bearer(token) });
  expect(response.status(), 'mark all read').toBe(200);
}

/** Leaves the seeded admin as the only admin, whatever earlier tests promoted. */
export async function onlySeededAdmin(request, token) {
  const users = await (await request.get('/api/admin/users', { headers: bearer(token) })).json();
  for (const user of users.filter((u) => u.isAdmin && u.email !== ADMIN.email)) {
    const response = await request.patch(`/api/admin/users/update/${user._id}`, {
      data: { isAdmin: false },
      headers: bearer(token),
    });
    expect(response.status(), 'demote').toBe(200);
  }
  return users.find((u) => u.email === ADMIN.email);
}

/** A registered user whom the admin made an editor: {email, token, id}; the token stays valid. */
export async function registerEditor(request, details = {}) {
  const member = await registerUser(request, details);
  const response = await request.patch(`/api/admin/users/update/${member.id}`, {
    data: { role: 'editor' },
    headers: bearer(await adminToken(request)),
  });
  expect(response.status(), 'make editor').toBe(200);
  return member;
}
