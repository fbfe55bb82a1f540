// Second factors in the admin area: "Staff must use a second factor" on the Settings screen (on, a factor-less editor
// is taken from the login and from every admin screen to set one up on /account; off again only after a question),
// and an admin removing a member's factors from the Users screen when they lose their phone. The rule is put back off
// whatever happens: the worker's other suites sign in without a factor.
import { adminToken, bearer, expect, loadPage, test, uniqueEmail } from './fixtures.js';
import { asAdmin, openAdmin, registerEditor, registerUser, row, toast } from './admin-helpers.js';
import {
  addAuthenticator,
  expectSignedIn,
  secondStep,
  signInWithCode,
  signOut,
  typePassword,
} from './second-factor-helpers.js';

const PASSWORD = 'member-pass-1';

/** The rule as the server holds it, read with `token`. */
async function ruleIsOn(request, token) {
  const response = await request.get('/api/auth/second-factor', { headers: bearer(token) });
  expect(response.status()).toBe(200);
  return (await response.json()).requireSecondFactor;
}

/** An admin with an authenticator app of their own: {email, id, app, recoveryCodes}. */
async function adminWithApp(request) {
  const admin = await registerUser(request, { email: uniqueEmail('guard') });
  const promoted = await request.patch(`/api/admin/users/update/${admin.id}`, {
    data: { role: 'admin' },
    headers: bearer(await adminToken(request)),
  });
  expect(promoted.status(), 'make admin').toBe(200);
  return { ...admin, ...(await addAuthenticator(request, admin.token)) };
}

test('with the rule on, a factor-less editor is taken to set one up, from the login and from the admin area', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Made while the seeded admin (who has no factor) may still use the admin calls.
  const editor = await registerEditor(request, { email: uniqueEmail('unguarded') });
  const admin = await adminWithApp(request);
  try {
    await typePassword(page, admin.email, PASSWORD);
    await secondStep(page).getByLabel('6-digit code from your authenticator app').fill(await admin.app.code());
    await secondStep(page).getByRole('button', { name: 'Sign in' }).click();
    await expectSignedIn(page);
    await openAdmin(page, '/admin/settings');
    const rule = page.getByRole('form', { name: 'Second factor' });
    await rule.getByLabel('Staff must use a second factor').check();
    await expect(rule.getByText('Unsaved changes')).toBeVisible();
    await rule.getByRole('button', { name: 'Save second factor rule' }).click();
    await expect(toast(page, /Updated Successfully|saved|Saved/)).toBeVisible();
    await expect(rule.getByLabel('Staff must use a second factor')).toBeChecked();
    expect(await ruleIsOn(request, admin.token)).toBe(true);

    // The editor's password leads to the Account page's setup, which says why.
    await signOut(page);
    await typePassword(page, editor.email, PASSWORD);
    await expect(page).toHaveURL(/\/account#second-factor$/, { timeout: 10_000 });
    const section = page.getByRole('region', { name: 'Second factor' });
    await expect(section.getByRole('heading', { name: 'Second factor' })).toBeFocused();
    await expect(section.getByText('Jyoti requires everyone who works on the site')).toBeVisible();
    await expect(section.getByRole('heading', { name: 'Second factor' })).toBeInViewport();

    // Any admin screen sends them back there: the server refuses its calls.
    await loadPage(page, () => page.goto('/admin/contacts'));
    await expect(page).toHaveURL(/\/account#second-factor$/, { timeout: 10_000 });
    await expect(section.getByText('Jyoti requires everyone who works on the site')).toBeVisible();

    // Off again: asked first, since a stolen password would open the admin area again.
    await signOut(page);
    await typePassword(page, admin.email, PASSWORD);
    await secondStep(page).getByRole('button', { name: 'Use a recovery code instead' }).click();
    await secondStep(page).getByLabel('Recovery code').fill(admin.recoveryCodes[0]);
    await secondStep(page).getByRole('button', { name: 'Sign in' }).click();
    await expectSignedIn(page);
    await openAdmin(page, '/admin/settings');
    await rule.getByLabel('Staff must use a second factor').uncheck();
    const asked = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      dialog.dismiss();
    });
    await rule.getByRole('button', { name: 'Save second factor rule' }).click();
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toContain('Every admin is alerted');
    page.once('dialog', (dialog) => dialog.accept());
    await rule.getByRole('button', { name: 'Save second factor rule' }).click();
    await expect(rule.getByText('Unsaved changes')).toHaveCount(0);
    await expect(rule.getByLabel('Staff must use a second factor')).not.toBeChecked();
  } finally {
    // The browser's sign-outs ended the admin's sessions: a recovery code signs in once more to be sure it is off.
    const token = await signInWithCode(request, admin.email, PASSWORD, admin.recoveryCodes[9]);
    const off = await request.patch('/api/admin/settings', {
      data: { requireSecondFactor: false },
      headers: bearer(token),
    });
    expect(off.status(), 'the rule off again').toBe(200);
  }
  expect(await ruleIsOn(request, await adminToken(request))).toBe(false);
});

test('an admin removes the second factor of a member who lost their phone, after a question naming them', async ({
  page,
  request,
}) => {
  const member = await registerUser(request);
  await addAuthenticator(request, member.token);
  await asAdmin(page, request);
  await openAdmin(page, `/admin/users?q=${encodeURIComponent(member.email)}`);
  const remove = row(page, member.email).getByRole('button', { name: /Remove second factor/ });
  await expect(remove).toHaveAccessibleName('Remove second factor Mita Roy');

  const asked = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    dialog.dismiss();
  });
  await remove.click();
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toContain(`Mita Roy (${member.email})`);
  const still = await request.post('/api/auth/login', { data: { email: member.email, password: PASSWORD } });
  expect((await still.json()).secondFactor, 'kept after No').toBeTruthy();

  page.once('dialog', (dialog) => dialog.accept());
  await remove.click();
  await expect(toast(page, 'Second factor removed')).toBeVisible();
  await expect(row(page, member.email).getByRole('button', { name: /Remove second factor/ })).toHaveCount(0);
  const after = await request.post('/api/auth/login', { data: { email: member.email, password: PASSWORD } });
  expect(after.status()).toBe(200);
  expect((await after.json()).token, 'the password alone signs in again').toBeTruthy();
});
