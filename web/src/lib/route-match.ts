import { matchRoute as wouterMatchRoute } from 'wouter';

// Outside lib/router.tsx, so that only the table of routes that uses it (app/more-routes.tsx)
// carries it, not the landing page's first script.

/**
 * A route's pattern as the app writes them (`/admin/bookings`, `/booking/:reference`) made into
 * the expression wouter's default parser makes of it: the whole path, an optional trailing slash,
 * any case, each `:name` one segment.
 */
function parsePattern(route: string) {
  const keys: string[] = [];
  const source = route.replace(/\/:(\w+)|[.*+?^${}()|[\]\\]/g, (found, key?: string) => {
    if (!key) return `\\${found}`;
    keys.push(key);
    return '/([^/]+?)';
  });
  return { keys, pattern: new RegExp(`^${source}/?$`, 'i') };
}

/** Whether `pathname` is `pattern`'s address (as `<Route path={pattern}>` matches it), and its parameters. */
export function matchRoute(pattern: string, pathname: string) {
  return wouterMatchRoute(parsePattern, pattern, pathname);
}
