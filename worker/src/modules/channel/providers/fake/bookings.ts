import { calendarDate } from '@shared/date-schemas';
import { nightsBetween, omrDecimal } from '@shared/money';
import { addDays, stayNights } from '@shared/dates';
import { desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ApiError } from '../../../../platform/api-error';
import type { Db } from '../../../../platform/env';
import { fakeChannexBookings, fakeChannexRevisions } from '../../fake-channex-tables';
import { FAKE_CHANNEX, FAKE_CURRENCY } from './constants';

/**
 * The fake's "OTAs": a test or a person books, changes or cancels at the fake
 * (`/api/dev/channel/bookings`), which keeps the booking and writes a booking revision
 * (`new`, `modified`, `cancelled`) into its feed, shaped as Channex's `booking_revision`: the
 * booking's whole state, its rooms a list of Booking Rooms as the documents list their fields. A
 * room carries no id of its own but the one the documents give for Booking.com alone,
 * `ota_unique_id` ("Unique room ID at OTA side. Available only for limited count of OTAs (right now
 * only Booking.com supported)"): a booking of another OTA names its rooms no way at all, as
 * Channex's examples do (README.md).
 */

/** The longest stay the fake takes. */
const MAX_NIGHTS = 90;
/** The most rooms one booking takes at the fake. */
const MAX_ROOMS = 10;

const money = z
  .number({ error: 'amount_invalid' })
  .int('amount_invalid')
  .min(0, 'amount_invalid')
  .max(100_000_000, 'amount_invalid');
const text = (max: number) =>
  z.string({ error: 'validation_failed' }).trim().min(1, 'validation_failed').max(max, 'validation_failed');

const nightsSchema = z
  .array(z.object({ date: calendarDate(), priceBaisa: money }))
  .min(1, 'validation_failed')
  .max(MAX_NIGHTS, 'validation_failed');
const adultsSchema = z
  .number({ error: 'adults_range' })
  .int('adults_range')
  .min(1, 'adults_range')
  .max(12, 'adults_range');
const childrenSchema = z
  .number({ error: 'children_range' })
  .int('children_range')
  .min(0, 'children_range')
  .max(11, 'children_range');

/** One room as the control takes it: its stay is its nights (consecutive, each priced). */
const roomSchema = z.object({
  /** An existing room's id (`/modify`): this entry changes that room. */
  bookingRoomId: text(100).optional(),
  roomType: text(100),
  ratePlan: text(100),
  adults: adultsSchema,
  children: childrenSchema.default(0),
  nights: nightsSchema,
});

const fields = {
  otaName: text(60),
  otaReservationCode: text(60),
  roomType: text(100),
  ratePlan: text(100),
  checkInDate: calendarDate(),
  checkOutDate: calendarDate(),
  adults: adultsSchema,
  children: childrenSchema,
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
  nights: nightsSchema,
  rooms: z.array(roomSchema).min(1, 'validation_failed').max(MAX_ROOMS, 'validation_failed'),
  paymentCollect: z.enum(['ota', 'property'], { error: 'validation_failed' }),
  commissionBaisa: money,
  /** The revision's currency (ISO 4217); the fake's own, the property's, when left out. */
  currency: z
    .string({ error: 'validation_failed' })
    .trim()
    .regex(/^[A-Z]{3}$/, 'validation_failed'),
  /** The property the revision names; the fake's own when left out (another: a revision not ours). */
  propertyId: text(100),
};

/** The single-room fields: a shorthand for one room. */
const SINGLE = [
  'roomType',
  'ratePlan',
  'checkInDate',
  'checkOutDate',
  'adults',
  'children',
  'nights',
] as const;

/**
 * `POST /api/dev/channel/bookings`: a booking as an OTA sends it, its rooms a list (`rooms`), or
 * one room given by the single-room fields.
 */
export const fakeBookingSchema = z
  .object({
    otaName: fields.otaName,
    otaReservationCode: fields.otaReservationCode,
    guest: fields.guest,
    paymentCollect: fields.paymentCollect.default('ota'),
    commissionBaisa: money.default(0),
    currency: fields.currency.default(FAKE_CURRENCY),
    propertyId: fields.propertyId.default(FAKE_CHANNEX.propertyId),
    rooms: fields.rooms.optional(),
    roomType: fields.roomType.optional(),
    ratePlan: fields.ratePlan.optional(),
    checkInDate: fields.checkInDate.optional(),
    checkOutDate: fields.checkOutDate.optional(),
    adults: fields.adults.optional(),
    children: fields.children.default(0),
    nights: fields.nights.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.rooms) return;
    for (const key of ['roomType', 'ratePlan', 'checkInDate', 'checkOutDate', 'adults', 'nights'] as const) {
      if (b[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: 'validation_failed' });
    }
  });

