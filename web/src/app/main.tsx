import '@fontsource-variable/cairo';
import '../styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { activateLanguage, storedLanguage } from '../lib/i18n';
import { registerServiceWorker } from '../offline/register-service-worker';
import { AppProviders } from './providers';
import { router } from './router';

// After a deploy, a page that was already open may ask for a chunk that no longer exists
// (the server answers 404): reload once to get the new build, never in a loop.
// Every chunk of the old build fails alike (the idle preloads too): once reloading, the rest are quiet.
const RELOADED_FOR = 'reloaded-for-missing-chunk';
let reloading = false;
window.addEventListener('vite:preloadError', (event) => {
  if (reloading) return event.preventDefault();
  if (sessionStorage.getItem(RELOADED_FOR) === location.pathname) return;
  sessionStorage.setItem(RELOADED_FOR, location.pathname);
  reloading = true;
  event.preventDefault();
  location.reload();
});
window.addEventListener('load', () => setTimeout(() => sessionStorage.removeItem(RELOADED_FOR), 10_000));

// The language catalog loads before the first paint, so no text flashes in the wrong language.
void activateLanguage(storedLanguage()).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  registerServiceWorker();
  // The offline outbox sends what is queued (on load, online, visible, backoff, SW messages).
  // Loaded after the first paint: Dexie stays out of the landing page's first script.
  void import('../offline/outbox').then((outbox) => outbox.startOutbox());
});
