import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ChannelFlag, ChannelStatus } from '@shared/channel-schemas';
import { stayNights } from '@shared/dates';
import { normalizePhone } from '@shared/digits';
import { occupancyRefusal } from '@shared/room-type-schemas';
import { insertWhere } from '../../platform/atomic';
import type { Db } from '../../platform/env';
import {
  ChannelBookingsChanged,
  bookingReferenceSql,
  channelBookingsOf,
  commitChannelRevision,
  flaggedChannelBookings,
  isChannelRoomTaken,
  liveChannelBookingSql,
  type ChannelRoomChange,
  type ChannelStay,
} from '../bookings';
import { findRoomType } from '../catalog';
import { openOtaCityLedgerAccountStatement } from '../companies';
import { plansByCode, ratePlansQuery, sellablePlanChain } from '../rates';
import type { ChannelAdapter, ChannelRevision, ChannelRevisionRoom } from './providers/channel-adapter';
import { channelRevisions, type RevisionOutcome } from './revision-tables';
import { channelMappings, channelState } from './tables';

/**
 * The booking revisions coming in (the webhook and the feed poll), each applied once by its id:
 * the revision's own row (`channel_revisions`, its id the key) is written in the same batch as
 * what it does to the booking's rooms, so of two deliveries of one revision at once (the webhook
 * and the feed) one batch writes it and the other fails on the key, changing nothing. It is then
 * acknowledged; a revision applied but not acknowledged (the provider did not answer) is offered
 * again by the feed, found applied, and acknowledged.
 *
 * A revision carries the booking's whole state, its rooms a list; each room is a booking of ours
 * (its Booking Room's id, `channel_room_id`):
 * - `new`: a confirmed booking per room (source = the OTA, its reservation code, the room's
 *   nightly prices and guests, the contact, who collects the money, the commission shared out);
 * - `modified`: each room moved to the revision's stay, a room added made, a room removed
 *   cancelled (a `modified` of a booking never seen is made as a `new`);
 * - `cancelled`: every room cancelled, its nights given back, without a charge.
 * Revisions of one booking end in the newest one's state whatever order they arrive in: one older
 * (by the provider's time, `revisedAt`) than one already applied, or any after the booking's
 * cancellation was seen (Channex cancels for good), is kept `stale` and changes nothing, so a
 * booking whose cancellation came first is never made, and its guest hears nothing.
 * A room that cannot be held (sold out), of a room type not mapped, for more guests than its type
 * takes, of a type or plan the hotel does not sell on the channel, or priced in another currency
 * is still kept, flagged for staff (the staff bell hears of each), and acknowledged: never
 * dropped. A `new` for a booking already made, a cancellation of one never made, a change of a
 * booking closed or in house, are recorded as `ignored` (the latter for staff to do by hand).
 */

export type Via = 'webhook' | 'feed';

export type AppliedRevision = {
  revisionId: string;
  outcome: RevisionOutcome | 'duplicate';
  bookingId: number | null;
};

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

/** Our room type for the channel's id: its mapping, else (the fake maps every type to its code) the type of that code. */
async function ourRoomType(db: Db, channelId: string, provider: string): Promise<string | null> {
  const mapped = await db
    .select({ roomType: channelMappings.roomType })
    .from(channelMappings)
    .where(and(eq(channelMappings.channelId, channelId), eq(channelMappings.ratePlan, '')))
    .get();
  if (mapped) return mapped.roomType;
  if (provider !== 'fake') return null;
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
    phoneNumber: normalizePhone(revision.guest.phone ?? ''),
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
    channelRoomId: room.roomId,
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

const errorText = (err: unknown) =>
  String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? '');

function isDuplicate(err: unknown): boolean {
  return errorText(err).includes('channel_revisions.id');
}

/** The trigger of migrations 0075 and 0083: a revision older than one applied, or after its booking's cancellation. */
function isOlder(err: unknown): boolean {
  return errorText(err).includes('channel_revision_older');
}

