// The loading screen has the browser look up, before its first paint, every font the public pages write in
// (src/app/loader-faces.js): each face the pages use on a phone, in both languages, is listed, each listed face is
// used, and index.html carries a letter, unseen, in each.
import { adminToken, createNotice, expect, loadPage, PUBLIC_PAGES, test } from './fixtures.js';
import { LOADER_FACES } from '../src/app/loader-faces.js';

test.use({ viewport: { width: 412, height: 823 }, isMobile: true });

const key = ({ size, weight, italic = false, mono = false, lang = '' }) =>
  [`${size}rem`, weight, italic && 'italic', mono && 'mono', lang].filter(Boolean).join(' ');

/** Each face the page's words are written in (the visible text, and what its fields show), in the list's form. */
function facesOnPage() {
  const pageLang = document.documentElement.lang;
  const faces = new Set();
  const add = (element) => {
    const style = getComputedStyle(element);
    const lang = element.closest('[lang]')?.lang === 'bn' && pageLang !== 'bn' ? 'bn' : '';
    const size = Math.round((parseFloat(style.fontSize) / 16) * 100) / 100;
    faces.add(
      [
        `${size}rem`,
        Number(style.fontWeight),
        style.fontStyle === 'italic' && 'italic',
        style.fontFamily.startsWith('ui-monospace') && 'mono',
        lang,
      ]
        .filter(Boolean)
        .join(' '),
    );
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode;
    if (text.textContent.trim() && text.parentElement.checkVisibility()) add(text.parentElement);
  }
  for (const field of document.querySelectorAll('input:not([type=radio], [type=checkbox], [type=file]), textarea, select')) {
    if ((field.value || field.placeholder) && field.checkVisibility()) add(field);
  }
  return [...faces];
}

test('the loading screen writes a letter in each face the public pages use on a phone, and in no other', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // A notice on the board, so the board's faces show.
  await createNotice(request, await adminToken(request), { title: 'Loader faces: a sample notice', date: '2026-11-27' });

  const paths = [...PUBLIC_PAGES.map(({ path }) => path), '/verify/99999999'];
  const usedBy = new Map();
  for (const path of paths.flatMap((path) => [path, `/bn${path === '/' ? '' : path}`])) {
    await loadPage(page, () => page.goto(path));
    // The footer shows last, once the whole page is drawn; the notices come after their own request.
    await expect(page.getByRole('contentinfo')).toBeVisible({ timeout: 10_000 });
    await page.waitForLoadState('networkidle');
    for (const face of await page.evaluate(facesOnPage)) usedBy.set(face, [...(usedBy.get(face) ?? []), path]);
  }

  const listed = new Set(LOADER_FACES.map(key));
  const missing = [...usedBy].filter(([face]) => !listed.has(face)).map(([face, on]) => `${face} (${on.join(', ')})`);
  expect(missing, 'faces the pages use that src/app/loader-faces.js does not list').toEqual([]);
  expect([...listed].filter((face) => !usedBy.has(face)), 'faces listed that no page uses').toEqual([]);
});

test.describe('before the app runs', () => {
  test.use({ javaScriptEnabled: false });

  test('index.html writes a letter in each listed face, unseen and unheard, in the loading screen', async ({ page }) => {
    await page.goto('/');
    const letters = page.locator('.loader .loader-faces > span');
    await expect(letters).toHaveCount(LOADER_FACES.length);
    await expect(page.locator('.loader-faces')).toHaveAttribute('aria-hidden', 'true');
    await expect(page.locator('.loader-faces')).toHaveCSS('visibility', 'hidden');
    const fonts = await letters.evaluateAll((spans) => spans.map((span) => span.style.font));
    expect(fonts).toEqual(LOADER_FACES.map((face) => expect.stringContaining(`${face.weight} ${face.size}rem`)));
  });
});
