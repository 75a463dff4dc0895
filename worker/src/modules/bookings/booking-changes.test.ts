import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, hotelToday, stayNights } from '@shared/dates';
import { nightsBetween } from '@shared/money';
import { cancellationDeadline } from '@shared/stay-policy';
import { bookingSubmissions } from './tables';
import { cancelOwnBooking, changeOwnBooking } from './booking-changes';
import { expireStalePending } from './booking-status';
import { ApiError } from '../../platform/api-error';
import { readSiteSettings } from '../catalog';
import { book as bookThrough, bookingRequest, grantCookie, json, stays } from '@worker-test/builders';
import { call, logIn, signUp } from '@worker-test/helpers';

/**
 * A guest cancels or changes their own booking (account or device
 * grant), up to the deadline (check-in time on arrival, Asia/Muscat, minus freeCancellationHours),
 * in one D1 batch that moves the holds, re-prices, audits and tells staff.
 */
const db = () => drizzle(env.DB);
type Booking = {
  id: number;
  status: string;
  checkInDate: string;
  checkOutDate: string;
  totalPriceBaisa: number;
  numberOfGuests: number;
  roomType: string;
  holdExpiresAt: string | null;
};

let staff = '';
beforeAll(async () => {
  staff = (await logIn('staff@example.com', 'change-me-staff')).cookie;
});

const planted: string[] = [];
afterEach(async () => {
  while (planted.length) await env.DB.prepare(`DROP TRIGGER IF EXISTS ${planted.pop()}`).run();
});

/** Requests for nights no other test of this file uses, each from its own phone and address. */
const stay = stays({ from: 44, every: 4 });
const request = (over: Record<string, unknown> = {}) =>
  bookingRequest({ fullName: 'Maryam Al Harthy', roomType: 'silver', ...over }, stay);
const book = (over: Record<string, unknown> = {}, cookie?: string) =>
  bookThrough(request(over), { cookie }) as Promise<Booking>;
const staffMove = (id: number, status: string) =>
  call(`/api/booking-submissions/${id}/status`, { method: 'PATCH', json: { status }, cookie: staff });
const cancel = (id: number, cookie?: string, lang: 'ar' | 'en' = 'en') =>
  call(`/api/booking-submissions/${id}/status`, {
    method: 'PATCH',
    json: { status: 'cancelled' },
    cookie,
    lang,
  });
const change = (id: number, body: unknown, cookie?: string, lang: 'ar' | 'en' = 'en') =>
  call(`/api/booking-submissions/${id}`, { method: 'PATCH', json: body, cookie, lang });
const row = (id: number) => db().select().from(bookingSubmissions).where(eq(bookingSubmissions.id, id)).get();
const heldNights = async (id: number) =>
  (
    await env.DB.prepare('select night, room_type from booking_nights where booking_id = ? order by night')
      .bind(id)
      .all<{ night: string; room_type: string }>()
  ).results;

