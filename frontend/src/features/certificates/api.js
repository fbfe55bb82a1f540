// Certificate calls: the public lookup by number, and the admin's list (it names every holder), issue and delete.
import { api } from '../../lib/api-client.js';
import { download, fetchFile, upload } from '../../lib/file-transfer.js';

const id = (value) => encodeURIComponent(value);

export const fetchCertificate = (number) => api(`/api/certificate/get_certificate/${id(number)}`, { auth: false });

/** One page of the certificates: `query` is {page, size, sort, q}; answers {items, total, page, size}. */
export const fetchCertificates = (query) => api('/api/admin/display_certificate', { query });

/** `certificate` is {name, certinumber, event, issuedOn}; event and issuedOn may be empty. */
export const createCertificate = (certificate) =>
  api('/api/admin/post_certificate', { method: 'POST', body: certificate });

/** Corrects an issued certificate: `change` is any of {name, event, issuedOn} (its number stays). */
export const updateCertificate = (certificateId, change) =>
  api(`/api/admin/certificates/${id(certificateId)}`, { method: 'PATCH', body: change });

/** The number after the highest issued: {certinumber}. */
export const fetchNextNumber = () => api('/api/admin/certificates/next-number');

export const deleteCertificate = (certificateId) =>
  api(`/api/admin/delete_certificate/${id(certificateId)}`, { method: 'DELETE' });

/** Revokes the certificate from `revokedOn` (YYYY-MM-DD; today when empty), or makes it valid again. */
export const setRevoked = (certificateId, revoked, revokedOn = '') =>
  api(`/api/admin/certificates/${id(certificateId)}/revocation`, {
    method: 'PATCH',
    body: revoked ? { revoked, revokedOn: revokedOn || null } : { revoked },
  });

/**
 * The certificate's QR code (SVG, pointing at its verify link) as a Blob, with `link`, the link it holds; 409 while
 * the site address is unset.
 */
export async function fetchCertificateQr(certificateId) {
  let link = '';
  const response = await fetchFile(`/api/admin/certificates/${id(certificateId)}/qr.svg`, (_blob, headers) => {
    link = headers.get('X-Verify-Link') ?? '';
  });
  return { ...response, link };
}

/**
 * Sends a CSV file of certificates: with `dryRun` only checked, else imported all at once or not at all. Answers
 * {rows, imported, errors: [{line, column, message}]}, or a refusal's {message}.
 */
export const importCertificates = (file, dryRun) =>
  upload(`/api/admin/certificates/import?dryRun=${dryRun}`, file);

/** Saves every certificate as a CSV file. */
export const exportCertificates = () => download('/api/admin/certificates/csv', 'certificates.csv');
