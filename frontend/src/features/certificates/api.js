// Certificate lookup call.
import { api } from '../../lib/api-client.js';

export const fetchCertificate = (number) =>
  api(`/api/certificate/get_certificate/${encodeURIComponent(number)}`, { auth: false });
