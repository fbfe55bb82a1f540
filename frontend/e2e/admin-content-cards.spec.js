// /admin/cards: the two home carousels, each with its own table, Create popup, edit and delete.
import { expect, siteContent, test, visit } from './fixtures.js';
import { asAdmin, deleteRow, openAdmin, openPopup, row, toast } from './admin-helpers.js';
import { deletePicturesMarked, unique } from './content-helpers.js';

test('both carousels have their table with the cards in order', async ({ page, request }) => {
  await asAdmin(page, request);
  const { works, awards } = await siteContent(request);
  await openAdmin(page, '/admin/cards');
  for (const [title, cards] of [
    ['Our Works', works],
    ['Performance & Awards', awards],
  ]) {
    const table = page.getByRole('region', { name: title });
    await expect(table.getByRole('columnheader')).toHaveText(['Photo', 'Caption', 'Edit', 'Delete', 'Order']);
    await expect(table.getByRole('row').locator('td:nth-child(2)')).toHaveText(cards.map((card) => card.caption));
  }
});

test('a created Awards card shows on the home page; edited, then deleted, it changes and goes', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const caption = unique('Science fair prize');
  try {
    await openAdmin(page, '/admin/cards');
    const dialog = await openPopup(page, 'Create Awards card', 'Create Awards card');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByLabel('Caption')).toBeFocused(); // required: the browser stops the empty form
    await dialog.getByLabel('Caption').fill(caption);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(toast(page, 'Card Created')).toBeVisible();
    const awards = page.getByRole('region', { name: 'Performance & Awards' });
    await expect(row(awards, caption)).toHaveCount(1);
    await expect(row(page.getByRole('region', { name: 'Our Works' }), caption)).toHaveCount(0);

    await visit(page, '/');
    const section = page.getByRole('region', { name: 'Performance & Awards' });
    await expect(section.getByRole('article').filter({ hasText: caption })).toBeAttached();

    await openAdmin(page, '/admin/cards');
    await row(awards, caption).getByRole('button', { name: /Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit card' });
    await expect(edit.getByLabel('Caption')).toHaveValue(caption);
    await edit.getByLabel('Caption').fill(`${caption} (first place)`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Updated Successfully')).toBeVisible();
    await expect(row(awards, `${caption} (first place)`)).toHaveCount(1);

    await deleteRow(page, caption, awards);
    await expect(toast(page, 'Card deleted')).toBeVisible();
    await expect(row(awards, caption)).toHaveCount(0);
    expect((await siteContent(request)).awards.some((card) => card.caption.includes(caption))).toBe(false);
  } finally {
    await deletePicturesMarked(request, token, caption);
  }
});
