// Admin calls for the cards of the two home carousels.
import { contentCalls } from '../../components/admin/content-calls.js';

const cards = contentCalls('/api/admin/cards');

/** The cards of one carousel, `section` 'works' or 'awards': each card is {caption, photoId}. */
export const cardCalls = (section) => ({
  ...cards,
  create: (card) => cards.create({ section, ...card }),
  order: contentCalls(`/api/admin/cards/${encodeURIComponent(section)}`).order,
});
