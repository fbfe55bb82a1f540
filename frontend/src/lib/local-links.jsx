// React Router's links for the public pages, kept in the page's language: on a Bengali page `to="/gallery"` goes to
// `/bn/gallery`. Public code imports Link, NavLink, Navigate and useNavigate from here and writes English paths.
import {
  Link as RouterLink,
  Navigate as RouterNavigate,
  NavLink as RouterNavLink,
  useNavigate as useRouterNavigate,
} from 'react-router-dom';
import { inLanguage, useLang } from './i18n.js';

const local = (to, lang) => (typeof to === 'string' ? inLanguage(to, lang) : to);

export function Link({ to, ...props }) {
  return <RouterLink to={local(to, useLang())} {...props} />;
}

export function NavLink({ to, ...props }) {
  return <RouterNavLink to={local(to, useLang())} {...props} />;
}

export function Navigate({ to, ...props }) {
  return <RouterNavigate to={local(to, useLang())} {...props} />;
}

export function useNavigate() {
  const navigate = useRouterNavigate();
  const lang = useLang();
  return (to, options) => navigate(local(to, lang), options);
}
