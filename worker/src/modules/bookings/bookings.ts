import { and, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '../../../../shared/src/auth-schemas';
import { formatBookingReference } from '../../../../shared/src/booking-reference';
import {
  QUICK_BOOKING_TYPE,
  STANDARD_BOOKING_TYPE,
  type BookingRequest,
} from '../../../../shared/src/booking-schemas';
import {
  PENDING_HOLD_DEFAULT_HOURS,
  ROOM_INVENTORY,
  ROOM_TYPES,
  type BookingStatus,
  type Language,
  type RoomType,
} from '../../../../shared/src/constants';
import { addDays, hotelToday, stayNights } from '../../../../shared/src/dates';
import { normalizePhone, toArabicIndicDigits } from '../../../../shared/src/digits';
import {
  nightsBetween,
  offerNightPrices,
  stayTotalBaisa,
  type OfferNightPrices,
} from '../../../../shared/src/money';
import { offersShownTodayQuery, todaysOfferNightPrices, withPrices } from '../catalog/offers';
import { notifications } from '../draws/tables';
import { notifyStatements, type BookingEventKind } from '../../platform/notify';
import {
  bookingNights,
  bookingSubmissions,
  roomBedInventory,
  roomInventory,
  roomNights,
  roomSmokingInventory,
  type BookingSubmission,
} from './tables';
import { auditLog } from '../../platform/tables';
import { toCsv } from '../../platform/csv';
import type { Db, Env } from '../../platform/env';
import { insertWhere, newChangeToken, rowExists } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import { hasRole } from '../../platform/roles';
import { checkNumberedRoom, numberedRoomStatements } from './hotel-rooms';
import { newBookingReference } from '../../platform/crypto';
import { ApiError, type ErrorBody } from '../../platform/api-error';
import {
  claimKey,
  createOnce,
  storeAnswerWithId,
  storedAnswerQuery,
  storeRefusal,
  type Idempotency,
  type StoredAnswer,
} from '../../platform/idempotency';
import { BOOKING_STATUS_NOTICE, translate } from '../../platform/messages';
import { earnForBooking, recomputeBalance, reversalsForBooking } from './points';
import { NO_ONLINE_CHECK_IN, onlineCheckInView } from './online-check-in';

/**
 * Booking rules shared by every route that creates or lists bookings (guest and
 * desk requests, free nights with points, exports): the listed shape, the holds
 * written in one batch with the booking, and what the database's refusals mean.
 */

/** How long a pending request holds its nights (PENDING_HOLD_HOURS, default 48). */
export function pendingHoldMs(env: Pick<Env, 'PENDING_HOLD_HOURS'>): number {
  const hours = Number(env.PENDING_HOLD_HOURS);
  return (Number.isFinite(hours) && hours > 0 ? hours : PENDING_HOLD_DEFAULT_HOURS) * 60 * 60_000;
}

/** The listed shape (spec: "Booking as listed"), money in baisa; also the CSV columns. */
export const BOOKING_COLUMNS = [
  'id',
  'reference',
  'fullName',
  'phoneNumber',
  'idNumber',
  'checkInDate',
  'checkOutDate',
  'roomType',
  'roomNumber',
  'bedType',
  'smokingPreference',
  'numberOfGuests',
  'totalPriceBaisa',
  'paymentMethod',
  'status',
  'statusReason',
  'createdAt',
  'bookingType',
  'isPointsBooking',
  'pointsUsed',
  'extras',
  'userEmail',
] as const satisfies readonly (keyof ReturnType<typeof listedBooking>)[];

/**
 * A booking as listed. `assignedRoomNumber`, when the read joined it, is the number of the room
 * the stay is assigned to (issue 31); otherwise the legacy numbered-room choice, if any.
 */
export function listedBooking(b: BookingSubmission & { assignedRoomNumber?: string | null }, holdMs: number) {
  return {
    id: b.id,
    reference: b.reference,
    fullName: b.fullName,
    phoneNumber: b.phoneNumber,
    idNumber: b.idNumber,
    checkInDate: b.checkInDate,
    checkOutDate: b.checkOutDate,
    roomType: b.roomType,
    roomNumber:
      b.assignedRoomNumber !== undefined
        ? b.assignedRoomNumber
        : b.roomNumber !== null
          ? String(b.roomNumber)
          : null,
    bedType: b.bedType,
    smokingPreference: b.smokingPreference,
    numberOfGuests: b.numberOfGuests,
    totalPriceBaisa: b.totalPrice,
    paymentMethod: b.paymentMethod,
    status: b.status,
    statusReason: b.statusReason,
    createdAt: b.createdAt,
    /** When a pending request lets go of its nights if nobody has decided (null otherwise). */
    holdExpiresAt:
      b.status === 'pending' ? new Date((b.pendingSince ?? b.createdAt).getTime() + holdMs) : null,
    bookingType: b.bookingType,
    isPointsBooking: b.isPointsBooking,
    pointsUsed: b.pointsUsed,
    extras: b.extras,
    userEmail: b.userEmail,
    /** The guest's online check-in (issue 30), null until done; the ID photo only as "on file". */
    onlineCheckIn: onlineCheckInView(b),
  };
}
export type ListedBooking = ReturnType<typeof listedBooking>;

/** The new booking's id inside its own batch (the reference is unique and server-made). */
export function bookingIdOf(reference: string): SQL {
  return sql`(select id from booking_submissions where reference = ${reference})`;
}

/**
 * D1 binds at most 100 parameters per statement and each hold takes 5, so the
 * nights of a long stay are written 15 at a time: several statements, still inside
 * the booking's one batch, so a refused night rolls everything back.
 */
const HOLDS_PER_STATEMENT = 15;

export function holdInserts(
  db: Db,
  booking: Pick<BookingSubmission, 'reference' | 'checkInDate' | 'checkOutDate' | 'roomType'> & {
    bedType?: BookingSubmission['bedType'];
    smokingPreference?: BookingSubmission['smokingPreference'];
  },
): BatchItem<'sqlite'>[] {
  const nights = stayNights(booking.checkInDate, booking.checkOutDate);
  const statements: BatchItem<'sqlite'>[] = [];
  for (let i = 0; i < nights.length; i += HOLDS_PER_STATEMENT) {
    statements.push(
      db.insert(bookingNights).values(
        nights.slice(i, i + HOLDS_PER_STATEMENT).map((night) => ({
          bookingId: bookingIdOf(booking.reference),
          night,
          roomType: booking.roomType,
          bedType: booking.bedType ?? null,
          smokingType: booking.smokingPreference ?? null,
        })),
      ),
    );
  }
  return statements;
}

/** What a refusal raised by the database's triggers (migrations 0002, 0005) means for the guest. */
export function bookingRefusal(err: unknown): ApiError | null {
  const text = String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? '');
  if (text.includes('overbooked_room')) return new ApiError(409, 'no_rooms_available');
  // A numbered room asked for (issue 31) that a stay or an out-of-order period takes already.
  if (text.includes('UNIQUE constraint failed: room_nights.room_id, room_nights.night'))
    return new ApiError(409, 'numbered_room_taken');
  if (text.includes('overbooked_bed')) return new ApiError(409, 'no_beds_available');
  if (text.includes('overbooked_smoking')) return new ApiError(409, 'no_smoking_available');
  if (text.includes('pending_cap_phone')) return new ApiError(409, 'pending_cap_phone');
  if (text.includes('pending_cap_address')) return new ApiError(429, 'pending_cap_address');
  return null;
}

