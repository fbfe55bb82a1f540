// Admin calls for the rosters (the teams of each year) and their members.
import { contentCalls } from '../../components/admin/content-calls.js';
import { api } from '../../lib/api-client.js';

/** A roster is {slug, title}; the core roster keeps its slug. */
export const rosterCalls = contentCalls('/api/admin/rosters');

/** A new roster {slug, title} with a copy of the members of roster `fromId` (their photos shared). */
export const copyRoster = (fromId, roster) =>
  api(`/api/admin/rosters/${encodeURIComponent(fromId)}/copy`, { method: 'POST', body: roster });

/** /team shows roster `id`; the core team until now moves to /team{formerSlug}. */
export const makeCoreTeam = (id, formerSlug) =>
  api('/api/admin/rosters/core', { method: 'PUT', body: { id, formerSlug } });

/** A member is {name, department, year, position, link, photoId}; `photoId: null` removes the photo. */
export const memberCalls = (rosterId) =>
  contentCalls(`/api/admin/rosters/${encodeURIComponent(rosterId)}/members`, '/api/admin/members');

/**
 * The members of a roster as its team page shows them: all of them, in order, without `query`; with `query`
 * {page, size, sort: 'order'|'name', q} one page, {items, total, page, size}.
 */
export const fetchMembers = (rosterId, query) =>
  api(`/api/admin/rosters/${encodeURIComponent(rosterId)}/members`, query ? { query } : {});
