// The site in Bengali: every public page's twin under /bn written in Bengali by the app (its catalogs complete in
// both languages), the language switch in the header and the phone menu, remembered, a Bengali-first browser offered
// (not sent to) the Bengali page, each language loading only its own catalog, and admin-written texts in Bengali
// where an admin wrote one, else in English marked lang="en".
import { readdirSync } from 'node:fs';
import english from '../src/i18n/en.js';
import bengali from '../src/i18n/bn.js';
import { routePages } from '../src/app/route-pages.js';
import { routeTable, siteRoutes } from '../src/app/route-table.js';
import { adminToken, bearer, createNotice, expect, test, uniqueEmail } from './fixtures.js';
import { violations } from './axe.js';

test.use({ bypassCSP: true });

/** Keys only the Bengali catalog has: the pages' names and menu labels (English ones are the route table's), and
 * the server's few sentences. */
const bengaliOnly = /^(page|nav|server) /;

const placeholders = (message) =>
  [...new Set((typeof message === 'object' ? Object.values(message).join(' ') : message).match(/\{\w+\}/g) ?? [])].sort();

test('both catalogs have every key, the same placeholders and plural forms, and each area its own keys', async () => {
  const missingInBengali = Object.keys(english).filter((key) => !(key in bengali));
  const missingInEnglish = Object.keys(bengali).filter((key) => !(key in english) && !bengaliOnly.test(key));
  expect(missingInBengali, 'keys missing in bn').toEqual([]);
  expect(missingInEnglish, 'keys missing in en').toEqual([]);
  for (const key of Object.keys(english)) {
    expect(placeholders(bengali[key]), key).toEqual(placeholders(english[key]));
    for (const message of [english[key], bengali[key]]) {
      if (typeof message === 'object') expect(Object.keys(message), `${key} has its plural forms`).toContain('other');
      else expect(typeof message, key).toBe('string');
    }
  }
  // The route table's pages named in Bengali: every titled, described or menu page of the twins.
  const { pages } = routePages(siteRoutes);
  for (const page of pages.filter((candidate) => candidate.lang === 'bn')) {
    if (page.title) expect(bengali[`page ${page.english}`], `page ${page.english}`).toBeTruthy();
    if (page.description) expect(bengali[`page ${page.english} description`], page.english).toBeTruthy();
  }
  for (const page of routePages(routeTable).pages.filter((p) => p.nav && !p.path.startsWith('/admin'))) {
    expect(bengali[`nav ${page.path}`], `nav ${page.path}`).toBeTruthy();
  }
  // A key in two area files would be silently overwritten by the later one.
  for (const lang of ['en', 'bn']) {
    const seen = new Map();
    const dir = new URL(`../src/i18n/${lang}/`, import.meta.url);
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.js'))) {
      const { default: area } = await import(new URL(file, dir));
      for (const key of Object.keys(area)) {
        expect(seen.get(key), `${lang}: ${key} in ${file} and ${seen.get(key)}`).toBeUndefined();
        seen.set(key, file);
      }
    }
  }
});

/** Opens a Bengali page and waits for the app to replace the loader. */
async function visitBengali(page, path) {
  await page.goto(path);
  await expect(page.getByRole('navigation', { name: 'প্রধান মেনু' })).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
}

/** Every text admins wrote (names, captions, titles, settings) in the content document: no words of the app. */
async function contentTexts(request) {
  const texts = [];
  (function gather(value) {
    if (typeof value === 'string' && /[A-Za-z]{2,}/.test(value)) texts.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(gather);
  })(await (await request.get('/api/content')).json());
  return texts.sort((a, b) => b.length - a.length);
}

/**
 * Latin words the app wrote on a Bengali page: text (and alt, aria-label, placeholder, title) whose nearest lang is
 * bn. Content an admin wrote is marked lang="en" where it has no Bengali, and is taken out where an attribute cannot
 * mark it (a member's name in a photo's alt); e-mail and web addresses are no words.
 */