/**
 * Whether a `new` or `modified` revision comes too late: its booking's cancellation was received
 * (whenever: Channex cancels for good), or a revision of the same booking made after it was
 * applied or kept flagged. The newer state stands; this one changes nothing.
 */
async function isStale(db: Db, revision: ChannelRevision): Promise<boolean> {
  if (revision.status === 'cancelled') return false;
  const newer =
    revision.revisedAt === null
      ? sql`${channelRevisions.status} = 'cancelled'`
      : sql`(${channelRevisions.status} = 'cancelled' or (${channelRevisions.revisedAt} > ${revision.revisedAt}
          and ${channelRevisions.outcome} not in ('ignored', 'stale')))`;
  const row = await db
    .select({ id: channelRevisions.id })
    .from(channelRevisions)
    .where(and(eq(channelRevisions.channelBookingId, revision.bookingId), newer))
    .limit(1)
    .get();
  return row !== undefined;
}

const closedStatuses = new Set(['cancelled', 'completed']);

/**
 * Applies one revision, once: answers what it did, or `duplicate` when it was applied already
 * (by the other path, now or before). A booking changed by another hand meanwhile: read again and
 * tried again (a few times; then it stays in the feed for the next read).
 */
export async function applyRevision(
  db: Db,
  revision: ChannelRevision,
  via: Via,
  provider: string,
): Promise<AppliedRevision> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await applyOnce(db, revision, via, provider);
    } catch (err) {
      // Changed meanwhile, or a room made meanwhile by another revision of the booking: again.
      const again = err instanceof ChannelBookingsChanged || isChannelRoomTaken(err);
      if (!again || attempt >= 3) throw err;
    }
  }
}

