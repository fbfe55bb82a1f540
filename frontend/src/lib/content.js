// The site content context: the document of GET /api/content, with empty defaults when it could not load,
// and `reload()` to fetch it again after an admin changed it.
import { createContext, useContext } from 'react';
import { api } from './api-client.js';

export const emptyContent = Object.freeze({
  settings: {},
  works: [],
  awards: [],
  gallery: [],
  teams: {},
  donationsChangedAt: null,
  offlineAsOf: null,
});

export const ContentContext = createContext({ ...emptyContent, reload: () => Promise.resolve() });

export const useContent = () => useContext(ContentContext);

/** Fills in whatever the server left out, so pages can render without checking each part. */
export function normaliseContent(data) {
  if (!data || typeof data !== 'object') return emptyContent;
  return {
    settings: data.settings ?? {},
    works: data.works ?? [],
    awards: data.awards ?? [],
    gallery: data.gallery ?? [],
    teams: data.teams ?? {},
    // The day (YYYY-MM-DD) the donation details last changed, or null.
    donationsChangedAt: data.donationsChangedAt ?? null,
    // When the service worker's offline copy was fetched, when this is that copy (no payment details in it); else null.
    offlineAsOf: data.offlineAsOf ?? null,
  };
}

/** The rosters in their display order (an object's own key order would put all-digit slugs first). */
export const rosterList = (teams) => Object.values(teams).sort((a, b) => a.order - b.order);

// The server answers with `Cache-Control: no-cache` and an ETag, so every call revalidates: a change an admin
// just made is never hidden behind a cached copy.

export const fetchContent = () => api('/api/content', { auth: false });
