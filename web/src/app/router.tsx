import { lazy } from '@/lib/lazy';
import { Route, Switch } from '@/lib/router';
import { LandingScreen } from './landing-screen';

// Every other route (app/more-routes.tsx) is a lazy chunk: the landing page's first script holds
// neither their table nor the guards, nor the list of the screens' chunks (decision 024). Other
// pages' HTML preloads it (web/build/prerender.ts); the landing page fetches it when idle.
const loadMoreRoutes = () => import('./more-routes');
const MoreRoutes = lazy(loadMoreRoutes);

/** Fetches the other routes' table ahead (the landing page, once idle). */
export function preloadMoreRoutes() {
  void loadMoreRoutes();
}

/**
 * Starts fetching what the screen at `path` (with its query, if any) needs first, its code and its
 * first data, at once (app/more-routes.tsx, preloadRoute): as the app starts, for the address it
 * opens on, and for a link about to be followed (lib/router.tsx). The landing page needs none.
 * Resolves once those requests are on their way.
 */
export function preloadScreen(path: string): Promise<void> {
  const pathname = path.replace(/[?#].*/, '');
  if (pathname === '/' || pathname === '/hotel') return Promise.resolve();
  // Undefined while the page reloads onto a new build (lib/lazy.ts).
  return loadMoreRoutes().then(
    (routes) => routes?.preloadRoute(path),
    () => undefined,
  );
}

/**
 * The screen for the current address (inside the app's layout, app/app-layout.tsx): the landing
 * page from the first script, any other from the lazy table, inside the layout's Suspense
 * boundary like the screens themselves.
 */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/">
        <LandingScreen />
      </Route>
      <Route path="/hotel">
        <LandingScreen />
      </Route>
      <Route>
        <MoreRoutes />
      </Route>
    </Switch>
  );
}
