import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import { bookingRequest, json, stays } from '@worker-test/builders';
import { call, logIn, signUp, someAddress } from '@worker-test/helpers';
import { book, setAllotment, type Booking } from '@worker-test/bookings';

/**
 * Making bookings: the total on the server, the last room under concurrency, each field's
 * message, staff's quick booking and the walk-in, and the Idempotency-Key of the offline outbox.
 * The desk's list and what each role sees and changes: booking-desk.test.ts.
 */

/** Stays on nights no other test of the file uses. */
const freshStay = stays({ from: 25, every: 5 });
const request = (over: Record<string, unknown> = {}) => bookingRequest(over, freshStay);

describe('creating bookings', () => {
  it('computes the total on the server and ignores the client total', async () => {
    const stay = freshStay(3);
    const res = await book(
      request({ ...stay, numberOfGuests: 3, totalPrice: 1, status: 'approved', roomType: 'silver' }),
    );
    expect(res.status).toBe(201);
    const { booking } = await json<{ booking: Booking }>(res);
    expect(booking.totalPriceBaisa).toBe(3 * (12_600 + 2_000));
    expect(booking.status).toBe('pending');
    expect(booking.userEmail).toBeNull();
  });

  it('with one room left for a night, 20 concurrent overlapping requests make exactly one booking', async () => {
    // Deluxe has 4 rooms: fill three of them for one night, then race for the last.
    const night = addDays(hotelToday(), 200);
    for (let i = 0; i < 3; i++) {
      const res = await book(
        request({ roomType: 'deluxe', checkInDate: night, checkOutDate: addDays(night, 1) }),
      );
      expect(res.status).toBe(201);
    }
    const racers = Array.from({ length: 20 }, (_, i) =>
      book(
        request({
          roomType: 'deluxe',
          fullName: `Racer ${i}`,
          // Every request overlaps the contested night, with different stays.
          checkInDate: addDays(night, -(i % 3)),
          checkOutDate: addDays(night, 1 + (i % 2)),
        }),
        undefined,
        'en',
      ),
    );
    const results = await Promise.all(racers);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const refused = await json(results.find((r) => r.status === 409)!);
    expect(refused).toMatchObject({
      error: { code: 'no_rooms_available', message: 'Sorry, No Rooms Currently Available for Booking' },
    });
    const held = await env.DB.prepare(
      `select count(*) as n from booking_nights where room_type = 'deluxe' and night = ?`,
    )
      .bind(night)
      .first<{ n: number }>();
    expect(held!.n).toBe(4);
    // Other nights are still sellable.
    const later = await book(
      request({ roomType: 'deluxe', checkInDate: addDays(night, 3), checkOutDate: addDays(night, 4) }),
    );
    expect(later.status).toBe(201);
  });

  it('refuses a bed type or smoking preference that has none left', async () => {
    const res = await book(request({ roomType: 'diamond', bedType: 'single' }), undefined, 'en');
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({ error: { code: 'no_beds_available' } });
    const smoke = await book(request({ roomType: 'deluxe', smokingPreference: 'smoking' }), undefined, 'ar');
    expect(await json(smoke)).toMatchObject({ error: { code: 'no_smoking_available' } });
  });

  it('gives each invalid field the spec message in the request language', async () => {
    const bad = {
      fullName: 'A',
      phoneNumber: '123',
      idNumber: '12',
      checkInDate: '2030-01-05',
      checkOutDate: '2030-01-05',
      roomType: 'Palace!',
      bedType: 'bunk',
      smokingPreference: 'maybe',
      numberOfGuests: 13,
      email: 'nope',
    };
    const en = await json<{ error: { fields: Record<string, string> } }>(await book(bad, undefined, 'en'));
    expect(en.error.fields).toEqual({
      fullName: 'Name must be at least 2 characters',
      phoneNumber: 'Invalid phone number',
      idNumber: 'Invalid ID number',
      roomType: 'please select room type',
      bedType: 'Please select bed type',
      smokingPreference: 'Please select smoking preference',
      numberOfGuests: 'Number of guests must be 1 to 12',
      email: 'Invalid email address',
    });
    const ar = await json<{ error: { fields: Record<string, string> } }>(
      await book({ ...request(), checkOutDate: undefined, fullName: '  ' }, undefined, 'ar'),
    );
    expect(ar.error.fields).toEqual({ fullName: 'الاسم الكامل مطلوب', checkOutDate: 'تاريخ المغادرة مطلوب' });
    const order = await json<{ error: { fields: Record<string, string> } }>(
      await book(request({ checkInDate: '2031-03-10', checkOutDate: '2031-03-09' }), undefined, 'en'),
    );
    expect(order.error.fields).toEqual({ checkOutDate: 'Check-out date must be after check-in date' });
    const past = await json<{ error: { fields: Record<string, string> } }>(
      await book(
        request({ checkInDate: addDays(hotelToday(), -1), checkOutDate: addDays(hotelToday(), 1) }),
        undefined,
        'en',
      ),
    );
    expect(past.error.fields).toEqual({ checkInDate: 'Check-in cannot be before today' });
  });

  it('accepts phone and ID numbers and guest counts typed in Arabic-Indic digits', async () => {
    const res = await book(request({ phoneNumber: '٩١٢٣ ٤٥٦٧', idNumber: '١٢٣٤٥٦٧', numberOfGuests: '٣' }));
    expect(res.status).toBe(201);
    const { booking } = await json<{ booking: Booking & { idNumber: string; numberOfGuests: number } }>(res);
    expect(booking.phoneNumber).toBe('96891234567');
    // Stored as Latin digits; the guest's answer shows its last four only.
    expect(booking.idNumber).toBe('•••4567');
    const stored = await env.DB.prepare('select id_number from booking_submissions where id = ?')
      .bind(booking.id)
      .first<{ id_number: string }>();
    expect(stored!.id_number).toBe('1234567');
    expect(booking.numberOfGuests).toBe(3);
  });

  it('a signed-in guest’s booking carries the account', async () => {
    const guest = await signUp();
    const { booking } = await json<{ booking: Booking }>(await book(request(), guest.cookie));
    expect(booking.userEmail).toBe(guest.email);
  });
});

