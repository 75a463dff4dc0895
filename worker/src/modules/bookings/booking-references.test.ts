import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import {
  BOOKING_REFERENCE_ALPHABET,
  formatBookingReference,
  isBookingReference,
} from '@shared/booking-reference';
import { addDays, hotelToday } from '@shared/dates';
import { insertBooking } from './insert-booking';
import { bookingRequest, stays } from '@worker-test/builders';
import { call, logIn, signUp } from '@worker-test/helpers';

/**
 * Booking references a guest can say on the phone: 7 characters without
 * look-alikes, random, made in the booking's own statement by every way of booking, found by
 * the staff search however typed, in the CSV as shown, and given to old bookings by
 * migration 0021.
 */
type Booking = { id: number; reference: string; fullName: string };
const json = async <T>(res: Response) => (await res.json()) as T;

const stay = stays({ from: 33, every: 3, nights: 1 });
const request = (over: Record<string, unknown> = {}) =>
  bookingRequest({ fullName: 'Maryam Al Harthy', idNumber: '44556677', roomType: 'silver', ...over }, stay);
let host = 0;
const book = (body: Record<string, unknown>, init: { cookie?: string; key?: string } = {}) =>
  call('/api/booking-submissions', {
    method: 'POST',
    json: body,
    cookie: init.cookie,
    headers: {
      'cf-connecting-ip': `10.28.4.${(host += 1)}`,
      ...(init.key && { 'idempotency-key': init.key }),
    },
  });

/** A reference read as a number in base 31, to measure how far apart two are. */
const asNumber = (reference: string) =>
  [...reference].reduce((n, ch) => n * 31 + BOOKING_REFERENCE_ALPHABET.indexOf(ch), 0);

describe('booking references', () => {
  it('every way of booking gives one: 7 characters without look-alikes, random, not sequential', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const guest = await signUp('Reference Guest');
    const made: Booking[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await book(request({ fullName: `Guest form ${i}` }));
      expect(res.status).toBe(201);
      made.push((await json<{ booking: Booking }>(res)).booking);
    }
    const signedIn = await book(request(), { cookie: guest.cookie });
    const desk = await book(request({ bookingType: 'quick_management', email: '' }), {
      cookie: staff.cookie,
    });
    const quick = await book(request({ bookingType: 'quick_management' }));
    const queued = await book(request(), { key: crypto.randomUUID() });
    for (const res of [signedIn, desk, quick, queued]) {
      expect(res.status).toBe(201);
      made.push((await json<{ booking: Booking }>(res)).booking);
    }
    for (const b of made) {
      expect(b.reference).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{7}$/);
      expect(isBookingReference(b.reference)).toBe(true);
    }
    // Consecutive ids, far-apart references: one booking's tells nothing of the next one's.
    expect(new Set(made.map((b) => b.reference)).size).toBe(made.length);
    for (let i = 1; i < made.length; i++) {
      expect(made[i]!.id).toBeGreaterThan(made[i - 1]!.id);
      expect(Math.abs(asNumber(made[i]!.reference) - asNumber(made[i - 1]!.reference))).toBeGreaterThan(1000);
    }
    // What the guest and the staff lists give is the stored reference.
    const mine = await json<Booking[]>(await call('/api/booking-submissions', { cookie: guest.cookie }));
    expect(mine.map((b) => b.reference)).toEqual([made[6]!.reference]);
    const row = await env.DB.prepare('select reference from booking_submissions where id = ?')
      .bind(made[7]!.id)
      .first<{ reference: string }>();
    expect(row?.reference).toBe(made[7]!.reference);
  });

  it('a reference another booking has already is drawn again (the unique index refuses the first)', async () => {
    const taken = (await json<{ booking: Booking }>(await book(request()))).booking.reference;
    const draws = [taken, taken, 'K7MQ4PX'];
    let drawn = 0;
    const created = await insertBooking(
      drizzle(env.DB),
      () => ({
        values: {
          ...request({ fullName: 'Clash Guest' }),
          roomType: 'silver',
          bedType: 'double',
          smokingPreference: 'non_smoking',
          status: 'pending',
        } as never,
      }),
      () => draws[drawn++]!,
    );
    expect(drawn).toBe(3);
    expect(created).toMatchObject({ reference: 'K7MQ4PX', fullName: 'Clash Guest' });
    // Its holds went in with it, under the new reference.
    const holds = await env.DB.prepare('select count(*) as n from booking_nights where booking_id = ?')
      .bind(created.id)
      .first<{ n: number }>();
    expect(holds?.n).toBe(1);
    // Only ever a taken reference: refused after a few draws, nothing written.
    await expect(
      insertBooking(
        drizzle(env.DB),
        () => ({ values: { ...request({ fullName: 'Never Guest' }), status: 'pending' } as never }),
        () => taken,
      ),
    ).rejects.toThrow(/UNIQUE constraint failed: booking_submissions.reference/);
    const never = await env.DB.prepare(
      `select count(*) as n from booking_submissions where full_name = 'Never Guest'`,
    ).first<{
      n: number;
    }>();
    expect(never?.n).toBe(0);
  });

  it('the staff search finds a booking by its reference, in any case, with or without the dash', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const { booking } = await json<{ booking: Booking }>(await book(request({ fullName: 'Searched Guest' })));
    const shown = formatBookingReference(booking.reference);
    expect(shown).toMatch(/^[A-Z2-9]{3}-[A-Z2-9]{4}$/);
    for (const typed of [booking.reference, shown, shown.toLowerCase(), ` ${shown.replace('-', ' ')} `]) {
      const found = await json<Booking[]>(
        await call(`/api/booking-submissions?q=${encodeURIComponent(typed)}`, { cookie: staff.cookie }),
      );
      expect(
        found.map((b) => b.id),
        typed,
      ).toEqual([booking.id]);
    }
  });

  it('the bookings CSV has each booking’s reference as shown', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const { booking } = await json<{ booking: Booking }>(await book(request({ fullName: 'Csv Guest' })));
    const text = await (await call('/api/admin/bookings.csv', { cookie: staff.cookie })).text();
    const line = text.split('\r\n').find((l) => l.startsWith(`${booking.id},`));
    expect(line?.split(',')[1]).toMatch(/^[2-9A-HJKMNP-Z]{3}-[2-9A-HJKMNP-Z]{4}$/);
    expect(line?.split(',')[1]).toBe(formatBookingReference(booking.reference));
  });
});

