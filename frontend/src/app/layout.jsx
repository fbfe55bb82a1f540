// The frame of every page: header and navigation, the route's content in <main>, and the footer.
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Footer } from './footer.jsx';
import { Header } from './header.jsx';
import './layout.css';

export function Layout() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<p className="page-loading">Loading…</p>}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </>
  );
}
