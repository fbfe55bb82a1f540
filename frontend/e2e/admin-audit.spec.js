// /admin/audit, the Activity screen (admins only): what was changed in the admin area, newest first, by whom, from
// where, with each field old → new; searched, downloaded as CSV, readable on a phone.
import { readFile } from 'node:fs/promises';
import { ADMIN, expect, test } from './fixtures.js';
import { asAdmin, openAdmin, registerUser, row, toast } from './admin-helpers.js';
import { unique } from './content-helpers.js';
import { violations } from './axe.js';

// axe is injected as a script of the test's own, which the site's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

const ACTOR = `Admin <${ADMIN.email}>`;

/** Renames a new member and makes them an editor through the edit form; answers the member and the new name. */
async function editMember(page, request) {
  const member = await registerUser(request, { firstname: 'Before' });
  const name = unique('After').replace(' ', '-');
  await openAdmin(page, `/admin/users/${member.id}/edit`);
  await expect(page.getByLabel('First name')).toHaveValue('Before');
  await page.getByLabel('First name').fill(name);
  await page.getByLabel('Role').selectOption('editor');
  await page.getByRole('button', { name: 'UPDATE' }).click();
  await expect(toast(page, 'Updated Successfully')).toBeVisible();
  return { member, name };
}

test('an admin’s edit shows first, with who, where, what and each field old → new', async ({ page, request }) => {
  await asAdmin(page, request);
  const { member, name } = await editMember(page, request);

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Activity' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('table').getByRole('columnheader')).toHaveText(['When', 'Who', 'Address', 'What', 'Changes']);
  const newest = page.getByRole('table').getByRole('row').nth(1);
  await expect(newest.getByRole('cell')).toHaveText([
    /\d{4}/,
    ACTOR,
    '127.0.0.1',
    `user changed · user ${member.id}`,
    `firstname: Before → ${name}role: user → editor`,
  ]);
  await expect(newest.getByRole('listitem')).toHaveText([`firstname: Before → ${name}`, 'role: user → editor']);
  // Readable in the admin's own time: the day and the time, the exact moment kept for machines.
  await expect(newest.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await expect(page).toHaveTitle(/^Activity · Admin/);
});

test('the search finds entries by what changed, and the CSV holds what it finds', async ({ page, request }) => {
  await asAdmin(page, request);
  const { name } = await editMember(page, request);
  await openAdmin(page, '/admin/audit');

  await page.getByLabel('Search by who, address, what or change').fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${name}`));
  await expect(page.getByRole('status').filter({ hasText: `1 event matching “${name}”` })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  await expect(row(page, name)).toContainText('user changed');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV (1 event)' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^jyoti-activity-.*\.csv$/);
  const text = await readFile(await file.path(), 'utf8');
  expect(text.startsWith('When,Who,Address,What,Record,Changes')).toBe(true);
  expect(text).toContain(name);
  expect(text.trim().split('\r\n').length).toBe(2);

  await page.getByLabel('Search by who, address, what or change').fill(`${name}-none`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText(`No events match “${name}-none”.`)).toBeVisible();
});

test('the Activity screen passes axe at 1366 px', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await asAdmin(page, request);
  await editMember(page, request);
  await openAdmin(page, '/admin/audit');
  await expect(page.getByRole('table')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('each entry is a card, nothing scrolls sideways, and axe passes', async ({ page, request }) => {
    await asAdmin(page, request);
    const { name } = await editMember(page, request);
    await openAdmin(page, '/admin/audit');
    const entry = row(page, name);
    await expect(entry).toBeVisible();
    const box = await entry.boundingBox();
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    // Each line of the card names its column.
    await expect(entry.locator('td[data-label="Who"]')).toHaveText(ACTOR);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await violations(page)).toEqual([]);
  });
});