/** The guest and stay of a booking request as stored (every route that books, one reading). */
export function requestedStay(input: BookingRequest) {
  return {
    fullName: input.fullName,
    phoneNumber: normalizePhone(input.phoneNumber),
    idNumber: input.idNumber,
    checkInDate: input.checkInDate,
    checkOutDate: input.checkOutDate,
    roomType: input.roomType,
    roomNumber: input.roomNumber ?? null,
    bedType: input.bedType,
    smokingPreference: input.smokingPreference,
  };
}

/** The booking's columns but its reference, which insertBooking makes. */
export type BookingValues = Omit<typeof bookingSubmissions.$inferInsert, 'reference'>;

/** What one try of insertBooking writes, for the reference it drew. */
export type BookingBatch = {
  values: BookingValues;
  /** Statements after the booking and its holds (a points redemption, the stored answer). */
  alongside?: BatchItem<'sqlite'>[];
  /** Statements that must run first (an idempotency key's claim, the assistant's claim). */
  before?: BatchItem<'sqlite'>[];
};

/** The event a new booking is: a free night, a walk-in the desk booked approved, or a request. */
function receivedKind(row: Pick<BookingValues, 'isPointsBooking' | 'status'>): BookingEventKind {
  if (row.isPointsBooking) return 'free_night_booked';
  return row.status === 'approved' ? 'booking_approved' : 'booking_received';
}

