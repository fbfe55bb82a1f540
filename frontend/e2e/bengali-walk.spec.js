// Every public page's Bengali twin (the route table's, the rosters' and the not-found page), walked at a phone's and a
// laptop's width: written in Bengali by the app (admin-written English marked as English), nothing cut or spaced
// out, axe clean, and whole by keyboard; and Bengali drawn in a font of its own.
import bengali from '../src/i18n/bn.js';
import { routePages } from '../src/app/route-pages.js';
import { siteRoutes } from '../src/app/route-table.js';
import {
  adminToken,
  bearer,
  createCertificate,
  createNotice,
  expect,
  freshNumber,
  holdAppCode,
  siteContent,
  test,
  uniqueEmail,
} from './fixtures.js';
import { registerUser } from './admin-helpers.js';
import { violations } from './axe.js';
import { contentTexts, cutBengali, englishWords, spacedBengali, tabThrough, visitBengali } from './bengali-helpers.js';

test.use({ bypassCSP: true });

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
  // A notice's own page: its title, date and Share.
  '/notice/:id': async (request, token) => {
    const notice = await createNotice(request, token, {
      title: 'নোটিস: রবিবার স্বাস্থ্য শিবির, সকাল ন’টা থেকে',
      date: '2026-11-22',
      tellFollowers: false,
    });
    return { path: `/notice/${notice._id}` };
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
      // The server's loading screen, before the app: its name in Bengali, not spaced out. The app's code is held back
      // until the loader has been read, so a busy machine cannot lift the loader first.
      const release = await holdAppCode(page);
      await page.goto('/bn/gallery', { waitUntil: 'commit' });
      await expect(page.locator('.loader-name')).toHaveText('জ্যোতি');
      await expect(page.locator('.loader-name')).toHaveCSS('letter-spacing', 'normal');
      release();
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
