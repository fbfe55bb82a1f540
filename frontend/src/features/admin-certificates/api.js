// Admin calls for certificates (the list is admin-only: it names every holder).
import { api } from '../../lib/api-client.js';

export const fetchCertificates = () => api('/api/admin/display_certificate');

/** `certificate` is {name, certinumber}. */
export const createCertificate = (certificate) =>
  api('/api/admin/post_certificate', { method: 'POST', body: certificate });

export const deleteCertificate = (id) =>
  api(`/api/admin/delete_certificate/${encodeURIComponent(id)}`, { method: 'DELETE' });
