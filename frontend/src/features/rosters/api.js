// Admin calls for the rosters (the teams of each year) and their members.
import { contentCalls } from '../../components/admin/content-calls.js';

/** A roster is {slug, title}; the core roster keeps its slug. */
export const rosterCalls = contentCalls('/api/admin/rosters');

/** A member is {name, department, year, position, link, photoId}; `photoId: null` removes the photo. */
export const memberCalls = (rosterId) =>
  contentCalls(`/api/admin/rosters/${encodeURIComponent(rosterId)}/members`, '/api/admin/members');
