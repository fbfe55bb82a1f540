// /logout: ends the session on the server, forgets it here, and goes to /login.
import { useEffect } from 'react';
import { Navigate } from '../../lib/local-links.jsx';
import { useSession } from '../../lib/session.js';
import { logout } from './api.js';

export function LogoutPage() {
  const { token, clearToken } = useSession();
  useEffect(() => {
    if (!token) return;
    // Forgotten here even when the server cannot be reached: the browser must not stay signed in.
    logout().finally(clearToken);
  }, [token, clearToken]);
  return token ? null : <Navigate to="/login" replace />;
}