/** `.../modify`: any of the same fields (the guest's too, each on its own); `rooms` replaces the rooms. */
export const fakeModificationSchema = z
  .object({
    ...fields,
    guest: fields.guest.partial(),
  })
  .partial();

type FakeInput = z.infer<typeof fakeBookingSchema>;
type Night = { date: string; priceBaisa: number };

/** One room of a booking at the fake. */
export type FakeRoom = {
  /** The fake's own id of the room (its controls name a room by it; never sent in a revision). */
  id: string;
  /** Booking.com's room id at the OTA (`ota_unique_id`): its rooms only. */
  otaUniqueId?: string;
  roomType: string;
  ratePlan: string;
  adults: number;
  children: number;
  nights: Night[];
};

/** A booking at the fake as it stands (`fake_channex_bookings.details`). */
export type FakeBooking = {
  otaName: string;
  otaReservationCode: string;
  guest: { name: string; phone?: string | null; email?: string | null };
  paymentCollect: 'ota' | 'property';
  commissionBaisa: number;
  currency: string;
  propertyId: string;
  rooms: FakeRoom[];
};
type Status = 'new' | 'modified' | 'cancelled';

const newId = () => crypto.randomUUID();

/** A room's stay: its first night and the morning after its last. */
const stayOfRoom = (room: Pick<FakeRoom, 'nights'>) => ({
  checkInDate: room.nights[0]!.date,
  checkOutDate: addDays(room.nights[room.nights.length - 1]!.date, 1),
});

/** A room's nights consecutive and in order, within bounds. */
function checkRoom(room: Pick<FakeRoom, 'nights'>, field: string): void {
  const { checkInDate, checkOutDate } = stayOfRoom(room);
  if (nightsBetween(checkInDate, checkOutDate) > MAX_NIGHTS) {
    throw new ApiError(400, 'validation_failed', { [field]: 'validation_failed' });
  }
  if (room.nights.map((n) => n.date).join(',') !== stayNights(checkInDate, checkOutDate).join(',')) {
    throw new ApiError(400, 'validation_failed', { [field]: 'validation_failed' });
  }
}

/** The single-room fields' stay: dates in order, one price for each of its nights. */
function checkSingle(checkInDate: string, checkOutDate: string, nights: Night[]): void {
  if (checkOutDate <= checkInDate) {
    throw new ApiError(400, 'validation_failed', { checkOutDate: 'check_out_after_check_in' });
  }
  if (nightsBetween(checkInDate, checkOutDate) > MAX_NIGHTS) {
    throw new ApiError(400, 'validation_failed', { checkOutDate: 'validation_failed' });
  }
  if (nights.map((n) => n.date).join(',') !== stayNights(checkInDate, checkOutDate).join(',')) {
    throw new ApiError(400, 'validation_failed', { nights: 'validation_failed' });
  }
}

/** Whether an OTA's rooms carry `ota_unique_id` (the documents: "right now only Booking.com supported"). */
const namesItsRooms = (otaName: string) => /^booking\.?com$/i.test(otaName.replace(/\s+/g, ''));

/** Booking.com's room ids for rooms new to a booking: the next numbers after those it has. */
function withOtaIds(otaName: string, rooms: FakeRoom[]): FakeRoom[] {
  if (!namesItsRooms(otaName)) return rooms.map(({ otaUniqueId: _, ...room }) => room);
  let next = Math.max(0, ...rooms.map((r) => Number(r.otaUniqueId ?? 0))) + 1;
  return rooms.map((r) => (r.otaUniqueId ? r : { ...r, otaUniqueId: String(next++) }));
}

/** The control's booking as the fake keeps it: each room with an id of its own. */
function fromInput(input: FakeInput): FakeBooking {
  let rooms: FakeRoom[];
  if (input.rooms) {
    rooms = input.rooms.map((r) => ({
      id: newId(),
      roomType: r.roomType,
      ratePlan: r.ratePlan,
      adults: r.adults,
      children: r.children,
      nights: r.nights,
    }));
    rooms.forEach((r, i) => checkRoom(r, `rooms.${i}.nights`));
  } else {
    checkSingle(input.checkInDate!, input.checkOutDate!, input.nights!);
    rooms = [
      {
        id: newId(),
        roomType: input.roomType!,
        ratePlan: input.ratePlan!,
        adults: input.adults!,
        children: input.children,
        nights: input.nights!,
      },
    ];
  }
  return {
    otaName: input.otaName,
    otaReservationCode: input.otaReservationCode,
    guest: input.guest,
    paymentCollect: input.paymentCollect,
    commissionBaisa: input.commissionBaisa,
    currency: input.currency,
    propertyId: input.propertyId,
    rooms: withOtaIds(input.otaName, rooms),
  };
}