async function applyOnce(
  db: Db,
  revision: ChannelRevision,
  via: Via,
  provider: string,
): Promise<AppliedRevision> {
  const seen = await db
    .select({ outcome: channelRevisions.outcome, bookingId: channelRevisions.bookingId })
    .from(channelRevisions)
    .where(eq(channelRevisions.id, revision.id))
    .get();
  if (seen) return { revisionId: revision.id, outcome: 'duplicate', bookingId: seen.bookingId };
  const values = (outcome: RevisionOutcome, bookingId: number | ReturnType<typeof sql> | null) => ({
    id: revision.id,
    channelBookingId: revision.bookingId,
    status: revision.status,
    otaName: revision.otaName,
    otaReservationCode: revision.otaReservationCode,
    bookingId: bookingId as number | null,
    outcome,
    via,
    body: JSON.stringify(revision),
    revisedAt: revision.revisedAt,
  });
  const rowOf = (outcome: RevisionOutcome, bookingId: number | ReturnType<typeof sql> | null) =>
    db.insert(channelRevisions).values(values(outcome, bookingId));
  const done = (outcome: RevisionOutcome, bookingId: number | null): AppliedRevision => ({
    revisionId: revision.id,
    outcome,
    bookingId,
  });
  try {
    const bookings = await channelBookingsOf(db, revision.bookingId);
    const open = bookings.filter((b) => !closedStatuses.has(b.status));
    const inHouse = (b: (typeof bookings)[number]) => b.checkedInAt != null && b.checkedOutAt == null;
    const record = async (outcome: RevisionOutcome) => {
      const bookingId = open[0]?.id ?? bookings[0]?.id ?? null;
      await rowOf(outcome, bookingId);
      return done(outcome, bookingId);
    };
    if (revision.status === 'cancelled') {
      const targets = open.filter((b) => !inHouse(b));
      if (targets.length === 0) {
        // Nothing to cancel (never made here, or in house: staff's to do). Recorded only while
        // no room was made meanwhile (its `new` applied at the same time): else read again.
        const bookingId = open[0]?.id ?? bookings[0]?.id ?? null;
        const [row] = await insertWhere(
          db,
          channelRevisions,
          values('ignored', bookingId),
          sql`not ${liveChannelBookingSql(revision.bookingId)}`,
        ).returning({ id: channelRevisions.id });
        if (!row) throw new ChannelBookingsChanged();
        return done('ignored', bookingId);
      }
      const changes: ChannelRoomChange[] = targets.map((booking) => ({ kind: 'cancel', booking }));
      const { ids } = await commitChannelRevision(db, changes, {
        tellGuest: false,
        first: () => [rowOf('applied', targets[0]!.id)],
        statements: () => [],
      });
      return done('applied', ids[0] ?? null);
    }
    // After a newer revision, or after the booking's cancellation: the newer state stands.
    if (await isStale(db, revision)) return await record('stale');
    // A `new` of a booking already made (e.g. made by its later `modified`) is old news.
    if (revision.status === 'new' && bookings.length > 0) return await record('ignored');
    // A stay in house or closed is changed by staff, not by the channel.
    if (bookings.some((b) => b.status === 'completed' || inHouse(b))) return await record('ignored');
    const { changes, unchangedFlags } = await roomChanges(db, revision, bookings, provider);
    const ledger =
      revision.paymentCollect === 'ota'
        ? // The OTA collects the money: its company account (city ledger) receives the balance at check-out.
          [openOtaCityLedgerAccountStatement(db, revision.otaName)]
        : [];
    const tellGuest = changes.some((c) => c.kind !== 'cancel' && c.stay.email !== null);
    // The revision's booking (the screen's link): its first room's, made now or before.
    const firstRoom = revision.rooms[0]?.roomId;
    const leadChange = changes.find((c) => c.kind !== 'cancel' && c.stay.channelRoomId === firstRoom);
    const known =
      leadChange?.kind === 'change'
        ? leadChange.booking.id
        : (bookings.find((b) => b.channelRoomId === firstRoom && b.status !== 'cancelled')?.id ?? null);
    const lead = leadChange?.kind === 'insert' ? changes.indexOf(leadChange) : -1;
    let outcome: RevisionOutcome = 'applied';
    const { ids } = await commitChannelRevision(db, changes, {
      tellGuest,
      first: (flags) => {
        outcome = mostPressing([...flags, ...unchangedFlags]) ?? 'applied';
        return [rowOf(outcome, known)];
      },
      statements: (ids) => [
        ...(lead >= 0
          ? [
              db
                .update(channelRevisions)
                .set({ bookingId: ids[lead] as number })
                .where(eq(channelRevisions.id, revision.id)),
            ]
          : []),
        ...ledger,
      ],
    });
    return done(outcome, lead >= 0 ? (ids[lead] ?? null) : known);
  } catch (err) {
    if (isOlder(err)) {
      // Refused by the database: a newer revision (or the cancellation) was applied meanwhile.
      const [booking] = await channelBookingsOf(db, revision.bookingId);
      try {
        await rowOf('stale', booking?.id ?? null);
        return done('stale', booking?.id ?? null);
      } catch (again) {
        if (!isDuplicate(again)) throw again;
      }
    }
    if (isDuplicate(err) || isOlder(err)) {
      const row = await db
        .select({ bookingId: channelRevisions.bookingId })
        .from(channelRevisions)
        .where(eq(channelRevisions.id, revision.id))
        .get();
      return { revisionId: revision.id, outcome: 'duplicate', bookingId: row?.bookingId ?? null };
    }
    throw err;
  }
}

/**
 * What a `new` or `modified` revision does to each room: a room we hold already (by its Booking
 * Room's id; a booking made before rooms had ids takes the first room left) is changed, a room
 * new to us made, a room of ours the revision no longer lists cancelled. Each room is mapped to
 * our type and plan and judged (flag) here.
 */
