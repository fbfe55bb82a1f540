// Entry point: mounts the app into #root.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.jsx';

// The page already shows the loader (index.html carries its markup): the app takes it over in a task of its own, so
// evaluating the scripts and the first render are two short tasks on a slow phone instead of one long one.
setTimeout(() => {
  createRoot(document.getElementById('root')).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}, 0);