/** A booking kept before the fake knew rooms (its single-room fields) read as one room. */
function stored(details: string): FakeBooking {
  const raw = JSON.parse(details) as Partial<FakeBooking> & Record<string, unknown>;
  if (Array.isArray(raw.rooms)) return raw as FakeBooking;
  return {
    otaName: String(raw.otaName),
    otaReservationCode: String(raw.otaReservationCode),
    guest: raw.guest as FakeBooking['guest'],
    paymentCollect: raw.paymentCollect === 'property' ? 'property' : 'ota',
    commissionBaisa: Number(raw.commissionBaisa ?? 0),
    currency: FAKE_CURRENCY,
    propertyId: FAKE_CHANNEX.propertyId,
    rooms: [
      {
        id: 'room-1',
        roomType: String(raw.roomType),
        ratePlan: String(raw.ratePlan),
        adults: Number(raw.adults ?? 1),
        children: Number(raw.children ?? 0),
        nights: (raw.nights as Night[]) ?? [],
      },
    ],
  };
}

/** An amount as Channex writes it: a decimal string of the currency (rials: 3 places, others 2); the fake counts thousandths. */
function decimal(thousandths: number, currency: string): string {
  return currency === FAKE_CURRENCY ? omrDecimal(thousandths) : (thousandths / 1000).toFixed(2);
}

/**
 * A Channex booking revision's attributes for a booking as it stands, as Channex documents a
 * Booking Revision and its Booking Rooms (providers/fake/README.md quotes the field lists).
 */
export function revisionAttributes(
  id: string,
  bookingId: string,
  status: Status,
  b: FakeBooking,
  at: number,
) {
  const money = (thousandths: number) => decimal(thousandths, b.currency);
  const roomTotal = (r: FakeRoom) => r.nights.reduce((sum, n) => sum + n.priceBaisa, 0);
  const amount = b.rooms.reduce((sum, r) => sum + roomTotal(r), 0);
  const [name, ...surname] = b.guest.name.split(/\s+/);
  const stays = b.rooms.map(stayOfRoom);
  const occupancy = {
    adults: b.rooms.reduce((sum, r) => sum + r.adults, 0),
    children: b.rooms.reduce((sum, r) => sum + r.children, 0),
    infants: 0,
  };
  return {
    id,
    booking_id: bookingId,
    property_id: b.propertyId,
    status,
    ota_name: b.otaName,
    ota_reservation_code: b.otaReservationCode,
    unique_id: `${b.otaName
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 3)
      .toUpperCase()}-${b.otaReservationCode}`,
    system_id: id,
    arrival_date: stays.map((s) => s.checkInDate).sort()[0]!,
    departure_date: stays
      .map((s) => s.checkOutDate)
      .sort()
      .at(-1)!,
    arrival_hour: null,
    currency: b.currency,
    amount: money(amount),
    ota_commission: money(b.commissionBaisa),
    payment_collect: b.paymentCollect,
    payment_type: b.paymentCollect === 'ota' ? 'bank_transfer' : 'credit_card',
    occupancy,
    customer: {
      name: name ?? '',
      surname: surname.join(' '),
      phone: b.guest.phone ?? null,
      mail: b.guest.email ?? null,
    },
    rooms: b.rooms.map((r, i) => ({
      ...(r.otaUniqueId !== undefined && { ota_unique_id: r.otaUniqueId }),
      room_type_id: r.roomType,
      rate_plan_id: r.ratePlan,
      checkin_date: stays[i]!.checkInDate,
      checkout_date: stays[i]!.checkOutDate,
      amount: money(roomTotal(r)),
      days: Object.fromEntries(r.nights.map((n) => [n.date, money(n.priceBaisa)])),
      occupancy: { adults: r.adults, children: r.children, infants: 0 },
    })),
    services: [],
    guarantee: null,
    notes: null,
    inserted_at: new Date(at).toISOString(),
  };
}

export type RevisionAttributes = ReturnType<typeof revisionAttributes>;