/** How many references insertBooking draws before giving up (one clash in 27 billion). */
const REFERENCE_TRIES = 5;

/** Whether the database refused a batch for a reference another booking already has. */
function isReferenceClash(err: unknown): boolean {
  const text = String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? '');
  return text.includes('UNIQUE constraint failed: booking_submissions.reference');
}

/**
 * Inserts a booking with its holds (and any statements that belong with it, such as a
 * points redemption) in one batch; answers the stored row. The booking's reference is
 * drawn here (shared/src/booking-reference.ts, issue 28): random, so one booking's does not
 * tell another's, and should it be taken already, the unique index refuses the batch and
 * it is built again with a new one. `newReference` is the draw (a test gives a taken one).
 * Refusals of the database become the matching 409/429; anything else is rethrown.
 */
export async function insertBooking(
  db: Db,
  build: (reference: string) => BookingBatch,
  newReference: () => string = newBookingReference,
): Promise<BookingSubmission> {
  for (let attempt = 1; ; attempt++) {
    const reference = newReference();
    const { values, alongside = [], before = [] } = build(reference);
    const row = { ...values, reference };
    try {
      await db.batch([
        ...before,
        db.insert(bookingSubmissions).values(row),
        ...holdInserts(db, row),
        ...alongside,
        // What the guest (and the desk) are told: queued only if the booking is there.
        ...notifyStatements(db, {
          kind: receivedKind(row),
          where: sql`${bookingSubmissions.reference} = ${reference}`,
        }),
      ] as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
    } catch (err) {
      if (isReferenceClash(err) && attempt < REFERENCE_TRIES) continue;
      throw bookingRefusal(err) ?? err;
    }
    const created = await db
      .select()
      .from(bookingSubmissions)
      .where(sql`${bookingSubmissions.reference} = ${reference}`)
      .get();
    return created!;
  }
}

/**
 * A booking request as `POST /api/booking-submissions` and the assistant make it
 * (issue 12: the same code, holds and caps): dates and room checked, the server's
 * price, the holds taken in the booking's batch. A desk booking is a quick booking
 * made by staff for a guest at the desk: it carries the guest's e-mail and is not
 * capped. Anyone else's booking belongs to the session's account (or none),
 * whatever e-mail the body names.
 */
export async function createBookingRequest(
  db: Db,
  input: BookingRequest,
  who: BookingRequester,
  via: {
    assistantSessionId?: string;
    bookingType?: string;
    /** Statements that must run first in the booking's batch (the assistant's claim). */
    before?: BatchItem<'sqlite'>[];
    /** Today's offer prices when the caller has read them already (the assistant, per message). */
    offers?: OfferNightPrices;
    /** The language the guest is using: the booking's e-mails are written in it. */
    lang?: Language;
  } = {},
): Promise<BookingSubmission> {
  const offers = via.offers ?? (await todaysOfferNightPrices(db));
  const values = bookingValues(input, who, offers, via);
  if (input.roomId) await checkNumberedRoom(db, input.roomId, input.roomType);
  return insertBooking(db, (reference) => ({
    values,
    alongside: [
      ...numberedRoom(db, input, reference),
      ...deskApproval(db, { ...values, reference }, who.session),
    ],
    before: via.before,
  }));
}

/** A numbered room the guest chose (issue 31): its nights and the booking's room, in the batch. */
function numberedRoom(db: Db, input: BookingRequest, reference: string): BatchItem<'sqlite'>[] {
  if (!input.roomId) return [];
  return numberedRoomStatements(db, bookingIdOf(reference), reference, { ...input, roomId: input.roomId });
}

/**
 * A walk-in the desk books approved gets what an approval brings (modules/bookings/bookings.ts
 * `changeBookingStatus`): its audit line and the guest's notice, in the booking's batch. Its
 * nights are held as a pending request's are; an approval moves no points.
 */
function deskApproval(
  db: Db,
  values: ReturnType<typeof bookingValues> & { reference: string },
  staff: SessionUser | null,
): BatchItem<'sqlite'>[] {
  if (values.status !== 'approved' || values.createdByStaffId === null || !staff) return [];
  return statusNoticeStatements(
    db,
    { ...values, id: bookingIdOf(values.reference) },
    { from: null, to: 'approved' },
    staff,
    rowExists(bookingSubmissions, sql`${bookingSubmissions.reference} = ${values.reference}`),
  );
}

/**
 * Who asks for a booking: the signed-in account (or none), the hash of the client address, and
 * the device that sent it (`X-Device-Id`, platform/device-id.ts), whose push subscription hears of it.
 */
export type BookingRequester = { session: SessionUser | null; clientHash: string; deviceId?: string | null };

/** The row a booking request becomes (checks first: dates, room number). */
function bookingValues(
  input: BookingRequest,
  who: BookingRequester,
  offers: OfferNightPrices,
  via: { assistantSessionId?: string; bookingType?: string; lang?: Language } = {},
) {
  if (input.checkInDate < hotelToday())
    throw new ApiError(400, 'validation_failed', { checkInDate: 'check_in_past' });
  if (input.roomNumber && input.roomNumber > ROOM_INVENTORY[input.roomType].listedRooms) {
    throw new ApiError(400, 'validation_failed', { roomNumber: 'room_number_invalid' });
  }
  const assistant = via.assistantSessionId !== undefined;
  const quick = !assistant && input.bookingType === QUICK_BOOKING_TYPE;
  const desk = quick && who.session !== null && hasRole(who.session, 'staff');
  const account = who.session && !desk ? who.session : null;
  return {
    userId: account?.id ?? null,
    userEmail: desk ? (input.email ?? null) : (account?.email ?? null),
    createdByStaffId: desk ? who.session!.id : null,
    clientHash: desk ? null : who.clientHash,
    deviceId: desk ? null : (who.deviceId ?? null),
    ...requestedStay(input),
    numberOfGuests: input.numberOfGuests,
    // The server's price (with today's offer for the room, decision 014); whatever total the
    // client sent is ignored.
    totalPrice: stayTotalBaisa(
      input.roomType,
      input.numberOfGuests,
      input.checkInDate,
      input.checkOutDate,
      offers,
    ),
    status: desk ? (input.deskStatus ?? 'approved') : ('pending' as BookingStatus),
    isPointsBooking: false,
    pointsUsed: 0,
    bookingType: via.bookingType ?? (quick ? QUICK_BOOKING_TYPE : STANDARD_BOOKING_TYPE),
    paymentMethod: 'cash' as const,
    extras: quick ? 'no extras' : null,
    chatSessionId: via.assistantSessionId ?? null,
    // Where its e-mails go without an account, and their language (modules/messaging/email-outbox.ts).
    email: input.email ?? null,
    lang: via.lang ?? 'ar',
  };
}

const STOCK_REFUSALS = new Set(['no_rooms_available', 'no_beds_available', 'no_smoking_available']);

export type CreateBookingAnswer = { message: string; booking: ListedBooking };

export type CreateBookingOutcome =
  | { status: 201; body: CreateBookingAnswer; replayed: boolean }
  | { status: 409; body: ErrorBody; replayed: boolean };

/**
 * POST /api/booking-submissions with an optional `Idempotency-Key` (the offline
 * outbox sends one per submission, online try and retries alike; decision 007,
 * booking addendum). The key, the booking, its holds and the stored answer are one
 * batch, so a retry after a lost answer replays it and never books twice; two
 * requests with the same key at once make one booking. A refusal for want of rooms
 * carries `alternatives` and is stored as the key's answer too, so a retry hears the
 * same refusal rather than booking hours later behind the guest's back.
 */
export async function createBookingOnce(
  db: Db,
  input: BookingRequest,
  who: BookingRequester,
  options: { idem: Idempotency | null; language: 'ar' | 'en'; holdMs: number; requestId?: string },
): Promise<CreateBookingOutcome> {
  const { idem, language, holdMs } = options;
  let offers: OfferNightPrices;
  let storedRow;
  if (idem) {
    // The stored answer and today's offers in one round trip.
    const [stored, offerRows] = await db.batch([storedAnswerQuery(db, idem), offersShownTodayQuery(db)]);
    storedRow = stored[0];
    offers = offerNightPrices(withPrices(offerRows));
  }
  try {
    const outcome = await createOnce(db, idem, storedRow, async () => {
      offers ??= await todaysOfferNightPrices(db);
      const values = { ...bookingValues(input, who, offers, { lang: language }), createdAt: new Date() };
      if (input.roomId) await checkNumberedRoom(db, input.roomId, input.roomType);
      let body: CreateBookingAnswer | undefined;
      const created = await insertBooking(db, (reference) => {
        body = {
          message: translate('booking_created', language),
          booking: listedBooking(
            {
              id: 0,
              statusReason: null,
              changeToken: null,
              pendingSince: null,
              updatedAt: values.createdAt,
              reference,
              ...NO_ONLINE_CHECK_IN,
              // Not yet at the desk (issue 31): no room, not checked in or out.
              roomId: null,
              checkedInAt: null,
              checkedInBy: null,
              checkedOutAt: null,
              checkedOutBy: null,
              departureTime: null,
              ...values,
            },
            holdMs,
          ),
        };
        return {
          values,
          alongside: [
            ...numberedRoom(db, input, reference),
            ...deskApproval(db, { ...values, reference }, who.session),
            ...(idem ? [storeAnswerWithId(db, idem, body, '$.booking.id', bookingIdOf(reference))] : []),
          ],
          before: idem ? [claimKey(db, idem)] : [],
        };
      });
      return { ...body!, booking: listedBooking(created, holdMs) };
    });
    return outcome.replayed
      ? replayedOutcome(outcome.stored)
      : { status: 201, body: outcome.body, replayed: false };
  } catch (err) {
    if (!(err instanceof ApiError) || !STOCK_REFUSALS.has(err.code)) throw err;
    const refusal: ErrorBody = {
      error: {
        code: err.code,
        message: translate(err.code, language),
        ...(options.requestId && { requestId: options.requestId }),
        alternatives: await bookingAlternatives(db, input),
      },
    };
    if (!idem) return { status: 409, body: refusal, replayed: false };
    const { stored, replayed } = await storeRefusal(db, idem, 409, refusal);
    return replayed ? replayedOutcome(stored) : { status: 409, body: refusal, replayed: false };
  }
}

function replayedOutcome(stored: StoredAnswer): CreateBookingOutcome {
  return stored.status === 409
    ? { status: 409, body: stored.body as ErrorBody, replayed: true }
    : { status: 201, body: stored.body as CreateBookingAnswer, replayed: true };
}

/** How far around the asked check-in other dates are looked for (days before, after). */
const ALTERNATIVE_DAYS_BEFORE = 7;
const ALTERNATIVE_DAYS_AFTER = 14;
const ALTERNATIVE_DATES = 3;

export type BookingAlternatives = {
  /** Other room types with a room free for the same dates (cheapest first). */
  roomTypes: { roomType: RoomType; availableCount: number }[];
  /** The same room, bed and smoking choice on other dates of the same length, nearest first. */
  dates: { checkInDate: string; checkOutDate: string }[];
};

/**
 * What a guest refused for want of rooms can book instead (the form offers them):
 * read in one D1 batch (the three allotments of the chosen room and the holds on
 * each night around the stay), then walked in memory.
 */
export async function bookingAlternatives(db: Db, input: BookingRequest): Promise<BookingAlternatives> {
  const nights = nightsBetween(input.checkInDate, input.checkOutDate);
  const today = hotelToday();
  let first = addDays(input.checkInDate, -ALTERNATIVE_DAYS_BEFORE);
  if (first < today) first = today;
  const last = addDays(input.checkInDate, ALTERNATIVE_DAYS_AFTER);
  const [inventory, bed, smoking, held, blocked] = await db.batch([
    db.select({ roomType: roomInventory.roomType, total: roomInventory.totalCount }).from(roomInventory),
    db
      .select({ total: roomBedInventory.totalCount })
      .from(roomBedInventory)
      .where(and(eq(roomBedInventory.roomType, input.roomType), eq(roomBedInventory.bedType, input.bedType))),
    db
      .select({ total: roomSmokingInventory.totalCount })
      .from(roomSmokingInventory)
      .where(
        and(
          eq(roomSmokingInventory.roomType, input.roomType),
          eq(roomSmokingInventory.smokingType, input.smokingPreference),
        ),
      ),
    // The holds of every night around the stay (the asked stay is inside the window).
    db
      .select({
        roomType: bookingNights.roomType,
        night: bookingNights.night,
        rooms: sql<number>`count(*)`,
        beds: sql<number>`sum(${bookingNights.bedType} = ${input.bedType})`,
        smoking: sql<number>`sum(${bookingNights.smokingType} = ${input.smokingPreference})`,
      })
      .from(bookingNights)
      .where(and(gte(bookingNights.night, first), lt(bookingNights.night, addDays(last, nights))))
      .groupBy(bookingNights.roomType, bookingNights.night),
    // Rooms out of order (issue 31) on those nights: not sellable either.
    db
      .select({ roomType: roomNights.roomType, night: roomNights.night, rooms: sql<number>`count(*)` })
      .from(roomNights)
      .where(
        and(
          isNotNull(roomNights.blockId),
          gte(roomNights.night, first),
          lt(roomNights.night, addDays(last, nights)),
        ),
      )
      .groupBy(roomNights.roomType, roomNights.night),
  ]);
  const total = (type: RoomType) => inventory.find((r) => r.roomType === type)?.total ?? 0;
  const blockedOn = (type: RoomType, night: string) =>
    Number(blocked.find((b) => b.roomType === type && b.night === night)?.rooms ?? 0);
  const heldOn = (type: RoomType, night: string) => {
    const h = held.find((r) => r.roomType === type && r.night === night);
    const out = blockedOn(type, night);
    return h || out ? { beds: 0, smoking: 0, ...h, rooms: Number(h?.rooms ?? 0) + out } : undefined;
  };
  const asked = stayNights(input.checkInDate, input.checkOutDate);
  const free = (night: string) => {
    const h = heldOn(input.roomType, night);
    return (
      total(input.roomType) > (h?.rooms ?? 0) &&
      (bed[0]?.total ?? 0) > (h?.beds ?? 0) &&
      (smoking[0]?.total ?? 0) > (h?.smoking ?? 0)
    );
  };
  const candidates: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    if (day !== input.checkInDate) candidates.push(day);
  }
  const distance = (day: string) => Math.abs(nightsBetween(input.checkInDate, day));
  candidates.sort((a, b) => distance(a) - distance(b) || a.localeCompare(b));
  const dates: BookingAlternatives['dates'] = [];
  for (const checkIn of candidates) {
    if (dates.length === ALTERNATIVE_DATES) break;
    if (stayNights(checkIn, addDays(checkIn, nights)).every(free)) {
      dates.push({ checkInDate: checkIn, checkOutDate: addDays(checkIn, nights) });
    }
  }
  return {
    roomTypes: ROOM_TYPES.filter((type) => type !== input.roomType)
      .map((type) => ({
        roomType: type,
        availableCount: Math.max(
          0,
          total(type) - Math.max(0, ...asked.map((n) => heldOn(type, n)?.rooms ?? 0)),
        ),
      }))
      .filter((r) => r.availableCount > 0),
    dates: dates.sort((a, b) => a.checkInDate.localeCompare(b.checkInDate)),
  };
}

