// Moving through a page by keyboard alone, as the browser tests of the keyboard paths do.

/** Presses Tab from where the focus is until `target` has it (at most `most` times); answers whether it got there. */
export async function tabTo(page, target, most = 60) {
  for (let i = 0; i < most; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return true;
  }
  return false;
}
