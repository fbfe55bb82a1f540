// The site in Bengali: every public page's twin under /bn (the route table's, walked at a phone's and a laptop's width,
// by keyboard, with axe) written in Bengali by the app, its catalogs complete in both languages, including what it
// says as it answers (toasts, refusals, empty states, the browser's own check of a form); digits typed in Bengali
// read as numbers; the language switch in the header and the phone menu, remembered; a Bengali-first browser offered
// (not sent to) the Bengali page; each language loading only its own catalog; admin-written texts in Bengali where an
// admin wrote one, else in English marked lang="en"; and the server's head of a Bengali page in Bengali.
import { readdirSync } from 'node:fs';
import english from '../src/i18n/en.js';
import bengali from '../src/i18n/bn.js';
import { LANGUAGES } from '../src/i18n/languages.js';
import { descriptions } from '../src/app/descriptions.js';
import { routePages } from '../src/app/route-pages.js';
import { routeTable, siteRoutes } from '../src/app/route-table.js';
import {
  adminToken,
  bearer,
  createCertificate,
  createNotice,
  expect,
  freshNumber,
  loadPage,
  siteContent,
  test,
  uniqueEmail,
  visit,
} from './fixtures.js';
import { asAdmin, openAdmin, registerUser } from './admin-helpers.js';
import { createRoster, deleteRosterBySlug, uniqueSlug } from './content-helpers.js';
import { violations } from './axe.js';

test.use({ bypassCSP: true });

/** Keys only the Bengali catalog has: the pages' names and menu labels (English ones are the route table's), and
 * the server's few sentences. */
const bengaliOnly = /^(page|nav|server) /;

const placeholders = (message) =>
  [...new Set((typeof message === 'object' ? Object.values(message).join(' ') : message).match(/\{\w+\}/g) ?? [])].sort();

test('both catalogs have every key, the same placeholders and plural forms, and each area its own keys and its loader', async () => {
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
  const { pages } = routePages(siteRoutes, descriptions);
  for (const page of pages.filter((candidate) => candidate.lang === 'bn')) {
    if (page.title) expect(bengali[`page ${page.english}`], `page ${page.english}`).toBeTruthy();
    if (page.description) expect(bengali[`page ${page.english} description`], page.english).toBeTruthy();
  }
  for (const page of routePages(routeTable).pages.filter((p) => p.nav && !p.path.startsWith('/admin'))) {
    expect(bengali[`nav ${page.path}`], `nav ${page.path}`).toBeTruthy();
  }
  // The areas a page loads: each language's are its catalog's files, and the route table's `words` name them.
  const areasNamed = new Set();
  (function gather(routes) {
    for (const route of routes) {
      route.words?.forEach((area) => areasNamed.add(area));
      if (route.children) gather(route.children);
    }
  })(routeTable);
  for (const area of areasNamed) {
    expect(Object.keys(LANGUAGES).filter((lang) => LANGUAGES[lang].areas.includes(area)), `the area ${area}`).not.toEqual([]);
  }
  // A key in two area files would be silently overwritten by the later one.
  for (const lang of ['en', 'bn']) {
    const seen = new Map();
    const dir = new URL(`../src/i18n/${lang}/`, import.meta.url);
    const files = readdirSync(dir).filter((name) => name.endsWith('.js'));
    expect(files.map((name) => name.replace(/\.js$/, '')).sort(), `${lang}'s areas in languages.js`).toEqual(
      [...LANGUAGES[lang].areas].sort(),
    );
    for (const file of files) {
      const { default: area } = await import(new URL(file, dir));
      for (const key of Object.keys(area)) {
        expect(seen.get(key), `${lang}: ${key} in ${file} and ${seen.get(key)}`).toBeUndefined();
        seen.set(key, file);
      }
    }
  }
});

/** Opens a Bengali page and waits for the app to replace the loader (without waiting out its least 1.5 s). */
async function visitBengali(page, path) {
  await loadPage(page, () => page.goto(path));
  await expect(page.getByRole('navigation', { name: 'প্রধান মেনু' })).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('contentinfo')).toBeVisible();
}