function englishWords(page, content = []) {
  return page.evaluate((content) => {
    const found = [];
    const word = /[A-Za-z]{2,}/;
    // Addresses, keys and the names of brands and payment systems are no words of the app.
    const strip = (text) =>
      content
        .reduce((left, written) => left.split(written).join(' '), text)
        .replace(/\S+@\S+|https?:\/\/\S+|\/[\w/-]*|\bAlt\+T\b|\b(LinkedIn|Facebook|Instagram|WhatsApp|UPI|IFSC|UTR)\b/g, ' ');
    const bengaliHere = (element) => element.closest('[lang]')?.getAttribute('lang') === 'bn';
    const hidden = (element) => element.closest('script, style, noscript, [hidden], template');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || hidden(element) || !bengaliHere(element)) continue;
      if (word.test(strip(node.textContent))) found.push(node.textContent.trim());
    }
    for (const element of document.body.querySelectorAll('[alt], [aria-label], [placeholder], [title]')) {
      if (hidden(element) || !bengaliHere(element)) continue;
      for (const name of ['alt', 'aria-label', 'placeholder', 'title']) {
        const value = element.getAttribute(name);
        if (value && word.test(strip(value))) found.push(`${name}="${value}"`);
      }
    }
    return found;
  }, content);
}

test('every Bengali page is written in Bengali by the app, with Bengali digits, and passes axe', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await adminToken(request);
  const number = 700000 + Math.floor(Math.random() * 99999);
  const made = await request.post('/api/admin/post_certificate', {
    data: { name: 'Rina Sample', certinumber: number },
    headers: bearer(token),
  });
  expect(made.status()).toBe(201);
  await createNotice(request, token, { title: 'Sample notice for the Bengali board', date: '2026-11-20' });
  const pages = [
    '/bn',
    '/bn/gallery',
    '/bn/team',
    '/bn/team2k25',
    '/bn/notice',
    '/bn/contact',
    '/bn/support',
    '/bn/verify',
    `/bn/verify/${number}`,
    '/bn/form',
    '/bn/login',
    '/bn/signup',
    '/bn/forgot-password',
    '/bn/no-such-page',
  ];
  const content = await contentTexts(request);
  for (const path of pages) {
    await visitBengali(page, path);
    await expect(page.locator('main h1')).toBeVisible();
    expect(await englishWords(page, content), path).toEqual([]);
    expect(await violations(page), path).toEqual([]);
  }
  // The certificate's answer in Bengali, its holder's name as written and marked English.
  await visitBengali(page, `/bn/verify/${number}`);
  await expect(page.getByText('Rina Sample')).toHaveAttribute('lang', 'en');
  // The footer's year in Bengali digits.
  await expect(page.locator('.footer-bottom')).toContainText(/©\s*[০-৯]{4}/);
});

test('the switch goes to the same page in the other language, in the header and the phone menu, and is remembered', async ({
  page,
}) => {
  await page.goto('/gallery');
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const toBengali = page.getByRole('group', { name: 'Language' }).getByRole('link', { name: 'বাংলা' });
  await expect(toBengali).toHaveAttribute('hreflang', 'bn');
  await toBengali.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/bn\/gallery$/);
  await expect(page.getByRole('heading', { level: 1, name: 'ছবি' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page).toHaveTitle('ছবি | JYOTI - A RAY OF HOPE');
  // Links keep the language.
  await page.getByRole('navigation', { name: 'প্রধান মেনু' }).getByRole('link', { name: 'নোটিস' }).click();
  await expect(page).toHaveURL(/\/bn\/notice$/);

  // Remembered: an English address opens in Bengali next time.
  await page.goto('/contact');
  await expect(page).toHaveURL(/\/bn\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: 'যোগাযোগ রাখুন' })).toBeVisible();

  // Back to English on a phone, from the menu.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('button', { name: 'মেনু' }).click();
  const phoneSwitch = page.locator('.main-nav-language').getByRole('link', { name: 'English' });
  await expect(phoneSwitch).toBeVisible();
  await phoneSwitch.click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Keep in Touch' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test.describe('a browser that asks for Bengali first', () => {
  test.use({ locale: 'bn-IN' });

  test('is offered the Bengali page, not sent there, and a close is remembered', async ({ page }) => {
    await page.goto('/notice');
    await expect(page.getByRole('heading', { level: 1, name: 'NOTICE BOARD' })).toBeVisible();
    const offer = page.getByRole('complementary', { name: 'বাংলা' });
    await expect(offer.getByRole('link', { name: 'এই পাতাটি বাংলায় পড়ুন' })).toHaveAttribute('href', '/bn/notice');
    expect(await violations(page)).toEqual([]);
    await offer.getByRole('button', { name: 'Close' }).click();
    await expect(offer).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'NOTICE BOARD' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'বাংলা' })).toHaveCount(0);
  });
});

