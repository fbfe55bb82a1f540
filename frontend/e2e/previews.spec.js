// Link previews and search: the head the server sends for each page (title, feed link, JSON-LD) agrees with what
// the app shows, and the JSON-LD script passes the Content-Security-Policy (the console-error watch fails on a
// CSP refusal).
import { expect, PUBLIC_PAGES, siteContent, test, visit } from './fixtures.js';

const SITE_TITLE = 'JYOTI - A RAY OF HOPE';

/** The `<title>` of the HTML the server sends for `path`, before any JavaScript runs. */
async function servedTitle(request, path) {
  const html = await (await request.get(path)).text();
  const match = html.match(/<title>([^<]*)<\/title>/);
  expect(match, `${path} has a title`).not.toBeNull();
  return match[1].replaceAll('&#39;', "'").replaceAll('&amp;', '&');
}

test('the head of / names the notices feed and describes the organisation in JSON-LD', async ({ page, request }) => {
  const { settings } = await siteContent(request);
  await visit(page, '/');
  const feed = page.locator('head link[rel="alternate"][type="application/atom+xml"]');
  await expect(feed).toHaveAttribute('href', '/notices.atom');
  const feedResponse = await request.get('/notices.atom');
  expect(feedResponse.status()).toBe(200);
  expect(await feedResponse.text()).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');

  const scripts = page.locator('head script[type="application/ld+json"]');
  await expect(scripts).toHaveCount(1);
  const organisation = JSON.parse(await scripts.textContent());
  expect(organisation['@context']).toBe('https://schema.org');
  expect(organisation['@type']).toContain('EducationalOrganization');
  expect(organisation.name).toBe('Jyoti');
  expect(organisation.email).toBe(settings.contactEmail);
  expect(organisation.address.streetAddress).toBe(settings.address);
  expect(organisation.sameAs).toEqual(
    expect.arrayContaining([settings.facebook, settings.instagram, settings.linkedin]),
  );
  await expect(page).toHaveTitle(SITE_TITLE);
});

test('each page the server names is the title the app gives it', async ({ page, request }) => {
  // A page load for each public page.
  test.setTimeout(90_000);
  for (const { path, heading, status } of PUBLIC_PAGES) {
    const served = await servedTitle(request, path);
    expect(served, path).toBe(heading ? `${heading} | ${SITE_TITLE}` : SITE_TITLE);
    expect((await request.get(path)).status(), path).toBe(status ?? 200);
    await visit(page, path);
    if (heading) await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page, path).toHaveTitle(served);
  }
});

test('document.title follows navigation inside the app', async ({ page }) => {
  await visit(page, '/');
  await expect(page).toHaveTitle(SITE_TITLE);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Gallery' }).first().click();
  await expect(page.getByRole('heading', { name: 'Gallery', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(`Gallery | ${SITE_TITLE}`);
  await page.goBack();
  await expect(page).toHaveTitle(SITE_TITLE);
});
