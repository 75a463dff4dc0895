import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { ChannelFlag } from '@shared/channel-schemas';
import { auditEntry } from '../../platform/audit';
import { insertWhere, newChangeToken, rowExists } from '../../platform/atomic';
import { newBookingReference } from '../../platform/crypto';
import type { Db } from '../../platform/env';
import { notifyStatements } from '../../platform/notify';
import { auditLog } from '../../platform/tables';
import { holdsIfWon } from './booking-changes';
import { channelAlertStatements } from './channel-alerts';
import { statusMoveStatements } from './booking-status';
import { bookingIdOf, bookingRefusal, holdInserts } from './insert-booking';
import { bookingNights, bookingSubmissions, type BookingSubmission } from './tables';
import { releaseRoomNightsStatement } from '../inventory';

export type { ChannelFlag } from '@shared/channel-schemas';

/**
 * Bookings the channel manager brings (modules/channel applies its revisions through the channel
 * stay port below, `ChannelStayPort`, which it implements). A
 * revision's rooms are a list (Channex's Booking Rooms): each room is a booking of ours
 * (`channel_room_id` its room's id), and everything one revision does to them (rooms made,
 * changed, cancelled; a room added or removed) is ONE batch with the caller's statements (the
 * revision's own row, so a revision is applied at most once).
 *
 * A room is held night by night when it can be. One the hotel cannot hold (sold out: the
 * no-overbooking triggers refuse a night) is still kept, without holds, flagged `overbooked`;
 * the other rooms of the revision that fit are held. A room of a type the hotel does not map is
 * kept without holds, flagged `unmapped`. A room the hotel can hold but not honour as sold is
 * held and flagged: `over_occupancy`, `not_sellable`, `currency_mismatch`. Staff hear of each
 * flagged room.
 */

/** A channel booking's room as the bookings table keeps it. */
export type ChannelStay = {
  fullName: string;
  phoneNumber: string;
  /** The guest's own address; null when the OTA gave only its relay address (never written to). */
  email: string | null;
  checkInDate: string;
  checkOutDate: string;
  roomType: string;
  ratePlan: string;
  adults: number;
  children: number;
  /** Baisa per night, from the arrival night. */
  nightPrices: number[];
  source: string;
  channelReference: string;
  channelBookingId: string;
  /**
   * The room's key within its channel booking: the provider's documented id of the room (Channex:
   * Booking.com's `ota_unique_id`, "ota:<id>"), else its place when the booking was made
   * ("place:<n>"); rows made before kept Channex's `booking_room_id` or "room-<n>".
   */
  channelRoomId: string;
  paymentCollect: 'ota' | 'property';
  commissionBaisa: number;
};

/** What one revision does to one room. */
export type ChannelRoomChange =
  /** A room new to us: a confirmed booking. */
  | { kind: 'insert'; stay: ChannelStay; flag: ChannelFlag | null }
  /** A room we hold already, moved to the revision's stay. */
  | { kind: 'change'; booking: BookingSubmission; stay: ChannelStay; flag: ChannelFlag | null }
  /** A room the OTA cancelled (the whole booking, or a room removed from it): no charge. */
  | { kind: 'cancel'; booking: BookingSubmission }
  /**
   * A room left as it is, flagged for the desk: the OTA changed its booking and which room is
   * which cannot be told (`rooms_unmatched`).
   */
  | { kind: 'flag'; booking: BookingSubmission; flag: ChannelFlag };

/**
 * The channel stay port: what applying one revision's rooms needs of the channel module, declared
 * here and implemented there (modules/channel/revision-stays.ts), so that bookings never imports
 * the channel. The port names the rooms' changes and whether the guest is told; its own rows of
 * the revision go into the rooms' ONE batch: the revision's record first (its key refuses a second
 * delivery before anything is written), and what follows the rooms once their bookings are known.
 */
export interface ChannelStayPort {
  /** What the revision does to each room. */
  readonly changes: readonly ChannelRoomChange[];
  /** Whether the guest hears the usual confirmation or change notice (never at an OTA's relay address). */
  readonly tellGuest: boolean;
  /** The revision's record, first in the batch: `flags` how each room is kept (null: held as sold; a cancellation: null). */
  recordStatements(flags: (ChannelFlag | null)[]): BatchItem<'sqlite'>[];
  /** After the rooms': `ids` each room's booking, in the order of the changes (an SQL expression for one made in this batch). */
  afterRoomsStatements(ids: (SQL | number)[]): BatchItem<'sqlite'>[];
}

/** Flags that leave a room without holds: the hotel has no room of it to hold. */
const UNHELD: readonly ChannelFlag[] = ['overbooked', 'unmapped'];