/** A number in Bengali digits, as a Bengali keyboard types it: 12 → "১২". */
const inBengaliDigits = (number) => new Intl.NumberFormat('bn-IN', { useGrouping: false }).format(number);

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
 * Latin words on a Bengali page not marked as English: text (and alt, aria-label, placeholder, title) whose nearest
 * lang is bn. The app writes none; content an admin wrote in English is marked lang="en" where it has no Bengali, and
 * is taken out only where an attribute cannot mark it (a member's name in a photo's alt). E-mail and web addresses
 * and the names of payment systems inside a sentence are no words.
 */
function englishWords(page, content = []) {
  return page.evaluate((content) => {
    const found = [];
    const word = /[A-Za-z]{2,}/;
    const strip = (text) =>
      text.replace(/\S+@\S+|https?:\/\/\S+|\/[\w/-]*|\bAlt\+T\b|\b(UPI|IFSC|UTR|BHIM|Google Pay|PhonePe|Paytm)\b/g, ' ');
    const stripContent = (text) => strip(content.reduce((left, written) => left.split(written).join(' '), text));
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
      // What no one reads: a name for assistive technology inside what it is told to skip.
      const unread = element.closest('[aria-hidden="true"]') ? ['alt', 'aria-label'] : [];
      for (const name of ['alt', 'aria-label', 'placeholder', 'title'].filter((read) => !unread.includes(read))) {
        const value = element.getAttribute(name);
        if (value && word.test(stripContent(value))) found.push(`${name}="${value}"`);
      }
    }
    return found;
  }, content);
}

test('a certificate is checked by its number typed in Bengali digits, and answered in Bengali', async ({
  page,
  request,
}) => {
  const certinumber = freshNumber();
  await createCertificate(request, await adminToken(request), { name: 'Rina Sample', certinumber });
  await visitBengali(page, '/bn/verify');
  const number = page.getByLabel('সার্টিফিকেট নম্বর');
  await expect(number).toHaveAttribute('inputmode', 'numeric');
  await number.fill(inBengaliDigits(certinumber));
  await page.getByRole('button', { name: 'যাচাই করুন' }).click();
  const answer = page.getByRole('status').filter({ hasText: bengali['verify.belongsTo'].trim() });
  // The holder's name as written, marked English.
  await expect(answer.getByText('Rina Sample')).toHaveAttribute('lang', 'en');
  await number.fill(inBengaliDigits(freshNumber()));
  await page.getByRole('button', { name: 'যাচাই করুন' }).click();
  await expect(page.getByText(bengali['verify.notFound'])).toBeVisible();
  // The footer's year in Bengali digits.
  await expect(page.locator('.footer-bottom')).toContainText(/©\s*[০-৯]{4}/);
});

