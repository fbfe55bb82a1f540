// 'Keep in Touch': sending a message, the client checks and the server's field errors.
import { expect, test, visit } from './fixtures.js';

async function fill(page, values) {
  await page.getByLabel('Name').fill(values.name);
  await page.getByLabel('Email').fill(values.email);
  await page.getByLabel('Telephone').fill(values.telephone);
  await page.getByLabel('Rating').selectOption(values.subject);
  await page.getByLabel('Message').fill(values.message);
}

const good = { name: 'Asha Roy', email: 'asha@example.org', telephone: '+91 98300 12345', subject: '5star', message: 'Lovely work!' };

test('the form has the five named fields and the star options', async ({ page }) => {
  await visit(page, '/contact');
  for (const name of ['name', 'email', 'telephone', 'subject', 'message']) {
    await expect(page.locator(`[name="${name}"]`)).toHaveAttribute('required', '');
  }
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  const rating = page.getByLabel('Rating');
  await expect(rating.locator('option')).toHaveText(['Review About Jyoti', '5star', '4star', '3star', '2star', '1star']);
  await expect(rating.locator('option').first()).toBeDisabled();
  await expect(rating).toHaveValue('');
});

test('sending a message shows Message Delivered and clears the form', async ({ page }) => {
  await visit(page, '/contact');
  await fill(page, good);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Message Delivered' })).toBeVisible();
  for (const label of ['Name', 'Email', 'Telephone', 'Rating', 'Message']) {
    await expect(page.getByLabel(label)).toHaveValue('');
  }
});

test('the browser refuses to send an incomplete form', async ({ page }) => {
  let posted = false;
  page.on('request', (req) => {
    if (req.url().endsWith('/api/form/contact')) posted = true;
  });
  await visit(page, '/contact');
  await fill(page, { ...good, email: 'not-an-email' });
  await page.getByRole('button', { name: 'Send Message' }).click();
  expect(await page.getByLabel('Email').evaluate((input) => input.validity.valid)).toBe(false);
  expect(posted).toBe(false);
});

test("the server's reasons appear beside their fields", async ({ page }) => {
  await visit(page, '/contact');
  await fill(page, { ...good, telephone: 'call me maybe' });
  await page.getByRole('button', { name: 'Send Message' }).click();
  const telephone = page.getByLabel('Telephone');
  await expect(telephone).toHaveAttribute('aria-invalid', 'true');
  const errorId = await telephone.getAttribute('aria-describedby');
  await expect(page.locator(`[id="${errorId}"]`)).not.toBeEmpty();
  await expect(page.getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert').filter({ hasText: 'Message Delivered' })).toHaveCount(0);
  await expect(telephone).toHaveValue('call me maybe');
});
