import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { hotelToday } from '@shared/dates';
import type { AppEnv } from './env';
import { readVersions, type Resource } from './change-counters';

/**
 * The cache of the public catalogue reads (docs/decisions/013-edge-caching.md).
 *
 * An answer is kept under a key made of the request's path and query, its language, the
 * hotel day (Asia/Muscat: offers and "tonight" change at midnight there) and the current
 * versions of the resources it shows (the change counters that database triggers bump on
 * every write: migrations/0011, 0014 and 0018). A staff write, a booking or a cancellation
 * bumps a counter, so the next read has a new key and misses; nothing is purged.
 *
 * Two layers: the isolate's memory (a few dozen small lists), then the data centre's
 * `caches.default`, shared by the isolates there. A hit costs no list query.
 *
 * How fresh the versions are:
 * - `inventory` is trusted for INVENTORY_VERSION_TTL_MS (one second) in each isolate: a booking
 *   or a staff change made through another isolate shows within a second, next to the booking
 *   form's 3 s poll; one through this isolate at once (forgetVersions). Under load (every guest
 *   on the booking form polling) an isolate then reads the counter once a second, not once a
 *   request. A booking is checked against the rooms themselves when it is made, never against
 *   this answer.
 * - `content` (rooms, offers, services, VIP cards, site settings) is trusted for
 *   CONTENT_VERSION_TTL_MS in each isolate, so a catalogue hit reads nothing from D1. A write
 *   through this isolate forgets it at once (forgetVersions, index.ts); another isolate sees
 *   a staff edit of the catalogue within that time. Nothing that decides money or rooms
 *   reads these answers: prices and availability are computed again when a booking is made.
 *
 * Only answers that are the same for everyone are kept: the routes using this middleware
 * never read the session, and an answer that is not 200 or that sets a cookie is never
 * stored. Browsers keep following the route's own Cache-Control and ETag.
 */

/** How long an isolate trusts the content counter it read (see above). */
export const CONTENT_VERSION_TTL_MS = 5_000;
/** How long an isolate trusts the inventory counter it read (see above). */
export const INVENTORY_VERSION_TTL_MS = 1_000;
const TRUSTED_FOR: Partial<Record<Resource, number>> = {
  content: CONTENT_VERSION_TTL_MS,
  inventory: INVENTORY_VERSION_TTL_MS,
};
/** How long the data centre keeps an entry. Keys carry the versions, so this only bounds the space used. */
const STORE_SECONDS = 24 * 60 * 60;
/** The isolate's memory layer: at most this many answers (oldest dropped first). */
const MEMORY_ENTRIES = 64;
/** The route's own Cache-Control, kept beside the stored copy (which carries the cache's). */
const BROWSER_CACHE_CONTROL = 'x-browser-cache-control';

type Stored = { body: ArrayBuffer; headers: [string, string][] };
const memory = new Map<string, Stored>();
/** By hotel and resource (`<hotel>:<resource>`; the default hotel's code is ''): each hotel has its own counters. */
const trusted = new Map<string, { version: number; until: number }>();

/** A write went through this isolate: read the counters again before the next cached answer. */
export function forgetVersions(): void {
  trusted.clear();
}

/** The versions of the resources: the trusted counters, the rest from D1 (one query). */
async function currentVersions(c: Context<AppEnv>, resources: Resource[]): Promise<Map<string, number>> {
  const now = Date.now();
  const versions = new Map<string, number>();
  const toRead: Resource[] = [];
  const hotel = c.env.HOTEL?.code ?? '';
  for (const r of resources) {
    const known = trusted.get(`${hotel}:${r}`);
    if (known && known.until > now) versions.set(r, known.version);
    else toRead.push(r);
  }
  if (toRead.length === 0) return versions;
  const read = await readVersions(c.get('db'), toRead);
  for (const [resource, version] of read) {
    versions.set(resource, version);
    const ttl = TRUSTED_FOR[resource as Resource];
    if (ttl) trusted.set(`${hotel}:${resource}`, { version, until: now + ttl });
  }
  return versions;
}

/**
 * The cache key: same origin, the route's path and sorted query, then language, day and versions;
 * and the hotel when it is not the default one (a development request chooses it by `X-Hotel` on
 * the same origin; docs/decisions/103).
 */
function cacheKey(
  url: URL,
  language: string,
  versions: Map<string, number>,
  resources: Resource[],
  hotel: string | undefined,
) {
  const key = new URL(url.pathname, url.origin);
  const params = [...url.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [name, value] of params) key.searchParams.append(name, value);
  if (hotel) key.searchParams.set('_hotel', hotel);
  key.searchParams.set('_lang', language);
  key.searchParams.set('_day', hotelToday());
  key.searchParams.set('_v', resources.map((r) => `${r}.${versions.get(r) ?? 0}`).join('-'));
  return key.toString();
}

function remember(key: string, stored: Stored) {
  memory.delete(key);
  memory.set(key, stored);
  if (memory.size > MEMORY_ENTRIES) memory.delete(memory.keys().next().value!);
}

function dataCentreCache(): Cache | null {
  return typeof caches === 'undefined' ? null : caches.default;
}

/**
 * Serves a public GET from the cache when the resources it shows have not changed since it
 * was stored, and stores a fresh 200 answer otherwise. `X-Cache: HIT | MISS` says which (the
 * request log line carries it too).
 */
export function edgeCache(resources: Resource[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    // The bench's D1 meter (development only) measures the route itself, not the cache.
    if (c.req.method !== 'GET' || c.req.header('x-d1-meter') === '1') return next();

    const versions = await currentVersions(c, resources);
    c.set('versions', versions);
    const key = cacheKey(new URL(c.req.url), c.get('language'), versions, resources, c.env.HOTEL?.code);
    const cache = dataCentreCache();

    let hit = memory.get(key);
    if (!hit && cache) {
      const found = await cache.match(key);
      if (found) {
        hit = { body: await found.arrayBuffer(), headers: [...found.headers] };
        remember(key, hit);
      }
    }
    if (hit) return answerFrom(c, hit);

    await next();
    c.res.headers.set('X-Cache', 'MISS');
    if (c.res.status !== 200 || c.res.headers.has('set-cookie')) return;
    const headers = new Headers(c.res.headers);
    headers.delete('X-Cache');
    headers.delete('X-Request-Id');
    headers.set(BROWSER_CACHE_CONTROL, c.res.headers.get('cache-control') ?? 'no-cache');
    headers.set('Cache-Control', `public, max-age=${STORE_SECONDS}`);
    const stored: Stored = { body: await c.res.clone().arrayBuffer(), headers: [...headers] };
    remember(key, stored);
    // Awaited: the next request in another isolate finds it; only a miss pays for it.
    await cache?.put(key, new Response(stored.body, { headers }));
  });
}

/** The stored answer with the route's browser caching, or 304 when the browser's copy is current. */
function answerFrom(c: Context<AppEnv>, stored: Stored) {
  const headers = new Headers(stored.headers);
  headers.set('Cache-Control', headers.get(BROWSER_CACHE_CONTROL) ?? 'no-cache');
  headers.delete(BROWSER_CACHE_CONTROL);
  headers.set('X-Cache', 'HIT');
  const etag = headers.get('etag');
  const sent = c.req.header('if-none-match');
  if (etag && sent !== undefined && sent.split(/\s*,\s*/).includes(etag)) {
    return c.newResponse(null, {
      status: 304,
      headers: { ETag: etag, 'Cache-Control': headers.get('cache-control')!, 'X-Cache': 'HIT' },
    });
  }
  return c.newResponse(stored.body, { status: 200, headers });
}
