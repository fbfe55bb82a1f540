// Registration, login and current-user calls.
import { api } from '../../lib/api-client.js';

export const register = (details) => api('/api/auth/register', { method: 'POST', body: details, auth: false });

export const login = (credentials) => api('/api/auth/login', { method: 'POST', body: credentials, auth: false });

export const fetchCurrentUser = () => api('/api/auth/user');

export const logout = () => api('/api/auth/logout', { method: 'POST' });
