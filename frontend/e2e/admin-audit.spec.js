// /admin/audit, the Activity screen (admins only): what was changed in the admin area, newest first, by whom, from
// where, with each field old → new; searched, filtered by kind (sign-ins hidden unless asked) and by person, both
// kept in the address and passed to the CSV download; readable on a phone, usable by keyboard, clean under axe.
import { readFile } from 'node:fs/promises';
import { ADMIN, bearer, createNotice, expect, signInAdmin, test } from './fixtures.js';
import { asAdmin, openAdmin, registerEditor, registerUser, row, toast, useToken } from './admin-helpers.js';
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
    // The record as it was named then: the account's email, not only its number.
    `user changed · user ${member.id} "${member.email}"`,
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

const KINDS = [
  'Everything but sign-ins',
  'Sign-ins',
  'Payment details',
  'Users and roles',
  'Content',
  'Settings (email, backups, site address)',
  'Server commands',
  'Everything',
];

/** The "What" cell of every row the table shows. */
const whats = (page) => page.getByRole('table').locator('td[data-label="What"]').allInnerTexts();

/** The "Who" cell of every row the table shows. */
const whos = (page) => page.getByRole('table').locator('td[data-label="Who"]').allInnerTexts();

test('sign-ins are hidden until asked for; each kind shows only its own entries', async ({ page, request }) => {
  // Signing in through the API is an admin's sign-in, which the log files as such.
  await useToken(page, await signInAdmin(request));
  const { member } = await editMember(page, request);
  await openAdmin(page, '/admin/audit');

  const kind = page.getByLabel('Kind');
  await expect(kind.locator('option')).toHaveText(KINDS);
  await expect(kind).toHaveValue('');
  await expect(row(page, member.email).first()).toBeVisible();
  expect((await whats(page)).filter((what) => what.startsWith('signed in'))).toEqual([]);

  await kind.selectOption({ label: 'Sign-ins' });
  await expect(page).toHaveURL(/[?&]kind=signins(&|$)/);
  await expect(row(page, 'signed in').first()).toBeVisible();
  for (const what of await whats(page)) expect(what).toMatch(/^(signed in|sign-in failed|signed out)/);

  await kind.selectOption({ label: 'Users and roles' });
  await expect(page).toHaveURL(/[?&]kind=users(&|$)/);
  await expect(row(page, member.email).first()).toBeVisible();
  expect((await whats(page)).filter((what) => what.startsWith('signed in'))).toEqual([]);

  await kind.selectOption({ label: 'Everything' });
  await expect(page).toHaveURL(/[?&]kind=all(&|$)/);
  await expect(row(page, 'signed in').first()).toBeVisible();
  await expect(row(page, member.email).first()).toBeVisible();

  // Back goes to the previous filter; the default leaves the address plain.
  await page.goBack();
  await expect(kind).toHaveValue('users');
  await kind.selectOption({ label: 'Everything but sign-ins' });
  await expect(page).toHaveURL(/\/admin\/audit$/);
});

test('the person filter lists everyone in the log and shows only their entries; the CSV keeps both filters', async ({
  page,
  request,
}) => {
  const token = await asAdmin(page, request);
  const editor = await registerEditor(request, { firstname: 'Esha', lastname: 'Editor' });
  const editorName = `Esha Editor <${editor.email}>`;
  const title = `Notice by the editor ${Date.now()}`;
  await createNotice(request, editor.token, { title, date: '2026-11-26' });
  const actors = await (await request.get('/api/admin/audit/actors', { headers: bearer(token) })).json();
  expect(actors).toEqual(expect.arrayContaining([ACTOR, editorName]));

  await openAdmin(page, '/admin/audit');
  const person = page.getByLabel('Person');
  await expect(person.locator('option').first()).toHaveText('Anyone');
  await expect(person.locator('option')).toHaveText(['Anyone', ...actors]);
  await person.selectOption(editorName);
  await expect(page).toHaveURL(new RegExp(`[?&]actor=${encodeURIComponent(editorName).replace(/%20/g, '(%20|\\+)')}`));
  // Once the filtered page is in (the whole log's rows stay until then), every entry is the editor's.
  await expect.poll(async () => [...new Set(await whos(page))]).toEqual([editorName]);
  await expect(row(page, title)).toBeVisible();

  // Both filters at once, kept in the address: a reload shows the same.
  await page.getByLabel('Kind').selectOption({ label: 'Content' });
  await expect(page).toHaveURL(/[?&]kind=content(&|$)/);
  await expect(row(page, title)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Kind')).toHaveValue('content');
  await expect(page.getByLabel('Person')).toHaveValue(editorName);
  await expect(row(page, title)).toBeVisible();

  const count = await page.getByRole('table').locator('tbody tr').count();
  const label = `Download CSV (${count} ${count === 1 ? 'event' : 'events'})`;
  const downloading = page.waitForEvent('download');
  const asked = page.waitForRequest((sent) => new URL(sent.url()).pathname === '/api/admin/audit/csv');
  await page.getByRole('button', { name: label }).click();
  const csvUrl = new URL((await asked).url());
  expect(csvUrl.searchParams.get('kind')).toBe('content');
  expect(csvUrl.searchParams.get('actor')).toBe(editorName);
  const text = await readFile(await (await downloading).path(), 'utf8');
  const lines = text.trim().split('\r\n');
  expect(lines[0].startsWith('When,Who,Address,What,Record,Changes')).toBe(true);
  expect(lines.length).toBe(count + 1);
  for (const line of lines.slice(1)) expect(line).toContain(editor.email);
  expect(text).toContain(title);

  // A person with no entry of this kind: the table says so.
  await page.getByLabel('Kind').selectOption({ label: 'Server commands' });
  await expect(page.getByText('No events of this kind or by this person.')).toBeVisible();
});

test('the filters work by keyboard alone', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await asAdmin(page, request);
  await openAdmin(page, '/admin/audit');
  const kind = page.getByLabel('Kind');
  await expect(kind).toHaveValue('');
  // Tab from the search box reaches the kind, then the person.
  await page.getByLabel('Search by who, address, what or change').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(kind).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/[?&]kind=signins(&|$)/);
  await expect(kind).toHaveValue('signins');
  await expect(row(page, 'signed in').first()).toBeVisible();
  await expect(kind).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Person')).toBeFocused();
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

    // The filters fit too, a long "Name <email>" choice included.
    await page.getByLabel('Person').selectOption(ACTOR);
    await page.getByLabel('Kind').selectOption({ label: 'Users and roles' });
    await expect(row(page, name)).toBeVisible();
    for (const label of ['Kind', 'Person']) {
      const box = await page.getByLabel(label).boundingBox();
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await violations(page)).toEqual([]);
  });
});

