// What the Bengali browser tests look for on a page: a Bengali page opened past its loader, the texts admins wrote,
// Latin words not marked English, Bengali text cut by its box or spaced out, and where the keyboard goes.
import { expect, loadPage } from './fixtures.js';

/** Opens a Bengali page and waits for the app to replace the loader (without waiting out its least 1.5 s). */
export async function visitBengali(page, path) {
  await loadPage(page, () => page.goto(path));
  await expect(page.getByRole('navigation', { name: 'প্রধান মেনু' })).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('contentinfo')).toBeVisible();
}

/** Every text admins wrote (names, captions, titles, settings) in the content document: no words of the app. */
export async function contentTexts(request) {
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
export function englishWords(page, content = []) {
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

/**
 * Where a page cuts Bengali text: a text's line boxes partly outside a box that clips (overflow hidden or clip, an
 * ellipsis, a line clamp), and Bengali set with a line height under 1.3 times its size, too tight for its vowel signs
 * above and below. Scrollers, visually hidden labels and wholly hidden parts (a carousel's other slides) are not cuts.
 */
export function cutBengali() {
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
export async function tabThrough(page) {
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
export function spacedBengali() {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!/[\u0980-\u09FF]/.test(node.data) || !node.parentElement) continue;
    const spacing = getComputedStyle(node.parentElement).letterSpacing;
    if (spacing !== 'normal' && parseFloat(spacing) !== 0) found.push(`"${node.data.trim().slice(0, 30)}": ${spacing}`);
  }
  return found;
}