describe('migration 0021', () => {
  it('gives every booking made before it a valid, unique reference, and their stored answers too', async () => {
    const old = ['TFP5j_9_f_SOTSqY', 'aB-xY_0123456789', 'zzzzzzzzzzzzzzzz'];
    for (const [i, reference] of old.entries()) {
      const checkIn = addDays(hotelToday(), 300 + i);
      await env.DB.prepare(
        `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date, check_out_date, room_type, bed_type, smoking_preference)
         values (?, 'Old Guest', '91000000', '1', ?, ?, 'silver', 'double', 'non_smoking')`,
      )
        .bind(reference, checkIn, addDays(checkIn, 1))
        .run();
    }
    const oldId = (await env.DB.prepare(`select id from booking_submissions where reference = ?`)
      .bind(old[0])
      .first<{ id: number }>())!.id;
    await env.DB.prepare(
      `insert into idempotency_keys (key, scope, request_hash, status_code, response_body) values ('old-key', 'booking', 'h', 201, ?)`,
    )
      .bind(JSON.stringify({ message: 'sent', booking: { id: oldId, reference: old[0] } }))
      .run();
    const before = await env.DB.prepare('select count(*) as n from booking_submissions').first<{
      n: number;
    }>();

    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0021'))!;
    await env.DB.batch(migration.queries.map((q) => env.DB.prepare(q)));

    const rows = (
      await env.DB.prepare('select id, reference from booking_submissions').all<{
        id: number;
        reference: string;
      }>()
    ).results;
    expect(rows.length).toBe(before!.n);
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.filter((r) => !isBookingReference(r.reference))).toEqual([]);
    expect(new Set(rows.map((r) => r.reference)).size).toBe(rows.length);
    const answer = await env.DB.prepare(
      `select response_body as body from idempotency_keys where key = 'old-key'`,
    ).first<{
      body: string;
    }>();
    expect(JSON.parse(answer!.body).booking).toEqual({
      id: oldId,
      reference: rows.find((r) => r.id === oldId)!.reference,
    });
  });
});
