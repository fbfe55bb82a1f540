// The Support page's call: a donor's note of a payment made, so the volunteers can find it and say thank you.
import { api } from '../../lib/api-client.js';

export const tellGift = (gift) => api('/api/form/gift', { method: 'POST', body: gift, auth: false });
