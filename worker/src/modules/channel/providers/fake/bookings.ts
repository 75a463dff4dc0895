import { calendarDate } from '@shared/date-schemas';
import { nightsBetween, omrDecimal } from '@shared/money';
import { stayNights } from '@shared/dates';
import { desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ApiError } from '../../../../platform/api-error';
import type { Db } from '../../../../platform/env';
import { fakeChannexBookings, fakeChannexRevisions } from '../../fake-channex-tables';
import { FAKE_CHANNEX, FAKE_CURRENCY } from './constants';

/**
 * The fake's "OTAs": a test or a person books, changes or cancels at the fake
 * (`/api/dev/channel/bookings`), which keeps the booking and writes a booking revision
 * (`new`, `modified`, `cancelled`) into its feed, shaped as Channex's `booking_revision`.
 */

/** The longest stay the fake takes. */
const MAX_NIGHTS = 90;

const money = z
  .number({ error: 'amount_invalid' })
  .int('amount_invalid')
  .min(0, 'amount_invalid')
  .max(100_000_000, 'amount_invalid');
const text = (max: number) =>
  z.string({ error: 'validation_failed' }).trim().min(1, 'validation_failed').max(max, 'validation_failed');

const fields = {
  otaName: text(60),
  otaReservationCode: text(60),
  roomType: text(100),
  ratePlan: text(100),
  checkInDate: calendarDate(),
  checkOutDate: calendarDate(),
  adults: z
    .number({ error: 'adults_range' })
    .int('adults_range')
    .min(1, 'adults_range')
    .max(12, 'adults_range'),
  children: z
    .number({ error: 'children_range' })
    .int('children_range')
    .min(0, 'children_range')
    .max(11, 'children_range'),
  guest: z.object({
    name: z
      .string({ error: 'full_name_required' })
      .trim()
      .min(1, 'full_name_required')
      .max(120, 'full_name_max'),
    phone: z.string().trim().max(40, 'phone_invalid').nullish(),
    email: z
      .string()
      .trim()
      .max(254, 'email_invalid')
      .regex(/^[^\s@]+@[^\s@]+$/, 'email_invalid')
      .nullish(),
  }),
  nights: z
    .array(z.object({ date: calendarDate(), priceBaisa: money }))
    .min(1, 'validation_failed')
    .max(MAX_NIGHTS, 'validation_failed'),
  paymentCollect: z.enum(['ota', 'property'], { error: 'validation_failed' }),
  commissionBaisa: money,
};

/** `POST /api/dev/channel/bookings`: a booking as an OTA sends it. */
export const fakeBookingSchema = z.object({
  ...fields,
  children: fields.children.default(0),
  paymentCollect: fields.paymentCollect.default('ota'),
  commissionBaisa: money.default(0),
});

/** `.../modify`: any of the same fields (the guest's too, each on its own). */
export const fakeModificationSchema = z
  .object({
    ...fields,
    guest: fields.guest.partial(),
  })
  .partial();

export type FakeBooking = z.infer<typeof fakeBookingSchema>;
type Status = 'new' | 'modified' | 'cancelled';

/** The stay's dates in order, its length within bounds, and one price for each of its nights. */
function checkStay(booking: FakeBooking): void {
  if (booking.checkOutDate <= booking.checkInDate) {
    throw new ApiError(400, 'validation_failed', { checkOutDate: 'check_out_after_check_in' });
  }
  if (nightsBetween(booking.checkInDate, booking.checkOutDate) > MAX_NIGHTS) {
    throw new ApiError(400, 'validation_failed', { checkOutDate: 'validation_failed' });
  }
  const expected = stayNights(booking.checkInDate, booking.checkOutDate).join(',');
  if (booking.nights.map((n) => n.date).join(',') !== expected) {
    throw new ApiError(400, 'validation_failed', { nights: 'validation_failed' });
  }
}

/** A Channex booking revision's attributes for a booking as it stands. */
export function revisionAttributes(
  id: string,
  bookingId: string,
  status: Status,
  b: FakeBooking,
  at: number,
) {
  const amount = b.nights.reduce((sum, n) => sum + n.priceBaisa, 0);
  const [name, ...surname] = b.guest.name.split(/\s+/);
  const occupancy = { adults: b.adults, children: b.children, infants: 0 };
  return {
    id,
    booking_id: bookingId,
    property_id: FAKE_CHANNEX.propertyId,
    status,
    ota_name: b.otaName,
    ota_reservation_code: b.otaReservationCode,
    unique_id: `${b.otaName
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 3)
      .toUpperCase()}-${b.otaReservationCode}`,
    system_id: id,
    arrival_date: b.checkInDate,
    departure_date: b.checkOutDate,
    currency: FAKE_CURRENCY,
    amount: omrDecimal(amount),
    ota_commission: omrDecimal(b.commissionBaisa),
    payment_collect: b.paymentCollect,
    payment_type: b.paymentCollect === 'ota' ? 'bank_transfer' : 'credit_card',
    occupancy,
    customer: {
      name: name ?? '',
      surname: surname.join(' '),
      phone: b.guest.phone ?? null,
      mail: b.guest.email ?? null,
    },
    rooms: [
      {
        room_type_id: b.roomType,
        rate_plan_id: b.ratePlan,
        checkin_date: b.checkInDate,
        checkout_date: b.checkOutDate,
        amount: omrDecimal(amount),
        days: Object.fromEntries(b.nights.map((n) => [n.date, omrDecimal(n.priceBaisa)])),
        occupancy,
      },
    ],
    services: [],
    guarantee: null,
    notes: null,
    inserted_at: new Date(at).toISOString(),
  };
}

