// Certificate calls: the public lookup by number, and the admin's list (it names every holder), issue and delete.
import { api } from '../../lib/api-client.js';

const id = (value) => encodeURIComponent(value);

export const fetchCertificate = (number) => api(`/api/certificate/get_certificate/${id(number)}`, { auth: false });

/** One page of the certificates: `query` is {page, size, sort, q}; answers {items, total, page, size}. */
export const fetchCertificates = (query) => api('/api/admin/display_certificate', { query });

/** `certificate` is {name, certinumber}. */
export const createCertificate = (certificate) =>
  api('/api/admin/post_certificate', { method: 'POST', body: certificate });

export const deleteCertificate = (certificateId) =>
  api(`/api/admin/delete_certificate/${id(certificateId)}`, { method: 'DELETE' });
