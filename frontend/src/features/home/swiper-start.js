// Swiper itself, in a chunk of its own that loads when the first carousel comes near the view.
import Swiper from 'swiper';
import { A11y, Autoplay, Navigation, Pagination } from 'swiper/modules';

/**
 * A Swiper on a carousel already on the page (the container, its wrapper and its slides), not yet started: the
 * caller starts it with `init()` in a task of its own. Swiper adds the arrows and the row of bullets itself.
 */
export function makeSwiper(container, params) {
  return new Swiper(container, {
    ...params,
    modules: [A11y, Autoplay, Navigation, Pagination],
    init: false,
    createElements: true,
  });
}
