import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/d1';
import { eq } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import { completeFoundBooking } from './booking-status';
import { bookingSubmissions } from './tables';
import {
  arrivingToday,
  bookingRequest,
  count,
  day,
  errorCode,
  holdsOf,
  json,
  one,
  row,
  staffAccount,
  stays,
} from '@worker-test/builders';
import { call, logIn, signUp } from '@worker-test/helpers';
import { book, setAllotment, type Booking } from '@worker-test/bookings';

/**
 * The bookings at the desk: the list's pages, filters and counts, who sees and changes what, the
 * inventory's writes, notifications and exports. Making bookings: booking-requests.test.ts.
 */

/** Stays on nights no other test of the file uses. */
const freshStay = stays({ from: 25, every: 5 });
const request = (over: Record<string, unknown> = {}) => bookingRequest(over, freshStay);
/** Staff complete booking `id` (POST …/complete). */
const complete = (id: number, cookie: string, lang: 'ar' | 'en') =>
  call(`/api/booking-submissions/${id}/complete`, { method: 'POST', cookie, lang });
/** Staff move booking `id` to `status` (PATCH …/status), with a reason if given. */
const setStatus = (id: number, status: string, cookie: string, lang: 'ar' | 'en' = 'en', reason?: string) =>
  call(`/api/booking-submissions/${id}/status`, {
    method: 'PATCH',
    cookie,
    lang,
    json: reason === undefined ? { status } : { status, reason },
  });

describe('the desk list: pages, filters and counts', () => {
  type Listed = Booking & { createdAt: string; fullName: string; checkInDate: string };
  const list = async (cookie: string, query: string) => {
    const res = await call(`/api/booking-submissions?${query}`, { cookie });
    expect(res.status).toBe(200);
    return json<Listed[]>(res);
  };
  const cursorOf = (b: Listed) => `${new Date(b.createdAt).getTime()}_${b.id}`;

  it('pages newest first with a keyset cursor, filtered by status, stay dates and search on the server', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const made: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await book(
        request({ bookingType: 'quick_management', deskStatus: 'pending', fullName: `Paging Guest ${i}` }),
        staff.cookie,
      );
      made.push((await json<{ booking: Booking }>(res)).booking.id);
    }
    const approved = await json<{ booking: Listed }>(
      await book(
        request({ bookingType: 'quick_management', fullName: 'Paging Guest approved' }),
        staff.cookie,
      ),
    );
    const q = 'q=Paging%20Guest';
    const first = await list(staff.cookie, `${q}&status=pending&limit=3`);
    expect(first.map((b) => b.id)).toEqual(made.slice(-3).reverse());
    const second = await list(staff.cookie, `${q}&status=pending&limit=3&cursor=${cursorOf(first[2]!)}`);
    expect(second.map((b) => b.id)).toEqual(made.slice(1, 4).reverse());
    const third = await list(staff.cookie, `${q}&status=pending&limit=3&cursor=${cursorOf(second[2]!)}`);
    expect(third.map((b) => b.id)).toEqual([made[0]]);
    // Several statuses at once (a tab), and every status.
    const active = await list(staff.cookie, `${q}&status=approved,confirmed&limit=10`);
    expect(active.map((b) => b.id)).toEqual([approved.booking.id]);
    expect(await list(staff.cookie, `${q}&limit=50`)).toHaveLength(8);
    // Stays overlapping a date: only the one whose nights include it.
    const day = approved.booking.checkInDate;
    const onDay = await list(staff.cookie, `${q}&from=${day}&to=${day}`);
    expect(onDay.map((b) => b.id)).toEqual([approved.booking.id]);
    for (const bad of ['limit=0', 'limit=501', 'cursor=abc', 'status=pending,unknown', 'status=']) {
      expect((await call(`/api/booking-submissions?${bad}`, { cookie: staff.cookie })).status).toBe(400);
    }
  });

  it('the counts per status come from the kept totals, for staff only', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const counts = async () =>
      json<Record<string, number>>(await call('/api/booking-submissions/counts', { cookie: staff.cookie }));
    const before = await counts();
    expect(Object.keys(before).sort()).toEqual([
      'approved',
      'cancelled',
      'completed',
      'confirmed',
      'pending',
    ]);
    await book(request({ bookingType: 'quick_management', deskStatus: 'pending' }), staff.cookie);
    await book(request(), undefined);
    await book(request({ bookingType: 'quick_management' }), staff.cookie);
    const after = await counts();
    expect(after.pending).toBe(before.pending! + 2);
    expect(after.approved).toBe(before.approved! + 1);
    const guest = await signUp();
    expect((await call('/api/booking-submissions/counts', { cookie: guest.cookie })).status).toBe(403);
    expect((await call('/api/booking-submissions/counts')).status).toBe(401);
  });
});