/** Every booking (one per room, cancelled ones too) a channel booking id made, oldest first. */
export async function channelBookingsOf(db: Db, channelBookingId: string): Promise<BookingSubmission[]> {
  return db
    .select()
    .from(bookingSubmissions)
    .where(eq(bookingSubmissions.channelBookingId, channelBookingId))
    .orderBy(bookingSubmissions.id);
}

/**
 * Whether a channel booking has a room still to come (open, not in house), as SQL for a caller's
 * guard: a cancellation that finds none is recorded only while none was made meanwhile.
 */
export function liveChannelBookingSql(channelBookingId: string): SQL {
  return sql`exists (select 1 from booking_submissions b where b.channel_booking_id = ${channelBookingId}
    and b.status not in ('cancelled', 'completed') and b.checked_in_at is null)`;
}

/**
 * A booking's reference by its id, as a subquery for a caller's select (the channel screen links
 * a revision to its booking); null when there is no such booking.
 */
export function bookingReferenceSql(bookingId: SQLWrapper): SQL<string | null> {
  return sql<string | null>`(select b.reference from booking_submissions b where b.id = ${bookingId})`;
}

/**
 * The OTA bookings still flagged for staff (open), newest first, along the index of flagged rows:
 * each room's own booking, flag and channel booking.
 */
export async function flaggedChannelBookings(db: Db, limit: number) {
  return db
    .select({
      id: bookingSubmissions.id,
      reference: bookingSubmissions.reference,
      channelBookingId: bookingSubmissions.channelBookingId,
      flag: bookingSubmissions.channelFlag,
      source: bookingSubmissions.source,
      channelReference: bookingSubmissions.channelReference,
    })
    .from(bookingSubmissions)
    .where(
      sql`${bookingSubmissions.channelFlag} is not null and ${bookingSubmissions.status} not in ('cancelled', 'completed')`,
    )
    .orderBy(sql`${bookingSubmissions.createdAt} desc`, sql`${bookingSubmissions.id} desc`)
    .limit(limit);
}

const total = (prices: number[]) => prices.reduce((sum, p) => sum + p, 0);

function stayColumns(stay: ChannelStay, flag: ChannelFlag | null) {
  return {
    fullName: stay.fullName,
    phoneNumber: stay.phoneNumber,
    email: stay.email,
    checkInDate: stay.checkInDate,
    checkOutDate: stay.checkOutDate,
    roomType: stay.roomType,
    ratePlan: stay.ratePlan,
    adults: stay.adults,
    children: stay.children,
    numberOfGuests: stay.adults + stay.children,
    nightPrices: stay.nightPrices,
    totalPrice: total(stay.nightPrices),
    source: stay.source,
    channelReference: stay.channelReference,
    channelRoomId: stay.channelRoomId,
    paymentCollect: stay.paymentCollect,
    commissionBaisa: stay.commissionBaisa,
    channelFlag: flag,
  };
}

function isStockRefusal(err: unknown): boolean {
  const code = bookingRefusal(err)?.code;
  return code === 'no_rooms_available' || code === 'no_beds_available' || code === 'no_smoking_available';
}

/**
 * A statement that fails the batch, at the point it is reached, unless `condition` holds (SQLite
 * raises only in triggers: a `json()` of what is not JSON is the runtime error used instead),
 * read on the row of a booking the batch changes (it exists: it was read).
 */
const failUnless = (db: Db, condition: SQL, bookingId: number) =>
  db
    .select({ holds: sql<number>`case when ${condition} then 1 else json('channel: not so') end` })
    .from(bookingSubmissions)
    .where(eq(bookingSubmissions.id, bookingId));
/** A statement that always fails the batch (the try of a plan, undone). */
const failAlways = (db: Db) => db.run(sql`select json('channel: undone')`);
const isFailUnless = (err: unknown) =>
  /malformed JSON/i.test(
    String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? ''),
  );

/** The changes' booking made, changed or cancelled meanwhile by another hand: the caller reads them again. */
export class ChannelBookingsChanged extends Error {
  constructor() {
    super('channel bookings changed while a revision was applied');
    this.name = 'ChannelBookingsChanged';
  }
}

/**
 * Whether a batch failed because another revision's batch made a room of the same channel booking
 * at the same time (the unique index of migration 0083 on the channel booking and its room): to the
 * caller, the bookings changed meanwhile.
 */
function isChannelRoomTaken(err: unknown): boolean {
  const text = String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? '');
  return text.includes('booking_submissions.channel_booking_id');
}

type Built = { statements: BatchItem<'sqlite'>[]; id: SQL | number; won: SQL | null; reference?: string };

