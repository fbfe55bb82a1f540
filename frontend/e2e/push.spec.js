// Notices on the phone in the browser: "Get notices on this phone" under the board where the browser can take push,
// what it says when notifications are not allowed, and a push delivered to the service worker (through Chromium's
// DevTools protocol, as a push service would) shown as a notification that opens the notice's page.
import { expect, test, visit } from './fixtures.js';
import { tabTo } from './keyboard.js';

/** The page's service worker, active (it registers once the first page is drawn and the browser is idle). */
async function activeWorker(page) {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null), {
      timeout: 20_000,
    })
    .toBe('activated');
}

test('the board offers notices on this phone, by keyboard, and says so when the browser may not show them', async ({ page }) => {
  await page.context().clearPermissions();
  await visit(page, '/notice');
  await activeWorker(page);
  // The offer shows once the page knows a worker can take push.
  await page.reload();
  const offer = page.getByRole('button', { name: 'Get notices on this phone' });
  await expect(offer).toBeVisible({ timeout: 10_000 });
  expect(await tabTo(page, offer)).toBe(true);
  // Headless Chromium denies notifications it was not granted.
  page.on('dialog', (dialog) => dialog.dismiss());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'notifications' })).toHaveText(
    'This browser may not show notifications from this site: allow them in its site settings, then try again.',
  );
});

test('a push from the push service shows the notice as a notification that opens its page', async ({ page, baseURL }) => {
  await page.context().grantPermissions(['notifications'], { origin: baseURL });
  const cdp = await page.context().newCDPSession(page);
  const registrations = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => registrations.push(...updated));
  await cdp.send('ServiceWorker.enable');
  await visit(page, '/notice');
  await activeWorker(page);
  await expect
    .poll(() => registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted)?.registrationId, {
      message: 'the worker’s registration, as DevTools names it',
      timeout: 10_000,
    })
    .toBeTruthy();
  const { registrationId } = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);

  const url = `${baseURL}/notice/42`;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseURL,
    registrationId,
    data: JSON.stringify({ title: 'No class on Saturday', url }),
  });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.getRegistration()).getNotifications()).map((n) => ({ title: n.title, url: n.data?.url })),
    );
  await expect.poll(shown, { message: 'the notification of the push', timeout: 10_000 }).toEqual([{ title: 'No class on Saturday', url }]);

  // A push whose link leads elsewhere opens the board instead: a notification never sends a family off the site.
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseURL,
    registrationId,
    data: JSON.stringify({ title: 'Elsewhere', url: 'https://example.com/x' }),
  });
  await expect
    .poll(async () => (await shown()).find((n) => n.title === 'Elsewhere')?.url, { message: 'the second push', timeout: 10_000 })
    .toBe(`${baseURL}/notice`);
});