describe('who sees and changes what', () => {
  it('a guest sees only their own bookings; staff see all', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const a = (await json<{ booking: Booking }>(await book(request(), alice.cookie))).booking;
    await book(request(), bob.cookie);
    const mine = await json<Booking[]>(await call('/api/booking-submissions', { cookie: alice.cookie }));
    expect(mine.map((b) => b.id)).toEqual([a.id]);
    expect((await call('/api/booking-submissions')).status).toBe(401);
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const all = await json<Booking[]>(await call('/api/booking-submissions', { cookie: staff.cookie }));
    expect(all.length).toBeGreaterThan(2);
    // The ID number: whole for the desk, its last four digits on the guest's own screens.
    const typed = request().idNumber;
    expect((mine[0] as Booking & { idNumber: string }).idNumber).toBe(
      `${'•'.repeat(typed.length - 4)}${typed.slice(-4)}`,
    );
    expect((all.find((b) => b.id === a.id) as Booking & { idNumber: string }).idNumber).toBe(typed);
    const cancelled = await call(`/api/booking-submissions/${a.id}/status`, {
      method: 'PATCH',
      cookie: alice.cookie,
      json: { status: 'cancelled' },
    });
    expect((await json<{ booking: { idNumber: string } }>(cancelled)).booking.idNumber).toMatch(/^•+\w{4}$/);
  });

  it('a guest cannot change or cancel another guest’s booking, approve their own, or set any status but cancelled', async () => {
    const alice = await signUp('Alice');
    const mallory = await signUp('Mallory');
    const a = (await json<{ booking: Booking }>(await book(request(), alice.cookie))).booking;
    const patch = (id: number, status: string, cookie: string) =>
      call(`/api/booking-submissions/${id}/status`, { method: 'PATCH', json: { status }, cookie });

    expect((await patch(a.id, 'cancelled', mallory.cookie)).status).toBe(404);
    expect((await patch(a.id, 'approved', alice.cookie)).status).toBe(403);
    expect((await patch(a.id, 'completed', alice.cookie)).status).toBe(403);
    expect(
      (await call(`/api/booking-submissions/${a.id}/complete`, { method: 'POST', cookie: alice.cookie }))
        .status,
    ).toBe(403);
    expect(
      (await call(`/api/booking-submissions/${a.id}`, { method: 'DELETE', cookie: alice.cookie })).status,
    ).toBe(403);
    const cancel = await patch(a.id, 'cancelled', alice.cookie);
    expect(cancel.status).toBe(200);
    // Cancelled is final, and the holds are released.
    expect((await patch(a.id, 'cancelled', alice.cookie)).status).toBe(409);
    const holds = await env.DB.prepare('select count(*) as n from booking_nights where booking_id = ?')
      .bind(a.id)
      .first<{ n: number }>();
    expect(holds!.n).toBe(0);
  });

  it('staff move bookings only along the allowed transitions, with notifications and an audit trail', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    // A stay arriving today: a stay is completed from its arrival day (the next test).
    const b = (
      await json<{ booking: Booking }>(
        await book(bookingRequest({ phoneNumber: '+968 9876 5432' }, arrivingToday)),
      )
    ).booking;
    const patch = (status: string) =>
      call(`/api/booking-submissions/${b.id}/status`, {
        method: 'PATCH',
        json: { status },
        cookie: staff.cookie,
        lang: 'en',
      });
    const skip = await patch('completed');
    expect(skip.status).toBe(409);
    expect(await json(skip)).toMatchObject({ error: { code: 'transition_not_allowed' } });
    expect((await patch('approved')).status).toBe(200);
    expect((await patch('confirmed')).status).toBe(200);
    const done = await call(`/api/booking-submissions/${b.id}/complete`, {
      method: 'POST',
      cookie: staff.cookie,
    });
    expect(done.status).toBe(200);
    expect((await patch('cancelled')).status).toBe(409);

    const notes = await env.DB.prepare(
      'select type, title, title_ar as titleAr, message, message_ar as messageAr from notifications where user_phone = ? order by id',
    )
      .bind('96898765432')
      .all<{ type: string; title: string; titleAr: string; message: string; messageAr: string }>();
    expect(notes.results.map((n) => n.type)).toEqual([
      'booking_approved',
      'booking_confirmed',
      'booking_completed',
    ]);
    // Each status its own words (a completed stay is thanked), the room's name and readable
    // dates, never the room type's code or an ISO date; Arabic in Arabic-Indic digits only.
    expect(notes.results.map((n) => n.title)).toEqual([
      'Your booking is approved',
      'Your booking is confirmed',
      'Thank you for staying with us',
    ]);
    expect(notes.results.map((n) => n.titleAr)).toEqual([
      'تمت الموافقة على حجزك',
      'تم تأكيد حجزك',
      'شكراً لإقامتك معنا',
    ]);
    for (const note of notes.results) {
      expect(note.message).toMatch(
        /^[A-Z][a-z]+ room, \d{1,2} [A-Z][a-z]{2,3} \d{4} – \d{1,2} [A-Z][a-z]{2,3} \d{4}$/,
      );
      expect(note.message).not.toMatch(/\d{4}-\d{2}-\d{2}|silver|gold|diamond|deluxe/);
      expect(note.messageAr).toMatch(/^الغرفة ال\S+، /);
      expect(note.messageAr).not.toMatch(/[0-9]/);
    }
    const audit = await env.DB.prepare(
      `select action, actor_email from audit_log where entity_type = 'booking' and entity_id = ? order by id`,
    )
      .bind(String(b.id))
      .all<{ action: string; actor_email: string }>();
    expect(audit.results).toEqual([
      { action: 'booking.approved', actor_email: 'staff@example.com' },
      { action: 'booking.confirmed', actor_email: 'staff@example.com' },
      { action: 'booking.completed', actor_email: 'staff@example.com' },
    ]);
  });

  it('nobody completes a stay before its arrival day, by either way, in either language; nothing changes', async () => {
    const guest = await signUp('Early Completion');
    const b = (
      await json<{ booking: Booking }>(await book(request({ phoneNumber: '91230001' }), guest.cookie))
    ).booking;
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const manager = await staffAccount({ role: 'manager' });
    const admin = await logIn('admin@example.com', 'change-me-admin');
    expect((await setStatus(b.id, 'approved', staff.cookie)).status).toBe(200);
    const before = await row(b.id);
    for (const [cookie, lang] of [
      [staff.cookie, 'en'],
      [manager.cookie, 'ar'],
      [admin.cookie, 'en'],
    ] as const) {
      const viaComplete = await complete(b.id, cookie, lang);
      const viaStatus = await setStatus(b.id, 'completed', cookie, lang);
      for (const refused of [viaComplete, viaStatus]) {
        expect(refused.status).toBe(409);
        expect(await json(refused)).toMatchObject({
          error: {
            code: 'complete_before_check_in',
            message:
              lang === 'ar'
                ? 'لم تبدأ هذه الإقامة بعد: يمكن إكمال الحجز ابتداءً من يوم الوصول'
                : 'This stay has not begun yet: a booking can be completed from its arrival day',
          },
        });
      }
    }
    // Even with a reason (a manager's word does not make a stay happen).
    expect((await setStatus(b.id, 'completed', manager.cookie, 'en', 'The guest stayed')).status).toBe(409);
    // Nothing moved: the status, its holds, the points, the audit trail.
    expect(await row(b.id)).toEqual(before);
    expect(await holdsOf(b.id)).toBe(2);
    expect(await count('select count(*) as n from point_transactions where booking_id = ?', b.id)).toBe(0);
    expect(
      await count(
        `select count(*) as n from audit_log where entity_type = 'booking' and entity_id = ? and action = 'booking.completed'`,
        String(b.id),
      ),
    ).toBe(0);
  });

  it('a stay is completed on its arrival day, its points credited once however often it is asked', async () => {
    const guest = await signUp('Arrival Day');
    const b = (
      await json<{ booking: Booking }>(
        await book(
          bookingRequest({ phoneNumber: '91230002', roomType: 'gold' }, arrivingToday),
          guest.cookie,
        ),
      )
    ).booking;
    const staff = await logIn('staff@example.com', 'change-me-staff');
    expect((await setStatus(b.id, 'approved', staff.cookie)).status).toBe(200);
    const tries = await Promise.all([
      complete(b.id, staff.cookie, 'en'),
      complete(b.id, staff.cookie, 'en'),
      setStatus(b.id, 'completed', staff.cookie, 'en'),
    ]);
    expect(tries.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await complete(b.id, staff.cookie, 'en')).status).toBe(409);
    expect(await row(b.id)).toMatchObject({ status: 'completed' });
    expect(
      await one(
        `select (select count(*) from point_transactions where booking_id = ?1 and kind = 'earn') as n,
           (select total_points from user_points where user_email = ?2) as total`,
        b.id,
        guest.email,
      ),
    ).toEqual({ n: 1, total: 10 });
  });

  it('a longer stay completed on its arrival day ends then, as the desk’s check-out ends it, by either way', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const threeNights = stays({ from: 0, every: 0, nights: 3 });
    for (const [i, via] of (['complete', 'status'] as const).entries()) {
      const b = (
        await json<{ booking: Booking }>(
          await book(bookingRequest({ phoneNumber: `9123001${i}`, roomType: 'silver' }, threeNights)),
        )
      ).booking;
      expect((await setStatus(b.id, 'approved', staff.cookie)).status).toBe(200);
      const booked = (await one<{ total_price: number; night_prices: string }>(
        'select total_price, night_prices from booking_submissions where id = ?',
        b.id,
      ))!;
      const nights = JSON.parse(booked.night_prices) as number[];
      expect(nights).toHaveLength(3);
      const res =
        via === 'complete'
          ? await complete(b.id, staff.cookie, 'en')
          : await setStatus(b.id, 'completed', staff.cookie, 'en');
      expect(res.status, await res.clone().text()).toBe(200);
      // The first night at least, at its own price; the booked departure and total kept.
      const after = (await one<Record<string, unknown>>(
        'select status, check_out_date, total_price, night_prices, closed_from from booking_submissions where id = ?',
        b.id,
      ))!;
      expect({ ...after, closed_from: JSON.parse(after.closed_from as string) }).toEqual({
        status: 'completed',
        check_out_date: day(1),
        total_price: nights[0],
        night_prices: JSON.stringify([nights[0]]),
        closed_from: {
          status: 'approved',
          checkOutDate: day(3),
          totalPrice: booked.total_price,
          nightPrices: nights,
        },
      });
      expect(await holdsOf(b.id)).toBe(0);
    }
  });

  it('a stay whose dates move later while it is being completed is not completed', async () => {
    const b = (
      await json<{ booking: Booking }>(await book(bookingRequest({ phoneNumber: '91230003' }, arrivingToday)))
    ).booking;
    const staff = await logIn('staff@example.com', 'change-me-staff');
    expect((await setStatus(b.id, 'approved', staff.cookie)).status).toBe(200);
    const read = (await drizzle(env.DB)
      .select()
      .from(bookingSubmissions)
      .where(eq(bookingSubmissions.id, b.id))
      .get())!;
    // Moved to tomorrow after the completion read the booking (the move itself checks the row).
    await env.DB.prepare(`update booking_submissions set check_in_date = ?, check_out_date = ? where id = ?`)
      .bind(day(1), day(2), b.id)
      .run();
    const actor = (await one<SessionUser>(
      `select id, full_name as fullName, email, role from users where email = 'staff@example.com'`,
    ))!;
    expect(await errorCode(() => completeFoundBooking(drizzle(env.DB), actor, read))).toBe('status_changed');
    expect(await row(b.id)).toMatchObject({ status: 'approved' });
  });

  it('only an admin deletes a booking', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const admin = await logIn('admin@example.com', 'change-me-admin');
    const b = (await json<{ booking: Booking }>(await book(request()))).booking;
    expect(
      (await call(`/api/booking-submissions/${b.id}`, { method: 'DELETE', cookie: staff.cookie })).status,
    ).toBe(403);
    expect(
      (await call(`/api/booking-submissions/${b.id}`, { method: 'DELETE', cookie: admin.cookie })).status,
    ).toBe(200);
    expect(
      (await call(`/api/booking-submissions/${b.id}`, { method: 'DELETE', cookie: admin.cookie })).status,
    ).toBe(404);
  });
});