async function roomChanges(
  db: Db,
  revision: ChannelRevision,
  bookings: Awaited<ReturnType<typeof channelBookingsOf>>,
  provider: string,
): Promise<{ changes: ChannelRoomChange[]; unchangedFlags: (ChannelFlag | null)[] }> {
  const byRoom = new Map(bookings.filter((b) => b.channelRoomId !== null).map((b) => [b.channelRoomId!, b]));
  const legacy = bookings.filter((b) => b.channelRoomId === null && !closedStatuses.has(b.status));
  const matched = revision.rooms.map((room) => byRoom.get(room.roomId) ?? null);
  for (let i = 0; i < matched.length; i += 1) if (!matched[i] && legacy.length) matched[i] = legacy.shift()!;
  const currencyOk = (revision.currency ?? PROPERTY_CURRENCY) === PROPERTY_CURRENCY;
  const plans = plansByCode(await ratePlansQuery(db));
  const totals = revision.rooms.map((r) => r.nights.reduce((sum, n) => sum + n.priceBaisa, 0));
  const commissions = shareCommission(revision.commissionBaisa, totals);
  const changes: ChannelRoomChange[] = [];
  const unchangedFlags: (ChannelFlag | null)[] = [];
  for (const [i, room] of revision.rooms.entries()) {
    const booking = matched[i];
    if (booking && booking.status === 'cancelled') {
      // A room cancelled here (removed from the booking before) listed again: left to staff.
      console.log(
        JSON.stringify({ msg: 'channel-room-cancelled-here', revisionId: revision.id, roomId: room.roomId }),
      );
      continue;
    }
    const roomType = await ourRoomType(db, room.roomTypeId, provider);
    const ratePlan = await ourRatePlan(db, room.ratePlanId);
    const stay = stayOf(revision, room, roomType ?? room.roomTypeId, ratePlan, commissions[i]!, currencyOk);
    const flag = roomType ? await roomFlag(db, room, roomType, ratePlan, plans, currencyOk) : 'unmapped';
    // A room the revision leaves as it is: nothing written (no audit line, no notice).
    if (booking && sameStay(booking, stay, flag)) unchangedFlags.push(flag);
    else changes.push(booking ? { kind: 'change', booking, stay, flag } : { kind: 'insert', stay, flag });
  }
  const listed = new Set(matched.filter((b) => b !== null).map((b) => b.id));
  for (const booking of bookings) {
    if (!listed.has(booking.id) && !closedStatuses.has(booking.status))
      changes.push({ kind: 'cancel', booking });
  }
  return { changes, unchangedFlags };
}