test('an English page loads no Bengali catalog and a Bengali page no English one', async ({ page }) => {
  const scripts = [];
  page.on('request', (sent) => {
    const name = new URL(sent.url()).pathname.split('/').pop();
    if (sent.resourceType() === 'script') scripts.push(name);
  });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.some((name) => /^en-/.test(name)), 'the English catalog').toBe(true);
  expect(scripts.filter((name) => /^bn-/.test(name))).toEqual([]);
  scripts.length = 0;
  await page.goto('/bn/gallery');
  await expect(page.getByRole('navigation', { name: 'প্রধান মেনু' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.some((name) => /^bn-/.test(name)), 'the Bengali catalog').toBe(true);
  expect(scripts.filter((name) => /^en-/.test(name))).toEqual([]);
});

test('an admin writes a Bengali version beside the English, and the Bengali page shows it; unset texts stay marked English', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const title = `Sports day ${uniqueEmail('n')}`;
  const notice = await createNotice(request, token, { title, date: '2026-11-25' });
  await page.addInitScript((value) => localStorage.setItem('token', value), token);

  // Without Bengali: the English title, marked as English.
  await visitBengali(page, '/bn/notice');
  await expect(page.getByText(title)).toHaveAttribute('lang', 'en');

  for (const width of [1366, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/admin/bengali');
    await expect(page.getByRole('heading', { level: 2, name: 'Bengali' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  expect(await violations(page)).toEqual([]);
  const box = page.getByLabel(`Bengali for Notice of 2026-11-25`).first();
  const item = page.locator('form.bengali-text').filter({ hasText: title });
  await expect(item.locator('[lang="en"]')).toHaveText(title);
  const field = item.getByRole('textbox');
  await expect(box).toBeAttached();
  await field.fill('খেলার দিন');
  await field.press('Enter');
  await expect(page.locator('.Toastify').getByRole('alert').filter({ hasText: 'Bengali text saved' })).toBeVisible();

  await visitBengali(page, '/bn/notice');
  const shown = page.getByText('খেলার দিন');
  await expect(shown).toBeVisible();
  expect(await shown.getAttribute('lang')).toBeNull();
  // English keeps its English.
  await page.goto('/notice');
  await expect(page.getByText(title)).toBeVisible();
  await request.delete(`/api/admin/servicelist/delete/${notice._id}`, { headers: bearer(token) });
});

/**
 * Where a page cuts Bengali text: a text's line boxes partly outside a box that clips (overflow hidden or clip, an
 * ellipsis, a line clamp), and Bengali set with a line height under 1.3 times its size, too tight for its vowel signs
 * above and below. Scrollers, visually hidden labels and wholly hidden parts (a carousel's other slides) are not cuts.
 */
function cutBengali() {
  const found = [];
  const bengali = /[\u0980-\u09FF]/;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!bengali.test(node.data) || !element.checkVisibility({ visibilityProperty: true })) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const lines = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
    if (lines.length === 0) continue;
    const text = `"${node.data.trim().slice(0, 40)}"`;
    const style = getComputedStyle(element);
    const size = parseFloat(style.fontSize);
    if (style.lineHeight !== 'normal' && parseFloat(style.lineHeight) < size * 1.3) {
      found.push(`${text}: line height ${style.lineHeight} for ${style.fontSize}`);
    }
    for (let box = element; box && box !== document.body; box = box.parentElement) {
      const clip = getComputedStyle(box);
      const scrolls = /auto|scroll/.test(clip.overflowX + clip.overflowY);
      const clips =
        /hidden|clip/.test(clip.overflowX + clip.overflowY) ||
        clip.textOverflow === 'ellipsis' ||
        clip.webkitLineClamp !== 'none';
      if (scrolls || !clips) continue;
      if (box.clientWidth <= 1 || box.clientHeight <= 1) break; // a label only screen readers read
      const outer = box.getBoundingClientRect();
      const left = outer.left + box.clientLeft;
      const top = outer.top + box.clientTop;
      const right = left + box.clientWidth;
      const bottom = top + box.clientHeight;
      const inside = (rect) => rect.right > left && rect.left < right && rect.bottom > top && rect.top < bottom;
      const whole = (rect) =>
        rect.left >= left - 1 && rect.right <= right + 1 && rect.top >= top - 1 && rect.bottom <= bottom + 1;
      const cut = lines.filter((rect) => inside(rect) && !whole(rect));
      if (cut.length > 0 || (clip.textOverflow === 'ellipsis' && box.scrollWidth > box.clientWidth + 1)) {
        found.push(`${text}: cut by <${box.tagName.toLowerCase()} class="${box.className}">`);
      }
    }
  }
  return found;
}

/**
 * Tabs through the page from its top until the focus leaves it: the name of each stop, and those not on screen while
 * they have the focus.
 */
async function tabThrough(page) {
  await page.evaluate(() => {
    document.activeElement?.blur();
    window.scrollTo(0, 0);
  });
  const stops = [];
  const unseen = [];
  for (let step = 0; step < 150; step++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) return null;
      const box = focused.getBoundingClientRect();
      const label = focused.getAttribute('aria-label') || focused.textContent || focused.getAttribute('name') || '';
      return {
        name: `${focused.tagName.toLowerCase()} "${label.trim().slice(0, 30)}"`,
        seen:
          focused.checkVisibility({ visibilityProperty: true }) &&
          box.width > 0 &&
          box.height > 0 &&
          box.bottom > 0 &&
          box.top < innerHeight &&
          box.right > 0 &&
          box.left < innerWidth,
      };
    });
    if (!stop) break;
    stops.push(stop.name);
    if (!stop.seen) unseen.push(stop.name);
  }
  return { stops, unseen };
}

