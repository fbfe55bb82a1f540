// The site content context: the document of GET /api/content, with empty defaults when it could not load,
// and `reload()` to fetch it again after an admin changed it.
import { createContext, useContext } from 'react';
import { api, parseJson } from './api-client.js';

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

// `etags`: those of a copy the page holds; the server then answers 304 while it is current.
export const fetchContent = (etags) =>
  api('/api/content', { auth: false, headers: etags ? { 'If-None-Match': etags } : undefined });

/**
 * The content document the server put in the page for its first screen (a data block, see the server's
 * previews/head.rs), taken once: {data, etags}, or null when the page carries none (the database could not be read,
 * or the service worker's offline page).
 */
export function carriedContent() {
  const block = document.getElementById('site-content');
  if (!block) return null;
  block.remove();
  const data = parseJson(block.textContent);
  return data && typeof data === 'object' ? { data, etags: block.dataset.etags ?? '' } : null;
}
