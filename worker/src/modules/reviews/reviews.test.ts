import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import { LIMITS } from '../../platform/rate-limit';
import { serviceVisitCounts } from '../statistics/service-visits';
import { adminCookie as admin, json, staffCookie as staff, rows } from '@worker-test/builders';
import { call, signUp } from '@worker-test/helpers';

/**
 * Guest reviews and nearby-service visits on the real D1: validation in both
 * languages, moderation visibility, the server-computed "stayed here" badge, throttles,
 * idempotent creates, racing decisions, and visits counted once per device per day.
 */

type Review = {
  id: number;
  name: string | null;
  starRating: number;
  overallReview: string;
  stayedHere: boolean;
  status?: string;
};
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

let addressCounter = 0;
/** A fresh client address per test, so the per-address throttle of one test spares the others. */
const freshAddress = () => `203.0.113.${++addressCounter}`;

function postReview(
  body: unknown,
  opts: { device?: string; address?: string; cookie?: string; key?: string; lang?: 'ar' | 'en' } = {},
) {
  const headers: Record<string, string> = { 'cf-connecting-ip': opts.address ?? freshAddress() };
  if (opts.device) headers['x-device-id'] = opts.device;
  if (opts.key) headers['idempotency-key'] = opts.key;
  return call('/api/reviews', { method: 'POST', json: body, headers, cookie: opts.cookie, lang: opts.lang });
}

const good = (over: Record<string, unknown> = {}) => ({
  starRating: 5,
  name: 'Salim',
  overallReview: `Lovely stay ${crypto.randomUUID().slice(0, 6)}`,
  ...over,
});

async function publicList(query = '?limit=50') {
  return json<{ reviews: Review[]; total: number; averageRating: number | null; hasMore: boolean }>(
    await call(`/api/reviews${query}`),
  );
}

function mine(device?: string, cookie?: string) {
  return call('/api/reviews/mine', { headers: device ? { 'x-device-id': device } : {}, cookie }).then((r) =>
    json<{ reviews: Review[] }>(r),
  );
}

function decide(cookie: string, id: number, body: unknown) {
  return call(`/api/admin/reviews/${id}`, { method: 'PATCH', json: body, cookie });
}

describe('POST /api/reviews validation', () => {
  it('refuses a missing rating, a rating out of 1-5 and a blank comment, in the request language', async () => {
    const noRating = await postReview({ overallReview: 'Nice' }, { lang: 'en' });
    expect(noRating.status).toBe(400);
    const body = await json<ErrorBody>(noRating);
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.fields?.starRating).toBe('Please choose a rating from 1 to 5 stars');

    for (const starRating of [0, 6, 2.5, 'abc', null]) {
      const res = await postReview(good({ starRating }), { lang: 'en' });
      expect(res.status, String(starRating)).toBe(400);
    }

    const blank = await postReview(good({ overallReview: '   ' }), { lang: 'ar' });
    expect(blank.status).toBe(400);
    expect((await json<ErrorBody>(blank)).error.fields?.overallReview).toBe('يرجى كتابة تعليقك');
  });

  it('enforces text limits and refuses malformed bodies and device ids without a 500', async () => {
    expect((await postReview(good({ overallReview: 'x'.repeat(2001) }))).status).toBe(400);
    expect((await postReview(good({ name: 'n'.repeat(61) }))).status).toBe(400);
    expect((await postReview(good({ roomReview: 'r'.repeat(1001) }))).status).toBe(400);
    expect((await postReview(good({ overallReview: 42 }))).status).toBe(400);
    expect((await postReview([1, 2, 3])).status).toBe(400);
    const malformed = await call('/api/reviews', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': freshAddress() },
      body: '{"starRating": 5,',
    });
    expect(malformed.status).toBe(400);
    const huge = await postReview(good({ overallReview: 'x'.repeat(70 * 1024) }));
    expect(huge.status).toBe(413);
    const badDevice = await postReview(good(), { device: 'not-a-uuid', lang: 'en' });
    expect(badDevice.status).toBe(400);
    expect((await json<ErrorBody>(badDevice)).error.code).toBe('device_id_invalid');
  });

  it('accepts Arabic-Indic digits for the rating, trims texts and keeps an empty name as null', async () => {
    const res = await postReview({ starRating: '٤', name: '  ', overallReview: '  فندق رائع  ' });
    expect(res.status).toBe(201);
    const created = await json<Review>(res);
    expect(created).toMatchObject({
      starRating: 4,
      name: null,
      overallReview: 'فندق رائع',
      status: 'pending',
    });
  });
});

