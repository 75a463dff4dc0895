import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { afterEach, describe, expect, it } from 'vitest';
import { hotelToday } from '@shared/dates';
import { expireStalePending } from './modules/bookings/booking-status';
import { arrivingToday, book, bookingRequest, json, one, stays } from '@worker-test/builders';
import { call, latestCode, logIn, sessionCookie, signUp, uniqueEmail } from '@worker-test/helpers';

/**
 * A state change and everything that follows from it commit together or
 * not at all. Each fault test makes a dependent step fail inside the database (a
 * trigger the test plants), checks that nothing of the first step remains, then
 * removes the fault and shows that a retry succeeds exactly once. Before
 * docs/decisions/009-atomic-state-changes.md each of them left the first step behind.
 */
type Booking = { id: number; status: string; checkInDate: string; checkOutDate: string };

const planted: string[] = [];
/** Makes every write of `op` on `table` fail with "injected fault" until the test ends. */
async function failOn(table: string, op: 'INSERT' | 'DELETE' | 'UPDATE' = 'INSERT') {
  const name = `inject_${table}_${op.toLowerCase()}`;
  await env.DB.prepare(
    `CREATE TRIGGER ${name} BEFORE ${op} ON ${table} BEGIN SELECT RAISE(ABORT, 'injected fault'); END`,
  ).run();
  planted.push(name);
}
async function heal() {
  while (planted.length) await env.DB.prepare(`DROP TRIGGER IF EXISTS ${planted.pop()}`).run();
}
afterEach(heal);

let phone = 96_000_000;
const stay = stays({ from: 603, every: 3 });
const bookingBody = (over: Record<string, unknown> = {}) =>
  bookingRequest(
    { fullName: 'Atomic Guest', phoneNumber: String((phone += 1)), idNumber: '1234567', ...over },
    stay,
  );
const newBooking = (cookie?: string): Promise<Booking> => book(bookingBody(), { cookie });
const setStatus = (cookie: string, id: number, status: string) =>
  call(`/api/booking-submissions/${id}/status`, {
    method: 'PATCH',
    cookie,
    json: { status, reason: 'test' },
  });
const bookingState = (id: number) =>
  one<{ status: string; nights: number; audits: number; notes: number }>(
    `select status,
      (select count(*) from booking_nights where booking_id = b.id) as nights,
      (select count(*) from audit_log where entity_type = 'booking' and entity_id = cast(b.id as text)) as audits,
      (select count(*) from notifications where booking_id = b.id) as notes
     from booking_submissions b where id = ?`,
    id,
  );

