// Admin calls for the rosters (the teams of each year) and their members.
import { contentCalls } from '../../components/admin/content-calls.js';
import { api } from '../../lib/api-client.js';

/** A roster is {slug, title}; the core roster keeps its slug. */
export const rosterCalls = contentCalls('/api/admin/rosters');

/** A member is {name, department, year, position, link, photoId}; `photoId: null` removes the photo. */
export const memberCalls = (rosterId) =>
  contentCalls(`/api/admin/rosters/${encodeURIComponent(rosterId)}/members`, '/api/admin/members');

/**
 * The members of a roster as its team page shows them: all of them, in order, without `query`; with `query`
 * {page, size, sort: 'order'|'name', q} one page, {items, total, page, size}.
 */
export const fetchMembers = (rosterId, query) =>
  api(`/api/admin/rosters/${encodeURIComponent(rosterId)}/members`, query ? { query } : {});
