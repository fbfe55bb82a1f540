// Admin calls for the cards of the two home carousels. Each change answers {msg}; the screen then reloads
// GET /api/content, which the server has invalidated.
import { api } from '../../lib/api-client.js';

const id = (value) => encodeURIComponent(value);

/** `card` is {section: 'works'|'awards', caption, photoId}. */
export const createCard = (card) => api('/api/admin/cards', { method: 'POST', body: card });

export const updateCard = (cardId, changes) => api(`/api/admin/cards/${id(cardId)}`, { method: 'PATCH', body: changes });

export const deleteCard = (cardId) => api(`/api/admin/cards/${id(cardId)}`, { method: 'DELETE' });

export const orderCards = (section, ids) => api(`/api/admin/cards/${id(section)}/order`, { method: 'PUT', body: { ids } });
