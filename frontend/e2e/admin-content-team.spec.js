// /admin/team: rosters and their members, edited in the browser and shown on the public team pages at once.
import { bearer, expect, siteContent, test, visit } from './fixtures.js';
import { asAdmin, deleteRow, openAdmin, openPopup, row, toast } from './admin-helpers.js';
import {
  addMember,
  createRoster,
  deletePhoto,
  deleteRosterBySlug,
  unique,
  uniqueSlug,
  uploadNewPhoto,
} from './content-helpers.js';
import { pngFile } from './png.js';
import { violations } from './axe.js';

/** A roster of the test's own with these members (names, or {name, photoId…}), removed again when the test ends. */
async function withRoster(request, token, members, use) {
  const slug = uniqueSlug();
  const title = unique('Team');
  const { _id } = await createRoster(request, token, { slug, title });
  for (const member of members) {
    const fields = typeof member === 'string' ? { name: member } : member;
    await addMember(request, token, _id, { department: 'CSE', year: '2nd Year', ...fields });
  }
  try {
    await use({ slug, title, id: _id });
  } finally {
    await deleteRosterBySlug(request, token, slug);
  }
}

const membersTable = (page, title) => page.getByRole('region', { name: `Members of ${title}` });

/** Opens the Team screen's Create team popup, fills in `slug` and `title` and sends it; answers the popup. */
async function sendNewTeam(page, slug, title) {
  await openAdmin(page, '/admin/team');
  const dialog = await openPopup(page, 'Create team', 'Create team');
  await dialog.getByLabel(/Page address/).fill(slug);
  await dialog.getByLabel(/Title/).fill(title);
  await dialog.getByRole('button', { name: 'Send' }).click();
  return dialog;
}

