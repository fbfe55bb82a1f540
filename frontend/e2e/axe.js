// axe-core (the npm package) run in the real page: the WCAG 2 A/AA violations it finds. A suite that uses it sets
// test.use({ bypassCSP: true }): axe is injected as a script of the test's own, which the site's CSP would refuse.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The violations axe finds on the page once its transitions have ended, one line each: rule, impact and the elements.
 * A button the pointer just reached is still fading from one colour pair to the other, and a contrast measured
 * halfway would fail a page that passes in every state it rests in.
 * A list that is reloading (aria-busy, its rows dimmed) is waited for, up to 5 s.
 * The page is scanned where it is scrolled to: in the admin area nothing sticks over the screen (the navigation bar
 * scrolls away), so no button a click has scrolled to the top is judged too small to press.
 */
export async function violations(page) {
  // A list reloading (a filter just changed) dims its old rows until the new ones come: judge the rows that stay.
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 5000 })
    .catch(() => {});
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished.catch(() => {})),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  await page.addScriptTag({ content: AXE });
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return result.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`,
    );
  });
  return found;
}
