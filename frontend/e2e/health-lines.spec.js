// The dashboard's Site health lines say what is true: backups, off-site copies and HTTPS off on the default test
// server, each with what turning it on takes and a link to the guide, followed by keyboard; and backups on and healthy
// on a server of its own with a backup folder. At 1366 px and 360 px, and clean under axe.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { asAdmin, openAdmin } from './admin-helpers.js';
import { saveMail } from './mail-helpers.js';
import { violations } from './axe.js';
import { tabTo } from './keyboard.js';

test.use({ bypassCSP: true });

const VIEWPORTS = [
  { width: 1366, height: 800 },
  { width: 360, height: 740 },
];

/**
 * Each check that is off on the default test server: its line, in the server's words, and the heading of the guide
 * (docs/running.md) its link names, with the heading's level there.
 */
const OFF = [
  {
    topic: 'Backups',
    message:
      'Scheduled backups are off: to keep a copy every day, start the server with --backup-dir (JYOTI_BACKUP_DIR in ' +
      '/etc/default/jyoti).',
    guide: 'Where the data lives, and backups',
    level: '##',
  },
  {
    topic: 'Off-site copies',
    message:
      'Off-site copies are off: to keep encrypted copies in a bucket away from this server, set the JYOTI_OFFSITE_* ' +
      'values in /etc/default/jyoti and restart.',
    guide: '5. Off-site copies',
    level: '###',
  },
  {
    topic: 'HTTPS',
    message:
      'HTTPS is off: the site runs on plain HTTP. Start the server with --domain (JYOTI_DOMAIN) for a free ' +
      'certificate, or put Caddy or nginx in front and set the site address to https://…',
    guide: '3. HTTPS: by jyoti itself, or behind Caddy or nginx',
    level: '###',
  },
];

const healthCard = (page) => page.getByRole('region', { name: 'Site health' });
/** The last link of the Messages card, the one before Site health. */
const messagesLink = (page) => page.getByRole('region', { name: 'Messages' }).getByRole('link').last();
const line = (page, topic) => healthCard(page).getByRole('listitem').filter({ hasText: `${topic}:` });

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.width} px backups, off-site copies and HTTPS each say off, what turns them on, and link the guide`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const token = await asAdmin(page, request);
    // No site address, whatever an earlier suite of this worker left: with one that starts https:// a proxy in front
    // is taken to serve HTTPS.
    await saveMail(request, token, { siteAddress: '' });
    await openAdmin(page, '/admin');

    for (const { topic, message, guide } of OFF) {
      await expect(line(page, topic)).toHaveText(`${topic}: ${message} Guide: “${guide}”`);
      await expect(line(page, topic)).not.toContainText('fine');
    }

    // By keyboard from the card before (Messages): each guide link in turn, in view when it has the focus.
    await messagesLink(page).focus();
    const links = OFF.map(({ topic, guide }) => line(page, topic).getByRole('link', { name: `Guide: “${guide}”` }));
    for (const [index, link] of links.entries()) {
      expect(await tabTo(page, link), `Tab reaches the guide of ${OFF[index].topic}`).toBe(true);
      await expect(link).toBeFocused();
      await expect(link).toBeInViewport();
    }

    // Enter follows the HTTPS line's link to the volunteer's guide, which has the heading the link names. The guide
    // is plain text, for which the browser asks /favicon.ico, which the site does not have (its icon is an SVG that
    // its pages name): answered here, as it is not what this test is about.
    await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/docs\/running\.md$/);
    const lines = (await page.locator('body').innerText()).split('\n');
    for (const { guide, level } of OFF) expect(lines, guide).toContain(`${level} ${guide}`);

    await page.goBack();
    await expect(line(page, 'HTTPS')).toBeVisible({ timeout: 10_000 });
    expect(await violations(page)).toEqual([]);
  });
}

// A server of its own, started with --backup-dir (as JYOTI_BACKUP_DIR), which takes its first backup at once; its
// tests run in a worker of their own.
const withBackups = test.extend({
  serverEnv: [
    async ({}, use) => {
      const backups = mkdtempSync(join(tmpdir(), 'jyoti-e2e-backups-'));
      try {
        await use({ JYOTI_BACKUP_DIR: backups });
      } finally {
        rmSync(backups, { recursive: true, force: true });
      }
    },
    { scope: 'worker' },
  ],
});

for (const viewport of VIEWPORTS) {
  withBackups(`at ${viewport.width} px with a backup folder the backups line says fine, with the newest backup's age`, async ({
    page,
    request,
    serverEnv,
  }) => {
    await page.setViewportSize(viewport);
    await asAdmin(page, request);
    await expect
      .poll(async () => (await (await request.get('/healthz')).json()).checks.backups.state, { timeout: 20_000 })
      .toBe('ok');
    expect(readdirSync(serverEnv.JYOTI_BACKUP_DIR).filter((name) => /^jyoti-.*\.db$/.test(name))).toHaveLength(1);

    await openAdmin(page, '/admin');
    const backups = line(page, 'Backups');
    await expect(backups).toHaveText(/^Backups: fine\. The newest backup is \d+ (second|minute)s? old\.$/);
    await expect(backups.getByRole('link')).toHaveCount(0);
    // Off-site copies stay off: that line still says so.
    await expect(line(page, 'Off-site copies')).toContainText('Off-site copies are off');

    // By keyboard: the first guide link of the card is the off-site copies' one, past the backups line.
    await messagesLink(page).focus();
    await page.keyboard.press('Tab');
    const offsiteGuide = line(page, 'Off-site copies').getByRole('link', { name: `Guide: “${OFF[1].guide}”` });
    await expect(offsiteGuide).toBeFocused();
    expect(await violations(page)).toEqual([]);
  });
}
