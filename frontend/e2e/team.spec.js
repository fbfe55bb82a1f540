// Team pages: the core team with buttons to every other roster, and one page per roster from the content.
import { expect, siteContent, test, visit } from './fixtures.js';

test('/team shows the core team and a button for every other roster', async ({ page, request }) => {
  const { teams } = await siteContent(request);
  await visit(page, '/team');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(teams.core.title);
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(teams.core.members.length);
  expect(teams.core.members.length).toBe(15);

  const first = teams.core.members[0];
  const card = cards.first();
  await expect(card.getByRole('heading')).toHaveText(first.name);
  await expect(card).toContainText(first.department);
  await expect(card).toContainText(first.position);
  await expect(card.getByRole('img', { name: first.name })).toHaveAttribute('src', first.photo.src);
  // The first row (five cards at the widest) loads at once; the photos below the fold when scrolled to.
  const loading = await cards.locator('img').evaluateAll((nodes) => nodes.map((node) => node.loading));
  expect(loading).toEqual(teams.core.members.map((_, index) => (index < 5 ? 'eager' : 'lazy')));

  const others = Object.values(teams).filter((roster) => roster.slug !== 'core');
  const buttons = page.getByRole('navigation', { name: 'Teams of other years' }).getByRole('link');
  await expect(buttons).toHaveText(others.map((roster) => roster.title));
});

test('each roster button opens its team page with every member', async ({ page, request }) => {
  const { teams } = await siteContent(request);
  const expected = { '2k24': 15, '2k25': 17 };
  for (const [slug, count] of Object.entries(expected)) {
    await visit(page, '/team');
    await page.getByRole('link', { name: teams[slug].title }).click();
    await expect(page).toHaveURL(new RegExp(`/team${slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(teams[slug].title);
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(count);
    for (const member of teams[slug].members) {
      await expect(page.getByRole('heading', { name: member.name, exact: true })).toBeVisible();
    }
  }
});

test('a member with a profile link opens it in a new tab; one without shows no link', async ({ page, request }) => {
  const { teams } = await siteContent(request);
  const all = Object.values(teams).flatMap((roster) => roster.members.map((member) => ({ slug: roster.slug, member })));
  const linked = all.find(({ member }) => member.link);
  await visit(page, linked.slug === 'core' ? '/team' : `/team${linked.slug}`);
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: linked.member.name, exact: true }) });
  const link = card.getByRole('link', { name: /LinkedIn/ });
  await expect(link).toHaveAttribute('href', linked.member.link);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);

  const unlinked = all.find(({ member }) => !member.link);
  if (unlinked) {
    await visit(page, unlinked.slug === 'core' ? '/team' : `/team${unlinked.slug}`);
    const bare = page.getByRole('article').filter({ has: page.getByRole('heading', { name: unlinked.member.name, exact: true }) });
    await expect(bare.getByRole('link')).toHaveCount(0);
  }
});
