// Admin calls for the gallery's images.
import { contentCalls } from '../../components/admin/content-calls.js';

/** An image is {caption, photoId}. */
export const galleryCalls = contentCalls('/api/admin/gallery');
