// Admin calls for the rosters (the teams of each year) and their members. Each change answers {msg}; the
// screens then reload GET /api/content, which the server has invalidated.
import { api } from '../../lib/api-client.js';

const id = (value) => encodeURIComponent(value);

/** `roster` is {slug, title}. */
export const createRoster = (roster) => api('/api/admin/rosters', { method: 'POST', body: roster });

/** `changes` holds slug and/or title; the core roster keeps its slug. */
export const updateRoster = (rosterId, changes) =>
  api(`/api/admin/rosters/${id(rosterId)}`, { method: 'PATCH', body: changes });

export const deleteRoster = (rosterId) => api(`/api/admin/rosters/${id(rosterId)}`, { method: 'DELETE' });

export const orderRosters = (ids) => api('/api/admin/rosters/order', { method: 'PUT', body: { ids } });

/** `member` is {name, department, year, position, link, photoId}; `photoId: null` removes the photo. */
export const createMember = (rosterId, member) =>
  api(`/api/admin/rosters/${id(rosterId)}/members`, { method: 'POST', body: member });

export const updateMember = (memberId, changes) =>
  api(`/api/admin/members/${id(memberId)}`, { method: 'PATCH', body: changes });

export const deleteMember = (memberId) => api(`/api/admin/members/${id(memberId)}`, { method: 'DELETE' });

export const orderMembers = (rosterId, ids) =>
  api(`/api/admin/rosters/${id(rosterId)}/members/order`, { method: 'PUT', body: { ids } });