/** Whether a room's booking already is the revision's stay, kept the same way (a room kept without a room is tried again). */
function sameStay(
  booking: Awaited<ReturnType<typeof channelBookingsOf>>[number],
  stay: ChannelStay,
  flag: ChannelFlag | null,
): boolean {
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

/** Applies a revision, then acknowledges it (applied before or now) and notes when. */
export async function receiveRevision(
  db: Db,
  adapter: ChannelAdapter,
  revision: ChannelRevision,
  via: Via,
): Promise<AppliedRevision> {
  const applied = await applyRevision(db, revision, via, adapter.name);
  await adapter.ack(revision.id);
  await db
    .update(channelRevisions)
    .set({ ackedAt: new Date() })
    .where(and(eq(channelRevisions.id, revision.id), isNull(channelRevisions.ackedAt)));
  return applied;
}

/** Notes a pull (the feed read, or a webhook's revisions read) on the link's row. */
async function notePull(db: Db): Promise<void> {
  await db.update(channelState).set({ lastPullAt: Date.now() }).where(eq(channelState.id, 1));
}

/**
 * The webhook's revisions: each read from the provider by its id (never trusted from the
 * webhook's body), applied and acknowledged. One that fails stays for the feed. A webhook that
 * names none (created without `send_data`) has the feed read at once.
 */
export async function receiveRevisionIds(
  db: Db,
  adapter: ChannelAdapter,
  ids: string[],
): Promise<AppliedRevision[]> {
  if (ids.length === 0) return pollRevisionFeed(db, adapter);
  const done: AppliedRevision[] = [];
  for (const id of ids) {
    try {
      done.push(await receiveRevision(db, adapter, await adapter.readRevision(id), 'webhook'));
    } catch (err) {
      console.log(
        JSON.stringify({
          msg: 'channel-revision-failed',
          via: 'webhook',
          revisionId: id,
          error: String(err),
        }),
      );
    }
  }
  await notePull(db);
  return done;
}

/** The feed poll (the cron, each minute): every revision not yet acknowledged, oldest first. */
export async function pollRevisionFeed(db: Db, adapter: ChannelAdapter): Promise<AppliedRevision[]> {
  const revisions = await adapter.readRevisions();
  const done: AppliedRevision[] = [];
  for (const revision of revisions) {
    try {
      done.push(await receiveRevision(db, adapter, revision, 'feed'));
    } catch (err) {
      console.log(
        JSON.stringify({
          msg: 'channel-revision-failed',
          via: 'feed',
          revisionId: revision.id,
          error: String(err),
        }),
      );
    }
  }
  await notePull(db);
  return done;
}

/**
 * The OTA bookings kept for staff (one per room, open and still flagged), newest first, for the
 * channel's status: each with the latest revision of its channel booking, and, when its currency
 * was not the property's, what the OTA sent.
 */
export async function flaggedRevisions(db: Db, limit = 50): Promise<ChannelStatus['flagged']> {
  const flagged = await flaggedChannelBookings(db, limit);
  const channelIds = [...new Set(flagged.flatMap((f) => (f.channelBookingId ? [f.channelBookingId] : [])))];
  const latest = channelIds.length
    ? await db
        .select({
          id: channelRevisions.id,
          channelBookingId: channelRevisions.channelBookingId,
          receivedAt: channelRevisions.receivedAt,
          currency: sql<string | null>`json_extract(${channelRevisions.body}, '$.currency')`,
          amount: sql<string | null>`json_extract(${channelRevisions.body}, '$.amount')`,
        })
        .from(channelRevisions)
        .where(inArray(channelRevisions.channelBookingId, channelIds))
        .orderBy(sql`${channelRevisions.receivedAt} desc`)
    : [];
  const latestOf = new Map<string, (typeof latest)[number]>();
  for (const r of latest) if (!latestOf.has(r.channelBookingId)) latestOf.set(r.channelBookingId, r);
  return flagged.map((f) => {
    const revision = f.channelBookingId ? latestOf.get(f.channelBookingId) : undefined;
    return {
      revisionId: revision?.id ?? '',
      otaName: f.source ?? '',
      otaReservationCode: f.channelReference ?? '',
      reason: f.flag!,
      bookingId: f.id,
      bookingReference: f.reference,
      ...(f.flag === 'currency_mismatch' && revision?.currency
        ? { currency: revision.currency, amount: revision.amount ?? undefined }
        : {}),
    };
  });
}

/** The latest revisions received, newest first, for the channel screen. */
export async function latestRevisions(db: Db, limit = 50) {
  return db
    .select({
      id: channelRevisions.id,
      status: channelRevisions.status,
      otaName: channelRevisions.otaName,
      otaReservationCode: channelRevisions.otaReservationCode,
      outcome: channelRevisions.outcome,
      via: channelRevisions.via,
      bookingId: channelRevisions.bookingId,
      // The booking's own reference, for the screen's link to it (the desk's search finds it).
      bookingReference: bookingReferenceSql(channelRevisions.bookingId),
      receivedAt: channelRevisions.receivedAt,
      ackedAt: channelRevisions.ackedAt,
    })
    .from(channelRevisions)
    .orderBy(sql`${channelRevisions.receivedAt} desc`)
    .limit(limit);
}
