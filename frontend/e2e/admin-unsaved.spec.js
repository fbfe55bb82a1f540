// Admin forms keep what was typed until it is saved: one Settings section's Save leaves another's edits alone, leaving
// a screen with unsaved edits (by a link, Back or Forward, or by closing or reloading the page) asks first and names them, and a change
// of the payment details shows old → new before it is saved.
import { createNotice, expect, siteContent, test } from './fixtures.js';
import { asAdmin, openAdmin, row, toast } from './admin-helpers.js';
import { patchSettings, unique } from './content-helpers.js';
import { violations } from './axe.js';

// axe is injected as a script of the test's own, which the site's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

/** Answers the next dialog with `answer` ('accept' or 'dismiss') and resolves to its type and message. */
function answerDialog(page, answer) {
  return new Promise((resolve) => {
    page.once('dialog', async (dialog) => {
      resolve({ type: dialog.type(), message: dialog.message() });
      await dialog[answer]();
    });
  });
}

/** Goes Back in the history, answering the question it asks with `answer`: resolves to its type and message. */
async function goBack(page, answer) {
  const asked = answerDialog(page, answer);
  await page.evaluate(() => window.history.back());
  return asked;
}

/** Signs in, opens Contacts and goes from there to `screen` by the sidebar, so that Back has somewhere to go. */
async function fromContactsTo(page, request, screen) {
  await asAdmin(page, request);
  await openAdmin(page, '/admin/contacts');
  const sidebar = page.getByRole('navigation', { name: 'Admin' });
  await sidebar.getByRole('link', { name: screen }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/${screen.toLowerCase()}$`));
  return sidebar;
}

/** The settings PATCH calls the page makes from now on. */
function settingsCalls(page) {
  const calls = [];
  page.on('request', (request) => {
    const patch = request.method() === 'PATCH' && request.url().endsWith('/api/admin/settings');
    if (patch) calls.push(request.postDataJSON());
  });
  return calls;
}

test('saving one settings section keeps the edits of another, which its own Save then saves', async ({
  page,
  request,
}) => {
  const token = await asAdmin(page, request);
  const { settings } = await siteContent(request);
  const heading = unique('Welcome');
  const address = unique('Old Mill Road');
  try {
    await openAdmin(page, '/admin/settings');
    await page.getByLabel('Welcome heading').fill(heading);
    await page.getByLabel('Address', { exact: true }).fill(address);
    const home = page.getByRole('form', { name: 'Home page' });
    const footer = page.getByRole('form', { name: 'Footer and contact' });
    await expect(home.getByText('Unsaved changes')).toBeVisible();
    await expect(footer.getByText('Unsaved changes')).toBeVisible();

    await home.getByRole('button', { name: 'Save Home page' }).click();
    await expect(toast(page, 'Updated Successfully')).toBeVisible();
    await expect(home.getByText('Unsaved changes')).toHaveCount(0);
    await expect(page.getByLabel('Welcome heading')).toHaveValue(heading);
    await expect(page.getByLabel('Address', { exact: true })).toHaveValue(address);
    await expect(footer.getByText('Unsaved changes')).toBeVisible();

    // A Save with nothing of its own to send says where the edits are.
    await page.getByRole('button', { name: 'Save Gallery' }).click();
    await expect(
      toast(
        page,
        'Nothing has changed in Gallery. Unsaved changes are in: Footer and contact; each section has its own Save.',
      ),
    ).toBeVisible();

    await footer.getByRole('button', { name: 'Save Footer and contact' }).click();
    await expect(toast(page, 'Updated Successfully')).toHaveCount(2);
    await expect(footer.getByText('Unsaved changes')).toHaveCount(0);
    const saved = (await siteContent(request)).settings;
    expect([saved.heroTitle, saved.address]).toEqual([heading, address]);
  } finally {
    await patchSettings(request, token, { heroTitle: settings.heroTitle, address: settings.address });
  }
});

test('leaving Settings by a link with unsaved edits asks first and names the sections', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await asAdmin(page, request);
  await openAdmin(page, '/admin/settings');
  const heading = unique('Not saved');
  await page.getByLabel('Welcome heading').fill(heading);
  await page.getByLabel('Appeal to donors').fill('Not saved either');
  await expect(page.getByText('Unsaved changes')).toHaveCount(2);
  const sidebar = page.getByRole('navigation', { name: 'Admin' });

  // Cancel: the screen and both edits stay.
  const asked = answerDialog(page, 'dismiss');
  await sidebar.getByRole('link', { name: 'Contacts' }).click();
  expect(await asked).toEqual({
    type: 'confirm',
    message: 'You have unsaved changes in: Home page, Donations (Support page). Leave this page?',
  });
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByLabel('Welcome heading')).toHaveValue(heading);
  await expect(page.getByLabel('Appeal to donors')).toHaveValue('Not saved either');

  // By keyboard, and this time leave: the edits are dropped as asked.
  const users = sidebar.getByRole('link', { name: 'Users' });
  await users.focus();
  const askedAgain = answerDialog(page, 'accept');
  await page.keyboard.press('Enter');
  expect((await askedAgain).message).toContain('Home page, Donations (Support page)');
  await expect(page).toHaveURL(/\/admin\/users$/);

  // Nothing edited, nothing asked.
  let dialogs = 0;
  page.on('dialog', () => (dialogs += 1));
  await sidebar.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByLabel('Welcome heading')).not.toHaveValue(heading);
  await sidebar.getByRole('link', { name: 'Contacts' }).click();
  await expect(page).toHaveURL(/\/admin\/contacts$/);
  expect(dialogs).toBe(0);
});

test('Back and Forward with unsaved edits ask first; Cancel keeps the screen, its address and the edits', async ({
  page,
  request,
}) => {
  await fromContactsTo(page, request, 'Settings');
  const heading = unique('Not saved by Back');
  await page.getByLabel('Welcome heading').fill(heading);
  await expect(page.getByText('Unsaved changes')).toHaveCount(1);

  // Back, refused: the address goes back to Settings and nothing typed is lost.
  expect(await goBack(page, 'dismiss')).toEqual({
    type: 'confirm',
    message: 'You have unsaved changes in: Home page. Leave this page?',
  });
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByLabel('Welcome heading')).toHaveValue(heading);
  // The history is as it was: another Back asks again, and this time leaves.
  expect((await goBack(page, 'accept')).message).toContain('Home page');
  await expect(page).toHaveURL(/\/admin\/contacts$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Contacts' })).toBeVisible();

  // Forward to Settings, nothing edited there now: nothing asked.
  let dialogs = 0;
  page.on('dialog', () => (dialogs += 1));
  await page.evaluate(() => window.history.forward());
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByLabel('Welcome heading')).not.toHaveValue(heading);
  await page.evaluate(() => window.history.back());
  await expect(page).toHaveURL(/\/admin\/contacts$/);
  expect(dialogs).toBe(0);
});

test('a popup holding work asks before the screen is left: an invitation typed, a link shown once, a file chosen', async ({
  page,
  request,
}) => {
  const sidebar = await fromContactsTo(page, request, 'Users');
  // A popup keeps the rest of the screen out of reach, so Back is how one leaves with it open.
  const back = async (answer) => (await goBack(page, answer)).message;

  // An email typed in Invite: Back asks and, refused, keeps it.
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const invite = page.getByRole('dialog', { name: 'Invite to the team' });
  const email = `${Date.now()}-invitee@example.org`;
  await invite.getByLabel('Email').fill(email);
  expect(await back('dismiss')).toBe('You have unsaved changes in: Invite to the team. Leave this page?');
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(invite.getByLabel('Email')).toHaveValue(email);

  // Email is off here, so the link it makes is shown only now: leaving asks about it by name.
  await invite.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(invite.getByLabel('Invitation link')).toBeVisible();
  expect(await back('dismiss')).toBe('You have unsaved changes in: Invitation link, shown only once. Leave this page?');
  await expect(invite.getByLabel('Invitation link')).toBeVisible();
  // Closed, the popup holds nothing: no question.
  await invite.getByRole('button', { name: 'Close' }).click();
  let dialogs = 0;
  page.on('dialog', () => (dialogs += 1));
  await sidebar.getByRole('link', { name: 'Certificates' }).click();
  await expect(page).toHaveURL(/\/admin\/certificates$/);
  expect(dialogs).toBe(0);

  // A CSV file chosen but not imported.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const importer = page.getByRole('dialog', { name: 'Import certificates' });
  await importer.getByLabel('CSV file').setInputFiles({
    name: 'certificates.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('certinumber,name\n99001,Sample Name\n'),
  });
  expect(await back('dismiss')).toBe('You have unsaved changes in: Import certificates. Leave this page?');
  await expect(page).toHaveURL(/\/admin\/certificates$/);
  await expect(importer).toBeVisible();
  expect(await violations(page), 'axe with the import popup open').toEqual([]);
});

test('on a phone the question comes from the admin menu too, and the screen passes axe', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await asAdmin(page, request);
  await openAdmin(page, '/admin/settings');
  await page.getByLabel('Address', { exact: true }).fill(unique('Unsaved address'));
  await expect(page.getByRole('form', { name: 'Footer and contact' }).getByText('Unsaved changes')).toBeVisible();
  expect(await violations(page), 'axe on Settings with unsaved changes at 360 px').toEqual([]);

  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const asked = answerDialog(page, 'dismiss');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Notices' }).click();
  expect((await asked).message).toBe('You have unsaved changes in: Footer and contact. Leave this page?');
  await expect(page).toHaveURL(/\/admin\/settings$/);
});

test('reloading the page with unsaved edits asks first; once they are saved it does not', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const { settings } = await siteContent(request);
  const heading = unique('Reload');
  try {
    await openAdmin(page, '/admin/settings');
    await page.getByLabel('Welcome heading').fill(heading);
    const home = page.getByRole('form', { name: 'Home page' });
    await expect(home.getByText('Unsaved changes')).toBeVisible();

    const asked = answerDialog(page, 'accept');
    await page.reload();
    expect((await asked).type).toBe('beforeunload');
    await expect(page.getByLabel('Welcome heading')).toHaveValue(settings.heroTitle);

    await page.getByLabel('Welcome heading').fill(heading);
    await page.getByRole('button', { name: 'Save Home page' }).click();
    await expect(toast(page, 'Updated Successfully')).toBeVisible();
    await expect(home.getByText('Unsaved changes')).toHaveCount(0);
    let dialogs = 0;
    page.on('dialog', () => (dialogs += 1));
    await page.reload();
    await expect(page.getByLabel('Welcome heading')).toHaveValue(heading);
    expect(dialogs).toBe(0);
  } finally {
    await patchSettings(request, token, { heroTitle: settings.heroTitle });
  }
});

test('a change of the payment details shows each field old → new and is saved only once confirmed', async ({
  page,
  request,
}) => {
  const token = await asAdmin(page, request);
  const { settings } = await siteContent(request);
  const calls = settingsCalls(page);
  try {
    await openAdmin(page, '/admin/settings');
    await page.getByLabel(/UPI ID/).fill('jyoti.new@upi');
    await page.getByLabel('IFSC code').fill('JYOT0009876');
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    const save = page.getByRole('button', { name: 'Save Donations (Support page)' });

    const asked = answerDialog(page, 'dismiss');
    await save.click();
    expect(await asked).toEqual({
      type: 'confirm',
      message: [
        'Change where donations go?',
        '',
        `IFSC code: ${settings.donationIfsc} → JYOT0009876`,
        `UPI ID: ${settings.upiId || '(empty)'} → jyoti.new@upi`,
        '',
        'Donors will be shown the new details after the waiting period set on the server, if any; until then any ' +
          'admin can cancel them.',
      ].join('\n'),
    });
    const donations = page.getByRole('form', { name: 'Donations (Support page)' });
    await expect(donations.getByText('Unsaved changes')).toBeVisible();
    await expect(page.getByLabel('IFSC code')).toHaveValue('JYOT0009876');
    expect(calls).toEqual([]);

    const confirmed = answerDialog(page, 'accept');
    await save.focus();
    await page.keyboard.press('Enter');
    await confirmed;
    await expect(toast(page, 'Updated Successfully')).toBeVisible();
    expect(calls).toEqual([{ donationIfsc: 'JYOT0009876', upiId: 'jyoti.new@upi' }]);
    const saved = (await siteContent(request)).settings;
    expect([saved.donationIfsc, saved.upiId]).toEqual(['JYOT0009876', 'jyoti.new@upi']);
  } finally {
    await patchSettings(request, token, { donationIfsc: settings.donationIfsc, upiId: settings.upiId });
  }
});

test("an edit page's Cancel with unsaved edits asks first", async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const title = unique('Unsaved notice');
  await createNotice(request, token, { title, url: 'https://example.org/n', date: '2026-11-01' });
  await openAdmin(page, `/admin/notices?q=${encodeURIComponent(title)}`);
  await row(page, title).getByRole('link', { name: /Edit|Update/ }).click();
  await expect(page.getByRole('heading', { name: 'Edit notice' })).toBeVisible();
  const editing = page.url();
  await page.getByLabel(/Title/).fill(`${title} changed`);
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  const asked = answerDialog(page, 'dismiss');
  await page.getByRole('link', { name: 'Cancel' }).click();
  expect((await asked).message).toBe('You have unsaved changes in: Edit notice. Leave this page?');
  await expect(page).toHaveURL(editing);
  await expect(page.getByLabel(/Title/)).toHaveValue(`${title} changed`);

  const left = answerDialog(page, 'accept');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await left;
  await expect(page).toHaveURL(/\/admin\/notices$/);
});
