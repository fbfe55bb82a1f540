// Entry point: mounts the app into #root.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startInChosenLanguage } from './app/app.jsx';
import { token } from './lib/token.js';

// The page already shows the loader (index.html carries its markup), so the app starts in short tasks of its own
// instead of one long one on a slow phone: evaluating the scripts; the page's first read of localStorage (the
// session token, the chosen language), which waits on the browser for its copy of the storage; and the first render.
setTimeout(() => {
  token.get();
  startInChosenLanguage();
  setTimeout(() => {
    createRoot(document.getElementById('root')).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }, 0);
}, 0);
