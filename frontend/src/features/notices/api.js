// Notice board calls.
import { api } from '../../lib/api-client.js';

/** The notices, newest first (the server orders them). */
export const fetchNotices = () => api('/api/admin/servicelist', { auth: false });