test('settings read in the log as the screens name them, in English and in Bengali', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const place = unique('Jyoti school room');
  // The file's other tests see the same site: what this test changes, it puts back.
  const { settings } = await (await request.get('/api/content')).json();
  const saved = await request.patch('/api/admin/settings', { data: { visitAddress: place }, headers: bearer(token) });
  expect(saved.status()).toBe(200);
  const bengali = await request.put('/api/admin/translations', {
    data: { kind: 'setting', record: 'heroTitle', field: 'heroTitle', text: 'জ্যোতিতে স্বাগত' },
    headers: bearer(token),
  });
  expect(bengali.status()).toBe(200);
  await openAdmin(page, '/admin/audit');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1).getByRole('listitem')).toHaveText([/^Welcome heading in Bengali: .* → জ্যোতিতে স্বাগত$/]);
  await expect(rows.nth(2).getByRole('listitem')).toHaveText([new RegExp(`^Visit us address: .* → ${place}$`)]);
  await expect(rows.getByRole('listitem').filter({ hasText: /visitAddress|heroTitle/ })).toHaveCount(0);
  await request.patch('/api/admin/settings', { data: { visitAddress: settings.visitAddress }, headers: bearer(token) });
  await request.put('/api/admin/translations', {
    data: { kind: 'setting', record: 'heroTitle', field: 'heroTitle', text: settings.bn?.heroTitle ?? '' },
    headers: bearer(token),
  });
});

test('at 1366 px no address or name in the log breaks inside a word', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await asAdmin(page, request);
  // A long address, of a volunteer who made a change: it has to wrap somewhere.
  const email = `bhagyashree.roychowdhury.sengupta.volunteer.${Date.now()}@jalpaiguri-engineering-college.example.org`;
  const editor = await registerEditor(request, { email, firstname: 'Bhagyashree', lastname: 'Roychowdhury-Sengupta' });
  await createNotice(request, editor.token, { title: unique('Long name notice'), date: '2026-11-20' });
  // And a long change beside it, which the Changes column wants the width for.
  const { settings } = await (await request.get('/api/content')).json();
  const long = `${'Every evening the children of the village come to learn with the volunteers. '.repeat(12)}${Date.now()}`;
  const changed = await request.patch('/api/admin/settings', { data: { heroText: long }, headers: bearer(editor.token) });
  expect(changed.status()).toBe(200);
  await openAdmin(page, '/admin/audit');
  await expect(row(page, email).first()).toBeVisible();
  // Where each line of a cell ends: only at a space, or after "@", ".", ":", "<", ">" or a hyphen, never between two
  // letters.
  const breaks = await page.locator('.audit td.cell-address').evaluateAll((cells) =>
    cells.flatMap((cell) => {
      const found = [];
      let previous = null;
      let between = '';
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.length; i += 1) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getBoundingClientRect();
          const char = node.data[i];
          // A space at a line's end takes no room: it is what lies between two lines.
          if (rect.width === 0 || /\s/.test(char)) {
            between += char;
            continue;
          }
          const top = Math.round(rect.top);
          if (previous && top > previous.top + 2 && !/\s/.test(between) && !/[@.:<>-]/.test(previous.char)) {
            found.push(previous.char + char);
          }
          previous = { char, top };
          between = '';
        }
      }
      return found;
    }),
  );
  expect(breaks).toEqual([]);
  await request.patch('/api/admin/settings', { data: { heroText: settings.heroText }, headers: bearer(editor.token) });
});