describe('one atomic write per state change, under injected faults', () => {
  it('cancelling a booking: the status, released nights, audit and notification go together', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const booking = await newBooking();
    await failOn('audit_log');
    expect((await setStatus(staff.cookie, booking.id, 'cancelled')).status).toBe(500);
    // Nothing of the first step remains: still pending, still holding its two nights.
    expect(await bookingState(booking.id)).toEqual({ status: 'pending', nights: 2, audits: 0, notes: 0 });
    await heal();
    expect((await setStatus(staff.cookie, booking.id, 'cancelled')).status).toBe(200);
    expect(await bookingState(booking.id)).toEqual({ status: 'cancelled', nights: 0, audits: 1, notes: 1 });
    expect((await setStatus(staff.cookie, booking.id, 'cancelled')).status).toBe(409);
  });

  it('completing a stay: the points arrive with the status or neither does', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const guest = await signUp();
    // A stay arriving today: completed only from its arrival day.
    const booking = await book<Booking>(bookingBody(arrivingToday()), { cookie: guest.cookie });
    expect((await setStatus(staff.cookie, booking.id, 'approved')).status).toBe(200);
    await failOn('point_transactions');
    const complete = () =>
      call(`/api/booking-submissions/${booking.id}/complete`, { method: 'POST', cookie: staff.cookie });
    expect((await complete()).status).toBe(500);
    expect((await bookingState(booking.id))?.status).toBe('approved');
    expect(
      await one('select count(*) as n from point_transactions where booking_id = ?', booking.id),
    ).toEqual({
      n: 0,
    });
    await heal();
    const done = await complete();
    expect(done.status).toBe(200);
    expect(await json(done)).toMatchObject({ pointsEarned: 10 });
    expect((await complete()).status).toBe(409);
    expect(
      await one<{ n: number; total: number }>(
        `select (select count(*) from point_transactions where booking_id = ? and kind = 'earn') as n,
          (select total_points from user_points where user_email = ?) as total`,
        booking.id,
        guest.email,
      ),
    ).toEqual({ n: 1, total: 10 });
  });

  it('a VIP benefit: the counter, the usage row and the audit line go together', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const created = await call('/api/vip-beneficiaries', {
      method: 'POST',
      cookie: staff.cookie,
      json: {
        fullName: 'Atomic VIP',
        phoneNumber: String((phone += 1)),
        civilId: '7654321',
        cardType: 'gold',
        startDate: hotelToday(),
      },
    });
    expect(created.status).toBe(201);
    const { beneficiary } = await json<{ beneficiary: { id: number } }>(created);
    const use = () =>
      call(`/api/vip-beneficiaries/${beneficiary.id}/use`, {
        method: 'POST',
        cookie: staff.cookie,
        json: { kind: 'free_night' },
      });
    const state = () =>
      one<{ used: number; rows: number }>(
        `select free_nights_used as used, (select count(*) from vip_usages where beneficiary_id = v.id) as rows
         from vip_beneficiaries v where id = ?`,
        beneficiary.id,
      );
    await failOn('vip_usages');
    expect((await use()).status).toBe(500);
    expect(await state()).toEqual({ used: 0, rows: 0 });
    await heal();
    expect((await use()).status).toBe(200);
    expect(await state()).toEqual({ used: 1, rows: 1 });
  });

  it('adding a VIP holder or a staff account: no row without its audit line', async () => {
    const admin = await logIn('admin@example.com', 'change-me-admin');
    const vipPhone = String((phone += 1));
    const email = uniqueEmail('atomic-staff');
    await failOn('audit_log');
    const vip = await call('/api/vip-beneficiaries', {
      method: 'POST',
      cookie: admin.cookie,
      json: {
        fullName: 'No Audit',
        phoneNumber: vipPhone,
        civilId: '7654321',
        cardType: 'silver',
        startDate: hotelToday(),
      },
    });
    expect(vip.status).toBe(500);
    const staff = await call('/api/admin/staff', {
      method: 'POST',
      cookie: admin.cookie,
      json: { fullName: 'No Audit', email, password: 'a-long-staff-pass' },
    });
    expect(staff.status).toBe(500);
    expect(await one('select count(*) as n from vip_beneficiaries where phone_number = ?', vipPhone)).toEqual(
      { n: 0 },
    );
    expect(await one('select count(*) as n from users where email = ?', email)).toEqual({ n: 0 });
    await heal();
    const again = await call('/api/admin/staff', {
      method: 'POST',
      cookie: admin.cookie,
      json: { fullName: 'With Audit', email, password: 'a-long-staff-pass' },
    });
    expect(again.status).toBe(201);
    const { staff: made } = await json<{ staff: { id: number } }>(again);
    expect(
      await one(
        `select count(*) as n from audit_log where action = 'staff.create' and entity_id = ?`,
        String(made.id),
      ),
    ).toEqual({ n: 1 });
  });

  it('disabling staff ends their sessions in the same step', async () => {
    const admin = await logIn('admin@example.com', 'change-me-admin');
    const email = uniqueEmail('atomic-clerk');
    const made = await json<{ staff: { id: number } }>(
      await call('/api/admin/staff', {
        method: 'POST',
        cookie: admin.cookie,
        json: { fullName: 'Clerk', email, password: 'a-long-staff-pass' },
      }),
    );
    const clerk = await logIn(email, 'a-long-staff-pass');
    await failOn('sessions', 'DELETE');
    const disable = () =>
      call(`/api/admin/staff/${made.staff.id}/disable`, { method: 'POST', cookie: admin.cookie });
    expect((await disable()).status).toBe(500);
    expect(await one('select is_disabled as d from users where id = ?', made.staff.id)).toEqual({ d: 0 });
    await heal();
    expect((await disable()).status).toBe(200);
    expect(await one('select count(*) as n from sessions where user_id = ?', made.staff.id)).toEqual({
      n: 0,
    });
    expect((await call('/api/auth/me', { cookie: clerk.cookie })).status).toBe(401);
  });

  it('verifying an e-mail: the code is not spent unless the account is verified and signed in', async () => {
    const email = uniqueEmail('atomic-verify');
    await call('/api/auth/register', {
      method: 'POST',
      json: { fullName: 'Atomic Verify', email, password: 'a-long-guest-pass' },
    });
    const code = await latestCode(email);
    const verify = () =>
      call('/api/auth/verify-email', { method: 'POST', json: { email, verificationCode: code } });
    await failOn('sessions');
    expect((await verify()).status).toBe(500);
    expect(await one('select is_verified as v from users where email = ?', email)).toEqual({ v: 0 });
    await heal();
    const ok = await verify();
    expect(ok.status).toBe(200);
    expect((await call('/api/auth/me', { cookie: sessionCookie(ok) })).status).toBe(200);
    expect((await verify()).status).toBe(400);
  });

  it('resetting a password: the code, the password and the sessions change together', async () => {
    const guest = await signUp('Atomic Reset', uniqueEmail('atomic-reset'), 'the-first-pass');
    await call('/api/auth/forgot-password', { method: 'POST', json: { email: guest.email } });
    const code = await latestCode(guest.email);
    const reset = () =>
      call('/api/auth/reset-password', {
        method: 'POST',
        json: { email: guest.email, code, password: 'the-second-pass' },
      });
    const state = () =>
      one<{ hash: string; sessions: number; unused: number }>(
        `select password_hash as hash, (select count(*) from sessions where user_id = u.id) as sessions,
          (select count(*) from email_codes where user_id = u.id and purpose = 'reset_password' and used_at is null) as unused
         from users u where email = ?`,
        guest.email,
      );
    const before = await state();
    await failOn('sessions');
    expect((await reset()).status).toBe(500);
    // The old password, the old sessions and the code are all as they were.
    expect(await state()).toEqual(before);
    await heal();
    expect((await call('/api/auth/me', { cookie: guest.cookie })).status).toBe(200);
    expect((await reset()).status).toBe(200);
    expect((await logIn(guest.email, 'the-second-pass')).res.status).toBe(200);
    expect((await call('/api/auth/me', { cookie: guest.cookie })).status).toBe(401);
    expect((await reset()).status).toBe(400);
  });

  it('releasing stale pending requests: all of a run or nothing', async () => {
    const booking = await newBooking();
    await env.DB.prepare('update booking_submissions set created_at = ? where id = ?')
      .bind(Date.now() - 72 * 3600_000, booking.id)
      .run();
    await failOn('notifications');
    await expect(expireStalePending(drizzle(env.DB), 48 * 3600_000)).rejects.toThrow();
    expect(await bookingState(booking.id)).toMatchObject({ status: 'pending', nights: 2 });
    await heal();
    expect((await expireStalePending(drizzle(env.DB), 48 * 3600_000)).expired).toBeGreaterThanOrEqual(1);
    expect(await bookingState(booking.id)).toMatchObject({ status: 'cancelled', nights: 0, notes: 1 });
    // The guest's notice comes from the catalogue, its room and dates filled from the booking's
    // columns by SQL: the room's name and the dates as the app shows them, in each language's digits.
    const note = await one<{ title: string; message: string; titleAr: string; messageAr: string }>(
      'select title, message, title_ar as titleAr, message_ar as messageAr from notifications where booking_id = ?',
      booking.id,
    );
    const date = (iso: string, locale: string) =>
      new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${iso}T00:00:00Z`));
    const [enIn, enOut] = [date(booking.checkInDate, 'en-GB'), date(booking.checkOutDate, 'en-GB')];
    const [arIn, arOut] = [date(booking.checkInDate, 'ar-OM'), date(booking.checkOutDate, 'ar-OM')];
    // (bookingBody() books a gold room.)
    expect(note).toEqual({
      title: 'Your booking request expired',
      titleAr: 'انتهت صلاحية طلب الحجز',
      message: `Nobody could confirm your request in time, so its room was released (Gold room, ${enIn} – ${enOut}). Please book again or contact us.`,
      messageAr: `لم يتم تأكيد طلبك في الوقت المحدد، فأُلغي حجز الغرفة (الغرفة الذهبية، ${arIn} – ${arOut}). يرجى الحجز من جديد أو التواصل معنا.`,
    });
    expect(note!.messageAr).not.toMatch(/[0-9]/);
  });

  it('a request cancelled by the client midway leaves the booking whole, one way or the other', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    for (let i = 0; i < 5; i++) {
      const booking = await newBooking();
      const controller = new AbortController();
      const pending = call(`/api/booking-submissions/${booking.id}/status`, {
        method: 'PATCH',
        cookie: staff.cookie,
        json: { status: 'cancelled' },
        signal: controller.signal,
      }).catch(() => null);
      // The tablet loses Wi-Fi after i macrotasks.
      for (let t = 0; t < i; t++) await new Promise((r) => setTimeout(r, 0));
      controller.abort();
      await pending;
      await new Promise((r) => setTimeout(r, 50));
      const state = await bookingState(booking.id);
      expect([
        { status: 'pending', nights: 2, audits: 0, notes: 0 },
        { status: 'cancelled', nights: 0, audits: 1, notes: 1 },
      ]).toContainEqual(state);
    }
  });
});

describe('the integrity check', () => {
  type Report = {
    id: number;
    violationCount: number;
    violations: { check: string; detail: Record<string, unknown> }[];
  };
  const run = async (cookie: string) =>
    (await json<{ report: Report }>(await call('/api/admin/integrity/run', { method: 'POST', cookie })))
      .report;

  it('is admin-only', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const guest = await signUp();
    expect((await call('/api/admin/integrity/run', { method: 'POST' })).status).toBe(401);
    expect((await call('/api/admin/integrity/run', { method: 'POST', cookie: guest.cookie })).status).toBe(
      403,
    );
    expect((await call('/api/admin/integrity', { cookie: staff.cookie })).status).toBe(403);
  });

  it('finds nothing in a sound database, then every violation planted in D1, until acknowledged', async () => {
    const admin = await logIn('admin@example.com', 'change-me-admin');
    const clean = await run(admin.cookie);
    expect(clean.violations).toEqual([]);
    expect(await json(await call('/api/admin/integrity', { cookie: admin.cookie }))).toEqual({
      report: null,
    });

    // A cancelled booking that still holds a night.
    const held = await newBooking();
    await env.DB.prepare(`update booking_submissions set status = 'cancelled' where id = ?`)
      .bind(held.id)
      .run();
    // A balance that is not its ledger's sum.
    const guest = await signUp();
    await env.DB.prepare(`insert into user_points (user_email, total_points) values (?, 40)`)
      .bind(guest.email)
      .run();
    // A completed stay of a signed-in guest with no earn.
    const stay = await newBooking(guest.cookie);
    await env.DB.prepare(`update booking_submissions set status = 'completed' where id = ?`)
      .bind(stay.id)
      .run();
    await env.DB.prepare('delete from booking_nights where booking_id = ?').bind(stay.id).run();
    // A VIP counter without its usage row.
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const vip = await json<{ beneficiary: { id: number } }>(
      await call('/api/vip-beneficiaries', {
        method: 'POST',
        cookie: staff.cookie,
        json: {
          fullName: 'Counted VIP',
          phoneNumber: String((phone += 1)),
          civilId: '7654321',
          cardType: 'elite',
          startDate: hotelToday(),
        },
      }),
    );
    await env.DB.prepare('update vip_beneficiaries set coffees_used = 2 where id = ?')
      .bind(vip.beneficiary.id)
      .run();
    // An entry image whose R2 object is gone.
    const imageId = crypto.randomUUID();
    await env.DB.prepare(
      `insert into event_images (id, event_type, submission_id, position, r2_key, content_type, byte_size)
       values (?, 'photography', 999999, 0, 'events/photography/2026-11/gone.jpg', 'image/jpeg', 10)`,
    )
      .bind(imageId)
      .run();
    // More holds than the allotment on one night.
    await env.DB.prepare(`update room_inventory set total_count = 0 where room_type = 'diamond'`).run();
    const over = await call('/api/booking-submissions', {
      method: 'POST',
      json: bookingBody({ roomType: 'diamond' }),
    });
    expect(over.status).toBe(409);
    await env.DB.prepare(`update room_inventory set total_count = 3 where room_type = 'diamond'`).run();
    const diamond = await newBookingOf('diamond');
    await env.DB.prepare(`update room_inventory set total_count = 0 where room_type = 'diamond'`).run();

    const report = await run(admin.cookie);
    const found = new Set(report.violations.map((v) => v.check));
    expect([...found].sort()).toEqual(
      [
        'balance_not_ledger_sum',
        'completed_stay_earn_count',
        'hold_without_live_booking',
        'image_missing_in_r2',
        'rooms_over_allotment',
        'vip_counter_mismatch',
      ].sort(),
    );
    expect(report.violations).toContainEqual({
      check: 'hold_without_live_booking',
      detail: expect.objectContaining({ bookingId: held.id }),
    });
    expect(report.violations).toContainEqual({
      check: 'rooms_over_allotment',
      detail: expect.objectContaining({ roomType: 'diamond', allotment: 0 }),
    });
    void diamond;
    // The banner's data until an admin acknowledges; the audit log says so too.
    const open = await json<{ report: Report }>(await call('/api/admin/integrity', { cookie: admin.cookie }));
    expect(open.report.id).toBe(report.id);
    expect(
      await one(
        `select count(*) as n from audit_log where action = 'integrity.violations' and entity_id = ?`,
        String(report.id),
      ),
    ).toEqual({ n: 1 });
    const ack = await call(`/api/admin/integrity/${report.id}/acknowledge`, {
      method: 'POST',
      cookie: admin.cookie,
    });
    expect(await json(ack)).toEqual({ report: null });
    expect(
      (await call(`/api/admin/integrity/${report.id}/acknowledge`, { method: 'POST', cookie: admin.cookie }))
        .status,
    ).toBe(404);
    await env.DB.prepare(`update room_inventory set total_count = 3 where room_type = 'diamond'`).run();
  });
});

const newBookingOf = (roomType: string): Promise<Booking> => book(bookingBody({ roomType }));
