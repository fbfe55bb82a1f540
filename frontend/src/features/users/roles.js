// The roles an account can have, as the admin screens and the invitation page name them.

/** Each role's name, by the server's value. */
export const ROLE_NAMES = { admin: 'Admin', editor: 'Editor', user: 'User' };

/** What an invited person becomes: "an admin", "an editor". */
export const withArticle = (role) => (role === 'admin' ? 'an admin' : 'an editor');

/** The roles an invitation can give. */
export const INVITED_ROLES = ['editor', 'admin'];

/** What an account is called by its role, in "Your account is … now": "an admin", "an editor". */
const ACCOUNT_IS = { admin: 'an admin', editor: 'an editor' };

/**
 * What accepting the invitation does to the account, said before it is accepted: {sentence, loses}. "You will be an
 * editor." — and for an account that has another role now, that it loses it ("Your account is an admin now and
 * stops being one."), `loses` then being true. An ordinary member's account has no admin-area role to lose.
 */
export function roleChange({ role, currentRole }) {
  const will = `You will be ${withArticle(role)}.`;
  if (!currentRole) return { sentence: will, loses: false };
  if (currentRole === role) return { sentence: `${will} Your account is ${withArticle(role)} already.`, loses: false };
  if (!ACCOUNT_IS[currentRole]) {
    return { sentence: `${will} Your account has no role in the admin area now.`, loses: false };
  }
  return { sentence: `${will} Your account is ${ACCOUNT_IS[currentRole]} now and stops being one.`, loses: true };
}