test('the Team screen lists every roster with its page, member count and actions', async ({ page, request }) => {
  await asAdmin(page, request);
  const { teams } = await siteContent(request);
  await openAdmin(page, '/admin/team');

  const rosters = page.getByRole('region', { name: 'Teams' });
  await expect(rosters.getByRole('columnheader')).toHaveText(['Title', 'Page', 'Members', 'Rename', 'Core team', 'Delete', 'Order']);
  await expect(row(rosters, teams['2k25'].title).getByRole('cell').nth(2)).toHaveText('17');
  await expect(row(rosters, teams.core.title).getByRole('link', { name: /^\/team \(/ })).toHaveAttribute('href', '/team');
  await expect(row(rosters, teams['2k24'].title).getByRole('link', { name: /2k24/ })).toHaveAttribute('href', '/team2k24');
  await expect(row(rosters, teams.core.title).getByRole('button', { name: /Delete/ })).toHaveCount(0);

  const members = membersTable(page, teams.core.title);
  await expect(members.getByRole('columnheader')).toHaveText([
    'Photo', 'Name', 'Department', 'Year', 'Position', 'Link', 'Edit', 'Delete', 'Order',
  ]);
  await expect(members.getByRole('row')).toHaveCount(1 + 15);
});

test('an admin edits a member and the public team page shows the change', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  await withRoster(request, token, ['Rina Das'], async ({ slug, title }) => {
    await openAdmin(page, `/admin/team?team=${slug}`);
    const members = membersTable(page, title);
    await row(members, 'Rina Das').getByRole('button', { name: /Edit/ }).click();

    const dialog = page.getByRole('dialog', { name: 'Edit member' });
    await expect(dialog.getByLabel('Name')).toHaveValue('Rina Das');
    await expect(dialog.getByLabel('Department')).toHaveValue('CSE');
    await dialog.getByLabel('Name').fill('Rina Das Roy');
    await dialog.getByLabel('Position').fill('Librarian');
    await dialog.getByLabel(/Profile link/).fill('https://example.org/rina');
    await dialog.getByRole('button', { name: 'Save' }).click();

    await expect(toast(page, 'Updated Successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row(members, 'Rina Das Roy').getByRole('cell').nth(4)).toHaveText('Librarian');

    await page.getByRole('link', { name: `${slug} (the page of ${title})` }).click();
    await expect(page).toHaveURL(new RegExp(`/team${slug}$`));
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Rina Das Roy' }) });
    await expect(card).toContainText('CSE · 2nd Year');
    await expect(card).toContainText('Librarian');
    await expect(card.getByRole('link', { name: /LinkedIn/ })).toHaveAttribute('href', 'https://example.org/rina');
    // No photo: a neutral placeholder stands in, still named for the member.
    await expect(card.getByRole('img', { name: 'Rina Das Roy' })).toHaveClass(/photo-placeholder/);
  });
});

test('a refused member edit shows the reason beside the field', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  await withRoster(request, token, ['Tapas Sen'], async ({ slug, title }) => {
    await openAdmin(page, `/admin/team?team=${slug}`);
    await row(membersTable(page, title), 'Tapas Sen').getByRole('button', { name: /Edit/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit member' });
    await dialog.getByLabel(/Profile link/).fill('ftp://example.org/tapas');
    await dialog.getByRole('button', { name: 'Save' }).click();

    await expect(dialog.getByLabel(/Profile link/)).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.locator('.field-error')).toHaveCount(1);
    await expect(page.locator('.Toastify').getByRole('alert')).toHaveCount(1);
    await expect(dialog).toBeVisible();
  });
});

test('an admin adds roster 2k26: it gets /team2k26 and a button on /team, and goes again on delete', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  try {
    const dialog = await sendNewTeam(page, '2k26', 'Team 2k26');

    await expect(toast(page, 'Team Created')).toBeVisible();
    await expect(dialog).toBeHidden();
    const rosters = page.getByRole('region', { name: 'Teams' });
    await expect(row(rosters, 'Team 2k26').getByRole('cell').nth(2)).toHaveText('0');
    await expect(membersTable(page, 'Team 2k26')).toContainText('No members yet');

    // Client-side navigation: the app's content was reloaded, so the new route exists without a page load.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
    await page.getByRole('navigation', { name: 'Teams of other years' }).getByRole('link', { name: 'Team 2k26' }).click();
    await expect(page).toHaveURL(/\/team2k26$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Team 2k26');
    await expect(page.getByText('No members are listed yet.')).toBeVisible();

    const direct = await page.goto('/team2k26');
    expect(direct.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Team 2k26', { timeout: 10_000 });

    await openAdmin(page, '/admin/team');
    await deleteRow(page, 'Team 2k26', page.getByRole('region', { name: 'Teams' }));
    await expect(toast(page, 'Team deleted')).toBeVisible();
    await expect(row(page.getByRole('region', { name: 'Teams' }), 'Team 2k26')).toHaveCount(0);
    const gone = await page.goto('/team2k26');
    expect(gone.status()).toBe(404);
  } finally {
    await deleteRosterBySlug(request, token, '2k26');
  }
});

test('a slug already taken is refused with the server reason', async ({ page, request }) => {
  await asAdmin(page, request);
  const dialog = await sendNewTeam(page, '2k24', 'Another 2k24');

  await expect(toast(page, 'A team page with this address already exists: choose another')).toBeVisible();
  await expect(dialog).toContainText('A team page with this address already exists: choose another');
  await expect(dialog).toBeVisible();
});

test('a member added with a photo uploaded in the popup shows it with srcset on the team page', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  await withRoster(request, token, [], async ({ slug, title }) => {
    await openAdmin(page, `/admin/team?team=${slug}`);
    const dialog = await openPopup(page, 'Add member', `Add member to ${title}`);
    await dialog.getByLabel('Name').fill('Mou Ghosh');
    await dialog.getByLabel('Position').fill('Cashier');
    await dialog.getByLabel(/Or upload a new photo/).setInputFiles(pngFile('mou.png', 600, 600));
    await expect(toast(page, 'Photo Uploaded')).toBeVisible();
    // The photo uploaded here is the chosen thumbnail.
    const chosen = dialog.getByRole('radiogroup', { name: 'Choose a photo' }).getByRole('radio', { checked: true });
    await expect(chosen).toHaveAttribute('value', /^\d+$/);
    const photoId = await chosen.getAttribute('value');
    await dialog.getByRole('button', { name: 'Send' }).click();

    await expect(toast(page, 'Member Added')).toBeVisible();
    const members = membersTable(page, title);
    await expect(row(members, 'Mou Ghosh').locator('img')).toHaveAttribute('src', new RegExp(`^/media/${photoId}-`));

    await visit(page, `/team${slug}`);
    const image = page.getByRole('article').getByRole('img', { name: 'Mou Ghosh' });
    await expect(image).toHaveAttribute('srcset', new RegExp(`/media/${photoId}-[0-9a-f]{16}-480\\.webp 480w`));
    await expect(image).toHaveAttribute('sizes', /px/);
    await deleteRosterBySlug(request, token, slug);
    await deletePhoto(request, token, photoId);
  });
});

test('a long roster comes a page at a time, searchable, and Up moves a member across a page boundary', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const names = Array.from({ length: 23 }, (_, i) => `Member ${String(i + 1).padStart(2, '0')}`);
  await withRoster(request, token, names, async ({ slug, title }) => {
    await openAdmin(page, `/admin/team?team=${slug}`);
    const members = membersTable(page, title);
    // The search, the count and the pager sit around the table, in its section.
    const section = page.locator('section').filter({ has: page.getByRole('heading', { name: `Members of ${title}` }) });
    const shown = () => members.getByRole('row').locator('td:nth-child(2)');
    await expect(shown()).toHaveText(names.slice(0, 20));
    await expect(section.getByRole('status')).toHaveText('23 members');

    await section.getByRole('navigation', { name: 'Pages of members' }).getByRole('button', { name: 'Next' }).click();
    await expect(shown()).toHaveText(names.slice(20));
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await expect(row(members, 'Member 23').getByRole('button', { name: /move Member 23 down/ })).toBeDisabled();

    // The first of page 2 goes up past the page boundary: page 1 now ends with it.
    await row(members, 'Member 21').getByRole('button', { name: /move Member 21 up/ }).click();
    await expect(toast(page, 'Order saved')).toBeVisible();
    await expect(shown()).toHaveText(['Member 20', 'Member 22', 'Member 23']);
    await page.goBack();
    await expect(shown().last()).toHaveText('Member 21');

    await section.getByLabel('Search by name, department, year or position').fill('Member 07');
    await expect(shown()).toHaveText(['Member 07']);
    await expect(members.getByText('In the list’s own order')).toBeVisible();
    await expect(members.getByRole('button', { name: /move Member 07/ })).toHaveCount(0);
  });
});

test('Up and Down reorder the members, and the public page follows', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  await withRoster(request, token, ['Anu', 'Bela', 'Chandan'], async ({ slug, title }) => {
    await openAdmin(page, `/admin/team?team=${slug}`);
    const members = membersTable(page, title);
    const names = () => members.getByRole('row').locator('td:nth-child(2)');
    await expect(names()).toHaveText(['Anu', 'Bela', 'Chandan']);
    await expect(row(members, 'Anu').getByRole('button', { name: /move Anu up/ })).toBeDisabled();

    await row(members, 'Anu').getByRole('button', { name: /move Anu down/ }).click();
    await expect(toast(page, 'Order saved')).toBeVisible();
    await expect(names()).toHaveText(['Bela', 'Anu', 'Chandan']);
    // The keyboard user stays on the moved row's button and can keep going.
    await expect(row(members, 'Anu').getByRole('button', { name: /move Anu down/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(names()).toHaveText(['Bela', 'Chandan', 'Anu']);
    await expect(row(members, 'Anu').getByRole('button', { name: /move Anu up/ })).toBeFocused();

    await visit(page, `/team${slug}`);
    await expect(page.getByRole('article').getByRole('heading')).toHaveText(['Bela', 'Chandan', 'Anu']);
  });
});

test('the content screens and their popups fit a 360 px screen: tables scroll in their own box', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await asAdmin(page, request);
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  for (const path of ['/admin/team', '/admin/cards', '/admin/gallery', '/admin/settings', '/admin/photos']) {
    await openAdmin(page, path);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    expect(await pageWidth(), path).toBeLessThanOrEqual(360);
  }

  await openAdmin(page, '/admin/team');
  const dialog = await openPopup(page, 'Add member', /Add member/);
  await expect(dialog.getByLabel('Name')).toBeFocused();
  const box = await dialog.boundingBox();
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(await dialog.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
  // The popup is taller than the screen: its last button is reached by scrolling inside it.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test.describe('a new year', () => {
  test.use({ bypassCSP: true });

  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1366, height: 768 },
  ]) {
    test(`at ${viewport.width} px, Start a new year copies a team with its members and their photos by keyboard; Show at /team makes it the core team`, async ({
      page,
      request,
    }) => {
      test.setTimeout(60_000); // four axe scans and three page loads
      await page.setViewportSize(viewport);
      const token = await asAdmin(page, request);
      const { teams } = await siteContent(request);
      const formerCore = teams.core;
      const newSlug = uniqueSlug();
      const newTitle = unique('Team of the year');
      const formerSlug = uniqueSlug();
      const names = ['Asha Roy', 'Bikash Pal'];
      const photos = [];
      try {
        for (const name of names) photos.push((await uploadNewPhoto(request, token, name)).photo);
        const members = names.map((name, i) => ({ name, photoId: photos[i]._id }));
        await withRoster(request, token, members, async ({ id, slug, title }) => {
          try {
            await openAdmin(page, `/admin/team?team=${slug}`);
            const photoSrcs = (table) => Promise.all(names.map((name) => row(table, name).locator('img').getAttribute('src')));
            const originals = await photoSrcs(membersTable(page, title));
            originals.forEach((src, i) => expect(src).toMatch(new RegExp(`^/media/${photos[i]._id}-`)));

            // By keyboard: the button opens the popup on its first field, the team to copy from.
            const opener = page.getByRole('button', { name: 'Start a new year' });
            await opener.focus();
            await page.keyboard.press('Enter');
            const dialog = page.getByRole('dialog', { name: 'Start a new year' });
            const from = dialog.getByLabel('Copy the members of');
            await expect(from).toBeFocused();
            for (let i = 0; i < Object.keys(teams).length + 1 && (await from.inputValue()) !== String(id); i += 1) {
              await page.keyboard.press('ArrowDown');
            }
            await expect(from).toHaveValue(String(id));
            await expect(from.locator('option:checked')).toHaveText(`${title} (2 members)`);
            await page.keyboard.press('Tab');
            await expect(dialog.getByLabel(/Page address/)).toBeFocused();
            await page.keyboard.type(newSlug);
            await page.keyboard.press('Tab');
            await page.keyboard.type(newTitle);
            expect(await dialog.evaluate((node) => node.scrollWidth <= node.clientWidth), 'the popup fits').toBe(true);
            expect(await violations(page), 'axe on the Start a new year popup').toEqual([]);
            await page.keyboard.press('Enter');
            await expect(toast(page, 'Team Created')).toBeVisible();
            await expect(dialog).toBeHidden();

            // The new team is the one whose members are managed now: the copies, in order, with the same photos.
            const copies = membersTable(page, newTitle);
            await expect(copies.getByRole('row').locator('td:nth-child(2)')).toHaveText(names);
            expect(await photoSrcs(copies)).toEqual(originals);
            const rosters = page.getByRole('region', { name: 'Teams' });
            await expect(row(rosters, newTitle).getByRole('cell').nth(2)).toHaveText('2');
            await expect(row(rosters, title).getByRole('cell').nth(2)).toHaveText('2');
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
            expect(await violations(page), 'axe on the Team screen with the copy').toEqual([]);

            // The public page of the copy shows the same uploaded photos.
            await visit(page, `/team${newSlug}`);
            await expect(page.getByRole('heading', { level: 1 })).toHaveText(newTitle);
            for (const [i, name] of names.entries()) {
              await expect(page.getByRole('article').getByRole('img', { name })).toHaveAttribute(
                'src',
                new RegExp(`/media/${photos[i]._id}-`),
              );
            }

            // By keyboard: the new team goes to /team, last year's core team keeps a page of its own.
            await openAdmin(page, '/admin/team');
            const show = row(page.getByRole('region', { name: 'Teams' }), newTitle).getByRole('button', {
              name: `Show at /team ${newTitle}`,
            });
            await show.focus();
            await page.keyboard.press('Enter');
            const choice = page.getByRole('dialog', { name: `Show ${newTitle} at /team` });
            await expect(choice).toContainText(formerCore.title);
            await expect(choice.getByLabel(/new page address/)).toBeFocused();
            await page.keyboard.type(formerSlug);
            expect(await violations(page), 'axe on the Show at /team popup').toEqual([]);
            await page.keyboard.press('Enter');
            await expect(toast(page, 'The core team is changed')).toBeVisible();
            await expect(row(page.getByRole('region', { name: 'Teams' }), newTitle)).toContainText('Shown at /team');
            expect(await violations(page), 'axe once the core team changed').toEqual([]);

            await visit(page, '/team');
            await expect(page.getByRole('heading', { level: 1 })).toHaveText(newTitle);
            // Last year's core team keeps its members at its new address, named for it rather than as the core team.
            await visit(page, `/team${formerSlug}`);
            await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Team ${formerSlug}`);
          } finally {
            // Last year's core team back at /team, the new one removed: other tests read the sample teams.
            const now = (await siteContent(request)).teams;
            if (now.core._id !== formerCore._id) {
              const back = await request.put('/api/admin/rosters/core', {
                headers: bearer(token),
                data: { id: formerCore._id, formerSlug: newSlug },
              });
              expect(back.ok(), await back.text()).toBe(true);
            }
            await deleteRosterBySlug(request, token, newSlug);
          }
        });
      } finally {
        for (const photo of photos) await deletePhoto(request, token, photo._id);
      }
      const { teams: after } = await siteContent(request);
      expect(after.core._id).toBe(formerCore._id);
      expect(after[newSlug]).toBeUndefined();
      expect(after[formerSlug]).toBeUndefined();
    });
  }
});

// The addresses the dialogs suggest are computed from the teams that exist, and never one a team has.
test.describe('suggested page addresses', () => {
  test.use({ bypassCSP: true });
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1366, height: 768 },
  ]) {
    test(`at ${viewport.width} px Start a new year suggests the year after the latest, and Show at /team a free address`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize(viewport);
      await asAdmin(page, request);
      const { teams } = await siteContent(request);
      const slugs = Object.keys(teams);
      const years = slugs.map((slug) => /^2k(\d{2})$/.exec(slug)?.[1]).filter(Boolean).map(Number);
      const next = `2k${Math.max(...years) + 1}`;
      await openAdmin(page, '/admin/team');

      const opener = page.getByRole('button', { name: 'Start a new year' });
      await opener.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Start a new year' });
      const address = dialog.getByLabel(/Page address/);
      await expect(address).toHaveValue(next);
      await expect(dialog.getByLabel(/Title/)).toHaveValue(`Team ${next}`);
      await expect(dialog).toContainText(`e.g. ${next} for the page /team${next}`);
      await expect(dialog).not.toContainText(/slug/i);
      expect(await violations(page), 'axe on Start a new year').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // Last year's address (2k25 beside a new 2k26) is suggested only while it is free.
      const other = Object.values(teams).find((team) => team.slug !== 'core');
      const show = row(page.getByRole('region', { name: 'Teams' }), other.title).getByRole('button', {
        name: `Show at /team ${other.title}`,
      });
      await show.focus();
      await page.keyboard.press('Enter');
      const choice = page.getByRole('dialog', { name: `Show ${other.title} at /team` });
      const former = choice.getByLabel(/new page address/);
      await expect(former).toBeFocused();
      const suggested = await former.inputValue();
      expect(suggested).toMatch(/^2k\d{2}[b-z]?$/);
      expect(slugs, 'a free address').not.toContain(suggested);
      await expect(choice).not.toContainText(/slug/i);
      expect(await violations(page), 'axe on Show at /team').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(choice).toBeHidden();
    });
  }
});

test('a popup closed gives the focus back to its opener, unless the keyboard has already moved it on', async ({
  page,
  request,
}) => {
  await asAdmin(page, request);
  await openAdmin(page, '/admin/team');
  const opener = page.getByRole('button', { name: 'Start a new year' });
  const dialog = page.getByRole('dialog', { name: 'Start a new year' });
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // Closed, and the focus moved on before the page has caught up with the close: it stays where it went.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.evaluate(() => {
    document.querySelector('dialog[open]').close();
    [...document.querySelectorAll('button')].find((button) => button.textContent === 'Create team').focus();
  });
  await expect(dialog).toBeHidden();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(page.getByRole('button', { name: 'Create team' }).first()).toBeFocused();
});