/**
 * Releases the nights of pending requests nobody decided within the hold time
 * (hourly cron): each becomes cancelled with the reason `expired`, its guest gets a
 * notification and the audit log a line, all in one batch. Every statement picks
 * the same rows (pending and created before the cutoff), and the status changes
 * last, so the batch either does all of it for each row or nothing.
 */
export async function expireStalePending(db: Db, holdMs: number, now = Date.now()) {
  const cutoff = now - holdMs;
  // A booking a guest's change sent back to pending holds from the change (migration 0030).
  const stale = sql`status = 'pending' and created_at < ${cutoff} and coalesce(pending_since, created_at) < ${cutoff}`;
  const staleIds = db.select({ id: bookingSubmissions.id }).from(bookingSubmissions).where(stale);
  const results = await db.batch([
    // One notification and one audit line per stale row: inserts selecting from the bookings.
    insertWhere(
      db,
      notifications,
      {
        userPhone: sql`phone_number`,
        title: 'Your booking request expired',
        titleAr: 'انتهت صلاحية طلب الحجز',
        message: sql`'Nobody could confirm your request in time, so its room was released (' || check_in_date || ' → ' || check_out_date || '). Please book again or contact us.'`,
        messageAr: sql`'لم يتم تأكيد طلبك في الوقت المحدد، فأُلغي حجز الغرفة (' || char(8294) || check_in_date || char(8297) || ' ← ' || char(8294) || check_out_date || char(8297) || '). يرجى الحجز من جديد أو التواصل معنا.'`,
        type: 'booking_expired',
        isRead: false,
        createdAt: new Date(now),
        updatedAt: new Date(now),
        userId: sql`user_id`,
        bookingId: sql`id`,
        entryType: null,
        entryId: null,
      },
      stale,
      sql`booking_submissions`,
    ),
    insertWhere(
      db,
      auditLog,
      {
        actorUserId: null,
        actorEmail: null,
        action: 'booking.expired',
        entityType: 'booking',
        entityId: sql`cast(id as text)`,
        before: sql`json_object('status', 'pending')`,
        after: sql`json_object('status', 'cancelled', 'reason', 'expired')`,
        createdAt: new Date(now),
        updatedAt: new Date(now),
      },
      stale,
      sql`booking_submissions`,
    ),
    db.delete(bookingNights).where(inArray(bookingNights.bookingId, staleIds)),
    // Before the status changes: the rows are still the stale pending ones here.
    ...notifyStatements(db, { kind: 'booking_expired', where: stale, reason: 'expired' }),
    db
      .update(bookingSubmissions)
      .set({ status: 'cancelled', statusReason: 'expired', updatedAt: new Date(now) })
      .where(stale),
  ]);
  // The status change is the batch's last statement (the notifications' statements vary in number).
  const released = results[results.length - 1];
  return { expired: (released as unknown as D1Result).meta.changes };
}

