import '@fontsource-variable/cairo';
import '@/styles/app.css';
import { RELOADED_FOR, reloadForMissingChunk } from '@/lib/missing-chunk';
import { nextTask } from '@/lib/tasks';

// A chunk gone after a deploy reloads the page once onto the new build (never offline).
window.addEventListener(
  'vite:preloadError',
  reloadForMissingChunk({
    online: () => navigator.onLine,
    path: () => location.pathname,
    storage: sessionStorage,
    reload: () => location.reload(),
  }),
);
window.addEventListener('load', () => setTimeout(() => sessionStorage.removeItem(RELOADED_FOR), 10_000));

// A static graph of modules is evaluated in one task, and React DOM with the app's first screen
// is a few hundred milliseconds of it on a slow phone (docs/decisions/053-first-paint-without-waiting.md).
// So the app is two chunks imported one after the other, each evaluated in a task of its own with
// a turn for the browser between them: React DOM (with React), then the app (start.tsx). Both are
// fetched at once (the landing's boot and the shells' <link rel="modulepreload">, web/build/prerender.ts).
void import('react-dom/client')
  .then(nextTask)
  .then(() => import('./start'))
  .then((app) => app.startApp());