test('what the app says as it answers is Bengali too: a toast, a refusal beside its field, an empty state', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const content = await contentTexts(request);

  // A message sent, its telephone typed in Bengali digits: the toast.
  await visitBengali(page, '/bn/contact');
  await page.getByLabel('নাম').fill('রিনা সেন');
  await page.getByLabel('ইমেল').fill(uniqueEmail('rina'));
  await page.getByLabel('ফোন নম্বর').fill('০৩৩ ২৪৫৬ ৭৮৯০');
  await page.getByLabel('রেটিং').selectOption('5star');
  await page.getByLabel('মেসেজ', { exact: true }).fill('ক্লাস কখন হয়?');
  await page.getByRole('button', { name: 'মেসেজ পাঠান' }).click();
  await expect(page.locator('.Toastify').getByRole('alert').filter({ hasText: bengali['contact.delivered'] })).toBeVisible();
  expect(await englishWords(page, content), 'with the toast').toEqual([]);

  // Feedback whose address the server refuses: its reason in Bengali beside it. The mobile number, in Bengali
  // digits, is taken.
  await visitBengali(page, '/bn/form');
  const email = page.getByLabel('ইমেল');
  const mobile = page.getByLabel('মোবাইল নম্বর');
  await email.fill('rina-at-example');
  await mobile.fill('৯৮৭৬৫৪৩২১০');
  await page.getByRole('button', { name: 'জমা দিন' }).click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(bengali['form.reason.email'])).toBeVisible();
  await expect(mobile).not.toHaveAttribute('aria-invalid', 'true');
  expect(await englishWords(page, content), 'with a refused field').toEqual([]);
  await email.fill(uniqueEmail('rina'));
  await page.getByRole('button', { name: 'জমা দিন' }).click();
  await expect(page.getByRole('status').filter({ hasText: bengali['feedback.thanks'] })).toBeVisible();

  // A roster without members yet: the empty state, and its English title marked as English.
  const slug = uniqueSlug();
  await createRoster(request, token, { slug, title: `Team ${slug}` });
  try {
    await visitBengali(page, `/bn/team${slug}`);
    await expect(page.getByText(bengali['team.empty'])).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `Team ${slug}` })).toHaveAttribute('lang', 'en');
    expect(await englishWords(page, await contentTexts(request)), 'with the empty roster').toEqual([]);
  } finally {
    await deleteRosterBySlug(request, token, slug);
  }
});

test('the browser’s own check of a form speaks Bengali on a Bengali page, and the browser’s language on an English one', async ({
  page,
}) => {
  const message = (field) => field.evaluate((control) => control.validationMessage);
  await visitBengali(page, '/bn/contact');
  const send = page.getByRole('button', { name: 'মেসেজ পাঠান' });
  const name = page.getByLabel('নাম');
  const email = page.getByLabel('ইমেল');
  await send.click();
  expect(await message(name)).toBe(bengali['form.reason.required']);
  expect(await message(page.getByLabel('রেটিং'))).toBe(bengali['form.reason.choose']);
  // Typing takes the sentence back: the browser checks the new value afresh.
  await name.fill('রিনা');
  expect(await message(name)).toBe('');
  await email.fill('rina');
  await send.click();
  expect(await message(email)).toBe(bengali['form.reason.email']);

  await visitBengali(page, '/bn/login');
  await page.getByLabel('ইমেল').fill('rina');
  await page.getByRole('button', { name: bengali['auth.login.submit'] }).click();
  expect(await message(page.getByLabel('ইমেল'))).toBe(bengali['form.reason.email']);

  // English keeps the browser's own words, as before.
  await visit(page, '/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  const [shown, browsers] = await page.getByLabel('Name').evaluate((control) => {
    const plain = document.createElement('input');
    plain.required = true;
    return [control.validationMessage, plain.validationMessage];
  });
  expect(shown).toBe(browsers);
  expect(shown).not.toBe(bengali['form.reason.required']);
});

test('the server writes a Bengali page’s head in Bengali: its feed’s name, and the newest notice’s date', async ({
  request,
}) => {
  const token = await adminToken(request);
  const notice = await createNotice(request, token, { title: 'নতুন ক্লাসের সময়', date: '2099-11-20' });
  try {
    const html = await (await request.get('/bn/notice')).text();
    expect(html).toContain('<link rel="alternate" type="application/atom+xml" title="নোটিস" href="/bn/notices.atom">');
    const preview = html.match(/<meta property="og:description" content="([^"]*)">/)?.[1];
    const day = new Intl.DateTimeFormat('bn-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    expect(preview).toBe(`নতুন নোটিস, ${day.format(Date.UTC(2099, 10, 20))}: নতুন ক্লাসের সময়`);
    expect(await (await request.get('/notice')).text()).toContain('title="Notices" href="/notices.atom"');
  } finally {
    await request.delete(`/api/admin/servicelist/delete/${notice._id}`, { headers: bearer(token) });
  }
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
  await expect(page.getByRole('heading', { level: 1, name: 'যোগাযোগ করুন' })).toBeVisible();

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

test('the admin area, which the route table keeps English, has no switch and opens in English for a Bengali reader', async ({
  page,
  request,
}) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'bn'));
  await asAdmin(page, request);
  // Its address with a query too: still the admin area, not a page with a Bengali twin.
  await openAdmin(page, '/admin/users?page=1');
  await expect(page).toHaveURL(/\/admin\/users\?page=1$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 2, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Language' })).toHaveCount(0);
});

