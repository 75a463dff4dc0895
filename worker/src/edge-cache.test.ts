import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import type { AppEnv } from './platform/env';
import { edgeCache, forgetVersions, INVENTORY_VERSION_TTL_MS } from './platform/edge-cache';
import { HEALTH_DB_CHECK_MS } from './modules/operations/health';
import { call, logIn, signUp } from '@worker-test/helpers';

/**
 * Public catalogue reads come from the edge cache (caches.default, keyed by the
 * change counters' versions), a write that changes what they show is seen by the very next
 * read, nothing user-specific is ever kept, and maintenance mode still applies.
 */
let admin = '';
let staff = '';

beforeAll(async () => {
  admin = (await logIn('admin@example.com', 'change-me-admin')).cookie;
  staff = (await logIn('staff@example.com', 'change-me-staff')).cookie;
});

const cacheOf = (res: Response) => res.headers.get('x-cache');
/** A query string of its own, so each test starts from an empty cache entry. */
const fresh = () => `probe=${crypto.randomUUID()}`;

type InventoryRow = { roomType: string; availableCount: number; totalCount: number };

describe('public reads from the edge cache', () => {
  it('the second read of a catalogue list is a HIT with the same body, ETag and browser caching', async () => {
    for (const path of [
      '/api/rooms',
      '/api/offers',
      '/api/services',
      '/api/vip-cards',
      '/api/site-settings',
    ]) {
      const url = `${path}?${fresh()}`;
      const first = await call(url);
      expect(first.status, path).toBe(200);
      expect(cacheOf(first), path).toBe('MISS');
      const second = await call(url);
      expect(second.status, path).toBe(200);
      expect(cacheOf(second), path).toBe('HIT');
      expect(await second.text(), path).toBe(await first.text());
      expect(second.headers.get('cache-control'), path).toBe(first.headers.get('cache-control'));
      expect(second.headers.get('etag'), path).toBe(first.headers.get('etag'));
      expect(second.headers.get('content-type'), path).toContain('application/json');
      // The hit carries this request's id and the security headers, not the stored ones.
      expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
      expect(second.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(second.headers.get('x-browser-cache-control')).toBeNull();
    }
  });

  it('a hit answers a matching If-None-Match with 304 and no body', async () => {
    const url = `/api/site-settings?${fresh()}`;
    const first = await call(url);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\//);
    await call(url);
    const again = await call(url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(cacheOf(again)).toBe('HIT');
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
  });

  it("a staff inventory change and a guest's booking are in the very next inventory read", async () => {
    const night = addDays(hotelToday(), 70);
    const url = `/api/room-inventory?from=${night}&to=${addDays(night, 1)}`;
    expect(cacheOf(await call(url))).toBe('MISS');
    const cached = await call(url);
    expect(cacheOf(cached)).toBe('HIT');
    const before = ((await cached.json()) as InventoryRow[]).find((r) => r.roomType === 'diamond')!;

    const put = await call('/api/room-inventory/diamond', {
      method: 'PUT',
      cookie: staff,
      json: { availableCount: before.totalCount - 1 },
    });
    expect(put.status).toBe(200);
    const afterPut = await call(url);
    expect(cacheOf(afterPut)).toBe('MISS');
    const changed = ((await afterPut.json()) as InventoryRow[]).find((r) => r.roomType === 'diamond')!;
    expect(changed.totalCount).toBe(before.totalCount - 1);
    expect(cacheOf(await call(url))).toBe('HIT');

    const booking = await call('/api/booking-submissions', {
      method: 'POST',
      headers: { 'cf-connecting-ip': '10.17.0.1' },
      json: {
        fullName: 'Cache Guest',
        phoneNumber: '96170001',
        idNumber: '1234567',
        roomType: 'diamond',
        bedType: 'double',
        smokingPreference: 'non_smoking',
        numberOfGuests: 2,
        checkInDate: night,
        checkOutDate: addDays(night, 1),
      },
    });
    expect(booking.status).toBe(201);
    const afterBooking = await call(url);
    expect(cacheOf(afterBooking)).toBe('MISS');
    const held = ((await afterBooking.json()) as InventoryRow[]).find((r) => r.roomType === 'diamond')!;
    expect(held.availableCount).toBe(changed.availableCount - 1);

    await call('/api/room-inventory/diamond', {
      method: 'PUT',
      cookie: staff,
      json: { availableCount: before.totalCount },
    });
  });

  it('a staff edit of a nearby service is in the next services read (the 0018 trigger)', async () => {
    const url = `/api/services?${fresh()}`;
    await call(url);
    const cached = (await (await call(url)).json()) as { id: number; nameEn: string }[];
    const admins = (await (await call('/api/admin/services', { cookie: staff })).json()) as {
      services: (Record<string, unknown> & { id: number })[];
    };
    const { id, slug: _slug, menuImages: _images, ...rest } = admins.services[0]!;
    const res = await call(`/api/admin/services/${id}`, {
      method: 'PUT',
      cookie: staff,
      json: { ...rest, nameEn: 'Edge Cache Cafe' },
    });
    expect(res.status).toBe(200);
    const next = await call(url);
    expect(cacheOf(next)).toBe('MISS');
    const shown = ((await next.json()) as { id: number; nameEn: string }[]).find((s) => s.id === id)!;
    expect(shown.nameEn).toBe('Edge Cache Cafe');
    expect(cached.find((s) => s.id === id)!.nameEn).not.toBe('Edge Cache Cafe');
  });

  it('a VIP card type changed in the database (no API writes them) changes the key too', async () => {
    const url = `/api/vip-cards?${fresh()}`;
    await call(url);
    expect(cacheOf(await call(url))).toBe('HIT');
    await env.DB.prepare(
      'update vip_card_types set free_coffees = free_coffees + 1 where id = (select min(id) from vip_card_types)',
    ).run();
    // Not through the API, so this isolate trusts its content version a few seconds longer.
    expect(cacheOf(await call(url))).toBe('HIT');
    forgetVersions();
    expect(cacheOf(await call(url))).toBe('MISS');
  });

  it('keys on the language; refused queries are never stored and answer in their language', async () => {
    const url = `/api/room-inventory?${fresh()}`;
    // By Accept-Language (the app's way) as well as by ?lang=.
    await call(url, { lang: 'en' });
    expect(cacheOf(await call(url, { lang: 'en' }))).toBe('HIT');
    expect(cacheOf(await call(url, { lang: 'ar' }))).toBe('MISS');
    expect(cacheOf(await call(url, { lang: 'ar' }))).toBe('HIT');

    for (const lang of ['ar', 'en'] as const) {
      for (let i = 0; i < 2; i++) {
        const bad = await call('/api/room-inventory?from=2026-02-30&to=2026-03-01', { lang });
        expect(bad.status).toBe(400);
        expect(cacheOf(bad)).toBe('MISS');
        const body = (await bad.json()) as { error: { code: string; message: string } };
        expect(body.error.code).toBe('validation_failed');
        expect(/[\u0600-\u06FF]/.test(body.error.message)).toBe(lang === 'ar');
      }
    }
  });
});

describe('nothing user-specific is kept', () => {
  it('two signed-in guests each get their own account and bookings, never from the cache', async () => {
    const one = await signUp('Guest One');
    const two = await signUp('Guest Two');
    for (const [guest, other] of [
      [one, two],
      [two, one],
      [one, two],
    ] as const) {
      const me = await call('/api/auth/me', { cookie: guest.cookie });
      expect(cacheOf(me)).toBeNull();
      const body = JSON.stringify(await me.json());
      expect(body).toContain(guest.email);
      expect(body).not.toContain(other.email);
      const mine = await call('/api/booking-submissions', { cookie: guest.cookie });
      expect(mine.status).toBe(200);
      expect(cacheOf(mine)).toBeNull();
      const points = await call(`/api/user-points/${encodeURIComponent(guest.email)}`, {
        cookie: guest.cookie,
      });
      expect(points.status).toBe(200);
      expect(cacheOf(points)).toBeNull();
      // Another guest's points are refused, whatever was read before.
      const theirs = await call(`/api/user-points/${encodeURIComponent(other.email)}`, {
        cookie: guest.cookie,
      });
      expect(theirs.status).toBe(403);
    }
  });

  it('a signed-in read of a public list gets the shared answer and no cookie', async () => {
    const guest = await signUp();
    const url = `/api/rooms?${fresh()}`;
    await call(url);
    const res = await call(url, { cookie: guest.cookie });
    expect(cacheOf(res)).toBe('HIT');
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  // (workerd's cache also refuses a Set-Cookie answer by itself; the middleware does not rely on it.)
  it('an answer that sets a cookie, or is not 200, is never stored', async () => {
    let runs = 0;
    const app = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set('db', drizzle(env.DB));
        c.set('language', 'en');
        await next();
      })
      .get('/cookie', edgeCache(['content']), (c) => {
        runs += 1;
        setCookie(c, 'who', `user-${runs}`);
        return c.json({ runs });
      })
      .get('/missing', edgeCache(['content']), (c) => {
        runs += 1;
        return c.json({ runs }, 404);
      });
    for (const path of ['/cookie', '/missing']) {
      runs = 0;
      const url = `http://127.0.0.1:8787${path}?${fresh()}`;
      expect((await app.request(url, {}, env)).headers.get('x-cache')).toBe('MISS');
      const second = await app.request(url, {}, env);
      expect(second.headers.get('x-cache')).toBe('MISS');
      expect(runs).toBe(2);
    }
  });
});

describe('maintenance mode with the cache', () => {
  it('switching it on is in the next settings read, and guest writes are refused', async () => {
    const url = '/api/site-settings';
    const settings = (await (await call(url)).json()) as Record<string, unknown> & {
      maintenanceMode: boolean;
    };
    expect(settings.maintenanceMode).toBe(false);
    expect(cacheOf(await call(url))).toBe('HIT');
    const { updatedAt: _stamp, ...body } = settings;
    const on = await call('/api/admin/site-settings', {
      method: 'PUT',
      cookie: admin,
      json: { ...body, maintenanceMode: true },
    });
    expect(on.status).toBe(200);
    try {
      const next = await call(url);
      expect(cacheOf(next)).toBe('MISS');
      expect(((await next.json()) as { maintenanceMode: boolean }).maintenanceMode).toBe(true);
      const write = await call('/api/reviews', {
        method: 'POST',
        json: { starRating: 5, overallReview: 'A lovely stay by the sea.' },
      });
      expect(write.status).toBe(503);
      // Public reads keep working (from the cache too).
      await call('/api/rooms');
      expect((await call('/api/rooms')).status).toBe(200);
    } finally {
      await call('/api/admin/site-settings', {
        method: 'PUT',
        cookie: admin,
        json: { ...body, maintenanceMode: false },
      });
    }
    expect(((await (await call(url)).json()) as { maintenanceMode: boolean }).maintenanceMode).toBe(false);
  });
});

/**
 * The per-isolate trust windows that keep cheap calls cheap (decision 022): the health
 * check asks D1 at most every HEALTH_DB_CHECK_MS, and an inventory change made through
 * another isolate (here: straight in D1) is in the answers within INVENTORY_VERSION_TTL_MS.
 * The clock is faked so the windows' edges are exact.
 */
describe('trust windows', () => {
  const down = new Proxy({} as D1Database, {
    get: () => () => {
      throw new Error('D1 is down (test)');
    },
  });
  const health = (db: D1Database) => call('/api/health', { env: { ...env, DB: db } });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('the health check asks D1 at most every 5 s, and a failure shows when the window ends', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now() + 3_600_000;
    vi.setSystemTime(start);
    // The last answer is an hour old: D1 is asked, and it is down.
    expect((await health(down)).status).toBe(503);
    // Asked again at once (a failure is not trusted), and it answers.
    expect((await health(env.DB)).status).toBe(200);
    vi.setSystemTime(start + HEALTH_DB_CHECK_MS - 1);
    expect((await health(down)).status).toBe(200);
    vi.setSystemTime(start + HEALTH_DB_CHECK_MS);
    expect((await health(down)).status).toBe(503);
    expect((await health(env.DB)).status).toBe(200);
  });

  it('an inventory change made elsewhere is in the answers within a second, not before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now() + 7_200_000;
    vi.setSystemTime(start);
    forgetVersions();
    const night = addDays(hotelToday(), 95);
    const url = `/api/room-inventory?from=${night}&to=${addDays(night, 1)}`;
    const read = async () => {
      const res = await call(url);
      const gold = ((await res.json()) as InventoryRow[]).find((r) => r.roomType === 'gold')!;
      return { cache: cacheOf(res), total: gold.totalCount };
    };
    const first = await read();
    expect((await read()).cache).toBe('HIT');
    // Another isolate's staff change: straight in D1, so this isolate is not told.
    await env.DB.prepare(
      "update room_inventory set total_count = total_count - 1 where room_type = 'gold'",
    ).run();
    vi.setSystemTime(start + INVENTORY_VERSION_TTL_MS - 1);
    expect(await read()).toEqual({ cache: 'HIT', total: first.total });
    vi.setSystemTime(start + INVENTORY_VERSION_TTL_MS);
    expect(await read()).toEqual({ cache: 'MISS', total: first.total - 1 });
    await env.DB.prepare(
      "update room_inventory set total_count = total_count + 1 where room_type = 'gold'",
    ).run();
  });
});