/** The public pages in Bengali (the others are these with another roster or certificate). */
const PUBLIC_BENGALI = [
  '/bn',
  '/bn/gallery',
  '/bn/team',
  '/bn/notice',
  '/bn/contact',
  '/bn/support',
  '/bn/verify',
  '/bn/form',
  '/bn/login',
  '/bn/signup',
  '/bn/forgot-password',
];

for (const [width, height] of [
  [360, 740],
  [1366, 768],
]) {
  test(`at ${width}×${height} Bengali is drawn in a font of its own, no page cuts it, and each is whole by keyboard and axe`, async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height });
    const token = await adminToken(request);
    await createNotice(request, token, {
      title: 'নোটিস: ক্লাসের সময় বদলেছে, সন্ধ্যা ছ’টা থেকে সাড়ে আটটা',
      date: '2026-11-21',
    });
    await visitBengali(page, '/bn');
    // Without a Bengali font every letter is the same empty box; `scripts/test` installs one (Noto Sans Bengali UI,
    // the family Android ships).
    const drawn = await page.evaluate(() => {
      const context = document.createElement('canvas').getContext('2d');
      context.font = getComputedStyle(document.body).font;
      const widths = ['ক', 'ি', 'ক্ষ', '\u0984'].map((text) => context.measureText(text).width);
      return new Set(widths).size;
    });
    expect(drawn, 'Bengali letters drawn as empty boxes: install a Bengali font (fonts-noto-ui-core)').toBeGreaterThan(2);
    for (const path of PUBLIC_BENGALI) {
      await visitBengali(page, path);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(cutBengali), path).toEqual([]);
      expect(await violations(page), path).toEqual([]);
      const { stops, unseen } = await tabThrough(page);
      expect(stops[0], `${path}: the first Tab`).toBe(`a "${bengali['layout.skip']}"`);
      expect(stops.length, `${path}: ${stops.join(', ')}`).toBeGreaterThan(4);
      expect(unseen, `${path}: focused out of sight`).toEqual([]);
      if (width > 400) continue;
      await page.getByRole('button', { name: 'মেনু' }).click();
      expect(await page.evaluate(cutBengali), `${path} with the menu open`).toEqual([]);
    }
    // The check sees a cut: a heading squeezed into a box shorter than its line.
    await page.addStyleTag({ content: 'main h1 { height: 0.6em; overflow: hidden; line-height: 1 !important; }' });
    const cuts = await page.evaluate(cutBengali);
    expect(cuts.some((cut) => cut.includes('cut by <h1')), cuts.join('\n')).toBe(true);
    expect(cuts.some((cut) => cut.includes('line height')), cuts.join('\n')).toBe(true);
  });
}