describe('moderation visibility', () => {
  it('a new review is hidden from the public, shown to its author as pending, public once approved', async () => {
    const device = crypto.randomUUID();
    const res = await postReview(good({ overallReview: 'Visible after approval' }), { device });
    expect(res.status).toBe(201);
    const review = await json<Review>(res);

    expect((await publicList()).reviews.map((r) => r.id)).not.toContain(review.id);
    expect((await mine(device)).reviews.map((r) => [r.id, r.status])).toEqual([[review.id, 'pending']]);
    // Another device, or nobody, does not see it.
    expect((await mine(crypto.randomUUID())).reviews).toEqual([]);
    expect((await mine()).reviews).toEqual([]);

    const staffCookie = await staff();
    const approved = await decide(staffCookie, review.id, { isApproved: true });
    expect(approved.status).toBe(200);
    expect(await json(approved)).toMatchObject({ status: 'approved', isApproved: true });

    const list = await publicList();
    expect(list.reviews.map((r) => r.id)).toContain(review.id);
    const shown = list.reviews.find((r) => r.id === review.id)!;
    // Nothing about the author's account or device leaves the server.
    expect(Object.keys(shown).sort()).toEqual(
      [
        'createdAt',
        'id',
        'name',
        'overallReview',
        'roomReview',
        'serviceReview',
        'starRating',
        'stayedHere',
      ].sort(),
    );
    expect((await mine(device)).reviews).toEqual([]);

    const [audit] = await rows<{ n: number }>(
      `select count(*) as n from audit_log where entity_type = 'review' and entity_id = ? and action = 'approve'`,
      String(review.id),
    );
    expect(audit!.n).toBe(1);
  });

  it('a rejected review stays hidden; notes are kept; newest first with count and average', async () => {
    const staffCookie = await staff();
    const a = await json<Review>(await postReview(good({ starRating: 2 })));
    const b = await json<Review>(await postReview(good({ starRating: 4 })));
    const rejected = await decide(staffCookie, a.id, { isApproved: false, adminNotes: 'Off-topic' });
    expect(rejected.status).toBe(200);
    expect(await json(rejected)).toMatchObject({
      status: 'rejected',
      adminNotes: 'Off-topic',
      isApproved: false,
    });
    expect((await decide(staffCookie, b.id, { isApproved: true })).status).toBe(200);

    const list = await publicList();
    expect(list.reviews.map((r) => r.id)).not.toContain(a.id);
    expect(list.reviews[0]!.id).toBe(b.id);
    const [stats] = await rows<{ n: number; avg: number }>(
      `select count(*) as n, avg(star_rating) as avg from reviews where status = 'approved'`,
    );
    expect(list.total).toBe(stats!.n);
    expect(list.averageRating).toBe(Math.round(stats!.avg * 10) / 10);
    // Paging: one per page walks the list in order.
    const first = await publicList('?limit=1&offset=0');
    expect(first.reviews).toHaveLength(1);
    expect(first.hasMore).toBe(list.total > 1);
    expect((await call('/api/reviews?limit=0')).status).toBe(400);
    expect((await call('/api/reviews?limit=0x10')).status).toBe(400);
    expect((await call('/api/reviews?offset=-1')).status).toBe(400);
  });

  it('only staff list and decide, only admins delete; both audited', async () => {
    const review = await json<Review>(await postReview(good()));
    const guest = await signUp();
    expect((await call('/api/admin/reviews')).status).toBe(401);
    expect((await call('/api/admin/reviews', { cookie: guest.cookie })).status).toBe(403);
    expect((await decide(guest.cookie, review.id, { isApproved: true })).status).toBe(403);

    const staffCookie = await staff();
    const listed = await call('/api/admin/reviews', { cookie: staffCookie });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toBe('no-store');
    const body = await json<{ reviews: { id: number; status: string }[]; counts: Record<string, number> }>(
      listed,
    );
    expect(body.reviews.find((r) => r.id === review.id)?.status).toBe('pending');
    expect(body.counts.pending).toBeGreaterThan(0);
    // Polling: unchanged list answers 304 with the same ETag.
    const etag = listed.headers.get('etag')!;
    const again = await call('/api/admin/reviews', {
      cookie: staffCookie,
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);

    expect((await decide(staffCookie, 999_999, { isApproved: true })).status).toBe(404);
    expect((await decide(staffCookie, review.id, { isApproved: 'yes' })).status).toBe(400);
    expect(
      (
        await call(`/api/admin/reviews/abc`, {
          method: 'PATCH',
          json: { isApproved: true },
          cookie: staffCookie,
        })
      ).status,
    ).toBe(400);
    expect(
      (await call(`/api/admin/reviews/${review.id}`, { method: 'DELETE', cookie: staffCookie })).status,
    ).toBe(403);

    const adminCookie = await admin();
    const deleted = await call(`/api/admin/reviews/${review.id}`, { method: 'DELETE', cookie: adminCookie });
    expect(deleted.status).toBe(200);
    expect(
      (await call(`/api/admin/reviews/${review.id}`, { method: 'DELETE', cookie: adminCookie })).status,
    ).toBe(404);
    const audits = await rows<{ action: string }>(
      `select action from audit_log where entity_type = 'review' and entity_id = ?`,
      String(review.id),
    );
    expect(audits.map((a) => a.action)).toEqual(['delete']);
  });

  it('two staff deciding the same review at once: one wins, one audit line', async () => {
    const review = await json<Review>(await postReview(good()));
    const [one, two] = await Promise.all([staff(), staff()]);
    const results = await Promise.all([
      decide(one, review.id, { isApproved: true }),
      decide(two, review.id, { isApproved: false, adminNotes: 'No' }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    const [audit] = await rows<{ n: number }>(
      `select count(*) as n from audit_log where entity_type = 'review' and entity_id = ?`,
      String(review.id),
    );
    expect(audit!.n).toBe(1);
  });

  it('a signed-in author sees their pending review in their account, on any device', async () => {
    const guest = await signUp();
    const review = await json<Review>(await postReview(good(), { cookie: guest.cookie }));
    expect((await mine(undefined, guest.cookie)).reviews.map((r) => r.id)).toEqual([review.id]);
    const other = await signUp();
    expect((await mine(undefined, other.cookie)).reviews).toEqual([]);
  });
});

describe('verified stay badge', () => {
  async function completedBooking(guestCookie: string) {
    // A stay arriving today: a stay is completed from its arrival day.
    const checkInDate = hotelToday();
    const created = await call('/api/booking-submissions', {
      method: 'POST',
      cookie: guestCookie,
      json: {
        fullName: 'Review Guest',
        phoneNumber: '91112222',
        idNumber: '7654321',
        bedType: 'double',
        smokingPreference: 'non_smoking',
        roomType: 'gold',
        numberOfGuests: 2,
        checkInDate,
        checkOutDate: addDays(checkInDate, 1),
      },
    });
    expect(created.status).toBe(201);
    const { booking } = await json<{ booking: { id: number } }>(created);
    const staffCookie = await staff();
    const approve = await call(`/api/booking-submissions/${booking.id}/status`, {
      method: 'PATCH',
      cookie: staffCookie,
      json: { status: 'approved' },
    });
    expect(approve.status).toBe(200);
    const done = await call(`/api/booking-submissions/${booking.id}/complete`, {
      method: 'POST',
      cookie: staffCookie,
    });
    expect(done.status).toBe(200);
  }

  it('only a signed-in guest with a completed booking gets "stayed here"; the body cannot claim it', async () => {
    const stayed = await signUp();
    await completedBooking(stayed.cookie);
    const withStay = await json<Review>(
      await postReview(good({ stayedHere: true }), { cookie: stayed.cookie }),
    );
    expect(withStay.stayedHere).toBe(true);

    const noStay = await signUp();
    const withoutStay = await json<Review>(
      await postReview(good({ stayedHere: true }), { cookie: noStay.cookie }),
    );
    expect(withoutStay.stayedHere).toBe(false);
    const anonymous = await json<Review>(await postReview(good({ stayedHere: true, verifiedStay: true })));
    expect(anonymous.stayedHere).toBe(false);

    const staffCookie = await staff();
    await decide(staffCookie, withStay.id, { isApproved: true });
    await decide(staffCookie, withoutStay.id, { isApproved: true });
    const list = await publicList();
    expect(list.reviews.find((r) => r.id === withStay.id)?.stayedHere).toBe(true);
    expect(list.reviews.find((r) => r.id === withoutStay.id)?.stayedHere).toBe(false);
  });
});

describe('throttles and idempotency', () => {
  it('a device may write 5 reviews an hour; the 6th gets 429 with Retry-After', async () => {
    const device = crypto.randomUUID();
    for (let i = 0; i < LIMITS.reviewsPerDevice.max; i++) {
      // Different addresses: the device is what is counted here.
      expect((await postReview(good(), { device })).status).toBe(201);
    }
    const refused = await postReview(good(), { device, lang: 'en' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await json<ErrorBody>(refused)).error.code).toBe('review_throttled');
  });

  it('one client address may write 30 an hour across devices', async () => {
    const address = freshAddress();
    const results = [];
    for (let i = 0; i < LIMITS.reviewsPerAddress.max + 1; i++) {
      results.push((await postReview(good(), { address, device: crypto.randomUUID() })).status);
    }
    expect(results.filter((s) => s === 201)).toHaveLength(LIMITS.reviewsPerAddress.max);
    expect(results.at(-1)).toBe(429);
  });

  it('the same Idempotency-Key stores one review, sent in sequence or at once', async () => {
    const key = crypto.randomUUID();
    const body = good();
    const results = await Promise.all([1, 2, 3].map(() => postReview(body, { key })));
    expect(results.map((r) => r.status).every((s) => s === 201)).toBe(true);
    const ids = new Set(await Promise.all(results.map((r) => json<Review>(r).then((b) => b.id))));
    expect(ids.size).toBe(1);
    const later = await postReview(body, { key });
    expect(later.headers.get('idempotent-replayed')).toBe('true');
    const [count] = await rows<{ n: number }>(
      `select count(*) as n from reviews where overall_review = ?`,
      body.overallReview,
    );
    expect(count!.n).toBe(1);
    // The same key for another review is refused.
    expect((await postReview(good(), { key })).status).toBe(422);
  });
});

describe('POST /api/track-service-visit', () => {
  function visit(body: unknown, address = '198.51.100.7', userAgent = 'Phone A', lang?: 'ar' | 'en') {
    return call('/api/track-service-visit', {
      method: 'POST',
      json: body,
      lang,
      headers: { 'cf-connecting-ip': address, 'user-agent': userAgent },
    });
  }

  it('refuses an unknown type in the request language', async () => {
    const res = await visit({ serviceType: 'casino' }, undefined, undefined, 'en');
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).error.fields?.serviceType).toBe(
      'Invalid service type (restaurant or spa)',
    );
    expect((await visit({})).status).toBe(400);
  });

  it('counts one device once per service type per hotel day, keeps no address, and sums per day and month', async () => {
    const address = '198.51.100.20';
    const first = await visit({ serviceType: 'restaurant' }, address, 'Phone B');
    expect(first.status).toBe(200);
    expect(await json(first)).toEqual({ serviceType: 'restaurant', counted: true });
    const again = await visit({ serviceType: 'restaurant' }, address, 'Phone B');
    expect(await json(again)).toEqual({ serviceType: 'restaurant', counted: false });
    // Same device, the spa: another service. Another device behind the same address: another visit.
    expect(await json(await visit({ serviceType: 'spa' }, address, 'Phone B'))).toMatchObject({
      counted: true,
    });
    expect(await json(await visit({ serviceType: 'restaurant' }, address, 'Phone C'))).toMatchObject({
      counted: true,
    });

    const stored = await rows<{ ip_address: string | null; visitor_hash: string; visit_date: string }>(
      `select ip_address, visitor_hash, visit_date from service_visits`,
    );
    expect(stored.every((r) => r.ip_address === null)).toBe(true);
    expect(
      stored.every((r) => /^[0-9a-f]{32}$/.test(r.visitor_hash) && !r.visitor_hash.includes(address)),
    ).toBe(true);
    expect(stored.every((r) => r.visit_date === hotelToday())).toBe(true);

    const counts = await serviceVisitCounts(drizzle(env.DB));
    const restaurant = counts.find((c) => c.serviceName === 'restaurant')!;
    const [today] = await rows<{ n: number }>(
      `select count(*) as n from service_visits where service_name = 'restaurant' and visit_date = ?`,
      hotelToday(),
    );
    expect(restaurant.dailyVisits).toBe(today!.n);
    expect(restaurant.monthlyVisits).toBeGreaterThanOrEqual(restaurant.dailyVisits);
    // An earlier day of this month counts for the month only; last month for neither.
    const day = hotelToday();
    const earlier = `${day.slice(0, 7)}-01` === day ? null : `${day.slice(0, 7)}-01`;
    if (earlier) {
      await env.DB.prepare(
        `insert into service_visits (service_name, service_category, visit_date, visitor_hash) values ('restaurant', 'restaurant', ?, 'x')`,
      )
        .bind(earlier)
        .run();
    }
    await env.DB.prepare(
      `insert into service_visits (service_name, service_category, visit_date, visitor_hash) values ('restaurant', 'restaurant', ?, 'y')`,
    )
      .bind(addDays(`${day.slice(0, 7)}-01`, -1))
      .run();
    const after = (await serviceVisitCounts(drizzle(env.DB))).find((c) => c.serviceName === 'restaurant')!;
    expect(after.dailyVisits).toBe(restaurant.dailyVisits);
    expect(after.monthlyVisits).toBe(restaurant.monthlyVisits + (earlier ? 1 : 0));
  });

  it('a flood from one address gets 429 past the limit and stores nothing more', async () => {
    // An address of its own (a retry starts afresh), and one moment in the middle of a window: the
    // limit counts in fixed windows, and a flood that crossed a window's end was counted twice over.
    const address = `198.51.100.${Math.floor(Math.random() * 200) + 50}`;
    const { max, windowMs } = LIMITS.serviceVisitsPerAddress;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.floor(Date.now() / windowMs) * windowMs + windowMs / 2);
    onTestFinished(() => void vi.useRealTimers());
    const spaRows = async () =>
      (await rows<{ n: number }>(`select count(*) as n from service_visits where service_name = 'spa'`))[0]!
        .n;
    const before = await spaRows();
    const statuses: number[] = [];
    for (let start = 0; start < max + 5; start += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, max + 5 - start) }, (_, i) =>
          visit({ serviceType: 'spa' }, address, `Bot ${start + i}`),
        ),
      );
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect((await spaRows()) - before).toBe(max);
  });
});