describe('the deadline, at its edges in Asia/Muscat', () => {
  it('an approved booking: a second before the deadline it may be cancelled or changed, a second after it may not', async () => {
    const b = await book();
    expect((await staffMove(b.id, 'approved')).status).toBe(200);
    const settings = { checkInTime: '14:00', freeCancellationHours: 24 };
    const deadline = cancellationDeadline(b.checkInDate, '14:00', 24);
    // 14:00 in Muscat (UTC+4) the day before arrival is 10:00 UTC.
    expect(deadline.toISOString()).toBe(`${addDays(b.checkInDate, -1)}T10:00:00.000Z`);
    const before = new Date(deadline.getTime() - 1000);
    const after = new Date(deadline.getTime() + 1000);
    const approved = (await row(b.id))!;

    const refusedCode = (p: Promise<unknown>) =>
      p.then(
        () => 'applied',
        (e: unknown) => (e instanceof ApiError ? e.code : String(e)),
      );
    expect(await refusedCode(cancelOwnBooking(db(), approved, null, settings, { now: after }))).toBe(
      'cancellation_deadline_passed',
    );
    expect(
      await refusedCode(
        changeOwnBooking(
          db(),
          approved,
          { numberOfGuests: 3 },
          { actor: null, settings, language: 'en', now: after },
        ),
      ),
    ).toBe('cancellation_deadline_passed');
    // At the deadline itself, and a second before, it still may.
    const changed = await changeOwnBooking(
      db(),
      approved,
      { numberOfGuests: 3 },
      { actor: null, settings, language: 'en', now: deadline },
    );
    expect(changed.status).toBe(200);
    const pending = (await row(b.id))!;
    expect(pending.status).toBe('pending');
    expect((await cancelOwnBooking(db(), pending, null, settings, { now: before })).status).toBe('cancelled');
  });

  it('a pending request may be withdrawn after the deadline; a confirmed one past it answers 409 in the guest’s language', async () => {
    const settings = { checkInTime: '14:00', freeCancellationHours: 24 };
    const p = await book();
    const late = new Date(cancellationDeadline(p.checkInDate, '14:00', 24).getTime() + 1000);
    expect((await cancelOwnBooking(db(), (await row(p.id))!, null, settings, { now: late })).status).toBe(
      'cancelled',
    );

    // Arriving today: the default deadline (24 h before today's check-in time) is past already.
    const guest = await signUp();
    const today = await book(
      { checkInDate: hotelToday(), checkOutDate: addDays(hotelToday(), 1) },
      guest.cookie,
    );
    expect((await staffMove(today.id, 'approved')).status).toBe(200);
    expect((await staffMove(today.id, 'confirmed')).status).toBe(200);
    const en = await cancel(today.id, guest.cookie, 'en');
    expect(en.status).toBe(409);
    expect(await json(en)).toMatchObject({
      error: { code: 'cancellation_deadline_passed', message: expect.stringContaining('call the hotel') },
    });
    const ar = await change(today.id, { numberOfGuests: 1 }, guest.cookie, 'ar');
    expect(ar.status).toBe(409);
    expect(await json(ar)).toMatchObject({
      error: { code: 'cancellation_deadline_passed', message: expect.stringContaining('الاتصال بالفندق') },
    });
    expect((await row(today.id))!.status).toBe('confirmed');
  });
});

describe('cancelling one’s own booking', () => {
  it('by the account, while approved: the nights are released and staff’s moves are unchanged', async () => {
    const guest = await signUp();
    const b = await book({}, guest.cookie);
    expect((await staffMove(b.id, 'approved')).status).toBe(200);
    const res = await cancel(b.id, guest.cookie);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ booking: { status: 'cancelled' }, pointsDeducted: 0 });
    expect(await heldNights(b.id)).toEqual([]);
    // Cancelled is final: a second try is refused, and a guest still sets no other status.
    expect(await json(await cancel(b.id, guest.cookie))).toMatchObject({
      error: { code: 'booking_not_manageable' },
    });
    const other = await book({}, guest.cookie);
    const approve = await call(`/api/booking-submissions/${other.id}/status`, {
      method: 'PATCH',
      json: { status: 'approved' },
      cookie: guest.cookie,
    });
    expect(approve.status).toBe(403);
  });

  it('by a device grant without an account; no grant or another booking’s grant is 404', async () => {
    const mine = await book();
    const theirs = await book();
    expect((await staffMove(mine.id, 'approved')).status).toBe(200);
    // Without a grant the booking is unknown to this device: the same 404 as any unknown id.
    expect((await cancel(mine.id)).status).toBe(404);
    const grant = await grantCookie(theirs);
    expect((await cancel(mine.id, grant)).status).toBe(404);
    // A forged cookie grants nothing.
    expect((await cancel(mine.id, `booking_grants=${grant.split('=')[1]!.slice(0, -2)}xx`)).status).toBe(404);
    const res = await cancel(mine.id, await grantCookie(theirs, mine));
    expect(res.status).toBe(200);
    expect((await row(mine.id))!.status).toBe('cancelled');
    const audit = await env.DB.prepare(
      `select action, actor_user_id from audit_log where entity_type = 'booking' and entity_id = ? order by id`,
    )
      .bind(String(mine.id))
      .all();
    expect(audit.results.at(-1)).toEqual({ action: 'booking.cancelled', actor_user_id: null });
    // The guest's e-mail-less cancellation is never reported to them as staff's "rejected".
    const note = await env.DB.prepare(`select type from notifications where booking_id = ? order by id desc`)
      .bind(mine.id)
      .first<{ type: string }>();
    expect(note?.type).toBe('booking_cancelled');
  });

  it('another guest gets 404 for the booking, for cancelling and for changing it', async () => {
    const alice = await signUp('Alice');
    const mallory = await signUp('Mallory');
    const a = await book({}, alice.cookie);
    expect((await cancel(a.id, mallory.cookie)).status).toBe(404);
    expect((await change(a.id, { numberOfGuests: 1 }, mallory.cookie)).status).toBe(404);
    expect((await change(a.id, { numberOfGuests: 1 }, await grantCookie(await book()))).status).toBe(404);
    expect((await change(a.id, { numberOfGuests: 1 })).status).toBe(404);
    expect((await change(999_999_999, { numberOfGuests: 1 }, alice.cookie)).status).toBe(404);
    expect((await row(a.id))!.numberOfGuests).toBe(2);
  });
});