export type RevisionAttributes = ReturnType<typeof revisionAttributes>;

const newId = () => crypto.randomUUID();

/** Books at the fake: the booking and its `new` revision, in one batch. */
export async function createFakeBooking(db: Db, booking: FakeBooking, now = Date.now()) {
  checkStay(booking);
  const bookingId = newId();
  const revisionId = newId();
  const body = revisionAttributes(revisionId, bookingId, 'new', booking, now);
  await db.batch([
    db.insert(fakeChannexBookings).values({ id: bookingId, status: 'new', details: JSON.stringify(booking) }),
    db.insert(fakeChannexRevisions).values({
      id: revisionId,
      bookingId,
      status: 'new',
      body: JSON.stringify(body),
    }),
  ]);
  return { bookingId, revisionId, status: 'new' as const };
}

/** The nights of a changed stay: the prices given, else each night's old price (or the first one's). */
function nightsFor(old: FakeBooking, next: Omit<FakeBooking, 'nights'>, given?: FakeBooking['nights']) {
  if (given) return given;
  const prices = new Map(old.nights.map((n) => [n.date, n.priceBaisa]));
  const first = old.nights[0]?.priceBaisa ?? 0;
  return stayNights(next.checkInDate, next.checkOutDate).map((date) => ({
    date,
    priceBaisa: prices.get(date) ?? first,
  }));
}

/**
 * Changes or cancels a booking at the fake: its new state and the revision saying so, in one
 * batch that holds only while the booking is not cancelled (two changes at once: one revision
 * each, in order; a change after a cancellation: 409 `invalid_status`).
 */
export async function reviseFakeBooking(
  db: Db,
  bookingId: string,
  change: { status: 'modified'; patch: z.infer<typeof fakeModificationSchema> } | { status: 'cancelled' },
  now = Date.now(),
) {
  const row = await db.select().from(fakeChannexBookings).where(eq(fakeChannexBookings.id, bookingId)).get();
  if (!row) throw new ApiError(404, 'not_found');
  if (row.status === 'cancelled') throw new ApiError(409, 'invalid_status');
  const old = JSON.parse(row.details) as FakeBooking;
  let next = old;
  if (change.status === 'modified') {
    const { nights, guest, ...rest } = change.patch;
    const merged = { ...old, ...rest, guest: { ...old.guest, ...guest } };
    next = { ...merged, nights: nightsFor(old, merged, nights) };
    checkStay(next);
  }
  const revisionId = newId();
  const body = revisionAttributes(revisionId, bookingId, change.status, next, now);
  const [updated] = await db.batch([
    db
      .update(fakeChannexBookings)
      .set({ status: change.status, details: JSON.stringify(next) })
      .where(sql`${fakeChannexBookings.id} = ${bookingId} and ${fakeChannexBookings.status} <> 'cancelled'`)
      .returning({ id: fakeChannexBookings.id }),
    db.insert(fakeChannexRevisions).select(
      sql`select null, ${revisionId}, ${bookingId}, ${change.status}, ${JSON.stringify(body)}, null, ${now}
        where (select changes()) = 1`,
    ),
  ]);
  if (updated.length === 0) throw new ApiError(409, 'invalid_status');
  return { bookingId, revisionId, status: change.status };
}

/** A revision as Channex's API answers it. */
export function revisionResource(row: { id: string; body: string }) {
  return {
    id: row.id,
    type: 'booking_revision' as const,
    attributes: JSON.parse(row.body) as RevisionAttributes,
  };
}

/** The revisions not acknowledged yet, oldest first. */
export function unackedRevisions(db: Db, limit: number) {
  return db
    .select({ id: fakeChannexRevisions.id, body: fakeChannexRevisions.body })
    .from(fakeChannexRevisions)
    .where(sql`${fakeChannexRevisions.ackedAt} is null`)
    .orderBy(fakeChannexRevisions.seq)
    .limit(limit);
}

export function revisionById(db: Db, id: string) {
  return db
    .select({ id: fakeChannexRevisions.id, body: fakeChannexRevisions.body })
    .from(fakeChannexRevisions)
    .where(eq(fakeChannexRevisions.id, id))
    .get();
}

/** Acknowledges a revision (again: no change). False when there is no such revision. */
export async function ackRevision(db: Db, id: string, now = Date.now()): Promise<boolean> {
  const rows = await db
    .update(fakeChannexRevisions)
    .set({ ackedAt: sql`coalesce(${fakeChannexRevisions.ackedAt}, ${now})` })
    .where(eq(fakeChannexRevisions.id, id))
    .returning({ id: fakeChannexRevisions.id });
  return rows.length > 0;
}

/** Every revision, oldest first (the test control's list). */
export async function listRevisions(db: Db) {
  const rows = await db
    .select({
      id: fakeChannexRevisions.id,
      status: fakeChannexRevisions.status,
      channelBookingId: fakeChannexRevisions.bookingId,
      ackedAt: fakeChannexRevisions.ackedAt,
    })
    .from(fakeChannexRevisions)
    .orderBy(desc(fakeChannexRevisions.seq))
    .limit(500);
  return rows.reverse().map(({ ackedAt, ...row }) => ({ ...row, acked: ackedAt !== null }));
}