describe('inventory writes', () => {
  it('refuses counts below 0 or above the cap, and lets staff set one in range', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const guest = await signUp();
    const put = (path: string, body: unknown, cookie = staff.cookie) =>
      call(path, { method: 'PUT', json: body, cookie, lang: 'en' });

    expect((await put('/api/room-inventory/gold', { availableCount: 10 }, guest.cookie)).status).toBe(403);
    const below = await put('/api/room-inventory/gold', { availableCount: -1 });
    expect(below.status).toBe(400);
    expect(await json(below)).toMatchObject({
      error: { fields: { availableCount: 'The count cannot be below 0' } },
    });
    const above = await put('/api/room-inventory/gold', { availableCount: 37 });
    expect(await json(above)).toMatchObject({
      error: { fields: { availableCount: 'The count is above the maximum' } },
    });
    expect(
      (await put('/api/room-bed-inventory/silver/single', { totalCount: 2, availableCount: 2 })).status,
    ).toBe(400);
    expect((await put('/api/room-smoking-inventory/deluxe/smoking', { totalCount: 2 })).status).toBe(400);

    const ok = await put('/api/room-inventory/gold', { availableCount: '٣٠' });
    expect(ok.status).toBe(200);
    expect(await json(ok)).toMatchObject({ row: { roomType: 'gold', totalCount: 30 } });
    const smoke = await put('/api/room-smoking-inventory/deluxe/smoking', {
      totalCount: 1,
      availableCount: 1,
    });
    expect(await json(smoke)).toMatchObject({
      row: { roomType: 'deluxe', smokingType: 'smoking', totalCount: 1 },
    });
    const audit = await env.DB.prepare(
      `select count(*) as n from audit_log where action like 'inventory.%'`,
    ).first<{
      n: number;
    }>();
    expect(audit!.n).toBe(2);
    await setAllotment('room_inventory', `room_type = 'gold'`, 36);
  });
});