/** A room new to us: the confirmed booking, its holds (when `held`), its audit line and notices. */
function insertStatements(
  db: Db,
  stay: ChannelStay,
  flag: ChannelFlag | null,
  held: boolean,
  tellGuest: boolean,
): Built {
  const reference = newBookingReference();
  const row = {
    ...stayColumns(stay, flag),
    reference,
    channelBookingId: stay.channelBookingId,
    idNumber: '',
    status: 'confirmed' as const,
    lang: 'en' as const,
    bookingType: 'channel',
    // Sold by an OTA: its segment (the source is the OTA's name).
    segment: 'ota' as const,
    // The OTA took (or takes) the guest's money on its own terms: the hotel asks no deposit.
    depositRule: { kind: 'none' as const },
  };
  const id = bookingIdOf(reference);
  const statements: BatchItem<'sqlite'>[] = [
    db.insert(bookingSubmissions).values(row),
    ...(held ? holdInserts(db, row) : []),
    db.insert(auditLog).values({
      ...auditEntry(null, 'booking.channel_new', 'booking', null, null, {
        status: 'confirmed',
        source: stay.source,
        channelReference: stay.channelReference,
        channelRoomId: stay.channelRoomId,
        flag,
      }),
      entityId: sql`cast(${id} as text)`,
    }),
    // Staff hear at once of a booking they must place or correct by hand (its flag the reason).
    ...(flag
      ? notifyStatements(db, {
          kind: 'channel_booking_flagged',
          where: sql`${bookingSubmissions.reference} = ${reference}`,
          reason: flag,
        })
      : []),
    ...(tellGuest
      ? notifyStatements(db, {
          kind: 'booking_confirmed',
          where: sql`${bookingSubmissions.reference} = ${reference}`,
        })
      : []),
  ];
  return { statements, id, won: null, reference };
}

/**
 * A room moved to the revision's stay (dates, type, guests, prices, guest): the row only if it is
 * still as it was read (status, change token, not in house), its old nights released and the new
 * ones held (when `held`) in the same batch. A numbered room assigned before the arrival is
 * released when the dates or the type change (the desk assigns one again).
 */
function changeStatements(
  db: Db,
  booking: BookingSubmission,
  stay: ChannelStay,
  flag: ChannelFlag | null,
  held: boolean,
  tellGuest: boolean,
  now: Date,
): Built {
  const token = newChangeToken();
  const mine = sql`${bookingSubmissions.id} = ${booking.id} and ${bookingSubmissions.changeToken} = ${token}`;
  const won = rowExists(bookingSubmissions, mine);
  const moved =
    stay.checkInDate !== booking.checkInDate ||
    stay.checkOutDate !== booking.checkOutDate ||
    stay.roomType !== booking.roomType;
  // The guest hears of a change of their stay (dates, type, guests, prices), not of the OTA's commission.
  const seen =
    moved ||
    stay.adults !== booking.adults ||
    stay.children !== booking.children ||
    JSON.stringify(stay.nightPrices) !== JSON.stringify(booking.nightPrices);
  const columns = stayColumns(stay, flag);
  const statements: BatchItem<'sqlite'>[] = [
    db
      .update(bookingSubmissions)
      .set({
        ...columns,
        ...(moved && { roomId: null, roomNumber: null }),
        changeToken: token,
        updatedAt: now,
      })
      .where(
        and(
          eq(bookingSubmissions.id, booking.id),
          eq(bookingSubmissions.status, booking.status),
          // `is`: equal, null included (a booking never changed has no token yet).
          sql`${bookingSubmissions.changeToken} is ${booking.changeToken}`,
          sql`${bookingSubmissions.checkedInAt} is null`,
          sql`${bookingSubmissions.checkedOutAt} is null`,
        ),
      ),
    // Its old nights given back; the new ones held (flagged without a room: none).
    db.delete(bookingNights).where(and(eq(bookingNights.bookingId, booking.id), won)),
    ...(held
      ? [
          holdsIfWon(
            db,
            booking.id,
            {
              checkInDate: stay.checkInDate,
              checkOutDate: stay.checkOutDate,
              adults: stay.adults,
              children: stay.children,
              numberOfGuests: stay.adults + stay.children,
              roomType: stay.roomType,
              roomNumber: null,
              bedType: booking.bedType,
              smokingPreference: booking.smokingPreference,
            },
            {
              roomType: stay.roomType,
              bedType: booking.bedType,
              smokingType: booking.smokingPreference,
              groupId: null,
            },
            won,
          ),
        ]
      : []),
    ...(moved ? [releaseRoomNightsStatement(db, booking.id, won)] : []),
    insertWhere(
      db,
      auditLog,
      auditEntry(
        null,
        'booking.channel_modified',
        'booking',
        booking.id,
        {
          checkInDate: booking.checkInDate,
          checkOutDate: booking.checkOutDate,
          roomType: booking.roomType,
          totalPrice: booking.totalPrice,
        },
        {
          checkInDate: stay.checkInDate,
          checkOutDate: stay.checkOutDate,
          roomType: stay.roomType,
          totalPrice: columns.totalPrice,
          flag,
        },
      ),
      won,
    ),
    ...(flag
      ? notifyStatements(db, {
          kind: 'channel_booking_flagged',
          where: sql`${bookingSubmissions.id} = ${booking.id} and ${won}`,
          reason: flag,
        })
      : []),
    // The staff's bell (and a push) hear of the OTA's change of the stay (flagged: that alert).
    ...(seen || flag ? channelAlertStatements(db, 'changed', booking.id, won, flag) : []),
    ...(tellGuest && seen
      ? notifyStatements(db, {
          kind: 'booking_edited',
          where: sql`${bookingSubmissions.id} = ${booking.id} and ${won}`,
        })
      : []),
  ];
  return { statements, id: booking.id, won };
}