describe('staff quick booking', () => {
  it('is made for the guest: it carries the guest e-mail, not the staff account; an empty e-mail is none', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const withEmail = await json<{ booking: Booking & { bookingType: string; extras: string } }>(
      await book(request({ bookingType: 'quick_management', email: 'Walk.In@Example.com' }), staff.cookie),
    );
    expect(withEmail.booking).toMatchObject({
      userEmail: 'walk.in@example.com',
      bookingType: 'quick_management',
      extras: 'no extras',
      status: 'approved',
    });
    const noEmail = await book(request({ bookingType: 'quick_management', email: '' }), staff.cookie);
    expect(noEmail.status).toBe(201);
    expect((await json<{ booking: Booking }>(noEmail)).booking.userEmail).toBeNull();
    const own = await json<Booking[]>(
      await call('/api/booking-submissions?q=Khalid', { cookie: staff.cookie }),
    );
    expect(own.length).toBeGreaterThan(0);
  });
});

describe('walk-in at the desk', () => {
  type Night = { n: number };
  const nightsHeld = async (id: number) =>
    (await env.DB.prepare('select count(*) as n from booking_nights where booking_id = ?')
      .bind(id)
      .first<Night>())!.n;

  it('starts approved in one batch: the holds, the audit line and the approval notice, no second step', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const res = await book(
      request({ bookingType: 'quick_management', fullName: 'Walk-in Approved' }),
      staff.cookie,
    );
    expect(res.status).toBe(201);
    const { booking } = await json<{ booking: Booking & { holdExpiresAt: string | null } }>(res);
    expect(booking).toMatchObject({ status: 'approved', holdExpiresAt: null });
    expect(await nightsHeld(booking.id)).toBe(2);
    const audit = await env.DB.prepare(
      `select action, actor_email, after from audit_log where entity_type = 'booking' and entity_id = ?`,
    )
      .bind(String(booking.id))
      .all<{ action: string; actor_email: string; after: string }>();
    expect(audit.results).toEqual([
      expect.objectContaining({ action: 'booking.approved', actor_email: 'staff@example.com' }),
    ]);
    expect(JSON.parse(audit.results[0]!.after)).toMatchObject({ status: 'approved', walkIn: true });
    const notice = await env.DB.prepare(`select type, user_phone from notifications where booking_id = ?`)
      .bind(booking.id)
      .all<{ type: string; user_phone: string }>();
    expect(notice.results).toEqual([{ type: 'booking_approved', user_phone: booking.phoneNumber }]);
    // Approving it again is a move the status no longer allows; confirming is the next step.
    const patch = (status: string) =>
      call(`/api/booking-submissions/${booking.id}/status`, {
        method: 'PATCH',
        json: { status },
        cookie: staff.cookie,
      });
    expect((await patch('approved')).status).toBe(409);
    expect((await patch('confirmed')).status).toBe(200);
  });

  it('the desk may choose pending; a guest asking for approved still gets pending', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const pending = await json<{ booking: Booking }>(
      await book(request({ bookingType: 'quick_management', deskStatus: 'pending' }), staff.cookie),
    );
    expect(pending.booking.status).toBe('pending');
    expect(await nightsHeld(pending.booking.id)).toBe(2);
    const guest = await signUp();
    for (const cookie of [guest.cookie, undefined]) {
      const asked = await json<{ booking: Booking }>(
        await book(request({ bookingType: 'quick_management', deskStatus: 'approved' }), cookie),
      );
      expect(asked.booking.status).toBe('pending');
    }
    const bad = await book(
      request({ bookingType: 'quick_management', deskStatus: 'confirmed' }),
      staff.cookie,
    );
    expect(bad.status).toBe(400);
  });

  it('an approved walk-in for a sold-out night is refused like any booking, and leaves no trace', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const night = addDays(hotelToday(), 260);
    const before = (await env.DB.prepare(
      `select total_count as n from room_inventory where room_type = 'deluxe'`,
    ).first<Night>())!.n;
    await setAllotment('room_inventory', "room_type = 'deluxe'", 0);
    try {
      const res = await book(
        request({
          bookingType: 'quick_management',
          roomType: 'deluxe',
          fullName: 'Walk-in Sold Out',
          checkInDate: night,
          checkOutDate: addDays(night, 1),
        }),
        staff.cookie,
      );
      expect(res.status).toBe(409);
    } finally {
      await setAllotment('room_inventory', "room_type = 'deluxe'", before);
    }
    const traces = await env.DB.prepare(
      `select (select count(*) from booking_submissions where full_name = 'Walk-in Sold Out') as b,
              (select count(*) from notifications where message like '%deluxe, ${night}%') as n`,
    ).first<{ b: number; n: number }>();
    expect(traces).toEqual({ b: 0, n: 0 });
  });
});

