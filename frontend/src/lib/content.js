// The site content context: the document of GET /api/content, with empty defaults when it could not load.
import { createContext, useContext } from 'react';
import { api } from './api-client.js';

export const emptyContent = Object.freeze({ settings: {}, works: [], awards: [], gallery: [], teams: {} });

export const ContentContext = createContext(emptyContent);

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
  };
}

export const fetchContent = () => api('/api/content', { auth: false });
