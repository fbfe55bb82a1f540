// Every public route, the header, the footer, the 404 page, and the layout at 360 px.
import {
  PUBLIC_PAGES,
  describeMessage,
  expect,
  holdAppCode,
  loadPage,
  recordLayoutShifts,
  siteContent,
  test,
  visit,
} from './fixtures.js';

test('every public route renders inside the header and footer', async ({ page }) => {
  // A page load for each public page.
  test.setTimeout(90_000);
  for (const { path, heading } of PUBLIC_PAGES) {
    await visit(page, path);
    await expect(page.getByRole('banner')).toContainText('A Free Night Education Center By Students Of JGEC');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    if (heading) await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
});

test('the start-up loader shows for about 1.5 seconds before the routes appear', async ({ page }) => {
  // The app's code is held until the loader has been read: a busy machine cannot lift it before the test looks.
  const release = await holdAppCode(page);
  const start = Date.now();
  await page.goto('/gallery', { waitUntil: 'commit' });
  const loader = page.getByRole('status').filter({ hasText: 'Loading' });
  await expect(loader).toBeAttached();
  // The club's logo and name, not a blank screen.
  await expect(loader).toContainText('Jyoti');
  await expect(loader.locator('img[src^="data:image/svg+xml,"]')).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'Gallery', level: 1 })).toBeVisible({ timeout: 10_000 });
  expect(Date.now() - start).toBeGreaterThanOrEqual(1400);
});

