import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ChannelStatus } from '@shared/channel-schemas';
import { insertWhere } from '../../platform/atomic';
import type { Db } from '../../platform/env';
import { type ChannelRoomChange, channelStays } from '../bookings';
import { openOtaCityLedgerAccountStatement } from '../companies';
import type { ChannelAdapter, ChannelRevision } from './providers/channel-adapter';
import { closedStatuses, RevisionStays, roomChanges } from './revision-stays';
import { channelRevisions, type RevisionOutcome } from './revision-tables';
import { channelState } from './tables';

/**
 * The booking revisions coming in (the webhook and the feed poll), each applied once by its id:
 * the revision's own row (`channel_revisions`, its id the key) is written in the same batch as
 * what it does to the booking's rooms, so of two deliveries of one revision at once (the webhook
 * and the feed) one batch writes it and the other fails on the key, changing nothing. It is then
 * acknowledged; a revision applied but not acknowledged (the provider did not answer) is offered
 * again by the feed, found applied, and acknowledged.
 *
 * A revision carries the booking's whole state, its rooms a list; each room is a booking of ours
 * (`channel_room_id` its key: the id Channex documents for a room, Booking.com's `ota_unique_id`,
 * else its place; rooms that cannot be told apart change nothing and are flagged for the desk,
 * revision-stays.ts `matchRooms`):
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
 * Each room is mapped, judged and made a stay in revision-stays.ts; the batch is the bookings
 * module's `channelStays.commitChannelRevision`, which takes the channel stay port the channel implements
 * there (`RevisionStays`).
 */

export type Via = 'webhook' | 'feed';

export type AppliedRevision = {
  revisionId: string;
  outcome: RevisionOutcome | 'duplicate';
  bookingId: number | null;
};

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

/**
 * Applies one revision, once: answers what it did, or `duplicate` when it was applied already
 * (by the other path, now or before). A booking changed by another hand meanwhile: read again and
 * tried again (a few times; then it stays in the feed for the next read).
 */
export async function applyRevision(
  db: Db,
  revision: ChannelRevision,
  via: Via,
  /** Whether the provider knows the hotel's own codes where no mapping names them (ChannelAdapter.knowsOwnCodes). */
  ownCodes: boolean,
): Promise<AppliedRevision> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await applyOnce(db, revision, via, ownCodes);
    } catch (err) {
      // Changed meanwhile, or a room made meanwhile by another revision of the booking: again.
      if (!(err instanceof channelStays.ChannelBookingsChanged) || attempt >= 3) throw err;
    }
  }
}

type ChannelBooking = Awaited<ReturnType<typeof channelStays.channelBookingsOf>>[number];
/** The booking a revision's row names: an id, one the batch makes (SQL), or none. */
type RevisionBooking = number | ReturnType<typeof sql> | null;

