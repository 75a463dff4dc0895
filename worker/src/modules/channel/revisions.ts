import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { stayNights } from '@shared/dates';
import { normalizePhone } from '@shared/digits';
import type { Db } from '../../platform/env';
import {
  cancelChannelBooking,
  changeChannelBooking,
  channelBookingOf,
  insertChannelBooking,
  stillFlaggedSql,
  bookingReferenceSql,
  type ChannelFlag,
  type ChannelStay,
} from '../bookings';
import { findRoomType } from '../catalog';
import { openOtaCityLedgerAccountStatement } from '../folio';
import type { ChannelAdapter, ChannelRevision } from './providers/channel-adapter';
import { channelRevisions, type RevisionOutcome } from './revision-tables';
import { channelMappings, channelState } from './tables';

/**
 * The booking revisions coming in (the webhook and the feed poll), each applied once by its id:
 * the revision's own row (`channel_revisions`, its id the key) is written in the same batch as
 * what it does to the booking, so of two deliveries of one revision at once (the webhook and the
 * feed) one batch writes it and the other fails on the key, changing nothing. It is then
 * acknowledged; a revision applied but not acknowledged (the provider did not answer) is offered
 * again by the feed, found applied, and acknowledged.
 *
 * - `new`: a confirmed booking (source = the OTA, its reservation code, the revision's nightly
 *   prices, guests, contact, who collects the money, the commission);
 * - `modified`: the booking moved to the revision's stay (a `modified` of a booking never seen is
 *   made as a `new`);
 * - `cancelled`: the booking cancelled, its nights given back, without a charge.
 * A stay that cannot be held (sold out) or of a room type not mapped is still kept, flagged
 * `overbooked` / `unmapped` for staff (the staff bell hears of every booking the channel brings),
 * and acknowledged: never dropped. A `new` for a booking already made, a change of a booking
 * closed or in house, are recorded as `ignored` (the latter for staff to do by hand); so is a
 * `modified` older (by the provider's time, `revisedAt`) than one already applied to the same
 * booking, which arrived late: the newer stay stands.
 */

export type Via = 'webhook' | 'feed';

export type AppliedRevision = {
  revisionId: string;
  outcome: RevisionOutcome | 'duplicate';
  bookingId: number | null;
};

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

/** The revision's stay as a booking keeps it (its nights priced from the arrival; a night left out priced as the one before). */
function stayOf(revision: ChannelRevision, roomType: string, ratePlan: string): ChannelStay {
  const byDate = new Map(revision.nights.map((n) => [n.date, n.priceBaisa]));
  let last = revision.nights[0]?.priceBaisa ?? 0;
  const nightPrices = stayNights(revision.checkInDate, revision.checkOutDate).map((night) => {
    last = byDate.get(night) ?? last;
    return Math.max(0, Math.round(last));
  });
  const email = revision.guest.email?.trim() || null;
  return {
    fullName: revision.guest.name.trim() || revision.otaReservationCode,
    phoneNumber: normalizePhone(revision.guest.phone ?? ''),
    email: email && !isRelayAddress(email) ? email : null,
    checkInDate: revision.checkInDate,
    checkOutDate: revision.checkOutDate,
    roomType,
    ratePlan,
    adults: Math.max(1, revision.adults),
    children: Math.max(0, revision.children),
    nightPrices,
    source: revision.otaName,
    channelReference: revision.otaReservationCode,
    channelBookingId: revision.bookingId,
    paymentCollect: revision.paymentCollect,
    commissionBaisa: Math.max(0, Math.round(revision.commissionBaisa)),
  };
}

const errorText = (err: unknown) =>
  String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? '');

function isDuplicate(err: unknown): boolean {
  return errorText(err).includes('channel_revisions.id');
}

/** The trigger of migration 0075: a `modified` older than one applied to its booking. */
function isOlder(err: unknown): boolean {
  return errorText(err).includes('channel_revision_older');
}

/** Whether a revision of the same channel booking made after this one was applied (or kept flagged). */
async function newerApplied(db: Db, revision: ChannelRevision): Promise<boolean> {
  if (revision.revisedAt === null) return false;
  const newer = await db
    .select({ id: channelRevisions.id })
    .from(channelRevisions)
    .where(
      and(
        eq(channelRevisions.channelBookingId, revision.bookingId),
        gt(channelRevisions.revisedAt, revision.revisedAt),
        ne(channelRevisions.outcome, 'ignored'),
      ),
    )
    .limit(1)
    .get();
  return newer !== undefined;
}

