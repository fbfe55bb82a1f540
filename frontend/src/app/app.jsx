// The app shell: router, session and content providers, routes, and the toast container.
import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { LeaveGuard } from '../components/admin/unsaved-changes.js';
import { WhenIdle } from '../components/when-idle.jsx';
import './global.css';
import { AppProviders } from './providers.jsx';
import { AppRoutes, preloadPagesFor } from './routes.jsx';

const ToastHost = lazy(() => import('./toast-host.jsx'));

// The page the visitor opened has its code in by the time the loader goes.
const prepareFirstPage = (content) => preloadPagesFor(window.location.pathname, content.teams);

export function App() {
  return (
    <BrowserRouter>
      <AppProviders prepare={prepareFirstPage}>
        <AppRoutes />
      </AppProviders>
      <LeaveGuard />
      {/* A toast shown before the container is up waits for it (react-toastify queues it). */}
      <WhenIdle>
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      </WhenIdle>
    </BrowserRouter>
  );
}