test.describe('a browser that asks for Bengali first', () => {
  test.use({ locale: 'bn-IN' });

  test('is offered the Bengali page, not sent there, and a close is remembered', async ({ page }) => {
    await page.goto('/notice');
    await expect(page.getByRole('heading', { level: 1, name: 'NOTICE BOARD' })).toBeVisible();
    const offer = page.getByRole('complementary', { name: 'বাংলা' });
    await expect(offer.getByRole('link', { name: english['language.offer'] })).toHaveAttribute('href', '/bn/notice');
    expect(await violations(page)).toEqual([]);
    await offer.getByRole('button', { name: 'Close' }).click();
    await expect(offer).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'NOTICE BOARD' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'বাংলা' })).toHaveCount(0);
  });
});

/** The catalog area (en-home, bn-gallery…) an address is the file of (assets/words-HASH/LANG-AREA.js), else null. */
const catalogArea = (url) => new URL(url).pathname.match(/\/assets\/words-[\w-]+\/((en|bn)-\w+)\.js$/)?.[1] ?? null;

test('an English page loads no Bengali catalog and a Bengali page no English one, all its pages preloaded', async ({
  page,
  context,
}) => {
  /** The catalog areas a page downloads (en-home, bn-gallery…), as it asks for them. */
  const catalogsOf = (opened) => {
    const areas = [];
    opened.on('request', (sent) => {
      const area = catalogArea(sent.url());
      if (sent.resourceType() === 'script' && area) areas.push(area);
    });
    return areas;
  };
  const english = catalogsOf(page);
  const scripts = [];
  page.on('request', (sent) => sent.resourceType() === 'script' && scripts.push(new URL(sent.url()).pathname));
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // Once the page has fetched every page's code and words in the background, it has all of its language's areas.
  await expect.poll(() => new Set(english).size, { timeout: 20_000 }).toBe(LANGUAGES.en.areas.length);
  expect(english.filter((name) => !name.startsWith('en-'))).toEqual([]);
  // The offer of the Bengali page is code only a browser asking for Bengali first downloads.
  expect(scripts.filter((path) => path.includes('/language-offer-'))).toEqual([]);

  const other = await context.newPage();
  const bengaliAreas = catalogsOf(other);
  await other.goto('/bn/gallery');
  await expect(other.getByRole('navigation', { name: 'প্রধান মেনু' })).toBeVisible();
  await expect.poll(() => new Set(bengaliAreas).size, { timeout: 20_000 }).toBe(LANGUAGES.bn.areas.length);
  expect(bengaliAreas.filter((name) => !name.startsWith('bn-'))).toEqual([]);
});

test('Home waits only for the words it first shows, and a page’s words come beside its code, not after it', async ({
  browser,
  baseURL,
}) => {
  // Each page in a browser of its own, whose cache holds none of its scripts.
  const context = await browser.newContext({ baseURL });
  const home = await context.newPage();
  // The catalog areas asked for before the app first rendered (the page's code and words in the background after).
  await home.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('header')) return;
      window.firstRender = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await home.goto('/');
  await expect(home.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const first = await home.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime < window.firstRender)
      .map((entry) => entry.name),
  );
  expect(first.map(catalogArea).filter(Boolean).sort()).toEqual(['en-home', 'en-shell']);
  await context.close();

  // The gallery's code is held until its words are asked for: a page that asked for them only once its code came
  // would never show.
  const other = await browser.newContext({ baseURL });
  const gallery = await other.newPage();
  let wordsAsked;
  const asked = new Promise((resolve) => {
    wordsAsked = resolve;
  });
  gallery.on('request', (sent) => {
    if (catalogArea(sent.url()) === 'bn-gallery') wordsAsked();
  });
  await gallery.route(/\/gallery-page-\w+\.js$/, async (route) => {
    await asked;
    await route.continue();
  });
  await gallery.goto('/bn/gallery');
  await expect(gallery.getByRole('heading', { level: 1, name: 'ছবি' })).toBeVisible();
  await other.close();
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

