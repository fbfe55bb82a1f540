// Home: hero, the two carousels (autoplay, pagination, arrows, reduced motion), reveal, Show More.
import { expect, siteContent, test, visit } from './fixtures.js';

const activeCaption = (carousel) => carousel.locator('.swiper-slide-active h3').textContent();

/** How long a slide stays before the next (AUTOPLAY.delay in src/features/home/carousel.jsx). */
const SLIDE_MS = 2_500;

/**
 * Once the slide in motion (if any) has come to rest, runs the page's clock past one slide's time: a carousel that
 * moves by itself has then moved. (The visit put the page on Playwright's clock; a slide's motion is a CSS transition,
 * in real time, and autoplay sets its next timer when it ends.)
 */
async function runPastASlide(page, carousel) {
  await expect.poll(() => carousel.locator('.swiper').evaluate((element) => element.swiper.animating)).toBe(false);
  await page.clock.runFor(SLIDE_MS + 500);
}

/** Opens home on a 360 px screen with 'Our Works' scrolled into view: the carousel and the caption it shows first. */
async function worksCarousel(page) {
  await page.setViewportSize({ width: 360, height: 800 });
  await visit(page, '/');
  const works = page.getByRole('region', { name: 'Our Works' });
  await works.scrollIntoViewIfNeeded();
  await expect(works.locator('.swiper-slide-active')).toBeAttached();
  return { works, first: await activeCaption(works) };
}

test('the hero and both carousels show the content with six cards each', async ({ page, request }) => {
  const { settings, works, awards } = await siteContent(request);
  await visit(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(settings.heroTitle);
  await expect(page.getByRole('main')).toContainText(settings.heroText);

  for (const [title, items] of [
    ['Our Works', works],
    ['Performance & Awards', awards],
  ]) {
    const section = page.getByRole('region', { name: title });
    await expect(section.getByRole('heading', { level: 2 })).toHaveText(title);
    expect(items).toHaveLength(6);
    for (const item of items) {
      const card = section.getByRole('article').filter({ hasText: item.caption }).first();
      await expect(card).toBeAttached();
      await expect(card.getByRole('img', { name: item.caption })).toHaveAttribute('loading', 'lazy');
    }
  }
});

test('a carousel far below the view shows its cards at once and starts moving only when scrolled near', async ({
  page,
}) => {
  // A short, wide window: 'Performance & Awards' is more than a screen's height below it.
  await page.setViewportSize({ width: 1366, height: 400 });
  await visit(page, '/');
  const awards = page.getByRole('region', { name: 'Performance & Awards' });
  await expect(awards.getByRole('article')).toHaveCount(6);
  // 'Our Works', near, starts; the carousels start one after another, each in tasks of its own. Given those tasks
  // (the clock run on), the awards have not started: they are not near yet.
  await expect(page.getByRole('region', { name: 'Our Works' }).locator('.swiper-initialized')).toHaveCount(1);
  await page.clock.runFor(1_000);
  await page.waitForLoadState('networkidle');
  await page.clock.runFor(1_000);
  await expect(awards.locator('.swiper-initialized')).toHaveCount(0);
  await awards.scrollIntoViewIfNeeded();
  await expect(awards.locator('.swiper-initialized')).toHaveCount(1);
  await expect(awards.getByRole('button', { name: 'Pause the slides of Performance and Awards' })).toBeVisible();
  await expect(awards.getByRole('article')).toHaveCount(6);
});

test('carousels autoplay and have arrows and clickable pagination', async ({ page }) => {
  const { works, first } = await worksCarousel(page);
  await page.clock.runFor(SLIDE_MS);
  await expect.poll(() => activeCaption(works)).not.toBe(first);

  const bullets = works.getByRole('button', { name: /Go to slide/ });
  await expect(bullets).toHaveCount(6);
  // Touch targets of at least 24 x 24 px (WCAG 2.5.8), however small the dot drawn in them. The section may still be
  // sliding in (translateY), which leaves float noise such as 23.99994 in the box: sizes are read in Chromium's
  // layout unit of 1/64 px, so a box that is truly a fraction smaller still fails.
  const layoutUnits = (px) => Math.round(px * 64) / 64;
  const boxes = await bullets.evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().toJSON()));
  for (const box of boxes.map(({ width, height }) => ({ width: layoutUnits(width), height: layoutUnits(height) }))) {
    expect(box.width).toBeGreaterThanOrEqual(24);
    expect(box.height).toBeGreaterThanOrEqual(24);
  }
  await bullets.nth(3).click();
  await expect(bullets.nth(3)).toHaveClass(/swiper-pagination-bullet-active/);
  await expect(works.getByRole('button', { name: 'Next slide' })).toBeVisible();
  await expect(works.getByRole('button', { name: 'Previous slide' })).toBeVisible();
});

test('Pause stops the slides, focus inside holds them, and they never jump back to the first', async ({ page }) => {
  const { works } = await worksCarousel(page);
  await works.getByRole('button', { name: 'Pause the slides of Our Works' }).click();
  const play = works.getByRole('button', { name: 'Play the slides of Our Works' });
  await expect(play).toBeVisible();
  const held = await activeCaption(works);
  await runPastASlide(page, works);
  expect(await activeCaption(works)).toBe(held);
  await play.click();
  await page.clock.runFor(SLIDE_MS);
  await expect.poll(() => activeCaption(works)).not.toBe(held);

  // While the keyboard is inside (here on a bullet), nothing moves under it.
  await works.getByRole('button', { name: /Go to slide 2/ }).focus();
  const focused = await activeCaption(works);
  await runPastASlide(page, works);
  expect(await activeCaption(works)).toBe(focused);
  await page.getByRole('heading', { level: 1 }).click();

  // It runs to the last slide and stays there.
  const bullets = works.getByRole('button', { name: /Go to slide/ });
  await expect(async () => {
    await runPastASlide(page, works);
    await expect(bullets.last()).toHaveClass(/swiper-pagination-bullet-active/, { timeout: 100 });
  }).toPass();
  await runPastASlide(page, works);
  await expect(bullets.last()).toHaveClass(/swiper-pagination-bullet-active/);
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('carousels do not autoplay and sections show without animation', async ({ page }) => {
    const { works, first } = await worksCarousel(page);
    await runPastASlide(page, works);
    expect(await activeCaption(works)).toBe(first);
    await expect(works.getByRole('button', { name: /^Pause/ })).toHaveCount(0);
    await works.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(() => activeCaption(works)).not.toBe(first);

    const awards = page.getByRole('region', { name: 'Performance & Awards' });
    await expect(awards).toHaveCSS('opacity', '1');
    await expect(awards).toHaveCSS('transition-duration', /^0s|^1e-05s|0\.00001s/);
  });
});

test('sections get the reveal class once they come near the bottom of the screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await visit(page, '/');
  const awards = page.getByRole('region', { name: 'Performance & Awards' });
  await expect(awards).toHaveClass(/reveal/);
  await expect(awards).not.toHaveClass(/active/);
  await awards.scrollIntoViewIfNeeded();
  await expect(awards).toHaveClass(/active/);
  await expect(awards).toHaveCSS('opacity', '1');
});

test('Show More on the awards leads to the gallery', async ({ page }) => {
  await visit(page, '/');
  await page.getByRole('region', { name: 'Performance & Awards' }).getByRole('link', { name: 'Show More' }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(page.getByRole('heading', { name: 'Gallery', level: 1 })).toBeVisible();
});
