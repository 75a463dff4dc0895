import { eq, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '@shared/auth-schemas';
import type { StaffBookingEdit, StaffStayQuote } from '@shared/booking-schemas';
import { MAX_STAY_NIGHTS, type Language } from '@shared/constants';
import { hotelToday, stayNights } from '@shared/dates';
import { guestCountsOf, storedGuests } from '@shared/guest-counts';
import { nightsBetween } from '@shared/money';
import { ApiError, type ErrorBody } from '../../platform/api-error';
import { isRoomOccupied } from './stay-guards';
import { insertWhere } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import type { Db } from '../../platform/env';
import { translate } from '../../platform/messages';
import { notifyStatements } from '../../platform/notify';
import { hasRole } from '../../platform/roles';
import { auditLog, notifications } from '../../platform/tables';
import {
  changedStay,
  commitStayChange,
  heldAs,
  keptSold,
  STAY_FIELDS,
  stayNotice,
  stayPrice,
  storedStay,
  type ChangeOutcome,
  type HeldAs,
  type Stay,
} from './booking-changes';
import { bookingSubmissions, type BookingSubmission } from './tables';
import {
  freeRoomsQuery,
  holdRoomNightsStatement,
  releaseRoomNightsStatement,
  roomQuery,
  roomToCleanStatement,
  type HotelRoom,
} from '../inventory';
import { pricedFromRows, pricingQueries, ratePlansQuery } from '../rates';
import { resolveTrade } from './booking-trade';
import { storedPhone } from '../../platform/phone-numbers';

/**
 * Staff edit any open booking (PATCH /api/admin/booking-submissions/:id): its dates, guest's name
 * and phone, number of guests, room type, the desk's notes, and (a manager) its price. The stay
 * is re-priced and re-held exactly as a guest's own change is (booking-changes.ts
 * commitStayChange: one batch, the no-overbooking trigger, the same reference), but its status
 * stays as it is: the hotel made the change, so nothing goes back to be approved.
 *
 * A stay in house (checked in, not out) moves only its departure, never before today: its
 * arrival and type are what happened. Its room goes with it: an extension takes the room's next
 * nights and a shortening gives them back, in the same batch; when another stay or an
 * out-of-order period has the room on a new night, the unique (room, night) index refuses it and
 * the answer is 409 `room_taken` with the free rooms of the type for the nights from tonight (or
 * the whole stay, before arrival) to the new departure. Sending one of them as `roomId` moves the
 * stay there (from tonight on for a guest in house, whose room left is marked dirty) and
 * changes it in one request. Before arrival, a stay with a room keeps it when its dates move if
 * the room is free (the database's trigger drops it first; the batch puts it back); a change of
 * type leaves it without a room.
 *
 * The guest hears of every change they can see (e-mail or text message, push, the in-app notice;
 * notify `booking_edited`, in the booking's language); the desk's notes alone tell nobody.
 */

const OPEN_STATUSES = new Set(['pending', 'approved', 'confirmed']);
const ROOM_STATUSES_WITH_ROOMS = new Set(['approved', 'confirmed']);

/**
 * The edit's outcome; a saved one says whether the guest was told (`guestTold`): a change they
 * can see (dates, type, guests, name, phone, price) is sent to them, the rest (company, travel
 * agent, source, segment, notes, a room moved) is the hotel's own and tells nobody.
 */
export type EditOutcome =
  | (Extract<ChangeOutcome, { status: 200 }> & { guestTold: boolean })
  | Extract<ChangeOutcome, { status: 409 }>
  | { status: 409; body: ErrorBody & { error: { rooms: FreeRoom[] } } };

export type FreeRoom = Pick<HotelRoom, 'id' | 'number' | 'floor' | 'status'>;

async function readRoom(db: Db, id: number) {
  return roomQuery(db, id).get();
}

/** Rooms of `roomType` in service and free on every night of [from, to) but for `bookingId`'s own. */
export async function freeRoomsFor(
  db: Db,
  roomType: HotelRoom['roomType'],
  from: string,
  to: string,
  bookingId: number,
): Promise<FreeRoom[]> {
  const rooms = await freeRoomsQuery(db, { roomType, from, to, exceptBookingId: bookingId }).limit(20).all();
  return rooms.map((r) => ({ id: r.id, number: r.number, floor: r.floor, status: r.status }));
}

const GUEST_FIELDS = ['fullName', 'phoneNumber'] as const;

/** The refusals an edit meets before anything is read: a closed stay, a price only a manager sets. */
function assertEditable(booking: BookingSubmission | undefined, actor: SessionUser, edit: StaffBookingEdit) {
  if (!booking) throw new ApiError(404, 'booking_not_found');
  if (!OPEN_STATUSES.has(booking.status) || booking.checkedOutAt !== null)
    throw new ApiError(409, 'booking_not_editable');
  const priced = edit.priceOverrideBaisa !== undefined || edit.overrideReason !== undefined;
  if (priced && !hasRole(actor, 'manager')) throw new ApiError(403, 'override_needs_manager');
  if (edit.priceOverrideBaisa === undefined && edit.overrideReason !== undefined)
    throw new ApiError(400, 'validation_failed', { priceOverrideBaisa: 'price_override_invalid' });
  return booking;
}

/** The stay after the edit, what moved, and its refusals (an in-house arrival fixed, the past, the length). */
function editedStay(booking: BookingSubmission, edit: StaffBookingEdit, today: string) {
  const inHouse = booking.checkedInAt !== null;
  const stay = changedStay(booking, edit);
  const stored = storedStay(booking);
  const stayMoved = STAY_FIELDS.some((field) => stay[field] !== stored[field]);
  const datesMoved = stay.checkInDate !== booking.checkInDate || stay.checkOutDate !== booking.checkOutDate;
  if (inHouse && (stay.checkInDate !== booking.checkInDate || stay.roomType !== booking.roomType))
    throw new ApiError(409, 'in_house_dates_fixed');
  if (stayMoved && booking.isPointsBooking) throw new ApiError(409, 'points_booking_unchangeable');
  if (inHouse && datesMoved && stay.checkOutDate < today)
    throw new ApiError(400, 'validation_failed', { checkOutDate: 'check_out_past' });
  if (!inHouse && datesMoved && stay.checkInDate < today)
    throw new ApiError(400, 'validation_failed', { checkInDate: 'check_in_past' });
  const nights = nightsBetween(stay.checkInDate, stay.checkOutDate);
  if (nights < 1) throw new ApiError(400, 'validation_failed', { checkOutDate: 'check_out_after_check_in' });
  if (nights > MAX_STAY_NIGHTS)
    throw new ApiError(400, 'validation_failed', { checkOutDate: 'stay_too_long' });
  return { inHouse, stay, stored, stayMoved, datesMoved };
}

/** The room the stay sleeps in after the edit: the one asked for, else its own while the type holds. */
async function roomAfterEdit(db: Db, booking: BookingSubmission, edit: StaffBookingEdit, roomType: string) {
  const targetId = edit.roomId ?? (roomType === booking.roomType ? booking.roomId : null);
  const room = targetId === null ? null : await readRoom(db, targetId);
  if (edit.roomId !== undefined) {
    if (!room || room.retiredAt) throw new ApiError(404, 'room_not_found');
    if (!ROOM_STATUSES_WITH_ROOMS.has(booking.status)) throw new ApiError(409, 'room_assign_status');
    if (room.roomType !== roomType) throw new ApiError(422, 'room_type_mismatch');
    if (room.status === 'out_of_order') throw new ApiError(409, 'room_out_of_order');
  }
  return room ?? null;
}

/** The guest's name and phone, the notes and the override's reason after the edit. */
function editedDetails(booking: BookingSubmission, edit: StaffBookingEdit) {
  const guest = {
    fullName: edit.fullName ?? booking.fullName,
    phoneNumber: edit.phoneNumber !== undefined ? storedPhone(edit.phoneNumber) : booking.phoneNumber,
  };
  const notes = edit.notes === undefined ? booking.notes : edit.notes === '' ? null : edit.notes;
  const overrideReason =
    edit.priceOverrideBaisa === null
      ? null
      : edit.priceOverrideBaisa !== undefined
        ? edit.overrideReason!
        : booking.priceOverrideReason;
  return { guest, notes, overrideReason };
}

type RoomMove = {
  booking: BookingSubmission;
  stay: Stay;
  /** The room kept or chosen (null: none). */
  keptRoom: Awaited<ReturnType<typeof readRoom>> | null;
  inHouse: boolean;
  moved: boolean;
  datesMoved: boolean;
  /** Where the room's nights are placed from: tonight for a guest in house, else the whole stay. */
  from: string;
  actor: SessionUser;
  now: Date;
};

/** The room's nights (and the room left behind) as the edit leaves them, under the batch's `won`. */
function roomStatements(db: Db, m: RoomMove, won: SQL, mine: SQL): BatchItem<'sqlite'>[] {
  const { booking, stay, keptRoom, from } = m;
  if (m.inHouse) {
    if (!keptRoom) return [];
    const newNights = stayNights(stay.checkInDate, stay.checkOutDate).filter((n) => n >= from);
    if (m.moved) {
      return [
        releaseRoomNightsStatement(db, booking.id, won, from),
        placeNights(db, keptRoom, booking.id, newNights, won),
        db.update(bookingSubmissions).set({ roomId: keptRoom.id }).where(mine),
        ...(booking.roomId !== null
          ? [
              // The room left behind is to be cleaned, as at a check-out.
              roomToCleanStatement(db, booking.roomId, m.actor.id, m.now, won),
            ]
          : []),
      ];
    }
    const added = newNights.filter((n) => n >= booking.checkOutDate);
    return [
      releaseRoomNightsStatement(db, booking.id, won, stay.checkOutDate),
      ...(added.length > 0 ? [placeNights(db, keptRoom, booking.id, added, won)] : []),
    ];
  }
  // Before arrival: the trigger of a date change drops the room; a kept or chosen room is put back.
  if (keptRoom && (m.datesMoved || m.moved)) {
    return [
      releaseRoomNightsStatement(db, booking.id, won),
      placeNights(db, keptRoom, booking.id, stayNights(stay.checkInDate, stay.checkOutDate), won),
      db.update(bookingSubmissions).set({ roomId: keptRoom.id }).where(mine),
    ];
  }
  if (!keptRoom && booking.roomId !== null) {
    return [
      releaseRoomNightsStatement(db, booking.id, won),
      db.update(bookingSubmissions).set({ roomId: null }).where(mine),
    ];
  }
  return [];
}

/** How the room's nights are counted after the edit (null: as they are). */
function heldAfterEdit(m: RoomMove, stayMoved: boolean): HeldAs | null {
  if (!stayMoved && !m.moved) return null;
  // An upgrade kept: its nights are counted in the room's type (room-assignment.ts).
  if (m.keptRoom && m.keptRoom.roomType !== m.stay.roomType)
    return { roomType: m.keptRoom.roomType, bedType: null, smokingType: null };
  return heldAs(m.stay);
}

/** 409 room_taken with the free rooms to move to instead (a night of the room is another's, or out of order). */
async function roomTaken(
  db: Db,
  m: RoomMove,
  context: { language: Language; requestId?: string },
): Promise<EditOutcome> {
  return {
    status: 409,
    body: {
      error: {
        code: 'room_taken',
        message: translate('room_taken', context.language),
        ...(context.requestId && { requestId: context.requestId }),
        rooms: await freeRoomsFor(db, m.stay.roomType, m.from, m.stay.checkOutDate, m.booking.id),
      },
    },
  };
}

/** The row's new values after an edit, and its audit line (before and after). */
function editedRow(
  actor: SessionUser,
  booking: BookingSubmission,
  stored: ReturnType<typeof storedStay>,
  edited: {
    stay: Stay;
    guest: Pick<BookingSubmission, (typeof GUEST_FIELDS)[number]>;
    notes: string | null;
    price: Pick<BookingSubmission, 'totalPrice' | 'priceOverrideBaisa' | 'nightPrices'>;
    overrideReason: string | null;
    roomId: number | null;
    trade: Awaited<ReturnType<typeof editedTrade>>;
  },
) {
  const { stay, guest, notes, price, overrideReason, roomId, trade } = edited;
  const before = {
    ...pick(stored, [...STAY_FIELDS, ...GUEST_FIELDS]),
    totalPriceBaisa: booking.totalPrice,
    ...pick(booking, ['priceOverrideBaisa', 'priceOverrideReason', 'notes', 'roomId', ...TRADE_FIELDS]),
  };
  const after = {
    ...pick({ ...stay, ...guest }, [...STAY_FIELDS, ...GUEST_FIELDS]),
    totalPriceBaisa: price.totalPrice,
    priceOverrideBaisa: price.priceOverrideBaisa,
    priceOverrideReason: overrideReason,
    notes,
    roomId,
    ...trade,
  };
  const set = {
    ...guest,
    notes,
    totalPrice: price.totalPrice,
    priceOverrideBaisa: price.priceOverrideBaisa,
    nightPrices: price.nightPrices,
    priceOverrideReason: overrideReason,
    ...trade,
  };
  return { set, audit: auditEntry(actor, 'booking.edited', 'booking', booking.id, before, after) };
}

/** The guest told of an edit they can see: the in-app notice and the notification's outbox rows. */
const guestNotice = (db: Db, booking: BookingSubmission, stay: Stay, won: SQL, mine: SQL) => [
  insertWhere(db, notifications, stayNotice(booking, stay, 'booking_edit.notice'), won),
  ...notifyStatements(db, { kind: 'booking_edited', where: mine }),
];

export async function editBooking(
  db: Db,
  actor: SessionUser,
  id: number,
  edit: StaffBookingEdit,
  context: { language: Language; requestId?: string; now?: Date },
): Promise<EditOutcome> {
  const now = context.now ?? new Date();
  const today = hotelToday(now);
  const booking = assertEditable(
    await db.select().from(bookingSubmissions).where(eq(bookingSubmissions.id, id)).get(),
    actor,
    edit,
  );
  const { inHouse, stay, stored, stayMoved, datesMoved } = editedStay(booking, edit, today);
  const keptRoom = await roomAfterEdit(db, booking, edit, stay.roomType);
  const moved = keptRoom !== null && keptRoom.id !== booking.roomId;
  const trade = await editedTrade(db, booking, edit);
  const { guest, notes, overrideReason } = editedDetails(booking, edit);
  const price =
    stayMoved || edit.priceOverrideBaisa !== undefined
      ? await stayPrice(db, booking, stay, { staff: true, now, keepSold: inHouse }, edit.priceOverrideBaisa)
      : pick(booking, ['totalPrice', 'priceOverrideBaisa', 'nightPrices']);
  const guestSees =
    stayMoved ||
    GUEST_FIELDS.some((field) => guest[field] !== booking[field]) ||
    price.totalPrice !== booking.totalPrice;
  const tradeChanged = TRADE_FIELDS.some((field) => trade[field] !== booking[field]);
  if (
    !guestSees &&
    !moved &&
    !tradeChanged &&
    notes === booking.notes &&
    overrideReason === booking.priceOverrideReason
  )
    throw new ApiError(400, 'validation_failed', { _: 'no_change' });

  const from = inHouse ? today : stay.checkInDate;
  const m: RoomMove = { booking, stay, keptRoom, inHouse, moved, datesMoved, from, actor, now };
  const { set, audit } = editedRow(actor, booking, stored, {
    stay,
    guest,
    notes,
    price,
    overrideReason,
    roomId: keptRoom?.id ?? null,
    trade,
  });
  try {
    const outcome = await commitStayChange(db, booking, {
      stay,
      set,
      holds: heldAfterEdit(m, stayMoved),
      statements: (won, mine) => [
        ...roomStatements(db, m, won, mine),
        insertWhere(db, auditLog, audit, won),
        ...(guestSees ? guestNotice(db, { ...booking, ...guest }, stay, won, mine) : []),
      ],
      language: context.language,
      requestId: context.requestId,
      now,
    });
    // The row as the batch's first statement returned it, with the room the later ones set.
    return outcome.status === 200
      ? { status: 200, booking: { ...outcome.booking, roomId: keptRoom?.id ?? null }, guestTold: guestSees }
      : outcome;
  } catch (err) {
    // A guest in house moved into a room whose guest has not left (migration 0099).
    if (isRoomOccupied(err)) throw new ApiError(409, 'room_occupied');
    if (!(err instanceof ApiError) || err.code !== 'numbered_room_taken') throw err;
    return roomTaken(db, m, context);
  }
}

/**
 * GET /api/admin/booking-submissions/:id/quote: what the Edit stay dialog shows before saving, the
 * stay priced exactly as `editBooking` prices it (the booking's own plan, no restriction judged, an
 * arrival in the past allowed; a stay in house keeps the prices its nights were sold at) before any
 * price a manager sets by hand, which the dialog applies itself (shared/src/stay-price.ts). The
 * booking and the pricing reads in ONE batch.
 */
export async function quoteEditedStay(db: Db, id: number, stay: StaffStayQuote, now = new Date()) {
  const [rows, ...pricing] = await db.batch([
    db.select().from(bookingSubmissions).where(eq(bookingSubmissions.id, id)).limit(1),
    ...pricingQueries(db, stay, now),
  ]);
  const booking = rows[0];
  if (!booking) throw new ApiError(404, 'booking_not_found');
  if (booking.isPointsBooking) throw new ApiError(409, 'points_booking_unchangeable');
  // The guests the dialog names, the booking's own for what it leaves out.
  const guests = guestCountsOf(stay, storedGuests(booking));
  if (!guests) throw new ApiError(400, 'validation_failed', { numberOfGuests: 'guests_range' });
  const rated = pricedFromRows({ ...stay, ...guests, ratePlan: booking.ratePlan }, pricing, {
    restricted: false,
    staff: true,
    // A stay keeps a type since retired; moving into one is refused (400 room_type_retired).
    retiredType: stay.roomType === booking.roomType,
    // The booking's own plan, private or not, was accepted when it was booked.
    companyPlans: [booking.ratePlan],
  });
  const inHouse = booking.checkedInAt !== null && booking.checkedOutAt === null;
  return keptSold(booking, { ...stay, ...guests }, rated, inHouse);
}

const TRADE_FIELDS = ['companyId', 'travelAgentId', 'source', 'segment'] as const;

/**
 * The company, travel agent, source and segment after the edit (booking-trade.ts): an account
 * of the right kind (400 otherwise); a channel booking keeps its OTA as its source (400
 * `booking_source_invalid`); a booking on a private plan goes only to a company that has it
 * (400 `rate_plan_private` on `companyId`).
 */
async function editedTrade(db: Db, booking: BookingSubmission, edit: StaffBookingEdit) {
  if (edit.source !== undefined && booking.channelBookingId !== null) {
    throw new ApiError(400, 'validation_failed', { source: 'booking_source_invalid' });
  }
  const named = edit.companyId !== undefined || edit.travelAgentId !== undefined;
  const { companyId, travelAgentId, companyPlans } = named
    ? await resolveTrade(db, edit, booking)
    : { companyId: booking.companyId, travelAgentId: booking.travelAgentId, companyPlans: null };
  if (companyPlans !== null && companyId !== booking.companyId && !companyPlans.includes(booking.ratePlan)) {
    const plan = (await ratePlansQuery(db)).find((p) => p.code === booking.ratePlan);
    if (plan && !plan.public)
      throw new ApiError(400, 'validation_failed', { companyId: 'rate_plan_private' });
  }
  return {
    companyId,
    travelAgentId,
    source: edit.source ?? booking.source,
    segment: edit.segment ?? booking.segment,
  };
}

/** The stay's nights in `room`, written only if this request won the booking row. */
function placeNights(db: Db, room: HotelRoom, bookingId: number, nights: string[], won: SQL) {
  return holdRoomNightsStatement(db, room, bookingId, nights, won);
}

function pick<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>;
}

export type { Stay, BookingSubmission };
