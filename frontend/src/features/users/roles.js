// The roles an account can have, as the admin screens name them.

/** Each role's name, by the server's value. */
export const ROLE_NAMES = { admin: 'Admin', editor: 'Editor', user: 'User' };
