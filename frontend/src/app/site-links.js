// The site's own pages as links, each named once in the route table: the navigation bar and the footer list them
// in their own order.
import { translate } from '../lib/i18n.js';
import { navPages } from './route-pages.js';
import { routeTable } from './route-table.js';

const labelled = new Map(
  navPages(routeTable)
    .filter((page) => !page.path.startsWith('/admin'))
    .map((page) => [page.path, { to: page.path, label: page.nav }]),
);

function link(to) {
  const found = labelled.get(to);
  if (!found) throw new Error(`The route table gives ${to} no menu label`);
  return found;
}

export const siteLinks = {
  home: link('/'),
  gallery: link('/gallery'),
  team: link('/team'),
  notice: link('/notice'),
  support: link('/support'),
  contact: link('/contact'),
  verify: link('/verify'),
};

/** A site link's label in `lang`: the route table's English, or the Bengali catalog's `nav PATH`. */
export const linkLabel = (link, lang) => (lang === 'en' ? link.label : translate(lang, `nav ${link.to}`));
