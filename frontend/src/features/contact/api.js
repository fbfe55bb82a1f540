// Contact form call.
import { api } from '../../lib/api-client.js';

export const sendContact = (message) => api('/api/form/contact', { method: 'POST', body: message, auth: false });