describe('changing one’s own booking', () => {
  it('re-prices on the server and moves the holds, Arabic-Indic digits accepted', async () => {
    const guest = await signUp();
    const b = await book({ roomType: 'silver' }, guest.cookie);
    const newIn = addDays(b.checkInDate, 1);
    const newOut = addDays(b.checkInDate, 4);
    const res = await change(
      b.id,
      {
        checkInDate: newIn.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!),
        checkOutDate: newOut,
        numberOfGuests: '٣',
        roomType: 'gold',
        totalPrice: 1,
      },
      guest.cookie,
    );
    // A field the guest does not choose (the price) is refused, not silently ignored.
    expect(res.status).toBe(400);
    const ok = await change(
      b.id,
      {
        checkInDate: newIn.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!),
        checkOutDate: newOut,
        numberOfGuests: '٣',
        roomType: 'gold',
      },
      guest.cookie,
    );
    expect(ok.status).toBe(200);
    const { booking } = await json<{ booking: Booking }>(ok);
    expect(booking).toMatchObject({
      checkInDate: newIn,
      checkOutDate: newOut,
      numberOfGuests: 3,
      roomType: 'gold',
    });
    // Gold's 13.200 a night and a third guest's 2.000.
    expect(booking.totalPriceBaisa).toBe(nightsBetween(newIn, newOut) * (13_200 + 2_000));
    expect(booking.totalPriceBaisa).not.toBe(b.totalPriceBaisa);
    expect(await heldNights(b.id)).toEqual(
      stayNights(newIn, newOut).map((night) => ({ night, room_type: 'gold' })),
    );
  });

  it('an approved booking that changes goes back to pending, with a fresh hold, an audit line and staff told', async () => {
    await env.DB.prepare(
      `update site_settings set booking_alert_email = 'desk@example.com' where id = 1`,
    ).run();
    const b = await book({ email: 'maryam@example.com' });
    expect((await staffMove(b.id, 'approved')).status).toBe(200);
    // Made days ago: its hold would have run out had it stayed pending since then.
    await env.DB.prepare('update booking_submissions set created_at = ? where id = ?')
      .bind(Date.now() - 5 * 24 * 3600_000, b.id)
      .run();
    const res = await change(b.id, { smokingPreference: 'smoking' }, await grantCookie(b), 'ar');
    expect(res.status).toBe(200);
    const { booking, message } = await json<{ booking: Booking; message: string }>(res);
    expect(message).toContain('بانتظار موافقة الفندق');
    expect(booking.status).toBe('pending');
    expect(new Date(booking.holdExpiresAt!).getTime()).toBeGreaterThan(Date.now() + 47 * 3600_000);
    // The hourly expiry leaves it: its hold runs from the change.
    await expireStalePending(db(), 48 * 3600_000);
    expect((await row(b.id))!.status).toBe('pending');

    const audit = await env.DB.prepare(
      `select action, before, after from audit_log where entity_type = 'booking' and entity_id = ? order by id desc`,
    )
      .bind(String(b.id))
      .first<{ action: string; before: string; after: string }>();
    expect(audit?.action).toBe('booking.changed');
    expect(JSON.parse(audit!.before)).toMatchObject({ smokingPreference: 'non_smoking', status: 'approved' });
    expect(JSON.parse(audit!.after)).toMatchObject({ smokingPreference: 'smoking', status: 'pending' });
    const mails = await env.DB.prepare(
      `select kind, recipient from email_outbox where entity_id = ? order by id`,
    )
      .bind(b.id)
      .all<{ kind: string; recipient: string }>();
    expect(mails.results).toEqual(
      expect.arrayContaining([
        { kind: 'staff_booking_changed', recipient: 'desk@example.com' },
        { kind: 'booking_changed', recipient: 'maryam@example.com' },
      ]),
    );
    const notice = await env.DB.prepare(
      `select type from notifications where booking_id = ? order by id desc`,
    )
      .bind(b.id)
      .first<{ type: string }>();
    expect(notice?.type).toBe('booking_changed');
    // The desk's bell lists it as an alert, once.
    const alerts = await env.DB.prepare(
      `select kind from staff_alerts where booking_id = ? and kind = 'booking_changed'`,
    )
      .bind(b.id)
      .all<{ kind: string }>();
    expect(alerts.results).toHaveLength(1);
    // Staff approve it again as any request.
    expect((await staffMove(b.id, 'approved')).status).toBe(200);
  });

  it('every stay length the hotel sells, 1 to 30 nights, changes cleanly (guests, then dates)', async () => {
    const long = stays({ from: 500, every: 32 });
    for (let nights = 1; nights <= 30; nights++) {
      const b = await book({ roomType: 'silver', ...long(nights) });
      const cookie = await grantCookie(b);
      const guests = await change(b.id, { numberOfGuests: 3 }, cookie);
      expect(guests.status, `${nights} nights: ${await guests.clone().text()}`).toBe(200);
      const later = { checkInDate: addDays(b.checkInDate, 1), checkOutDate: addDays(b.checkOutDate, 1) };
      const moved = await change(b.id, later, cookie);
      expect(moved.status, `${nights} nights: ${await moved.clone().text()}`).toBe(200);
      expect((await heldNights(b.id)).map((n) => n.night)).toEqual(
        stayNights(later.checkInDate, later.checkOutDate),
      );
      expect((await row(b.id))!.totalPrice).toBe(nights * (12_600 + 2_000));
    }
  }, 60_000);

  it('staff hear of a change by push, like a new request', async () => {
    const staffUser = await env.DB.prepare(`select id from users where email = 'staff@example.com'`).first<{
      id: number;
    }>();
    await env.DB.prepare(
      `insert into push_subscriptions (endpoint, p256dh, auth, user_id, role, lang, created_at, updated_at)
       values (?, 'k', 'a', ?, 'staff', 'en', 0, 0)`,
    )
      .bind(`https://push.example.com/${crypto.randomUUID()}`, staffUser!.id)
      .run();
    const b = await book();
    expect((await change(b.id, { numberOfGuests: 1 }, await grantCookie(b))).status).toBe(200);
    const pushed = await env.DB.prepare(`select kind from push_outbox where subject_id = ? order by id`)
      .bind(b.id)
      .all<{ kind: string }>();
    expect(pushed.results.map((r) => r.kind)).toContain('booking_changed');
  });

  it('with one room left, 20 concurrent changes into it: exactly one wins, the others keep their stay and hear the alternatives', async () => {
    const night = addDays(hotelToday(), 300);
    for (let i = 0; i < 3; i++)
      await book({ roomType: 'deluxe', checkInDate: night, checkOutDate: addDays(night, 1) });
    const movers = [];
    for (let i = 0; i < 20; i++) movers.push(await book({ roomType: 'silver' }));
    const cookie = await grantCookie(...movers);
    const results = await Promise.all(
      movers.map((m) =>
        change(m.id, { roomType: 'deluxe', checkInDate: night, checkOutDate: addDays(night, 1) }, cookie),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const refused = await json<{
      error: { code: string; alternatives: { roomTypes: unknown[]; dates: unknown[] } };
    }>(results.find((r) => r.status === 409)!);
    expect(refused.error.code).toBe('no_rooms_available');
    expect(refused.error.alternatives.roomTypes.length).toBeGreaterThan(0);
    expect(refused.error.alternatives.dates.length).toBeGreaterThan(0);
    const held = await env.DB.prepare(
      `select count(*) as n from booking_nights where room_type = 'deluxe' and night = ?`,
    )
      .bind(night)
      .first<{ n: number }>();
    expect(held!.n).toBe(4);
    // A loser is untouched: its own stay, its own holds, its price.
    const loser = movers[statuses.indexOf(409)]!;
    expect((await row(loser.id))!.roomType).toBe('silver');
    expect(await heldNights(loser.id)).toEqual(
      stayNights(loser.checkInDate, loser.checkOutDate).map((n) => ({ night: n, room_type: 'silver' })),
    );
  });

  it('two changes of one booking read at the same time: one applies, the other is 409', async () => {
    const b = await book();
    const settings = await readSiteSettings(db());
    const read = (await row(b.id))!;
    const ctx = { actor: null, settings, language: 'en' as const };
    const outcomes = await Promise.allSettled([
      changeOwnBooking(db(), read, { checkOutDate: addDays(b.checkInDate, 3) }, ctx),
      changeOwnBooking(db(), read, { checkOutDate: addDays(b.checkInDate, 5) }, ctx),
    ]);
    const applied = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(applied).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(((refused[0] as PromiseRejectedResult).reason as ApiError).code).toBe('booking_changed');
    const final = (await row(b.id))!;
    // The holds are the stay of the change that applied, and no more.
    expect((await heldNights(b.id)).map((h) => h.night)).toEqual(
      stayNights(final.checkInDate, final.checkOutDate),
    );
    // Over HTTP, many at once: whatever applied, the row and its holds agree.
    const cookie = await grantCookie(b);
    await Promise.all(
      [2, 4, 6, 3, 5].map((n) => change(b.id, { checkOutDate: addDays(b.checkInDate, n) }, cookie)),
    );
    const last = (await row(b.id))!;
    expect((await heldNights(b.id)).map((h) => h.night)).toEqual(
      stayNights(last.checkInDate, last.checkOutDate),
    );
  });

  it('a batch that fails midway leaves nothing half done', async () => {
    const b = await book();
    const cookie = await grantCookie(b);
    await env.DB.prepare(
      `CREATE TRIGGER inject_change_audit BEFORE INSERT ON audit_log BEGIN SELECT RAISE(ABORT, 'injected fault'); END`,
    ).run();
    planted.push('inject_change_audit');
    const before = (await row(b.id))!;
    const res = await change(b.id, { checkOutDate: addDays(b.checkInDate, 4), numberOfGuests: 4 }, cookie);
    expect(res.status).toBe(500);
    expect(await row(b.id)).toEqual(before);
    expect((await heldNights(b.id)).map((h) => h.night)).toEqual(stayNights(b.checkInDate, b.checkOutDate));
    expect(
      await env.DB.prepare(`select count(*) as n from notifications where booking_id = ?`).bind(b.id).first(),
    ).toEqual({ n: 0 });
    await env.DB.prepare('DROP TRIGGER inject_change_audit').run();
    expect(
      (await change(b.id, { checkOutDate: addDays(b.checkInDate, 4), numberOfGuests: 4 }, cookie)).status,
    ).toBe(200);
    expect(await heldNights(b.id)).toHaveLength(4);
  });

  it('a bed the room has none of left is refused with alternatives, as a new request is', async () => {
    const b = await book({ roomType: 'diamond', bedType: 'double' });
    const res = await change(b.id, { bedType: 'single' }, await grantCookie(b), 'en');
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({
      error: { code: 'no_beds_available', alternatives: { roomTypes: expect.any(Array), dates: [] } },
    });
    expect((await row(b.id))!.bedType).toBe('double');
  });

  it('refuses malformed, empty, unchanged, past, too long, huge or unknown changes with 4xx', async () => {
    const b = await book();
    const cookie = await grantCookie(b);
    const untouched = await row(b.id);
    const code = async (body: unknown, init: RequestInit = {}) => {
      const res = await call(`/api/booking-submissions/${b.id}`, {
        method: 'PATCH',
        cookie,
        lang: 'en',
        ...(typeof body === 'string'
          ? { body, headers: { 'content-type': 'application/json' } }
          : { json: body }),
        ...init,
      });
      return {
        status: res.status,
        body: await json<{ error: { code: string; fields?: Record<string, string> } }>(res),
      };
    };
    expect(await code({})).toMatchObject({
      status: 400,
      body: { error: { fields: { _: 'Nothing in the booking changes' } } },
    });
    expect(await code({ numberOfGuests: 2, roomType: 'silver' })).toMatchObject({
      status: 400,
      body: { error: { fields: { _: 'Nothing in the booking changes' } } },
    });
    expect((await code({ status: 'approved' })).status).toBe(400);
    expect((await code({ checkInDate: '2027-02-30' })).status).toBe(400);
    expect((await code({ numberOfGuests: 13 })).body.error.fields).toEqual({
      numberOfGuests: 'Number of guests must be 1 to 12',
    });
    expect((await code({ roomType: 'palace' })).status).toBe(400);
    expect((await code({ checkInDate: addDays(hotelToday(), -1) })).body.error.fields).toEqual({
      checkInDate: 'Check-in cannot be before today',
    });
    expect((await code({ checkOutDate: addDays(b.checkInDate, 31) })).body.error.fields).toEqual({
      checkOutDate: 'A stay can be 30 nights at most',
    });
    expect((await code({ checkOutDate: b.checkInDate })).status).toBe(400);
    expect((await code('{"numberOfGuests":')).status).toBe(400);
    expect((await code([1, 2])).status).toBe(400);
    expect((await code({ fullName: 'x'.repeat(200_000) })).status).toBe(413);
    const bad = await call('/api/booking-submissions/abc', {
      method: 'PATCH',
      json: { numberOfGuests: 1 },
      cookie,
    });
    expect(bad.status).toBe(400);
    // Nothing of it reached the booking.
    expect(await row(b.id)).toEqual(untouched);
  });

  it('a free night booked with points is not changed (cancel and book again); a cancelled booking neither', async () => {
    const b = await book();
    await env.DB.prepare('update booking_submissions set is_points_booking = 1 where id = ?')
      .bind(b.id)
      .run();
    const cookie = await grantCookie(b);
    expect(await json(await change(b.id, { numberOfGuests: 1 }, cookie))).toMatchObject({
      error: { code: 'points_booking_unchangeable' },
    });
    expect((await cancel(b.id, cookie)).status).toBe(200);
    const res = await change(b.id, { numberOfGuests: 1 }, cookie);
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({ error: { code: 'booking_not_manageable' } });
  });
});

