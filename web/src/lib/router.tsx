import { useEffect, useRef } from 'react';
import { Redirect, useLocation } from 'wouter';

/**
 * The app's routing, on wouter (decision 021): the browser's address is the state, read with
 * hooks. Screens and features import routing from here only, so the router stays one choice.
 */
export { Link, Route, Router, Switch, useParams, useSearch, useSearchParams } from 'wouter';

let routePreloader: ((path: string) => void) | undefined;

/** The app's way of preloading a route (app/router.tsx sets it as the app starts). */
export function setRoutePreloader(preload: (path: string) => void): void {
  routePreloader = preload;
}

/**
 * Starts fetching what the screen at `path` (a path, perhaps with its query) shows first: its code
 * and its first data. For a link's hover or focus, a moment before the tap. Does nothing before
 * the app has started.
 */
export function preloadRoute(path: string): void {
  routePreloader?.(path);
}

/** Goes to another address of the app: `navigate('/login', { replace: true })`. */
export function useNavigate(): (to: string, options?: { replace?: boolean }) => void {
  return useLocation()[1];
}

/** The address's path, without the query (`/admin/bookings`). */
export function usePathname(): string {
  return useLocation()[0];
}

/** Goes to `to` as soon as it renders (a guard's redirect). */
export function Navigate({ to, replace = false }: { to: string; replace?: boolean }) {
  return <Redirect to={to} replace={replace} />;
}

let traversing = false;
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => {
    traversing = true;
    setTimeout(() => (traversing = false));
  });
}

/**
 * A new screen opens at its top. Back and forward keep the browser's own scroll restoration, and
 * a change of the query alone (a landing panel's `?services=true`) does not scroll.
 */
export function ScrollToTopOnNavigate() {
  const pathname = usePathname();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (!traversing) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