/**
 * A room left as it is, flagged for the desk (`kind: 'flag'`): its flag only, if the row is still as
 * it was read, its audit line, and the staff's bell and push (the flagged alert) in the batch.
 */
function flagStatements(db: Db, booking: BookingSubmission, flag: ChannelFlag, now: Date): Built {
  const token = newChangeToken();
  const won = rowExists(
    bookingSubmissions,
    sql`${bookingSubmissions.id} = ${booking.id} and ${bookingSubmissions.changeToken} = ${token}`,
  );
  const statements: BatchItem<'sqlite'>[] = [
    db
      .update(bookingSubmissions)
      .set({ channelFlag: flag, changeToken: token, updatedAt: now })
      .where(
        and(
          eq(bookingSubmissions.id, booking.id),
          eq(bookingSubmissions.status, booking.status),
          sql`${bookingSubmissions.changeToken} is ${booking.changeToken}`,
        ),
      ),
    insertWhere(
      db,
      auditLog,
      auditEntry(
        null,
        'booking.channel_flagged',
        'booking',
        booking.id,
        { channelFlag: booking.channelFlag },
        { channelFlag: flag },
      ),
      won,
    ),
    ...notifyStatements(db, {
      kind: 'channel_booking_flagged',
      where: sql`${bookingSubmissions.id} = ${booking.id} and ${won}`,
      reason: flag,
    }),
    ...channelAlertStatements(db, 'changed', booking.id, won, flag),
  ];
  return { statements, id: booking.id, won };
}

/**
 * A room cancelled as its OTA did: its nights given back, no charge (the hotel took no money of
 * its own for it; the OTA's terms are between the OTA and its guest), its flag cleared.
 */
async function cancelStatements(db: Db, booking: BookingSubmission): Promise<Built> {
  const statements = await statusMoveStatements(db, booking, 'cancelled', null, undefined, {
    set: { channelFlag: null },
  });
  // Cancelled, by this batch or by another hand meanwhile: either way it is cancelled.
  const won = sql`exists (select 1 from booking_submissions b where b.id = ${booking.id}
    and b.status = 'cancelled' and b.change_token is not ${booking.changeToken})`;
  // The staff's bell (and a push) hear of the OTA's cancellation.
  return {
    statements: [...statements, ...channelAlertStatements(db, 'cancelled', booking.id, won, null)],
    id: booking.id,
    won,
  };
}

type Plan = { held: boolean; flag: ChannelFlag | null }[];

async function build(
  db: Db,
  changes: readonly ChannelRoomChange[],
  plan: Plan,
  tellGuest: boolean,
  now: Date,
): Promise<Built[]> {
  return Promise.all(
    changes.map(async (c, i): Promise<Built> => {
      const { held, flag } = plan[i]!;
      if (c.kind === 'cancel') return cancelStatements(db, c.booking);
      if (c.kind === 'flag') return flagStatements(db, c.booking, c.flag, now);
      if (c.kind === 'insert') return insertStatements(db, c.stay, flag, held, tellGuest);
      return changeStatements(db, c.booking, c.stay, flag, held, tellGuest, now);
    }),
  );
}

