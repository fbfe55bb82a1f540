// The auth context: token, current user and loading flag, shared by the header, the auth pages and the admin gate.
import { createContext, useContext } from 'react';

export const SessionContext = createContext({
  token: null,
  user: null,
  loading: false,
  storeToken: () => {},
  clearToken: () => {},
});

export const useSession = () => useContext(SessionContext);