describe('the stay policy in the site settings', () => {
  it('admins set it with Arabic-Indic digits; out-of-range values are refused in both languages', async () => {
    const admin = (await logIn('admin@example.com', 'change-me-admin')).cookie;
    const current = await json<Record<string, unknown>>(
      await call('/api/admin/site-settings', { cookie: admin }),
    );
    const { updatedAt: _u, ...body } = current;
    const put = (over: Record<string, unknown>, lang: 'ar' | 'en') =>
      call('/api/admin/site-settings', { method: 'PUT', json: { ...body, ...over }, cookie: admin, lang });
    const ok = await put(
      {
        freeCancellationHours: '٤٨',
        onlineCheckInHours: '٩٦',
        idRetentionDays: '٦٠',
        cancellationPolicyAr: 'نص',
        cancellationPolicy: 'Text',
      },
      'en',
    );
    expect(ok.status).toBe(200);
    const saved = await json<{ settings: Record<string, unknown> }>(ok);
    expect(saved.settings).toMatchObject({
      freeCancellationHours: 48,
      onlineCheckInHours: 96,
      idRetentionDays: 60,
      cancellationPolicy: 'Text',
      cancellationPolicyAr: 'نص',
    });
    const publicSettings = await json(await call('/api/site-settings'));
    expect(publicSettings).toMatchObject({ freeCancellationHours: 48, cancellationPolicyAr: 'نص' });
    const bad = { freeCancellationHours: 721, onlineCheckInHours: 0, idRetentionDays: '٠' };
    expect(
      (await json<{ error: { fields: Record<string, string> } }>(await put(bad, 'en'))).error.fields,
    ).toEqual({
      freeCancellationHours: 'A whole number of hours from 0 to 720',
      onlineCheckInHours: 'A whole number of hours from 1 to 720',
      idRetentionDays: 'A whole number of days from 1 to 365',
    });
    expect(
      (await json<{ error: { fields: Record<string, string> } }>(await put(bad, 'ar'))).error.fields,
    ).toEqual({
      freeCancellationHours: 'عدد صحيح من الساعات من ٠ إلى ٧٢٠',
      onlineCheckInHours: 'عدد صحيح من الساعات من ١ إلى ٧٢٠',
      idRetentionDays: 'عدد صحيح من الأيام من ١ إلى ٣٦٥',
    });
    // Back to the defaults for the other tests of this file.
    expect((await put({ freeCancellationHours: 24 }, 'en')).status).toBe(200);
  });
});
