// The first screen is ready when the loader lifts: the loader's 1.5 s count from the navigation's start, the page
// carries the content document (the app only asks whether it is still current), the notice board's first notices
// are asked for as the page arrives, and an edit shows on the next load. In real time: the timing is the question.
import { adminToken, bearer, createNotice, expect, siteContent, test } from './fixtures.js';

// What each page's first screen shows, and its path.
const FIRST_SCREENS = {
  '/': 'main h1',
  '/gallery': 'main h1',
  '/team': 'main article',
  '/notice': 'main article',
  '/bn': 'main h1',
  '/bn/team': 'main article',
  '/bn/notice': 'main article',
};

// The notices a test made: gone after it, so the worker's other files find the board as they left it.
const created = [];
test.afterEach(async ({ request }) => {
  const token = await adminToken(request);
  for (const id of created.splice(0)) {
    const response = await request.delete(`/api/admin/servicelist/delete/${id}`, { headers: bearer(token) });
    expect(response.status(), 'delete the notice').toBe(200);
  }
});

/** Notes, in each page's own time (performance.now(), from its navigation's start), when the loader left the page
 * and when the first screen's `selector` was first seen drawn, checked on every frame, and how many frames the
 * browser drew between the two. Frames, not milliseconds, say whether anything was waited for: a busy machine makes
 * a frame slow, not the page wait for another frame. */
async function watchFirstScreen(page) {
  await page.addInitScript((screens) => {
    const marks = { loaderGone: null, drawn: null, framesBetween: null };
    window.firstScreen = marks;
    const selector = screens[window.location.pathname];
    const seen = () =>
      [...document.querySelectorAll(selector)].some(
        (element) =>
          element.checkVisibility({ visibilityProperty: true, opacityProperty: true }) &&
          element.getBoundingClientRect().height > 0,
      );
    let frames = 0;
    const frame = () => {
      const now = performance.now();
      const root = document.getElementById('root');
      if (marks.loaderGone === null && root && !root.querySelector('.loader')) marks.loaderGone = now;
      if (marks.drawn === null && root && seen()) {
        marks.drawn = now;
        marks.framesBetween = frames;
      }
      if (marks.loaderGone !== null) frames += 1;
      if (marks.loaderGone === null || marks.drawn === null) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }, FIRST_SCREENS);
}

test('the loader lifts no sooner than 1.5 s after the navigation starts, and the first screen is drawn as it lifts', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const token = await adminToken(request);
  const notice = await createNotice(request, token, { url: null, title: 'Parents meeting on Sunday', date: '2025-05-04' });
  created.push(notice._id);
  await watchFirstScreen(page);
  const calls = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/api/')) calls.push(`${response.status()} ${pathname}`);
  });

  for (const path of Object.keys(FIRST_SCREENS)) {
    calls.length = 0;
    await page.goto(path);
    await expect.poll(() => page.evaluate(() => window.firstScreen.drawn), { timeout: 10_000 }).not.toBeNull();
    const { loaderGone, drawn, framesBetween } = await page.evaluate(() => window.firstScreen);
    expect(loaderGone, `${path}: the loader lifted at ${loaderGone} ms`).toBeGreaterThanOrEqual(1500);
    // Nothing is waited for once the loader lifts: the frame that takes the loader away draws the header unseen, the
    // next the page (layout.jsx: two short tasks instead of one long one), and the test sees it on the frame after.
    // On a quiet machine that is well within 100 ms (tests/bench measures it); here other tests' browsers share the
    // cores and may make a frame slow, so the frames are counted, not the milliseconds.
    const after = `${path}: drawn ${framesBetween} frames (${drawn - loaderGone} ms) after the loader lifted`;
    expect(framesBetween, after).toBeLessThanOrEqual(2);
    // The page carried the content: the app's one question about it was answered "still current", and was asked
    // only after the first screen was drawn (timed by the page's own clock: a busy machine may be slow to look).
    await expect
      .poll(() => calls.filter((call) => call.endsWith('/api/content')), { message: path, timeout: 10_000 })
      .toEqual(['304 /api/content']);
    const asked = await page.evaluate(
      () =>
        performance.getEntriesByType('resource').find((entry) => new URL(entry.name).pathname === '/api/content')
          ?.startTime,
    );
    expect(asked, `${path}: the content was checked at ${asked} ms, the screen drawn at ${drawn} ms`).toBeGreaterThan(
      drawn,
    );
    // What the page's head asks for ahead (its code, its words, its first pictures) is what the page then uses:
    // nothing is fetched twice.
    const twice = await page.evaluate(() => {
      const names = performance.getEntriesByType('resource').map((entry) => entry.name);
      return names.filter((name, index) => names.indexOf(name) !== index);
    });
    expect(twice, path).toEqual([]);
    if (path.endsWith('/notice')) {
      // The notices the page asked for as it arrived are the ones the board shows: asked for once.
      expect(calls.filter((call) => call.includes('/api/admin/servicelist')), path).toEqual([
        '200 /api/admin/servicelist',
      ]);
    }
  }

  // On a slow network the app's code arrives late: the 1.5 s still count from the navigation's start, not from then.
  // A browser of its own, whose cache holds no code yet.
  const slow = await browser.newContext({ baseURL });
  const page2 = await slow.newPage();
  await watchFirstScreen(page2);
  await page2.route(/\/assets\/main-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page2.goto('/');
  await expect.poll(() => page2.evaluate(() => window.firstScreen.drawn), { timeout: 10_000 }).not.toBeNull();
  const { loaderGone, codeIn } = await page2.evaluate(() => ({
    ...window.firstScreen,
    codeIn: performance.getEntriesByName(document.querySelector('script[type="module"]').src)[0].responseEnd,
  }));
  expect(codeIn).toBeGreaterThan(1000);
  expect(loaderGone).toBeGreaterThanOrEqual(1500);
  // Timed from the code's arrival, the loader could lift no sooner than 1.5 s after it.
  expect(loaderGone, `the code came at ${codeIn} ms`).toBeLessThan(codeIn + 1500);
  await slow.close();
});

test('an edit of the content is on the next load of a page, never a stale copy', async ({ page, request }) => {
  const token = await adminToken(request);
  const { settings } = await siteContent(request);
  const heading = `Welcome back ${Date.now()}`;
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(settings.heroTitle, { timeout: 10_000 });
  try {
    const changed = await request.patch('/api/admin/settings', { data: { heroTitle: heading }, headers: bearer(token) });
    expect(changed.status()).toBe(200);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading, { timeout: 10_000 });
    // The page came with the new words: the reload of the same address did not keep the old page.
    expect(await page.evaluate(() => document.getElementById('site-content'))).toBeNull();
  } finally {
    await request.patch('/api/admin/settings', { data: { heroTitle: settings.heroTitle }, headers: bearer(token) });
  }
});

test('a page whose content check fails still shows what it carried, and says the check failed', async ({
  page,
  consoleErrors,
}) => {
  await page.route('**/api/content', (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  const failure = page.getByRole('alert').filter({ hasText: 'The site’s content could not be loaded.' });
  await expect(failure).toBeVisible({ timeout: 10_000 });
  // What the page carried is shown: the welcome and the footer's contact address.
  await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: /@/ })).toBeVisible();
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !error.includes('/api/content')));
});
