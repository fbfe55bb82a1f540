// /logout: forgets the session and goes to /login.
import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { useSession } from '../../lib/session.js';

export function LogoutPage() {
  const { token, clearToken } = useSession();
  useEffect(() => {
    clearToken();
  }, [clearToken]);
  return token ? null : <Navigate to="/login" replace />;
}