/**
 * Applies one revision, once: answers what it did, or `duplicate` when it was applied already
 * (by the other path, now or before).
 */
export async function applyRevision(
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
  const rowOf = (outcome: RevisionOutcome, bookingId: number | ReturnType<typeof sql> | null) =>
    db.insert(channelRevisions).values({
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
  const outcomeOf = (flag: ChannelFlag | null): RevisionOutcome => flag ?? 'applied';
  try {
    const booking = await channelBookingOf(db, revision.bookingId);
    const ignore = async () => {
      await rowOf('ignored', booking?.id ?? null);
      return { revisionId: revision.id, outcome: 'ignored' as const, bookingId: booking?.id ?? null };
    };
    const closed = !booking || booking.status === 'cancelled' || booking.status === 'completed';
    const inHouse = booking?.checkedInAt != null && booking.checkedOutAt == null;
    if (revision.status === 'cancelled') {
      if (closed || inHouse) return await ignore();
      await cancelChannelBooking(db, booking, {
        statements: (id) => [rowOf('applied', id)],
      });
      return { revisionId: revision.id, outcome: 'applied', bookingId: booking.id };
    }
    // A `new` of a booking already made (e.g. made by its later `modified`) is old news.
    if (booking && revision.status === 'new') return await ignore();
    // A `modified` older than one applied already: the OTA has changed the stay since. (The
    // trigger of migration 0075 refuses it too, should the newer one be applied meanwhile.)
    if (revision.status === 'modified' && (await newerApplied(db, revision))) return await ignore();
    const roomType = await ourRoomType(db, revision.roomTypeId, provider);
    const stay = stayOf(
      revision,
      roomType ?? revision.roomTypeId,
      await ourRatePlan(db, revision.ratePlanId),
    );
    const flag: ChannelFlag | null = roomType ? null : 'unmapped';
    const tellGuest = stay.email !== null;
    // The OTA collects the money: its company account (city ledger) receives the balance at check-out.
    const ledger = stay.paymentCollect === 'ota' ? [openOtaCityLedgerAccountStatement(db, stay.source)] : [];
    if (!booking) {
      const made = await insertChannelBooking(db, stay, {
        flag,
        tellGuest,
        first: (kept) => [rowOf(outcomeOf(kept), null)],
        statements: (id) => [
          db
            .update(channelRevisions)
            .set({ bookingId: id as number })
            .where(eq(channelRevisions.id, revision.id)),
          ...ledger,
        ],
      });
      return { revisionId: revision.id, outcome: outcomeOf(made.flag), bookingId: made.booking.id };
    }
    if (closed || inHouse) return await ignore();
    const changed = await changeChannelBooking(db, booking, stay, {
      flag,
      tellGuest,
      statements: (id, kept) => [rowOf(outcomeOf(kept), id), ...ledger],
    });
    // Changed meanwhile by someone else: the next delivery (the feed) applies it to the row as it is then.
    if (!changed)
      throw new Error(
        `channel booking ${revision.bookingId} changed while revision ${revision.id} was applied`,
      );
    return { revisionId: revision.id, outcome: outcomeOf(changed.flag), bookingId: booking.id };
  } catch (err) {
    if (isOlder(err)) {
      const booking = await channelBookingOf(db, revision.bookingId);
      try {
        await rowOf('ignored', booking?.id ?? null);
        return { revisionId: revision.id, outcome: 'ignored', bookingId: booking?.id ?? null };
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
 * webhook's body), applied and acknowledged. One that fails stays for the feed.
 */
export async function receiveRevisionIds(
  db: Db,
  adapter: ChannelAdapter,
  ids: string[],
): Promise<AppliedRevision[]> {
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

/** The revisions kept for staff (flagged), newest first, for the channel's status. */
export async function flaggedRevisions(db: Db, limit = 50) {
  const rows = await db
    .select({
      revisionId: channelRevisions.id,
      otaName: channelRevisions.otaName,
      otaReservationCode: channelRevisions.otaReservationCode,
      reason: channelRevisions.outcome,
      bookingId: channelRevisions.bookingId,
    })
    .from(channelRevisions)
    // Still to be placed: its booking open and still flagged (staff moved or cancelled it: done).
    .where(
      and(
        sql`${channelRevisions.outcome} in ('overbooked', 'unmapped')`,
        stillFlaggedSql(channelRevisions.bookingId),
      ),
    )
    .orderBy(sql`${channelRevisions.receivedAt} desc`)
    .limit(limit);
  return rows.map((r) => ({ ...r, reason: r.reason as ChannelFlag, bookingId: r.bookingId ?? undefined }));
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
