// Invitation links that no longer work, at 1366 px and 360 px: an expired, a used and a withdrawn link each say which
// it is, the expired and withdrawn ones naming the admin who invited to ask for a new link, the used one offering
// Log in (followed by keyboard); an expired invitation stays in the admin's pending list with Send again. Clean under
// axe.
import { execFileSync } from 'node:child_process';
import { adminToken, bearer, expect, test, uniqueEmail, visit } from './fixtures.js';
import { asAdmin, onlySeededAdmin, openAdmin, registerUser, row } from './admin-helpers.js';
import { violations } from './axe.js';
import { tabTo } from './keyboard.js';

test.use({ bypassCSP: true });

const VIEWPORTS = [
  { width: 1366, height: 800 },
  { width: 360, height: 740 },
];

const INVITER = { firstname: 'Sunita', lastname: 'Ghosh' };
const ASK = `Ask ${INVITER.firstname} ${INVITER.lastname} (or another admin of the site) for a new link.`;
const EXPIRED = `This invitation has expired: a link works for 7 days. ${ASK}`;
const WITHDRAWN = `This invitation was withdrawn. ${ASK}`;
const USED = 'This invitation has already been used. If it was you, log in with the password you chose.';

/** A second admin, named INVITER, who sends the invitations (so the pages can be seen to name them): their token. */
async function inviterToken(request) {
  const inviter = await registerUser(request, INVITER);
  const promoted = await request.patch(`/api/admin/users/update/${inviter.id}`, {
    data: { role: 'admin' },
    headers: bearer(await adminToken(request)),
  });
  expect(promoted.status(), 'promote').toBe(200);
  const signedIn = await request.post('/api/auth/login', { data: { email: inviter.email, password: 'member-pass-1' } });
  expect(signedIn.status(), 'inviter sign-in').toBe(200);
  return (await signedIn.json()).token;
}

/** Invites a new address as an editor; answers {id, email, link, token}. */
async function invite(request, token) {
  const email = uniqueEmail('invitee');
  const response = await request.post('/api/admin/invitations', {
    data: { email, role: 'editor' },
    headers: bearer(token),
  });
  expect(response.status(), 'invite').toBe(201);
  const { id, link } = await response.json();
  return { id, email, link, token: new URL(link, 'http://site.invalid').hash.replace(/^#token=/, '') };
}

/**
 * Makes the invitation's seven days run out, as tests/api/invitations.rs does: the server has no way to age an
 * invitation, so its row is dated in the worker's database (through Python's sqlite3, which the test tools need
 * anyway) while the server runs.
 */
function expire(db, invitationId) {
  const script = [
    'import sqlite3, sys',
    'conn = sqlite3.connect(sys.argv[1], timeout=5)',
    "conn.execute('UPDATE invitations SET expires_at = unixepoch() - 60 WHERE id = ?', (int(sys.argv[2]),))",
    'conn.commit()',
  ].join('\n');
  execFileSync('python3', ['-c', script, db, String(Number(invitationId))]);
}

/** Opens the invitation's link and waits for the sentence it shows. */
async function openLink(page, link) {
  const { pathname, hash } = new URL(link, 'http://site.invalid');
  await visit(page, pathname + hash);
  await expect(page.getByRole('heading', { level: 1, name: 'Join the Jyoti team' })).toBeVisible();
}

const sentence = (page) => page.getByRole('main').locator('.invitation-gone p').first();

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('an expired link says it has expired and whom to ask; the admin sees it marked expired, with Send again', async ({
      page,
      request,
      server,
    }) => {
      try {
        const invitation = await invite(request, await inviterToken(request));
        expire(server.db, invitation.id);

        await openLink(page, invitation.link);
        await expect(sentence(page)).toHaveText(EXPIRED);
        await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toHaveCount(0);
        await expect(page.getByLabel('First name')).toHaveCount(0);
        expect(await violations(page), 'axe on the expired link').toEqual([]);

        // The pending list keeps it, marked expired; Send again is reached by keyboard from the list's summary.
        await asAdmin(page, request);
        await openAdmin(page, '/admin/users');
        const summary = page.getByText(/^\d+ pending invitations? \(\d+ expired\)$/);
        await summary.focus();
        await page.keyboard.press('Enter');
        const pending = page.getByRole('region', { name: 'Pending invitations' });
        const mine = row(pending, invitation.email);
        await expect(mine).toContainText('Expired');
        await expect(mine).toContainText(`${INVITER.firstname} ${INVITER.lastname}`);
        const again = mine.getByRole('button', { name: `Send again the invitation of ${invitation.email}` });
        expect(await tabTo(page, again), 'Tab reaches Send again').toBe(true);
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: 'Invite to the team' });
        const fresh = await dialog.getByLabel('Invitation link').inputValue();
        expect(fresh).not.toBe(invitation.link);
        expect(await violations(page)).toEqual([]);
      } finally {
        await onlySeededAdmin(request, await adminToken(request));
      }
    });

    test('a used link says it was used and offers Log in, followed by keyboard', async ({ page, request }) => {
      const invitation = await invite(request, await adminToken(request));
      const accepted = await request.post('/api/auth/invitation', {
        data: { token: invitation.token, firstname: 'Nila', lastname: 'Das', password: 'joining-pass-42' },
      });
      expect(accepted.status(), 'accept').toBe(200);

      await openLink(page, invitation.link);
      await expect(sentence(page)).toHaveText(USED);
      const login = page.getByRole('main').getByRole('link', { name: 'Log in' });
      expect(await tabTo(page, login), 'Tab reaches Log in').toBe(true);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test('a withdrawn link says it was withdrawn and whom to ask', async ({ page, request }) => {
      try {
        const token = await inviterToken(request);
        const invitation = await invite(request, token);
        const revoked = await request.delete(`/api/admin/invitations/${invitation.id}`, { headers: bearer(token) });
        expect(revoked.status(), 'revoke').toBe(200);

        await openLink(page, invitation.link);
        await expect(sentence(page)).toHaveText(WITHDRAWN);
        await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Accept invitation' })).toHaveCount(0);
        expect(await violations(page)).toEqual([]);
      } finally {
        await onlySeededAdmin(request, await adminToken(request));
      }
    });
  });
}