/** The event a move is: staff cancelling a request nobody approved yet reject it. */
function moveKind(from: BookingStatus, to: BookingStatus, actor: SessionUser | null): BookingEventKind {
  if (to === 'cancelled' && from === 'pending' && actor && actor.role !== 'guest') return 'booking_rejected';
  return `booking_${to}` as BookingEventKind;
}

/**
 * What a desk move adds to a status change (issue 31, modules/front-desk/front-desk-day.ts): more columns set on the
 * booking, a further condition the move must meet (e.g. "checked in"), and statements that follow
 * from it, each guarded by `won` (the move happened), all in the move's one batch.
 */
export type StatusMoveExtra = {
  set?: Partial<typeof bookingSubmissions.$inferInsert>;
  where?: SQL;
  statements?: (won: SQL) => BatchItem<'sqlite'>[];
};

/**
 * Moves a booking from its current status to `to` and everything that follows
 * from it, in ONE batch (platform/atomic.ts): the conditional status change stamps a
 * fresh token; the audit line, the guest's notification, the released nights,
 * the points earned on completion and given back on cancellation run only if this
 * request's token is on the row. Exactly one of any number of concurrent requests
 * wins (409 `status_changed` for the others), and a request cut off midway leaves
 * all of it or none of it.
 */
export async function changeBookingStatus(
  db: Db,
  booking: BookingSubmission,
  to: BookingStatus,
  /** Staff, the guest's account, or null: a guest without an account (a device grant, issue 30). */
  actor: SessionUser | null,
  reason?: string,
  extra: StatusMoveExtra = {},
): Promise<BookingSubmission> {
  const token = newChangeToken();
  const won = rowExists(
    bookingSubmissions,
    sql`${bookingSubmissions.id} = ${booking.id} and ${bookingSubmissions.changeToken} = ${token}`,
  );
  const final = to === 'cancelled' || to === 'completed';
  const account = booking.userEmail && booking.userId ? booking.userEmail : null;
  const statements = statusNoticeStatements(db, booking, { from: booking.status, to, reason }, actor, won);
  if (final)
    statements.push(db.delete(bookingNights).where(and(eq(bookingNights.bookingId, booking.id), won)));
  // Points: a signed-in guest's completed stay earns once; a cancellation gives back what the booking moved.
  if (account && to === 'completed' && !booking.isPointsBooking) {
    statements.push(earnForBooking(db, { ...booking, userEmail: account }, won));
  }
  if (booking.userEmail && to === 'cancelled') statements.push(reversalsForBooking(db, booking.id, won));
  if (booking.userEmail && (to === 'completed' || to === 'cancelled')) {
    statements.push(recomputeBalance(db, booking.userEmail));
  }
  if (extra.statements) statements.push(...extra.statements(won));
  statements.push(
    ...notifyStatements(db, {
      kind: moveKind(booking.status, to, actor),
      where: sql`${bookingSubmissions.id} = ${booking.id} and ${bookingSubmissions.changeToken} = ${token}`,
      reason,
    }),
  );
  const [changed] = await db.batch([
    db
      .update(bookingSubmissions)
      .set({
        ...extra.set,
        status: to,
        statusReason: reason ?? null,
        changeToken: token,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(bookingSubmissions.id, booking.id),
          eq(bookingSubmissions.status, booking.status),
          extra.where,
        ),
      )
      .returning(),
    ...statements,
  ]);
  const updated = (changed as BookingSubmission[])[0];
  if (!updated) throw new ApiError(409, 'status_changed');
  return updated;
}

