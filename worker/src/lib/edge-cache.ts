import { inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { hotelToday } from '../../../shared/src/dates';
import { changeCounters } from '../db/schema/operations';
import type { AppEnv } from '../env';
import type { Resource } from './versions';

/**
 * The edge cache of the public catalogue reads (issue 17, docs/decisions/013-edge-caching.md).
 *
 * An answer is kept in the data centre's cache (`caches.default`) under a key made of the
 * request's path and query, its language, the hotel day (Asia/Muscat: offers and "tonight"
 * change at midnight there) and the current versions of the resources it shows (the change
 * counters that database triggers bump on every write, migrations/0011, 0014 and 0018). A
 * staff write, a booking or a cancellation bumps a counter, so the next read has a new key
 * and misses: nothing stale is ever served, in any isolate or data centre, and nothing has
 * to be purged. A hit costs one small D1 read (the counters) and a cache lookup instead of
 * the list's queries.
 *
 * Only answers that are the same for everyone are kept: the routes that use this middleware
 * never read the session, and an answer that is not 200 or that sets a cookie is never
 * stored. Browsers keep following the route's own Cache-Control and ETag.
 */

/** How long the data centre keeps an entry. Keys carry the versions, so this only bounds the space used. */
const STORE_SECONDS = 24 * 60 * 60;
/** The route's own Cache-Control, kept beside the stored copy (which carries the cache's). */
const BROWSER_CACHE_CONTROL = 'x-browser-cache-control';

/** The versions of the resources, one query; also kept on the context for answerIfChanged. */
export async function readVersions(c: Context<AppEnv>, resources: Resource[]): Promise<Map<string, number>> {
  const rows = await c
    .get('db')
    .select()
    .from(changeCounters)
    .where(inArray(changeCounters.resource, resources));
  return new Map(rows.map((row) => [row.resource, row.version]));
}

/** The cache key: same origin, the route's path and query, then language, day and versions. */
function cacheKey(url: URL, language: string, versions: Map<string, number>, resources: Resource[]) {
  const key = new URL(url.pathname, url.origin);
  const params = [...url.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [name, value] of params) key.searchParams.append(name, value);
  key.searchParams.set('_lang', language);
  key.searchParams.set('_day', hotelToday());
  key.searchParams.set('_v', resources.map((r) => `${r}.${versions.get(r) ?? 0}`).join('-'));
  return new Request(key.toString(), { method: 'GET' });
}

function cacheStorage(): Cache | null {
  return typeof caches === 'undefined' ? null : caches.default;
}

/**
 * Serves a public GET from the edge cache when the resources it shows have not changed
 * since it was stored, and stores a fresh 200 answer otherwise. `X-Cache: HIT | MISS` says
 * which (the request log line carries it too).
 */
export function edgeCache(resources: Resource[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const cache = cacheStorage();
    // The bench's D1 meter (development only) measures the route itself, not the cache.
    if (c.req.method !== 'GET' || !cache || c.req.header('x-d1-meter') === '1') return next();

    const versions = await readVersions(c, resources);
    c.set('versions', versions);
    const key = cacheKey(new URL(c.req.url), c.get('language'), versions, resources);

    const hit = await cache.match(key);
    if (hit) {
      const headers = new Headers(hit.headers);
      headers.set('Cache-Control', browserCacheControl(hit));
      headers.delete(BROWSER_CACHE_CONTROL);
      headers.set('X-Cache', 'HIT');
      const etag = hit.headers.get('etag');
      const sent = c.req.header('if-none-match');
      if (etag && sent !== undefined && sent.split(/\s*,\s*/).includes(etag)) {
        return c.newResponse(null, {
          status: 304,
          headers: { ETag: etag, 'Cache-Control': browserCacheControl(hit), 'X-Cache': 'HIT' },
        });
      }
      return c.newResponse(hit.body, { status: 200, headers });
    }

    await next();
    c.res.headers.set('X-Cache', 'MISS');
    if (c.res.status !== 200 || c.res.headers.has('set-cookie')) return;
    const stored = new Response(c.res.clone().body, c.res);
    stored.headers.set(BROWSER_CACHE_CONTROL, c.res.headers.get('cache-control') ?? 'no-cache');
    stored.headers.set('Cache-Control', `public, max-age=${STORE_SECONDS}`);
    stored.headers.delete('X-Cache');
    stored.headers.delete('X-Request-Id');
    // Awaited: the next request (and the test) finds it; only a miss pays for it.
    await cache.put(key, stored);
  });
}

function browserCacheControl(stored: Response) {
  return stored.headers.get(BROWSER_CACHE_CONTROL) ?? 'no-cache';
}