/** The revision's own row (`channel_revisions`): what it did and the booking it names. */
const revisionRow = (
  revision: ChannelRevision,
  via: Via,
  outcome: RevisionOutcome,
  bookingId: RevisionBooking,
) => ({
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

const insertRevision = (
  db: Db,
  revision: ChannelRevision,
  via: Via,
  outcome: RevisionOutcome,
  bookingId: RevisionBooking,
) => db.insert(channelRevisions).values(revisionRow(revision, via, outcome, bookingId));

const applied = (
  revision: ChannelRevision,
  outcome: RevisionOutcome,
  bookingId: number | null,
): AppliedRevision => ({
  revisionId: revision.id,
  outcome,
  bookingId,
});

const inHouse = (b: ChannelBooking) => b.checkedInAt != null && b.checkedOutAt == null;

async function applyOnce(
  db: Db,
  revision: ChannelRevision,
  via: Via,
  ownCodes: boolean,
): Promise<AppliedRevision> {
  const seen = await db
    .select({ outcome: channelRevisions.outcome, bookingId: channelRevisions.bookingId })
    .from(channelRevisions)
    .where(eq(channelRevisions.id, revision.id))
    .get();
  if (seen) return { revisionId: revision.id, outcome: 'duplicate', bookingId: seen.bookingId };
  try {
    return await applyToBookings(db, revision, via, ownCodes);
  } catch (err) {
    return refusedByDatabase(db, revision, via, err);
  }
}

/** What the revision does to its booking's rooms (the file's comment), its row in the same batch. */
async function applyToBookings(
  db: Db,
  revision: ChannelRevision,
  via: Via,
  ownCodes: boolean,
): Promise<AppliedRevision> {
  const bookings = await channelStays.channelBookingsOf(db, revision.bookingId);
  const open = bookings.filter((b) => !closedStatuses.has(b.status));
  if (revision.status === 'cancelled') return cancelRooms(db, revision, via, bookings, open);
  const record = async (outcome: RevisionOutcome) => {
    const bookingId = open[0]?.id ?? bookings[0]?.id ?? null;
    await insertRevision(db, revision, via, outcome, bookingId);
    return applied(revision, outcome, bookingId);
  };
  // After a newer revision, or after the booking's cancellation: the newer state stands.
  if (await isStale(db, revision)) return record('stale');
  // A `new` of a booking already made (e.g. made by its later `modified`) is old news.
  if (revision.status === 'new' && bookings.length > 0) return record('ignored');
  // A stay in house or closed is changed by staff, not by the channel.
  if (bookings.some((b) => b.status === 'completed' || inHouse(b))) return record('ignored');
  return changeRooms(db, revision, via, bookings, ownCodes);
}

/** A cancellation: every open room not in house cancelled, or the revision kept as `ignored`. */
async function cancelRooms(
  db: Db,
  revision: ChannelRevision,
  via: Via,
  bookings: ChannelBooking[],
  open: ChannelBooking[],
): Promise<AppliedRevision> {
  const targets = open.filter((b) => !inHouse(b));
  if (targets.length === 0) {
    // Nothing to cancel (never made here, or in house: staff's to do). Recorded only while
    // no room was made meanwhile (its `new` applied at the same time): else read again.
    const bookingId = open[0]?.id ?? bookings[0]?.id ?? null;
    const [row] = await insertWhere(
      db,
      channelRevisions,
      revisionRow(revision, via, 'ignored', bookingId),
      sql`not ${channelStays.liveChannelBookingSql(revision.bookingId)}`,
    ).returning({ id: channelRevisions.id });
    if (!row) throw new channelStays.ChannelBookingsChanged();
    return applied(revision, 'ignored', bookingId);
  }
  const changes: ChannelRoomChange[] = targets.map((booking) => ({ kind: 'cancel', booking }));
  const { ids } = await channelStays.commitChannelRevision(
    db,
    new RevisionStays(changes, false, {
      record: () => insertRevision(db, revision, via, 'applied', targets[0]!.id),
    }),
  );
  return applied(revision, 'applied', ids[0] ?? null);
}

/**
 * A `new` or `modified`: each room moved, made or cancelled (revision-stays.ts), the revision's
 * row naming its booking (the screen's link: its first room's, made now or before).
 */
async function changeRooms(
  db: Db,
  revision: ChannelRevision,
  via: Via,
  bookings: ChannelBooking[],
  ownCodes: boolean,
): Promise<AppliedRevision> {
  const { changes, unchangedFlags, first } = await roomChanges(db, revision, bookings, ownCodes);
  const tellGuest = changes.some(
    (c) => (c.kind === 'insert' || c.kind === 'change') && c.stay.email !== null,
  );
  const lead = 'insertIndex' in first ? first.insertIndex : -1;
  const known = 'bookingId' in first ? first.bookingId : null;
  const stays = new RevisionStays(changes, tellGuest, {
    record: (outcome) => insertRevision(db, revision, via, outcome, known),
    unchangedFlags,
    ...(lead >= 0 && {
      lead: {
        index: lead,
        link: (bookingId) =>
          db
            .update(channelRevisions)
            .set({ bookingId: bookingId as number })
            .where(eq(channelRevisions.id, revision.id)),
      },
    }),
    // The OTA collects the money: its company account (city ledger) receives the balance at check-out.
    after: revision.paymentCollect === 'ota' ? [openOtaCityLedgerAccountStatement(db, revision.otaName)] : [],
  });
  const { ids } = await channelStays.commitChannelRevision(db, stays);
  return applied(revision, stays.outcome, lead >= 0 ? (ids[lead] ?? null) : known);
}

/**
 * The batch refused: by the key (the other path applied the revision meanwhile: `duplicate`), or
 * by the trigger (a newer revision or the cancellation applied meanwhile: kept `stale`).
 */
async function refusedByDatabase(
  db: Db,
  revision: ChannelRevision,
  via: Via,
  err: unknown,
): Promise<AppliedRevision> {
  if (isOlder(err)) {
    const [booking] = await channelStays.channelBookingsOf(db, revision.bookingId);
    try {
      await insertRevision(db, revision, via, 'stale', booking?.id ?? null);
      return applied(revision, 'stale', booking?.id ?? null);
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

/** Applies a revision, then acknowledges it (applied before or now) and notes when. */
export async function receiveRevision(
  db: Db,
  adapter: ChannelAdapter,
  revision: ChannelRevision,
  via: Via,
): Promise<AppliedRevision> {
  const applied = await applyRevision(db, revision, via, adapter.knowsOwnCodes);
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
  const flagged = await channelStays.flaggedChannelBookings(db, limit);
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
      bookingReference: channelStays.bookingReferenceSql(channelRevisions.bookingId),
      receivedAt: channelRevisions.receivedAt,
      ackedAt: channelRevisions.ackedAt,
    })
    .from(channelRevisions)
    .orderBy(sql`${channelRevisions.receivedAt} desc`)
    .limit(limit);
}
