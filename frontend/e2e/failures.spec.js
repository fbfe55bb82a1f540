// When a call fails (a flaky phone connection), the page says what failed and offers a Retry, tells "nothing there"
// from "could not load", and a form that was not sent says so and keeps what was typed.
import { expect, test, uniqueEmail, visit } from './fixtures.js';
import { asAdmin, openAdmin, row, toast } from './admin-helpers.js';

/**
 * The console errors a simulated failure causes (the failed request, the api client's note of it) are expected;
 * any other error still fails the test.
 */
function expectOnlyFailuresOf(consoleErrors, path) {
  const others = consoleErrors.filter((error) => !error.includes(path));
  consoleErrors.splice(0, consoleErrors.length, ...others);
}

test('Home says the content could not be loaded, and Retry brings it', async ({ page, consoleErrors }) => {
  await page.route('**/api/content', (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  const failure = page.getByRole('alert').filter({ hasText: 'The site’s content could not be loaded.' });
  await expect(failure).toBeVisible({ timeout: 10_000 });

  await page.unroute('**/api/content');
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(failure).toBeHidden();
  // The content is there now: the footer's contact address comes from it.
  await expect(page.getByRole('contentinfo')).toContainText('Contact:');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: /@/ })).toBeVisible();
  expectOnlyFailuresOf(consoleErrors, '/api/content');
});

test('the notice board tells a failed load from an empty board, and Retry loads it', async ({ page, consoleErrors }) => {
  await page.route('**/api/admin/servicelist?**', (route) => route.fulfill({ status: 503, body: '{"message":"down"}' }));
  await visit(page, '/notice');
  const failure = page.getByRole('alert').filter({ hasText: 'The notices could not be loaded.' });
  await expect(failure).toBeVisible();
  await expect(page.getByText('Notice Not Available')).toHaveCount(0);

  await page.unroute('**/api/admin/servicelist?**');
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(failure).toBeHidden();
  await expect(page.getByText(/^Notice \d+$/).first().or(page.getByText('Notice Not Available'))).toBeVisible();
  expectOnlyFailuresOf(consoleErrors, '/api/admin/servicelist');
});

test('a contact message that could not be sent says so and keeps the text', async ({ page, consoleErrors }) => {
  await visit(page, '/contact');
  await page.getByLabel('Name').fill('Offline Visitor');
  await page.getByLabel('Email').fill(uniqueEmail('offline'));
  await page.getByLabel('Telephone').fill('+91 98765 43210');
  await page.getByLabel('Rating').selectOption('4star');
  await page.getByLabel('Message').fill('Sent from a train with no signal');
  await page.route('**/api/form/contact', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(page.getByRole('alert').filter({ hasText: 'Your message was not sent.' })).toBeVisible();
  await expect(page.getByLabel('Message')).toHaveValue('Sent from a train with no signal');
  await expect(page.getByLabel('Name')).toHaveValue('Offline Visitor');
  await expect(toast(page, 'Message Delivered')).toHaveCount(0);

  await page.unroute('**/api/form/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(toast(page, 'Message Delivered')).toBeVisible();
  await expect(page.getByLabel('Message')).toHaveValue('');
  expectOnlyFailuresOf(consoleErrors, '/api/form/contact');
});

test('feedback is kept and shown to admins on the Feedback screen, who can delete it', async ({ page, request }) => {
  const suggestion = `Evening maths club ${Date.now()} <b>please</b>`;
  await visit(page, '/form');
  await page.getByLabel('Name').fill('Feedback Parent');
  await page.getByRole('radio', { name: 'Other' }).check();
  await page.getByRole('checkbox', { name: /volunteering/ }).check();
  await page.getByLabel('Rating').selectOption('4');
  await page.getByLabel('Suggestion').fill(suggestion);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
  await expect(page.getByLabel('Suggestion')).toHaveValue('');

  await asAdmin(page, request);
  await openAdmin(page, '/admin/feedback');
  await expect(page.getByRole('heading', { level: 2, name: 'Feedback' })).toBeVisible();
  const answer = row(page, suggestion);
  await expect(answer).toContainText('Feedback Parent');
  await expect(answer).toContainText('Other');
  await expect(answer).toContainText('Interested');
  await expect(answer).toContainText('4star');
  await expect(answer.locator('time')).toBeVisible();
  await expect(page.locator('b', { hasText: 'please' })).toHaveCount(0);

  page.once('dialog', (dialog) => dialog.accept());
  await answer.getByRole('button', { name: /Delete/ }).click();
  await expect(toast(page, 'Feedback deleted')).toBeVisible();
  await expect(row(page, suggestion)).toHaveCount(0);
});

test('an empty feedback form is refused with a reason, and a failed send keeps the answers', async ({ page, consoleErrors }) => {
  await visit(page, '/form');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Fill in at least one answer' })).toBeVisible();
  await expect(page.getByText('Thank you for your feedback!')).toHaveCount(0);

  await page.getByLabel('Suggestion').fill('A library corner');
  await page.route('**/api/form/feedback', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your feedback was not sent.' })).toBeVisible();
  await expect(page.getByLabel('Suggestion')).toHaveValue('A library corner');
  await expect(page.getByText('Thank you for your feedback!')).toHaveCount(0);
  expectOnlyFailuresOf(consoleErrors, '/api/form/feedback');
});