/** Whether the rooms fit as planned: their batch run and undone (its last statement fails on purpose). */
async function fits(db: Db, changes: readonly ChannelRoomChange[], plan: Plan, now: Date): Promise<boolean> {
  const built = await build(db, changes, plan, false, now);
  const statements: BatchItem<'sqlite'>[] = [...built.flatMap((b) => b.statements), failAlways(db)];
  try {
    await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  } catch (err) {
    if (isFailUnless(err)) return true;
    if (isStockRefusal(err)) return false;
    if (isChannelRoomTaken(err)) throw new ChannelBookingsChanged();
    throw err;
  }
  return true;
}

/**
 * Applies one revision's changes to its rooms in ONE batch, between the port's record and what
 * follows the rooms. Every room is held when it can be; should the hotel be sold out for some, the
 * rooms are tried one by one (each try undone) and those that do not fit are kept without
 * holds, flagged `overbooked`, the others held. Throws ChannelBookingsChanged when one of the
 * bookings was changed meanwhile, or a room of the same channel booking made meanwhile (nothing
 * written: read them again and retry). Queues the usual confirmation or change notice to the guest
 * when the port says so. Answers each change's booking id and flag.
 */
export async function commitChannelRevision(
  db: Db,
  port: ChannelStayPort,
  now: Date = new Date(),
): Promise<{ ids: number[]; flags: (ChannelFlag | null)[] }> {
  const changes = port.changes;
  const wanted: Plan = changes.map((c) =>
    c.kind === 'cancel'
      ? { held: false, flag: null }
      : c.kind === 'flag'
        ? { held: false, flag: c.flag }
        : { held: !UNHELD.includes(c.flag!), flag: c.flag },
  );
  const commit = async (plan: Plan) => {
    const built = await build(db, changes, plan, port.tellGuest, now);
    const won = built.flatMap((b) => (b.won ? [b.won] : []));
    const guarded = built.find((b) => b.won && typeof b.id === 'number');
    const flags = plan.map((p) => p.flag);
    await db.batch([
      ...port.recordStatements(flags),
      ...built.flatMap((b) => b.statements),
      // A booking changed by another hand since it was read: nothing of the revision is written.
      ...(guarded ? [failUnless(db, sql.join(won, sql` and `), guarded.id as number)] : []),
      ...port.afterRoomsStatements(built.map((b) => b.id)),
    ] as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
    return { built, flags };
  };
  let done: Awaited<ReturnType<typeof commit>>;
  try {
    done = await commit(wanted);
  } catch (err) {
    if (isFailUnless(err) || isChannelRoomTaken(err)) throw new ChannelBookingsChanged();
    if (!isStockRefusal(err)) throw err;
    // Sold out for at least one room: each room that wants holds is tried with those placed
    // before it; one that does not fit is kept without holds, flagged overbooked.
    const plan: Plan = wanted.map((p) => (p.held ? { held: false, flag: 'overbooked' } : p));
    for (let i = 0; i < plan.length; i += 1) {
      if (!wanted[i]!.held) continue;
      const tried = plan.map((p, j) => (j === i ? wanted[i]! : p));
      if (await fits(db, changes, tried, now)) plan[i] = wanted[i]!;
    }
    try {
      done = await commit(plan);
    } catch (again) {
      if (isFailUnless(again) || isChannelRoomTaken(again)) throw new ChannelBookingsChanged();
      // Taken meanwhile: nothing written; the next delivery tries again.
      throw again;
    }
  }
  const references = done.built.flatMap((b) => (b.reference ? [b.reference] : []));
  const made = references.length
    ? await db
        .select({ id: bookingSubmissions.id, reference: bookingSubmissions.reference })
        .from(bookingSubmissions)
        .where(inArray(bookingSubmissions.reference, references))
    : [];
  const idOf = new Map(made.map((m) => [m.reference, m.id]));
  return {
    ids: done.built.map((b) => (typeof b.id === 'number' ? b.id : (idOf.get(b.reference!) ?? 0))),
    flags: done.flags,
  };
}

/**
 * What modules/channel asks of the bookings its revisions made, as one object (its door's one
 * name beside the port's types): applying a revision through the channel stay port
 * (`commitChannelRevision`, refused with `ChannelBookingsChanged` when another delivery moved the
 * same bookings first), a channel booking's rooms (`channelBookingsOf`; `liveChannelBookingSql`
 * for its guard), the OTA bookings flagged for staff (`flaggedChannelBookings`) and a booking's
 * reference for its revisions' list (`bookingReferenceSql`).
 *
 * @example const { ids } = await channelStays.commitChannelRevision(db, new RevisionStays(...));
 */
export const channelStays = {
  commitChannelRevision,
  ChannelBookingsChanged,
  channelBookingsOf,
  liveChannelBookingSql,
  flaggedChannelBookings,
  bookingReferenceSql,
} as const;
