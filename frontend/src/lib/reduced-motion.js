// Whether the visitor asked the system for less motion; updates live when the setting changes.
import { useMediaQuery } from './media-query.js';

export const usePrefersReducedMotion = () => useMediaQuery('(prefers-reduced-motion: reduce)');
