// Certificate calls: the public lookup by number, and the admin's list (it names every holder), issue and delete.
import { api } from '../../lib/api-client.js';

const id = (value) => encodeURIComponent(value);

export const fetchCertificate = (number) => api(`/api/certificate/get_certificate/${id(number)}`, { auth: false });

export const fetchCertificates = () => api('/api/admin/display_certificate');

/** `certificate` is {name, certinumber}. */
export const createCertificate = (certificate) =>
  api('/api/admin/post_certificate', { method: 'POST', body: certificate });

export const deleteCertificate = (certificateId) =>
  api(`/api/admin/delete_certificate/${id(certificateId)}`, { method: 'DELETE' });