/** Books at the fake: the booking and its `new` revision, in one batch. */
export async function createFakeBooking(db: Db, input: FakeInput, now = Date.now()) {
  const booking = fromInput(input);
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

/** A room's nights moved to new dates: the prices given, else each night's old price (or the first one's). */
function nightsFor(old: Night[], checkInDate: string, checkOutDate: string): Night[] {
  const prices = new Map(old.map((n) => [n.date, n.priceBaisa]));
  const first = old[0]?.priceBaisa ?? 0;
  return stayNights(checkInDate, checkOutDate).map((date) => ({
    date,
    priceBaisa: prices.get(date) ?? first,
  }));
}

/**
 * A booking changed as the control says: `rooms` replaces its rooms (an entry naming an existing
 * `bookingRoomId` changes that room; one that names none changes the room at its place in the
 * list, unless another entry names that room, and is a new room then; a room no entry takes is
 * removed); the single-room fields change the first room.
 */
function modified(old: FakeBooking, patch: z.infer<typeof fakeModificationSchema>): FakeBooking {
  const { rooms, guest, roomType, ratePlan, checkInDate, checkOutDate, adults, children, nights, ...rest } =
    patch;
  let next: FakeRoom[] = old.rooms;
  if (rooms) {
    const known = new Set(old.rooms.map((r) => r.id));
    const taken = new Set(rooms.flatMap((r) => (r.bookingRoomId ? [r.bookingRoomId] : [])));
    next = rooms.map((r, i) => {
      if (r.bookingRoomId && !known.has(r.bookingRoomId)) {
        throw new ApiError(400, 'validation_failed', { [`rooms.${i}.bookingRoomId`]: 'validation_failed' });
      }
      // Not named: the room at its place, unless another entry names that one (then a new room).
      const placed = old.rooms[i]?.id;
      const id = r.bookingRoomId ?? (placed && !taken.has(placed) ? placed : newId());
      taken.add(id);
      // A room kept is the same room at the OTA: its Booking.com id stays.
      const otaUniqueId = old.rooms.find((o) => o.id === id)?.otaUniqueId;
      const room = {
        id,
        ...(otaUniqueId !== undefined && { otaUniqueId }),
        roomType: r.roomType,
        ratePlan: r.ratePlan,
        adults: r.adults,
        children: r.children,
        nights: r.nights,
      };
      checkRoom(room, `rooms.${i}.nights`);
      return room;
    });
  }
  const single = { roomType, ratePlan, checkInDate, checkOutDate, adults, children, nights };
  if (SINGLE.some((key) => single[key] !== undefined)) {
    const [first, ...others] = next;
    const stay = stayOfRoom(first!);
    const from = checkInDate ?? stay.checkInDate;
    const to = checkOutDate ?? stay.checkOutDate;
    const movedNights = nights ?? nightsFor(first!.nights, from, to);
    checkSingle(from, to, movedNights);
    next = [
      {
        ...first!,
        roomType: roomType ?? first!.roomType,
        ratePlan: ratePlan ?? first!.ratePlan,
        adults: adults ?? first!.adults,
        children: children ?? first!.children,
        nights: movedNights,
      },
      ...others,
    ];
  }
  const otaName = rest.otaName ?? old.otaName;
  return { ...old, ...rest, guest: { ...old.guest, ...guest }, rooms: withOtaIds(otaName, next) };
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
  const old = stored(row.details);
  const next = change.status === 'modified' ? modified(old, change.patch) : old;
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
/** A booking's rooms at the fake, in their order: its own ids (the controls name rooms by them) and Booking.com's. */
export async function fakeRoomsOf(db: Db, bookingId: string) {
  const row = await db
    .select({ details: fakeChannexBookings.details })
    .from(fakeChannexBookings)
    .where(eq(fakeChannexBookings.id, bookingId))
    .get();
  return row ? stored(row.details).rooms.map((r) => ({ id: r.id, otaUniqueId: r.otaUniqueId ?? null })) : [];
}

export function revisionResource(row: { id: string; body: string }) {
  return {
    id: row.id,
    type: 'booking_revision' as const,
    attributes: JSON.parse(row.body) as RevisionAttributes,
  };
}

/**
 * A page of the revisions not acknowledged yet (of one property, when filtered), as Channex pages
 * its feed: `order` by when each was made (`inserted_at`; newest first unless asked `asc`),
 * `limit` a page, and their total.
 */
export async function unackedRevisions(
  db: Db,
  page: { number: number; limit: number; order: 'asc' | 'desc'; propertyId: string | null },
) {
  const unacked = page.propertyId
    ? sql`${fakeChannexRevisions.ackedAt} is null and json_extract(${fakeChannexRevisions.body}, '$.property_id') = ${page.propertyId}`
    : sql`${fakeChannexRevisions.ackedAt} is null`;
  const [rows, [counted]] = await db.batch([
    db
      .select({ id: fakeChannexRevisions.id, body: fakeChannexRevisions.body })
      .from(fakeChannexRevisions)
      .where(unacked)
      .orderBy(page.order === 'asc' ? fakeChannexRevisions.seq : desc(fakeChannexRevisions.seq))
      .limit(page.limit)
      .offset((page.number - 1) * page.limit),
    db
      .select({ total: sql<number>`count(*)` })
      .from(fakeChannexRevisions)
      .where(unacked),
  ]);
  return { rows, total: counted?.total ?? 0 };
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