/** Bengali text set with a letter-spacing: spacing pulls its conjuncts and the vowel signs of its letters apart. */
function spacedBengali() {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!/[\u0980-\u09FF]/.test(node.data) || !node.parentElement) continue;
    const spacing = getComputedStyle(node.parentElement).letterSpacing;
    if (spacing !== 'normal' && parseFloat(spacing) !== 0) found.push(`"${node.data.trim().slice(0, 30)}": ${spacing}`);
  }
  return found;
}

const VIEWPORTS = [
  [360, 740],
  [1366, 768],
];

/** A link the server gave (a path while the site has no address of its own), as the path and secret to open. */
const linkPath = (link) => {
  const url = new URL(link, 'http://site.invalid');
  return `${url.pathname}${url.hash}`;
};

/**
 * How a visitor reaches a page that needs more than its address, by the English path the route table gives it:
 * `{path, session}` (the address to open and a member's token to open it with), or null for a page with nothing of
 * its own to show. Every other page is opened at its address; one with a parameter not here stops the walk.
 */
const REACHED = {
  // Signs out and goes on to the login page, which is walked on its own.
  '/logout': null,
  // With a notice in Bengali on the board: a long title, whose lines the cut check reads.
  '/notice': async (request, token) => {
    await createNotice(request, token, { title: 'নোটিস: ক্লাসের সময় বদলেছে, সন্ধ্যা ছ’টা থেকে সাড়ে আটটা', date: '2026-11-21' });
    return { path: '/notice' };
  },
  '/verify/:number': async (request, token) => {
    const certinumber = freshNumber();
    await createCertificate(request, token, { name: 'Rina Sample', certinumber });
    return { path: `/verify/${certinumber}` };
  },
  '/reset-password': async (request, token) => {
    const member = await registerUser(request);
    const made = await request.post(`/api/admin/users/${member.id}/reset-link`, { headers: bearer(token) });
    expect(made.status(), 'reset link').toBe(201);
    return { path: linkPath((await made.json()).link) };
  },
  '/invitation': async (request, token) => {
    const made = await request.post('/api/admin/invitations', {
      data: { email: uniqueEmail('invitee'), role: 'editor' },
      headers: bearer(token),
    });
    expect(made.status(), 'invite').toBe(201);
    return { path: linkPath((await made.json()).link) };
  },
  '/account': async (request) => ({ path: '/account', session: (await registerUser(request)).token }),
};

/**
 * The walk: every Bengali twin of the route table (routePages(siteRoutes)), the twins of the rosters' pages (which
 * the content names) and the Bengali not-found page. Each is named by its English path.
 */
const { pages: sitePages, rosterPrefix } = routePages(siteRoutes);
const ROSTERS = `${rosterPrefix}{slug}`;
const NOT_FOUND = '/no/such/page';
const WALKED = [
  ...sitePages.filter((page) => page.lang === 'bn' && REACHED[page.english] !== null).map((page) => page.english),
  ROSTERS,
  NOT_FOUND,
];

/** The Bengali addresses that show `english` (with the session to open them in). */
async function bengaliAddresses(english, request) {
  const twin = (path) => (path === '/' ? '/bn' : `/bn${path}`);
  if (english === ROSTERS) {
    const { teams } = await siteContent(request);
    const slugs = Object.keys(teams).filter((slug) => slug !== 'core');
    expect(slugs.length, 'the sample rosters').toBeGreaterThan(0);
    return slugs.map((slug) => ({ path: twin(`${rosterPrefix}${slug}`) }));
  }
  const reach = REACHED[english];
  if (reach) {
    const { path, session } = await reach(request, await adminToken(request));
    return [{ path: twin(path), session }];
  }
  if (english.includes(':')) throw new Error(`The walk does not know how to open ${english}: say so in REACHED`);
  return [{ path: twin(english) }];
}