test('the header carries the banner, title, logos, social links and the desktop navigation', async ({ page, request }) => {
  const { settings } = await siteContent(request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await visit(page, '/gallery');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'JYOTI - A RAY OF HOPE' })).toBeVisible();
  await expect(header.getByRole('img', { name: 'Jyoti logo' })).toBeVisible();
  await expect(header.getByRole('img', { name: 'JGEC emblem' })).toBeVisible();
  await expect(header.getByRole('link', { name: /LinkedIn/ })).toHaveAttribute('href', settings.linkedin);
  await expect(header.getByRole('link', { name: /Facebook/ })).toHaveAttribute('href', settings.facebook);
  await expect(header.getByRole('link', { name: /Instagram/ })).toHaveAttribute('href', settings.instagram);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Home', 'Gallery', 'Team', 'Notice', 'Support', 'Contact']);
  await expect(nav.getByRole('link', { name: 'Gallery' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('button', { name: 'Menu' })).toBeHidden();
  await expect(nav.getByRole('link', { name: 'Verify' })).toBeHidden();
  await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);

  await nav.getByRole('link', { name: 'Notice' }).click();
  await expect(page).toHaveURL(/\/notice$/);
  await expect(nav.getByRole('link', { name: 'Notice' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Gallery' })).not.toHaveAttribute('aria-current', 'page');
});

test('the navigation bar stays at the top of the screen while scrolling', async ({ page }) => {
  await visit(page, '/team');
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  const box = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
  expect(box.y).toBe(0);
});

test('the footer has the address, contact email, quick links, president message, socials, 2025 and credit', async ({
  page,
  request,
}) => {
  const { settings } = await siteContent(request);
  await visit(page, '/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(settings.address);
  await expect(footer.getByRole('link', { name: settings.contactEmail })).toHaveAttribute(
    'href',
    `mailto:${settings.contactEmail}`,
  );
  await expect(footer).toContainText(settings.presidentMessage);
  await expect(footer).toContainText(settings.presidentName);
  await expect(footer).toContainText(settings.makersCredit);
  await expect(footer).toContainText('© 2025');
  await expect(footer.getByRole('link', { name: /LinkedIn|Facebook|Instagram/ })).toHaveCount(3);

  const quick = footer.getByRole('navigation', { name: 'Quick Links' });
  await expect(quick.getByRole('link')).toHaveText(['Home', 'Gallery', 'Team', 'Notice', 'Verify', 'Contact']);
  await quick.getByRole('link', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByRole('heading', { name: 'Verify authenticity of certificate' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('an unknown path shows the 404 page whose Go back link leads home', async ({ page, request }) => {
  const { settings } = await siteContent(request);
  for (const path of ['/no/such/page', '/teamXYZ']) {
    await visit(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      "Sorry, We couldn't find what you are looking for!",
    );
  }
  await page.getByRole('link', { name: 'Go back' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(settings.heroTitle);
});

test('every public page fits 360 px without sideways scrolling and logs nothing to the console but the 404 status of an unknown page', async ({
  page,
}) => {
  // A page load for each public page.
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  for (const { path, status } of PUBLIC_PAGES) {
    const messages = [];
    const listener = (message) => {
      if (message.type() === 'error' || message.type() === 'warning') messages.push(describeMessage(message));
    };
    page.on('console', listener);
    const response = await loadPage(page, () => page.goto(path));
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('contentinfo')).toBeVisible();
    // Everything in, the other pages' code the app fetches in the background too: whatever fails there is logged.
    await page.waitForLoadState('networkidle');
    page.off('console', listener);
    expect(response.status(), `status of ${path}`).toBe(status ?? 200);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `scroll width of ${path}`).toBeLessThanOrEqual(360);
    const expected = status ? [`Failed to load resource: the server responded with a status of 404 (Not Found) (${page.url()})`] : [];
    expect(messages, `console of ${path}`).toEqual(expected);
  }
});

test('the whole site works with the keyboard alone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await visit(page, '/');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Contact' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Keep in Touch' })).toBeVisible();
  await page.getByLabel('Name').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email')).toBeFocused();
});

test('nothing moves while /, /gallery and /team load, even when the page code comes after the loader', async ({
  page,
  request,
}) => {
  const { gallery, teams } = await siteContent(request);
  // The grids' later rows come a paint apart on the app's first page: every card is there once it has loaded.
  const cards = { '/gallery': ['.gallery-grid > li', gallery.length], '/team': ['.team-grid > li', teams.core.members.length] };
  // Six pages, two of them with their code held back 2.5 s.
  test.setTimeout(60_000);
  await recordLayoutShifts(page);
  // A page chunk that arrived after the loader's 1.5 s once showed a "Loading…" line that the page then replaced,
  // moving <main> and the footer (CLS 0.73). Held back 2.5 s, the chunk must keep the loader up instead.
  await page.route(/\/assets\/gallery-page-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await route.continue();
  });
  // On a laptop the gallery's Show More sits on the first screen: the grid's later cards (drawn a frame after the
  // first row) once pushed it down.
  for (const viewport of [
    { width: 412, height: 823 },
    { width: 1366, height: 768 },
  ]) {
    await page.setViewportSize(viewport);
    for (const path of ['/gallery', '/team', '/']) {
      // In real time, the loader's 1.5 s included: what moves while a page loads is the question.
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 10_000 });
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await page.evaluate(() => window.layoutShifts), `layout shifts on ${path} at ${viewport.width} px`).toEqual([]);
      if (cards[path]) await expect(page.locator(cards[path][0])).toHaveCount(cards[path][1]);
      await expect(page.getByRole('contentinfo')).toBeVisible();
    }
  }
});

test('each page names itself in the tab title, and a followed link moves the focus to the new heading', async ({ page, request }) => {
  const { teams } = await siteContent(request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await visit(page, '/');
  await expect(page).toHaveTitle('JYOTI - A RAY OF HOPE');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [link, heading] of [
    ['Gallery', 'Gallery'],
    ['Contact', 'Keep in Touch'],
    ['Team', teams.core.title],
  ]) {
    await nav.getByRole('link', { name: link }).click();
    await expect(page).toHaveTitle(`${heading} | JYOTI - A RAY OF HOPE`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeFocused();
  }
  // From the heading, the keyboard goes on into the page, not back to the top.
  await nav.getByRole('link', { name: 'Contact' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Keep in Touch' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('main').locator(':focus')).toHaveCount(1);

  await visit(page, '/gallery');
  await expect(page).toHaveTitle('Gallery | JYOTI - A RAY OF HOPE');
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveTitle('JYOTI - A RAY OF HOPE');
});

test('the focus ring stands out 3:1 on the page and on the orange bar', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await visit(page, '/');
  const ring = async (locator) => {
    await locator.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    return locator.evaluate((element) => {
      const colour = (text) => text.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number);
      const luminance = ([r, g, b]) => {
        const channel = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
      };
      let behind = element.parentElement;
      while (behind && getComputedStyle(behind).backgroundColor.match(/rgba\(.*, 0\)|transparent/)) behind = behind.parentElement;
      const [a, b] = [luminance(colour(getComputedStyle(element).outlineColor)), luminance(colour(getComputedStyle(behind ?? document.body).backgroundColor))];
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    });
  };
  const nav = page.getByRole('navigation', { name: 'Main' });
  expect(await ring(nav.getByRole('link', { name: 'Gallery' }))).toBeGreaterThanOrEqual(3);
  expect(await ring(page.getByRole('main').getByRole('link').first())).toBeGreaterThanOrEqual(3);
});

test('Team is marked as the current page on every year\'s team page', async ({ page, request }) => {
  const { teams } = await siteContent(request);
  await page.setViewportSize({ width: 1280, height: 800 });
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const slug of Object.keys(teams).filter((slug) => slug !== 'core')) {
    await visit(page, `/team${slug}`);
    await expect(nav.getByRole('link', { name: 'Team' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  }
});
