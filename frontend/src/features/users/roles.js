// The roles an account can have, as the admin screens and the invitation page name them.

/** Each role's name, by the server's value. */
export const ROLE_NAMES = { admin: 'Admin', editor: 'Editor', user: 'User' };

/** What an invited person becomes: "an admin", "an editor". */
export const withArticle = (role) => (role === 'admin' ? 'an admin' : 'an editor');

/** The roles an invitation can give. */
export const INVITED_ROLES = ['editor', 'admin'];