/**
 * One Bengali page at one width: written in Bengali by the app (admin-written English marked as English), no Bengali
 * text cut or spaced out, axe clean, and whole by keyboard from its first Tab; on a phone, with its menu open too.
 */
async function walkPage(page, path, width, content) {
  await visitBengali(page, path);
  await expect(page.locator('main h1')).toBeVisible();
  // Its pictures in and its fonts drawn, which the checks measure (not the other pages' code, which the app fetches in
  // the background meanwhile).
  await page.waitForFunction(() => [...document.images].every((image) => image.complete) && document.fonts.status === 'loaded');
  expect(await englishWords(page, content), `${path}: Latin words not marked English`).toEqual([]);
  expect(await page.evaluate(spacedBengali), `${path}: Bengali spaced out`).toEqual([]);
  expect(await page.evaluate(cutBengali), path).toEqual([]);
  expect(await violations(page), path).toEqual([]);
  const { stops, unseen } = await tabThrough(page);
  expect(stops[0], `${path}: the first Tab`).toBe(`a "${bengali['layout.skip']}"`);
  expect(stops.length, `${path}: ${stops.join(', ')}`).toBeGreaterThan(4);
  expect(unseen, `${path}: focused out of sight`).toEqual([]);
  if (width > 400) return;
  await page.getByRole('button', { name: 'মেনু' }).click();
  expect(await page.evaluate(cutBengali), `${path} with the menu open`).toEqual([]);
  expect(await englishWords(page, content), `${path} with the menu open`).toEqual([]);
}

for (const [width, height] of VIEWPORTS) {
  test.describe(`at ${width}×${height}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height });
    });

    test('Bengali is drawn in a font of its own, and neither the loader nor a heading spaces it out', async ({ page }) => {
      await page.goto('/bn/gallery');
      // The server's loading screen, before the app: its name in Bengali, not spaced out.
      await expect(page.locator('.loader-name')).toHaveText('জ্যোতি');
      await expect(page.locator('.loader-name')).toHaveCSS('letter-spacing', 'normal');
      await expect(page.locator('main h1')).toBeVisible({ timeout: 10_000 });
      // Without a Bengali font every letter is the same empty box; `scripts/test` installs one (Noto Sans Bengali UI,
      // the family Android ships).
      const drawn = await page.evaluate(() => {
        const context = document.createElement('canvas').getContext('2d');
        context.font = getComputedStyle(document.body).font;
        const widths = ['ক', 'ি', 'ক্ষ', '\u0984'].map((text) => context.measureText(text).width);
        return new Set(widths).size;
      });
      expect(drawn, 'Bengali letters drawn as empty boxes: install a Bengali font (fonts-noto-ui-core)').toBeGreaterThan(2);
      // The checks see what they look for: a heading squeezed into a box shorter than its line, and spaced out.
      await page.addStyleTag({
        content: 'main h1 { height: 0.6em; overflow: hidden; line-height: 1 !important; letter-spacing: 0.1em !important; }',
      });
      const cuts = await page.evaluate(cutBengali);
      expect(cuts.some((cut) => cut.includes('cut by <h1')), cuts.join('\n')).toBe(true);
      expect(cuts.some((cut) => cut.includes('line height')), cuts.join('\n')).toBe(true);
      expect(await page.evaluate(spacedBengali)).not.toEqual([]);
    });

    for (const english of WALKED) {
      test(`the twin of ${english} is in Bengali, uncut, whole by keyboard and axe`, async ({ page, request }) => {
        test.setTimeout(60_000);
        const content = await contentTexts(request);
        for (const { path, session } of await bengaliAddresses(english, request)) {
          if (session) await page.addInitScript((value) => localStorage.setItem('token', value), session);
          await walkPage(page, path, width, content);
        }
      });
    }
  });
}
