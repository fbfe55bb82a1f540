// The site in Bengali (every page's twin walked at two widths: bengali-walk.spec.js): written in Bengali by the app,
// its catalogs complete in both languages, including what it says as it answers (toasts, refusals, empty states, the
// browser's own check of a form); digits typed in Bengali read as numbers; the language switch in the header and the
// phone menu, remembered; a Bengali-first browser offered (not sent to) the Bengali page; each language loading only
// its own catalog; admin-written texts in Bengali where an admin wrote one, else in English marked lang="en"; and the
// server's head of a Bengali page in Bengali.
import { readdirSync } from 'node:fs';
import english from '../src/i18n/en.js';
import bengali from '../src/i18n/bn.js';
import { LANGUAGES } from '../src/i18n/languages.js';
import { formatDay } from '../src/lib/days.js';
import { formatNumber } from '../src/lib/i18n.js';
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
  test,
  uniqueEmail,
  visit,
} from './fixtures.js';
import { asAdmin, openAdmin } from './admin-helpers.js';
import { contentTexts, englishWords, visitBengali } from './bengali-helpers.js';
import { createRoster, deleteRosterBySlug, uniqueSlug } from './content-helpers.js';
import { violations } from './axe.js';

test.use({ bypassCSP: true });

/** Keys only the Bengali catalog has: the pages' names and menu labels (English ones are the route table's), the
 * installed app's names (the English manifest's are build.mjs's), and
 * the server's few sentences. */
const bengaliOnly = /^(page|nav|server|manifest) /;

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

/** A number in Bengali digits, as a Bengali keyboard types it: 12 → "১২". */
const inBengaliDigits = (number) => new Intl.NumberFormat('bn-IN', { useGrouping: false }).format(number);

test("each language's numbers and days are written as the browser's Intl writes them", async ({ page }) => {
  const numbers = [0, 1, 7, 10, 42, 404, 2026, 98765, -3, 1234567890];
  const days = [];
  for (const year of [2010, 2026]) {
    for (let month = 1; month <= 12; month++) {
      for (const day of [1, 9, 28]) days.push(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
    }
  }
  for (const [lang, { locale }] of Object.entries(LANGUAGES)) {
    const intl = await page.evaluate(
      ({ locale, numbers, days }) => ({
        numbers: numbers.map((n) => new Intl.NumberFormat(locale, { useGrouping: false }).format(n)),
        days: days.map((day) =>
          new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
            Date.parse(`${day}T00:00:00Z`),
          ),
        ),
      }),
      { locale, numbers, days },
    );
    expect(numbers.map((n) => formatNumber(n, lang)), lang).toEqual(intl.numbers);
    expect(days.map((day) => formatDay(day, lang)), lang).toEqual(intl.days);
  }
  // What is not a day of the calendar is shown as it is.
  for (const text of ['2026-02-30', '2026-13-01', 'soon', '']) expect(formatDay(text, 'bn')).toBe(text);
});

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
  // Once the visitor moves, the page fetches every page's code and words in the background: then it has all of its
  // language's areas.
  await page.mouse.move(20, 20);
  await expect.poll(() => new Set(english).size, { timeout: 20_000 }).toBe(LANGUAGES.en.areas.length);
  expect(english.filter((name) => !name.startsWith('en-'))).toEqual([]);
  // The offer of the Bengali page is code only a browser asking for Bengali first downloads.
  expect(scripts.filter((path) => path.includes('/language-offer-'))).toEqual([]);

  const other = await context.newPage();
  const bengaliAreas = catalogsOf(other);
  await other.goto('/bn/gallery');
  await expect(other.getByRole('navigation', { name: 'প্রধান মেনু' })).toBeVisible();
  await other.mouse.move(20, 20);
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
  // The texts come a page at a time: narrowed to those with no Bengali yet and searched, the notice is there.
  await page.getByLabel('Show').selectOption({ label: 'Only what has no Bengali yet' });
  await expect(page).toHaveURL(/missing=1/);
  await page.getByLabel('Search the texts').fill(title);
  const item = page.locator('form.bengali-text').filter({ hasText: title });
  await expect(item.locator('[lang="en"]')).toHaveText(title);
  await expect(page.locator('form.bengali-text')).toHaveCount(1);
  await expect(item.getByLabel('Bengali for Notice: Notice of 2026-11-25')).toBeAttached();
  const field = item.getByRole('textbox');
  await field.fill('খেলার দিন');
  await field.press('Enter');
  await expect(page.locator('.Toastify').getByRole('alert').filter({ hasText: 'Bengali text saved' })).toBeVisible();
  // Written, it leaves the list of what has none.
  await expect(page.locator('form.bengali-text')).toHaveCount(0);
  await expect(page.getByText(`No texts without Bengali match “${title}”.`)).toBeVisible();

  await visitBengali(page, '/bn/notice');
  const shown = page.getByText('খেলার দিন');
  await expect(shown).toBeVisible();
  expect(await shown.getAttribute('lang')).toBeNull();
  // English keeps its English.
  await page.goto('/notice');
  await expect(page.getByText(title)).toBeVisible();
  await request.delete(`/api/admin/servicelist/delete/${notice._id}`, { headers: bearer(token) });
});

test("/bn/form's rating placeholder fits its box on a 360 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await visitBengali(page, '/bn/form');
  const rating = page.getByLabel('রেটিং');
  await expect(rating).toHaveValue('');
  // The placeholder as the closed select shows it, measured in the select's own font against the room inside it.
  const shown = await rating.evaluate((select) => {
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d');
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = select.options[select.selectedIndex].text;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text, width: Math.ceil(context.measureText(text).width), room };
  });
  expect(shown.text).toBe(bengali['feedback.rate']);
  expect(shown.width, `"${shown.text}" in ${shown.room} px`).toBeLessThanOrEqual(shown.room);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
