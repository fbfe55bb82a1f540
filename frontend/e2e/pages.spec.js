// Support and the feedback form.
import { expect, siteContent, test, visit } from './fixtures.js';

test('support shows the bank details, the appeal and a photo from the content', async ({ page, request }) => {
  const { settings } = await siteContent(request);
  await visit(page, '/support');
  const main = page.getByRole('main');
  for (const text of [settings.donationAccount, settings.donationIfsc, settings.donationBranch, settings.donationAppeal]) {
    await expect(main).toContainText(text);
  }
  await expect(main.getByRole('img')).toHaveAttribute('src', settings.supportPhoto.src);
});

test('the feedback form has its fields, sends, thanks and resets', async ({ page }) => {
  await visit(page, '/form');
  for (const name of ['name', 'email', 'mobile', 'gender', 'interested', 'rating', 'suggestion']) {
    await expect(page.locator(`[name="${name}"]`).first()).toBeVisible();
  }
  await page.getByLabel('Name').fill('Tapas');
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByLabel('Name')).toHaveValue('');
  await expect(page.getByRole('checkbox')).not.toBeChecked();

  await page.getByLabel('Name').fill('Tapas');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
  await expect(page).toHaveURL(/\/form$/);
  await expect(page.getByLabel('Name')).toHaveValue('');
});
