// A problem /healthz reports shows as a banner above every admin screen until it is gone, in plain words with what to
// do: here the scheduled backups fail (a server of its own whose backup folder cannot be written: made immutable, as
// `chattr +i` does, which holds even for root).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test as base } from './fixtures.js';
import { asAdmin, openAdmin } from './admin-helpers.js';
import { violations } from './axe.js';

// The worker's server gets the backup folder, made for it and cleared once its tests are done.
const test = base.extend({
  serverEnv: [
    async ({}, use) => {
      const backups = mkdtempSync(join(tmpdir(), 'jyoti-e2e-backups-'));
      execFileSync('chattr', ['+i', backups]);
      try {
        await use({ JYOTI_BACKUP_DIR: backups, JYOTI_BACKUP_EVERY: '1h' });
      } finally {
        execFileSync('chattr', ['-i', backups]);
        rmSync(backups, { recursive: true, force: true });
      }
    },
    { scope: 'worker' },
  ],
});

test.use({ bypassCSP: true });

for (const width of [360, 1366]) {
  test(`failing backups put a red banner above every admin screen, saying what to do, at ${width} px`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 740 });
    await asAdmin(page, request);
    const health = await (await request.get('/healthz')).json();
    expect(health.checks.backups.state, JSON.stringify(health)).toBe('fail');

    for (const screen of ['/admin', '/admin/notices', '/admin/users']) {
      await openAdmin(page, screen);
      const banner = page.getByRole('alert').filter({ hasText: 'The site needs attention now' });
      await expect(banner).toBeVisible();
      await expect(banner).toContainText(
        /Backups: Scheduled backups have failed for \d+ \w+: check the backup folder's space and owner/,
      );
      const box = await banner.boundingBox();
      expect(box.x + box.width, 'the banner fits the screen').toBeLessThanOrEqual(width);
    }
    expect(await violations(page)).toEqual([]);

    // Visitors are not told: the public pages show no banner.
    await page.goto('/');
    await expect(page.getByText('The site needs attention')).toHaveCount(0);
  });
}
