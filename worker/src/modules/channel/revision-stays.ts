import type { SQL } from 'drizzle-orm';
import { and, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { ChannelFlag } from '@shared/channel-schemas';
import { stayNights } from '@shared/dates';
import { providerPhone } from '@shared/phone';
import { occupancyRefusal } from '@shared/room-type-schemas';
import type { Db } from '../../platform/env';
import type { BookingSubmission, ChannelRoomChange, ChannelStay, ChannelStayPort } from '../bookings';
import { findRoomType } from '../catalog';
import { plansByCode, ratePlansQuery, sellablePlanChain } from '../rates';
import type { ChannelRevision, ChannelRevisionRoom } from './providers/channel-adapter';
import type { RevisionOutcome } from './revision-tables';
import { channelMappings } from './tables';

/**
 * A revision in the bookings module's words: each of its rooms mapped to our room type and plan,
 * judged (a flag for staff when it cannot be honoured as sold) and made a stay
 * (`ChannelStay`), and the channel's side of the batch that applies them, the channel stay port
 * the bookings module declares (`RevisionStays implements ChannelStayPort`).
 */

/** The property's own currency: a revision's amounts are taken as baisa only in it. */
export const PROPERTY_CURRENCY = 'OMR';

/**
 * OTAs' relay addresses (the guest's mail goes through the OTA, which forbids marketing and may
 * drop what it does not expect): the hotel's own messages are never sent there. A revision with
 * such an address keeps it out of the booking, so no e-mail is queued to it.
 */
const RELAY_DOMAINS = [
  'guest.booking.com',
  'm.expediapartnercentral.com',
  'expediapartnercentral.com',
  'guest.airbnb.com',
  'agoda-messaging.com',
  'messaging.agoda.com',
  'guest.trip.com',
];

export function isRelayAddress(email: string): boolean {
  const domain = email.trim().toLowerCase().split('@')[1] ?? '';
  return RELAY_DOMAINS.some((relay) => domain === relay || domain.endsWith(`.${relay}`));
}

/**
 * Our room type for the channel's id: its mapping, else, with a provider that knows the hotel's
 * own codes (ChannelAdapter.knowsOwnCodes), the type of that code.
 */
async function ourRoomType(db: Db, channelId: string, ownCodes: boolean): Promise<string | null> {
  const mapped = await db
    .select({ roomType: channelMappings.roomType })
    .from(channelMappings)
    .where(and(eq(channelMappings.channelId, channelId), eq(channelMappings.ratePlan, '')))
    .get();
  if (mapped) return mapped.roomType;
  if (!ownCodes) return null;
  const type = await findRoomType(db, channelId);
  return type ? channelId : null;
}

/** Our rate plan for the channel's id: its mapping, else the plan of an id like `standard:gold`, else the standard plan. */
async function ourRatePlan(db: Db, channelId: string): Promise<string> {
  const mapped = await db
    .select({ ratePlan: channelMappings.ratePlan })
    .from(channelMappings)
    .where(and(eq(channelMappings.channelId, channelId), sql`${channelMappings.ratePlan} <> ''`))
    .get();
  if (mapped) return mapped.ratePlan;
  const [plan] = channelId.split(':');
  return plan && /^[a-z0-9_-]{1,40}$/.test(plan) ? plan : 'standard';
}

/** The most pressing first: a room of these is kept with the first that applies (and the revision's outcome is its rooms' first). */
const FLAG_ORDER: readonly ChannelFlag[] = [
  'rooms_unmatched',
  'unmapped',
  'overbooked',
  'not_sellable',
  'over_occupancy',
  'currency_mismatch',
];
const mostPressing = (flags: (ChannelFlag | null)[]): ChannelFlag | null =>
  FLAG_ORDER.find((f) => flags.includes(f)) ?? null;

/** The room's guests as a booking keeps them: at least one adult, at most 12 in all (the rest in the revision). */
function guestsOf(room: ChannelRevisionRoom) {
  const adults = Math.min(12, Math.max(1, room.adults));
  return { adults, children: Math.min(12 - adults, Math.max(0, room.children)) };
}

/**
 * Why a room mapped to `roomType` on `ratePlan` cannot be honoured as sold, if it cannot: a type
 * retired or a plan we send as stop-sell (retired, private, or not selling the type: what the
 * sender tells the channel is not for sale) is `not_sellable`; more guests than the type takes,
 * `over_occupancy`; amounts in another currency, `currency_mismatch`.
 */
async function roomFlag(
  db: Db,
  room: ChannelRevisionRoom,
  roomType: string,
  ratePlan: string,
  plans: ReturnType<typeof plansByCode>,
  currencyOk: boolean,
): Promise<ChannelFlag | null> {
  const type = await findRoomType(db, roomType);
  let sellable = type?.active === true;
  try {
    sellablePlanChain(plans, ratePlan, roomType);
  } catch {
    sellable = false;
  }
  if (!sellable) return 'not_sellable';
  if (type && occupancyRefusal(type, room.adults, room.children)) return 'over_occupancy';
  return currencyOk ? null : 'currency_mismatch';
}

/**
 * A room as a booking keeps it (its nights priced from the arrival; a night left out priced as the
 * one before). In another currency than the property's, its prices and commission are not taken
 * as rials: 0, for staff to set (the flag says so; the revision keeps what the OTA sent).
 */
function stayOf(
  revision: ChannelRevision,
  room: ChannelRevisionRoom,
  key: string,
  roomType: string,
  ratePlan: string,
  commissionBaisa: number,
  currencyOk: boolean,
): ChannelStay {
  const byDate = new Map(room.nights.map((n) => [n.date, n.priceBaisa]));
  let last = room.nights[0]?.priceBaisa ?? 0;
  const nightPrices = stayNights(room.checkInDate, room.checkOutDate).map((night) => {
    last = byDate.get(night) ?? last;
    return currencyOk ? Math.max(0, Math.round(last)) : 0;
  });
  const email = revision.guest.email?.trim() || null;
  return {
    fullName: revision.guest.name.trim() || revision.otaReservationCode,
    phoneNumber: providerPhone(revision.guest.phone ?? ''),
    email: email && !isRelayAddress(email) ? email : null,
    checkInDate: room.checkInDate,
    checkOutDate: room.checkOutDate,
    roomType,
    ratePlan,
    ...guestsOf(room),
    nightPrices,
    source: revision.otaName,
    channelReference: revision.otaReservationCode,
    channelBookingId: revision.bookingId,
    channelRoomId: key,
    paymentCollect: revision.paymentCollect,
    commissionBaisa: currencyOk ? commissionBaisa : 0,
  };
}

/** The booking's commission shared out over its rooms by their totals (exact: the remainder to the first room). */
export function shareCommission(commission: number, totals: number[]): number[] {
  const all = totals.reduce((sum, t) => sum + t, 0);
  const c = Math.max(0, Math.round(commission));
  if (totals.length === 0) return [];
  if (all <= 0) return totals.map((_, i) => (i === 0 ? c : 0));
  const shares = totals.map((t) => Math.floor((c * t) / all));
  shares[0]! += c - shares.reduce((sum, s) => sum + s, 0);
  return shares;
}

export const closedStatuses = new Set(['cancelled', 'completed']);

/**
 * A stay kept under a room's documented id ("ota:<id>"). Any other key says nothing a revision
 * promises to repeat: its place ("place:<n>"; "room-<n>" before), an id no document names (a link
 * of before kept Channex's `booking_room_id`), or none (a booking of one room made before rooms had keys).
 */
const keyed = (b: BookingSubmission) => b.channelRoomId?.startsWith('ota:') ?? false;

/**
 * Which stay of ours each room of a revision is (null: a room new to us): the one keyed by the
 * room's documented id (`roomId`), else the one a link of before keyed by another id the provider
 * still writes on the room (`legacyIds`). What is left is told apart only by what the provider
 * documents: a keyed room no stay has is new, a keyed stay no room lists was removed; a room or a
 * stay that has no key is paired only when it is the one room left and the one stay left (a
 * booking of one room, by its place). Anything else is `unmatched`: the rooms cannot be told
 * apart, and no stay is rewritten or cancelled on a guess.
 */
export function matchRooms(
  rooms: readonly ChannelRevisionRoom[],
  bookings: readonly BookingSubmission[],
): (BookingSubmission | null)[] | 'unmatched' {
  const taken = new Set<number>();
  const matched = rooms.map((room) => {
    const booking =
      bookings.find(
        (b) =>
          !taken.has(b.id) &&
          b.channelRoomId !== null &&
          (b.channelRoomId === room.roomId || room.legacyIds.includes(b.channelRoomId)),
      ) ?? null;
    if (booking) taken.add(booking.id);
    return booking;
  });
  const leftRooms = rooms.flatMap((_, i) => (matched[i] ? [] : [i]));
  const leftStays = bookings.filter((b) => !taken.has(b.id) && !closedStatuses.has(b.status));
  if (leftRooms.length === 0 || leftStays.length === 0) return matched;
  if (leftRooms.every((i) => rooms[i]!.roomId !== null) && leftStays.every(keyed)) return matched;
  if (leftRooms.length === 1 && leftStays.length === 1) {
    matched[leftRooms[0]!] = leftStays[0]!;
    return matched;
  }
  return 'unmatched';
}

/** The key a room's stay is kept under: its documented id, else the one it had, else its place (a free one). */
function roomKey(
  room: ChannelRevisionRoom,
  booking: BookingSubmission | null,
  index: number,
  used: Set<string>,
) {
  if (room.roomId) return room.roomId;
  if (booking?.channelRoomId) return booking.channelRoomId;
  let n = index + 1;
  while (used.has(`place:${n}`)) n += 1;
  used.add(`place:${n}`);
  return `place:${n}`;
}

/** What a revision does to its rooms, and the first room's booking (the revision's row names it). */
export type RoomChanges = {
  changes: ChannelRoomChange[];
  unchangedFlags: (ChannelFlag | null)[];
  /** The first room's: made by this revision (its change's index), or kept before (its id). */
  first: { insertIndex: number } | { bookingId: number | null };
};

/**
 * What a `new` or `modified` revision does to each room (matchRooms): a room we hold already is
 * changed, a room new to us made, a room of ours the revision no longer lists cancelled. Each room
 * is mapped to our type and plan and judged (flag) here. Rooms that cannot be told apart change
 * nothing: every open stay of the booking is flagged `rooms_unmatched` for the desk.
 */
export async function roomChanges(
  db: Db,
  revision: ChannelRevision,
  bookings: BookingSubmission[],
  ownCodes: boolean,
): Promise<RoomChanges> {
  const matched = matchRooms(revision.rooms, bookings);
  if (matched === 'unmatched') {
    const open = bookings.filter((b) => !closedStatuses.has(b.status));
    return {
      changes: open.map((booking) => ({ kind: 'flag', booking, flag: 'rooms_unmatched' })),
      unchangedFlags: [],
      first: { bookingId: open[0]?.id ?? bookings[0]?.id ?? null },
    };
  }
  const used = new Set(bookings.flatMap((b) => (b.channelRoomId ? [b.channelRoomId] : [])));
  const currencyOk = (revision.currency ?? PROPERTY_CURRENCY) === PROPERTY_CURRENCY;
  const plans = plansByCode(await ratePlansQuery(db));
  const totals = revision.rooms.map((r) => r.nights.reduce((sum, n) => sum + n.priceBaisa, 0));
  const commissions = shareCommission(revision.commissionBaisa, totals);
  const changes: ChannelRoomChange[] = [];
  const unchangedFlags: (ChannelFlag | null)[] = [];
  let first: RoomChanges['first'] = { bookingId: matched[0]?.id ?? null };
  for (const [i, room] of revision.rooms.entries()) {
    const booking = matched[i] ?? null;
    if (booking && booking.status === 'cancelled') {
      // A room cancelled here (removed from the booking before) listed again: left to staff.
      console.log(
        JSON.stringify({ msg: 'channel-room-cancelled-here', revisionId: revision.id, roomId: room.roomId }),
      );
      continue;
    }
    const roomType = await ourRoomType(db, room.roomTypeId, ownCodes);
    const ratePlan = await ourRatePlan(db, room.ratePlanId);
    const key = roomKey(room, booking, i, used);
    const stay = stayOf(
      revision,
      room,
      key,
      roomType ?? room.roomTypeId,
      ratePlan,
      commissions[i]!,
      currencyOk,
    );
    const flag = roomType ? await roomFlag(db, room, roomType, ratePlan, plans, currencyOk) : 'unmapped';
    // A room the revision leaves as it is: nothing written (no audit line, no notice).
    if (booking && sameStay(booking, stay, flag)) unchangedFlags.push(flag);
    else {
      if (!booking && i === 0) first = { insertIndex: changes.length };
      changes.push(booking ? { kind: 'change', booking, stay, flag } : { kind: 'insert', stay, flag });
    }
  }
  const listed = new Set(matched.filter((b) => b !== null).map((b) => b.id));
  for (const booking of bookings) {
    if (!listed.has(booking.id) && !closedStatuses.has(booking.status))
      changes.push({ kind: 'cancel', booking });
  }
  return { changes, unchangedFlags, first };
}

/** Whether a room's booking already is the revision's stay, kept the same way (a room kept without a room is tried again). */
function sameStay(booking: BookingSubmission, stay: ChannelStay, flag: ChannelFlag | null): boolean {
  return (
    booking.status === 'confirmed' &&
    booking.channelFlag === flag &&
    booking.channelRoomId === stay.channelRoomId &&
    booking.checkInDate === stay.checkInDate &&
    booking.checkOutDate === stay.checkOutDate &&
    booking.roomType === stay.roomType &&
    booking.ratePlan === stay.ratePlan &&
    booking.adults === stay.adults &&
    booking.children === stay.children &&
    JSON.stringify(booking.nightPrices) === JSON.stringify(stay.nightPrices) &&
    booking.commissionBaisa === stay.commissionBaisa &&
    booking.paymentCollect === stay.paymentCollect &&
    booking.fullName === stay.fullName &&
    booking.phoneNumber === stay.phoneNumber &&
    booking.email === stay.email &&
    booking.source === stay.source &&
    booking.channelReference === stay.channelReference
  );
}

/**
 * The channel's side of one revision's batch, as the bookings module asks it (ChannelStayPort):
 * the rooms' changes, whether the guest is told, the revision's own row first (kept with the most
 * pressing of its rooms' flags as its outcome), and after the rooms the row linked to the booking
 * made for its first room and any statement of another module the revision brings (the OTA's
 * city-ledger account when the OTA collects the money).
 */
export class RevisionStays implements ChannelStayPort {
  /** The revision's outcome, known once the bookings module has said how each room is kept. */
  outcome: RevisionOutcome = 'applied';

  constructor(
    readonly changes: readonly ChannelRoomChange[],
    readonly tellGuest: boolean,
    private readonly parts: {
      /** The revision's own row with an outcome. */
      record: (outcome: RevisionOutcome) => BatchItem<'sqlite'>;
      /** The flags of rooms the revision leaves as they are (they count towards its outcome). */
      unchangedFlags?: (ChannelFlag | null)[];
      /** The change whose booking, made in this batch, the row links to, and how. */
      lead?: { index: number; link: (bookingId: SQL | number) => BatchItem<'sqlite'> };
      /** Statements of other modules' doors that follow the rooms. */
      after?: BatchItem<'sqlite'>[];
    },
  ) {}

  recordStatements(flags: (ChannelFlag | null)[]): BatchItem<'sqlite'>[] {
    this.outcome = mostPressing([...flags, ...(this.parts.unchangedFlags ?? [])]) ?? 'applied';
    return [this.parts.record(this.outcome)];
  }

  afterRoomsStatements(ids: (SQL | number)[]): BatchItem<'sqlite'>[] {
    const lead = this.parts.lead;
    return [
      ...(lead && ids[lead.index] !== undefined ? [lead.link(ids[lead.index]!)] : []),
      ...(this.parts.after ?? []),
    ];
  }
}