describe('Idempotency-Key on booking requests (the offline outbox)', () => {
  const bookOnce = (
    body: Record<string, unknown>,
    key: string,
    opts: { cookie?: string; lang?: 'ar' | 'en'; expectedUser?: string } = {},
  ) =>
    call('/api/booking-submissions', {
      method: 'POST',
      json: body,
      cookie: opts.cookie,
      lang: opts.lang,
      headers: {
        'cf-connecting-ip': someAddress(),
        'idempotency-key': key,
        ...(opts.expectedUser !== undefined && { 'x-expected-user-id': opts.expectedUser }),
      },
    });
  const bookingsOf = async (fullName: string) =>
    (
      await env.DB.prepare('select id from booking_submissions where full_name = ?')
        .bind(fullName)
        .all<{ id: number }>()
    ).results;

  it('a repeated key replays the first answer and books once', async () => {
    const guest = await signUp();
    const body = request({ fullName: `Replay ${crypto.randomUUID().slice(0, 6)}` });
    const key = crypto.randomUUID();
    const first = await bookOnce(body, key, { cookie: guest.cookie });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const firstBody = await json<{ message: string; booking: Booking }>(first);
    const again = await bookOnce(body, key, { cookie: guest.cookie });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await json(again)).toEqual(firstBody);
    expect(firstBody.booking.userEmail).toBe(guest.email);
    expect(await bookingsOf(body.fullName as string)).toEqual([{ id: firstBody.booking.id }]);
    // The same key for a different request is refused, not replayed.
    const other = await bookOnce({ ...body, numberOfGuests: 3 }, key, { cookie: guest.cookie, lang: 'en' });
    expect(other.status).toBe(422);
    expect(await json(other)).toMatchObject({ error: { code: 'idempotency_key_reused' } });
  });

  it('ten requests with the same key at once make one booking and all get its answer', async () => {
    const body = request({ fullName: `Race ${crypto.randomUUID().slice(0, 6)}` });
    const key = crypto.randomUUID();
    const results = await Promise.all(Array.from({ length: 10 }, () => bookOnce(body, key)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    const ids = await Promise.all(results.map(async (r) => (await json<{ booking: Booking }>(r)).booking.id));
    expect(new Set(ids).size).toBe(1);
    expect(await bookingsOf(body.fullName as string)).toEqual([{ id: ids[0] }]);
    expect(results.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(9);
  });

  it('a key is per account: another guest with the same key gets a booking of their own, not the first one', async () => {
    const [a, b] = await Promise.all([signUp(), signUp()]);
    const key = crypto.randomUUID();
    const body = request();
    const first = await json<{ booking: Booking }>(await bookOnce(body, key, { cookie: a.cookie }));
    const res = await bookOnce(body, key, { cookie: b.cookie });
    expect(res.status).toBe(201);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    const second = await json<{ booking: Booking }>(res);
    expect(second.booking.id).not.toBe(first.booking.id);
    expect(second.booking.userEmail).toBe(b.email);
  });

  it('a sold-out refusal carries alternatives and is replayed for the same key, even once a room frees up', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    // Deluxe has 4 rooms: sell all of them for two nights.
    const checkInDate = addDays(hotelToday(), 240);
    const checkOutDate = addDays(checkInDate, 2);
    const holders: Booking[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await book(request({ roomType: 'deluxe', checkInDate, checkOutDate }));
      expect(res.status).toBe(201);
      holders.push((await json<{ booking: Booking }>(res)).booking);
    }
    const body = request({ roomType: 'deluxe', checkInDate, checkOutDate, fullName: 'Sold Out Guest' });
    const key = crypto.randomUUID();
    const refused = await bookOnce(body, key, { lang: 'en' });
    expect(refused.status).toBe(409);
    const refusal = await json<{
      error: {
        code: string;
        message: string;
        alternatives: { roomTypes: { roomType: string }[]; dates: { checkInDate: string }[] };
      };
    }>(refused);
    expect(refusal.error.code).toBe('no_rooms_available');
    expect(refusal.error.message).toBe('Sorry, No Rooms Currently Available for Booking');
    // Other types are free on those dates; the three nearest free deluxe stays of 2 nights
    // (in date order) start 3 or 2 nights before or 2 after: the ones between touch a sold night.
    expect(refusal.error.alternatives.roomTypes.map((r) => r.roomType)).toEqual([
      'silver',
      'gold',
      'diamond',
    ]);
    expect(refusal.error.alternatives.dates).toEqual([
      { checkInDate: addDays(checkInDate, -3), checkOutDate: addDays(checkInDate, -1) },
      { checkInDate: addDays(checkInDate, -2), checkOutDate: checkInDate },
      { checkInDate: addDays(checkInDate, 2), checkOutDate: addDays(checkInDate, 4) },
    ]);

    // A room frees up; the same key still answers the refusal the guest was given (no booking
    // behind their back), and a new submission (a new key) books.
    const cancel = await call(`/api/booking-submissions/${holders[0]!.id}/status`, {
      method: 'PATCH',
      json: { status: 'cancelled' },
      cookie: staff.cookie,
    });
    expect(cancel.status).toBe(200);
    const replay = await bookOnce(body, key, { lang: 'en' });
    expect(replay.status).toBe(409);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await json(replay)).toEqual(refusal);
    expect(await bookingsOf('Sold Out Guest')).toEqual([]);
    const fresh = await bookOnce(body, crypto.randomUUID());
    expect(fresh.status).toBe(201);
    expect(await bookingsOf('Sold Out Guest')).toHaveLength(1);
  });

  it('X-Expected-User-Id: sent only by the account that queued it', async () => {
    const [owner, other] = await Promise.all([signUp(), signUp()]);
    const me = await json<{ user: { id: number } }>(await call('/api/auth/me', { cookie: owner.cookie }));
    const id = String(me.user.id);
    const body = request();
    const key = crypto.randomUUID();
    const signedOut = await bookOnce(body, key, { expectedUser: id, lang: 'en' });
    expect(signedOut.status).toBe(401);
    expect(await json(signedOut)).toMatchObject({ error: { code: 'not_signed_in' } });
    const someoneElse = await bookOnce(body, key, { cookie: other.cookie, expectedUser: id, lang: 'ar' });
    expect(someoneElse.status).toBe(401);
    expect(await json(someoneElse)).toMatchObject({
      error: {
        code: 'session_user_changed',
        message: 'هذا الطلب محفوظ لحساب آخر، سجّل الدخول بذلك الحساب لإرساله',
      },
    });
    const mine = await bookOnce(body, key, { cookie: owner.cookie, expectedUser: id });
    expect(mine.status).toBe(201);
    expect((await json<{ booking: Booking }>(mine)).booking.userEmail).toBe(owner.email);
  });

  it('refuses a malformed key', async () => {
    const res = await bookOnce(request(), 'not a key!', { lang: 'en' });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ error: { code: 'idempotency_key_invalid' } });
  });
});