describe('notifications and exports', () => {
  it('a guest reads the notifications of their own bookings; staff read any phone', async () => {
    const guest = await signUp('Noura');
    const other = await signUp('Other');
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const b = (
      await json<{ booking: Booking }>(await book(request({ phoneNumber: '٩٥٥٥ ١٢١٢' }), guest.cookie))
    ).booking;
    await call(`/api/booking-submissions/${b.id}/status`, {
      method: 'PATCH',
      json: { status: 'approved' },
      cookie: staff.cookie,
    });
    const mine = await json<{ items: { type: string; userPhone: string }[]; unread: number }>(
      await call('/api/notifications/mine', { cookie: guest.cookie }),
    );
    expect(mine.items.map((n) => [n.type, n.userPhone])).toEqual([['booking_approved', '96895551212']]);
    expect(mine.unread).toBe(1);
    expect(await json(await call('/api/notifications/mine', { cookie: other.cookie }))).toEqual({
      items: [],
      nextCursor: null,
      unread: 0,
    });
    expect((await call('/api/notifications/95551212', { cookie: guest.cookie })).status).toBe(403);
    const byPhone = await json<unknown[]>(
      await call('/api/notifications/+968%209555%201212', { cookie: staff.cookie }),
    );
    expect(byPhone).toHaveLength(1);
  });

  it('exports bookings as CSV for staff and the audit log for admins only', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const admin = await logIn('admin@example.com', 'change-me-admin');
    await book(request({ fullName: '=HYPERLINK("x") سالم' }));
    await book(request({ fullName: 'Family Of Three', adults: 2, children: 1, numberOfGuests: 3 }));
    const csv = await call('/api/admin/bookings.csv', { cookie: staff.cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const bytes = new Uint8Array(await csv.clone().arrayBuffer());
    // A UTF-8 byte-order mark first, so spreadsheets read the Arabic correctly.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe(
      'id,reference,fullName,phoneNumber,idNumber,checkInDate,checkOutDate,roomType,roomNumber,bedType,smokingPreference,numberOfGuests,adults,children,totalPriceBaisa,paymentMethod,status,statusReason,createdAt,bookingType,isPointsBooking,pointsUsed,extras,userEmail',
    );
    expect(text).toContain(`"'=HYPERLINK(""x"") سالم"`);
    // Each booking's adults and children beside its guests.
    const header = text.split('\r\n')[0]!.split(',');
    const family = text
      .split('\r\n')
      .find((line) => line.includes('Family Of Three'))!
      .split(',');
    const cell = (name: string) => family[header.indexOf(name)];
    expect([cell('numberOfGuests'), cell('adults'), cell('children')]).toEqual(['3', '2', '1']);
    expect((await call('/api/admin/audit-log.csv', { cookie: staff.cookie })).status).toBe(403);
    const audit = await call('/api/admin/audit-log.csv', { cookie: admin.cookie });
    expect(audit.status).toBe(200);
    expect((await call('/api/admin/audit-log', { cookie: admin.cookie })).status).toBe(200);
  });
});
