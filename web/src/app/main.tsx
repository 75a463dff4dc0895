import '@fontsource-variable/cairo';
import '@/styles/app.css';
import { nextTask } from '@/lib/tasks';

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

// A static graph of modules is evaluated in one task, and React DOM with the app's first screen
// is a few hundred milliseconds of it on a slow phone (docs/decisions/053-first-paint-without-waiting.md).
// So the app is two chunks imported one after the other, each evaluated in a task of its own with
// a turn for the browser between them: React DOM (with React), then the app (start.tsx). Both are
// fetched at once (the landing's boot and the shells' <link rel="modulepreload">, web/build/prerender.ts).
void import('react-dom/client')
  .then(nextTask)
  .then(() => import('./start'))
  .then((app) => app.startApp());
