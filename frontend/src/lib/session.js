// The auth context: token, current user and loading flag, shared by the header, the auth pages and the admin gate;
// and what the user's role lets them do.
import { createContext, useContext } from 'react';

export const SessionContext = createContext({
  token: null,
  user: null,
  loading: false,
  storeToken: () => {},
  clearToken: () => {},
});

export const useSession = () => useContext(SessionContext);

/** An admin: handles people, money details, email, backups and the activity log, and everything an editor does. */
export const isAdmin = (user) => user?.role === 'admin';

/** An admin or an editor: someone who uses the admin area (editors publish and read messages). */
export const isStaff = (user) => isAdmin(user) || user?.role === 'editor';

/** The admin screen the Admin link and /admin open: Users for an admin (as the spec says), Contacts for an editor. */
export const firstAdminScreen = (user) => (isAdmin(user) ? '/admin/users' : '/admin/contacts');