/**
 * The audit line and the guest's notice of a move to `to`, each written only if `guard` holds
 * when the batch reaches it (a status change, or a walk-in booked approved; `id` may be the
 * new booking's id inside its own batch).
 */
export function statusNoticeStatements(
  db: Db,
  booking: Pick<BookingSubmission, 'phoneNumber' | 'userId' | 'roomType' | 'checkInDate' | 'checkOutDate'> & {
    id: number | SQL;
  },
  move: { from: BookingStatus | null; to: BookingStatus; reason?: string },
  actor: SessionUser | null,
  guard: SQL,
): BatchItem<'sqlite'>[] {
  const { from, to, reason } = move;
  const notice = BOOKING_STATUS_NOTICE[to];
  const entityId = typeof booking.id === 'number' ? String(booking.id) : sql`cast(${booking.id} as text)`;
  const statements: BatchItem<'sqlite'>[] = [
    insertWhere(
      db,
      auditLog,
      {
        ...auditEntry(actor, `booking.${to}`, 'booking', null, from ? { status: from } : null, {
          status: to,
          reason,
          ...(from === null && { walkIn: true }),
        }),
        entityId,
      },
      guard,
    ),
  ];
  if (notice) {
    statements.push(
      insertWhere(
        db,
        notifications,
        {
          userPhone: booking.phoneNumber,
          // The booking's account reads it (GET /notifications/mine); never matched by phone alone.
          userId: booking.userId,
          bookingId: booking.id,
          title: notice.en,
          titleAr: notice.ar,
          message: `${notice.en} (${booking.roomType}, ${booking.checkInDate} → ${booking.checkOutDate})${reason ? `: ${reason}` : ''}`,
          // Dates in Arabic-Indic digits, isolated left-to-right (U+2066…U+2069) inside Arabic text.
          messageAr: `${notice.ar} (\u2066${toArabicIndicDigits(booking.checkInDate)}\u2069 ← \u2066${toArabicIndicDigits(booking.checkOutDate)}\u2069)${reason ? `: ${reason}` : ''}`,
          type: `booking_${to}`,
        },
        guard,
      ),
    );
  }
  return statements;
}

/** Every booking as CSV (staff, GET /api/admin/bookings.csv), and its file name. */
export async function bookingsCsv(db: Db) {
  const rows = await db.select().from(bookingSubmissions).orderBy(desc(bookingSubmissions.id));
  return {
    body: toCsv(
      [...BOOKING_COLUMNS],
      // The reference as shown everywhere else ("K7M-Q4PX").
      rows.map((row) => ({ ...listedBooking(row, 0), reference: formatBookingReference(row.reference) })),
    ),
    filename: `bookings-${hotelToday()}.csv`,
  };
}
