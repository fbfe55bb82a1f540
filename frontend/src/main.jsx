// Entry point: mounts the app into #root.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.jsx';

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
