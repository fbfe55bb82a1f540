// The app shell: router, session and content providers, routes, and the toast container.
import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router-dom';
import './global.css';
import { AppProviders } from './providers.jsx';
import { AppRoutes } from './routes.jsx';

const ToastHost = lazy(() => import('./toast-host.jsx'));

export function App() {
  return (
    <BrowserRouter>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
      <Suspense fallback={null}>
        <ToastHost />
      </Suspense>
    </BrowserRouter>
  );
}
