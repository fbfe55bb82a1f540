// Certificate verification, found and not found.
import { adminToken, createCertificate, expect, test, visit } from './fixtures.js';

test('a known certificate number names its holder', async ({ page, request }) => {
  const certinumber = 100000 + Math.floor(Math.random() * 800000);
  await createCertificate(request, await adminToken(request), { name: 'Priya Sen', certinumber });
  await visit(page, '/verify');
  const number = page.getByLabel('Certificate number');
  // A numeric field: a phone offers its digit keypad (a text field, so it takes Bengali digits too).
  await expect(number).toHaveAttribute('inputmode', 'numeric');
  await expect(number).toHaveAttribute('name', 'certinumber');
  await number.fill(String(certinumber));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'This Certificate belongs to' })).toContainText(
    'This Certificate belongs to Priya Sen',
  );
});

test('an unknown number asks for a valid certificate number', async ({ page }) => {
  await visit(page, '/verify');
  await page.getByLabel('Certificate number').fill('999999999');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Please enter a valid Certificate Number')).toBeVisible();
  await expect(page.getByText('This Certificate belongs to')).toHaveCount(0);
});

test('a number with letters in it asks for a valid certificate number', async ({ page }) => {
  await visit(page, '/verify');
  await page.getByLabel('Certificate number').fill('12a');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Please enter a valid Certificate Number')).toBeVisible();
});

test('the number is required', async ({ page }) => {
  await visit(page, '/verify');
  await page.getByRole('button', { name: 'Verify' }).click();
  expect(await page.getByLabel('Certificate number').evaluate((input) => input.validity.valueMissing)).toBe(true);
  await expect(page.getByText('Please enter a valid Certificate Number')).toHaveCount(0);
});

test('a /verify/{number} link checks the certificate as soon as it opens', async ({ page, request }) => {
  const certinumber = 100000 + Math.floor(Math.random() * 800000);
  await createCertificate(request, await adminToken(request), { name: 'Linked Holder', certinumber });
  await visit(page, `/verify/${certinumber}`);
  await expect(page.getByRole('status').filter({ hasText: 'This Certificate belongs to' })).toContainText(
    'This Certificate belongs to Linked Holder',
  );
  await expect(page.getByLabel('Certificate number')).toHaveValue(String(certinumber));

  await visit(page, '/verify/999999998');
  await expect(page.getByText('Please enter a valid Certificate Number')).toBeVisible();
  await expect(page.getByText('This Certificate belongs to')).toHaveCount(0);
});

test('a result has a link of its own, in the page’s language', async ({ page, request }) => {
  const certinumber = 100000 + Math.floor(Math.random() * 800000);
  await createCertificate(request, await adminToken(request), { name: 'Priya Sen', certinumber });
  await page.goto('/bn/verify');
  await page.getByLabel('সার্টিফিকেট নম্বর').fill(String(certinumber));
  await page.getByRole('button', { name: 'যাচাই করুন' }).click();
  const own = page.getByRole('link', { name: /^এই ফলাফলের নিজের লিংক/ });
  await expect(own).toHaveAttribute('href', `/bn/verify/${certinumber}`);
  await own.click();
  await expect(page).toHaveURL(new RegExp(`/bn/verify/${certinumber}$`));
  await expect(page.getByRole('status')).toContainText('Priya Sen');
  await page.evaluate(() => localStorage.clear());
});
