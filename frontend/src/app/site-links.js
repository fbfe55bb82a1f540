// The site's own pages as links, each named once: the navigation bar and the footer list them in their own order.
export const siteLinks = {
  home: { to: '/', label: 'Home' },
  gallery: { to: '/gallery', label: 'Gallery' },
  team: { to: '/team', label: 'Team' },
  notice: { to: '/notice', label: 'Notice' },
  support: { to: '/support', label: 'Support' },
  contact: { to: '/contact', label: 'Contact' },
  verify: { to: '/verify', label: 'Verify' },
};
