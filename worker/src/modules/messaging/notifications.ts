import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { z } from 'zod';
import type { SessionUser } from '@shared/auth-schemas';
import type { notificationCreateSchema } from '@shared/event-schemas';
import {
  NOTIFICATION_PAGE_SIZE,
  UNREAD_COUNT_CAP,
  notificationCursor,
  type NotificationPageQuery,
} from '@shared/notification-schemas';
import { bookingRowsQuery } from '../bookings';
import { entryMessageRows } from '../draws';
import { notifications, staffAlertReads, staffAlerts, staffAlertWatermarks } from '../../platform/tables';
import { auditLog } from '../../platform/tables';
import type { Db } from '../../platform/env';
import { auditEntry } from '../../platform/audit';
import { ApiError } from '../../platform/api-error';
import { storedPhone } from '../../platform/phone-numbers';

/**
 * Event and booking notifications (modules/messaging/routes/notifications.ts). A signed-in guest reads their own
 * (those linked to their account: their bookings, their entries); staff read any phone's and
 * may write one. Decisions on bookings and entries write theirs in the decision's batch.
 */
const LIMIT = 100;

/** A notification staff write for a phone, with its audit line, one batch. */
export async function createNotification(
  db: Db,
  actor: SessionUser,
  input: z.infer<typeof notificationCreateSchema>,
) {
  const values = { ...input, userPhone: storedPhone(input.userPhone, 'userPhone') };
  const [[row]] = await db.batch([
    db.insert(notifications).values(values).returning(),
    db.insert(auditLog).values(auditEntry(actor, 'create', 'notification', null, null, values)),
  ]);
  return row!;
}

/** Rows after a keyset cursor (`<createdAt ms>_<id>`), newest first. */
function after(
  cursor: string | undefined,
  columns: { createdAt: AnySQLiteColumn; id: AnySQLiteColumn },
): SQL | undefined {
  if (!cursor) return undefined;
  const [at, id] = cursor.split('_').map(Number) as [number, number];
  return or(
    lt(columns.createdAt, new Date(at)),
    and(eq(columns.createdAt, new Date(at)), lt(columns.id, id)),
  );
}

/** A page of rows (one more asked than shown) and the cursor of the next one, if any. */
function paged<T extends { createdAt: Date; id: number }>(rows: T[], limit: number) {
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? notificationCursor(items.at(-1)!) : null };
}

/** Counts at most UNREAD_COUNT_CAP rows of a query (its rows, not the history, are read). */
const capped = (rows: SQL) => sql<number>`(select count(*) from (${rows} limit ${UNREAD_COUNT_CAP}))`;

/**
 * An account's own notifications, newest first: only what is about its own bookings and the
 * entries made while signed in (linked when written), never whatever was sent to a phone typed.
 * A page of them (keyset), with the account's unread count; both along indexes (user, date) and
 * (user) of the unread ones, so neither grows with the account's history.
 */
export async function notificationsOfUser(db: Db, userId: number, page: NotificationPageQuery = {}) {
  const limit = page.limit ?? NOTIFICATION_PAGE_SIZE;
  const [rows, unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), after(page.cursor, notifications)))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit + 1),
    unreadOfUser(db, userId),
  ]);
  return { ...paged(rows, limit), unread };
}

function unreadOfUserSql(userId: number) {
  return capped(
    sql`select 1 from ${notifications} where ${notifications.userId} = ${userId} and ${notifications.isRead} = 0`,
  );
}

/** How many of the account's notifications are unread (at most UNREAD_COUNT_CAP). */
export async function unreadOfUser(db: Db, userId: number): Promise<number> {
  const row = await db.get<{ unread: number }>(sql`select ${unreadOfUserSql(userId)} as unread`);
  return row?.unread ?? 0;
}

/**
 * Marks one of the account's own notifications read; another's, or none, is "not found" (nothing
 * is revealed). Already read is fine (the same answer). Answers the unread count after it.
 */
export async function markNotificationRead(db: Db, userId: number, id: number): Promise<number> {
  const own = and(eq(notifications.id, id), eq(notifications.userId, userId));
  const [found] = await db.batch([
    db.select({ id: notifications.id }).from(notifications).where(own),
    db
      .update(notifications)
      .set({ isRead: true })
      .where(and(own, sql`${notifications.isRead} = 0`)),
  ]);
  if (found.length === 0) throw new ApiError(404, 'notification_not_found');
  return unreadOfUser(db, userId);
}

/** Marks every unread notification of the account read (along the index of the unread ones). */
export async function markAllNotificationsRead(db: Db, userId: number): Promise<void> {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), sql`${notifications.isRead} = 0`));
}

/** A member of staff's watermark: every alert up to it (created_at, then id) is read. */
async function watermarkOf(db: Db, userId: number) {
  const row = await db
    .select({ at: staffAlertWatermarks.readThroughAt, id: staffAlertWatermarks.readThroughId })
    .from(staffAlertWatermarks)
    .where(eq(staffAlertWatermarks.userId, userId))
    .get();
  return row ?? { at: 0, id: 0 };
}

/** Whether the alert is read by this member of staff: up to the watermark, or marked one by one. */
function alertRead(userId: number, mark: { at: number; id: number }) {
  return sql<boolean>`(${staffAlerts.createdAt} < ${mark.at} or (${staffAlerts.createdAt} = ${mark.at} and ${staffAlerts.id} <= ${mark.id})
    or exists (select 1 from ${staffAlertReads} where ${staffAlertReads.userId} = ${userId} and ${staffAlertReads.alertId} = ${staffAlerts.id}))`;
}

/**
 * The staff's unread alerts: those after the member's watermark (a range of the date index, so
 * only alerts since "mark all read" are read) not marked one by one; at most UNREAD_COUNT_CAP.
 */
function unreadAlertsSql(userId: number, mark: { at: number; id: number }) {
  return capped(
    sql`select 1 from ${staffAlerts} where ${staffAlerts.createdAt} >= ${mark.at} and not ${alertRead(userId, mark)}`,
  );
}

/**
 * The entry an alert is about when it is of this kind, else null: the join then looks nothing
 * up. With the kind beside the key (`kind = ? and id = entry_id`), SQLite looks the entry id up
 * in all three entry tables and only then checks the kind, so a page of entries read three
 * rows an alert where a page of bookings read one.
 */
const entryOf = (kind: string) =>
  sql`case when ${staffAlerts.kind} = ${kind} then ${staffAlerts.entryId} end`;

/**
 * The staff's alerts (new booking requests and entries), newest first, a page at a time, each
 * with whether this member of staff has read it, and their unread count.
 */
export async function staffAlertsOf(db: Db, userId: number, page: NotificationPageQuery = {}) {
  const limit = page.limit ?? NOTIFICATION_PAGE_SIZE;
  const mark = await watermarkOf(db, userId);
  // The bookings and entries the alerts are about, joined by id (queries their modules offer).
  const booking = bookingRowsQuery(db).as('booking');
  const photography = entryMessageRows(db, 'photography').as('photography');
  const rating = entryMessageRows(db, 'google_review').as('rating');
  const location = entryMessageRows(db, 'location_sharing').as('location');
  const [rows, count] = await Promise.all([
    db
      .select({
        id: staffAlerts.id,
        kind: staffAlerts.kind,
        bookingId: staffAlerts.bookingId,
        entryId: staffAlerts.entryId,
        createdAt: staffAlerts.createdAt,
        isRead: sql<number>`${alertRead(userId, mark)}`.mapWith(Boolean),
        // What it is about, from the booking or entry itself (null once a booking is deleted).
        reference: booking.reference,
        fullName: booking.fullName,
        roomType: booking.roomType,
        checkInDate: booking.checkInDate,
        checkOutDate: booking.checkOutDate,
        status: booking.status,
        numberOfGuests: booking.numberOfGuests,
        // An OTA's booking: the OTA, its code there, the flag it was raised with (`reason`) and
        // the booking's flag now (null once staff placed it).
        source: booking.source,
        channelReference: booking.channelReference,
        reason: staffAlerts.reason,
        channelFlag: booking.channelFlag,
        phone: sql<
          string | null
        >`coalesce(${booking.phoneNumber}, ${photography.participantPhone}, ${rating.participantPhone}, ${location.participantPhone})`,
      })
      .from(staffAlerts)
      .leftJoin(booking, eq(booking.id, staffAlerts.bookingId))
      .leftJoin(photography, eq(photography.id, entryOf('photography_entry')))
      .leftJoin(rating, eq(rating.id, entryOf('rating_entry')))
      .leftJoin(location, eq(location.id, entryOf('location_entry')))
      .where(after(page.cursor, staffAlerts))
      .orderBy(desc(staffAlerts.createdAt), desc(staffAlerts.id))
      .limit(limit + 1),
    db.get<{ unread: number }>(sql`select ${unreadAlertsSql(userId, mark)} as unread`),
  ]);
  return { ...paged(rows, limit), unread: count?.unread ?? 0 };
}

/**
 * The staff's badge and chime: how many alerts this member has not read (at most
 * UNREAD_COUNT_CAP) and the newest alert's id (a new one rings).
 */
export async function staffAlertSummary(db: Db, userId: number) {
  const mark = await watermarkOf(db, userId);
  const row = await db.get<{ unread: number; latestId: number | null }>(
    sql`select ${unreadAlertsSql(userId, mark)} as unread, (select max(${staffAlerts.id}) from ${staffAlerts}) as latestId`,
  );
  return { unread: row?.unread ?? 0, latestId: row?.latestId ?? 0 };
}

/** Marks one alert read for this member of staff (404 for none); answers their unread count. */
export async function markStaffAlertRead(db: Db, userId: number, id: number): Promise<number> {
  const [found] = await db.batch([
    db.select({ id: staffAlerts.id }).from(staffAlerts).where(eq(staffAlerts.id, id)),
    // Only an alert that exists is marked (no foreign-key failure for an unknown id).
    db
      .insert(staffAlertReads)
      .select(
        sql`select ${userId}, ${staffAlerts.id}, ${Date.now()} from ${staffAlerts} where ${staffAlerts.id} = ${id}`,
      )
      .onConflictDoNothing(),
  ]);
  if (found.length === 0) throw new ApiError(404, 'notification_not_found');
  return (await staffAlertSummary(db, userId)).unread;
}

/**
 * Marks every alert read for this member of staff: the watermark moves to the newest alert and
 * the single marks below it go (one batch; the cost does not grow with the history).
 */
export async function markAllStaffAlertsRead(db: Db, userId: number): Promise<void> {
  await db.batch([
    db
      .insert(staffAlertWatermarks)
      .select(
        sql`select ${userId}, ${staffAlerts.createdAt}, ${staffAlerts.id}, ${Date.now()} from ${staffAlerts}
          where true order by ${staffAlerts.createdAt} desc, ${staffAlerts.id} desc limit 1`,
      )
      .onConflictDoUpdate({
        target: staffAlertWatermarks.userId,
        set: {
          readThroughAt: sql`excluded.read_through_at`,
          readThroughId: sql`excluded.read_through_id`,
          updatedAt: new Date(),
        },
      }),
    db.delete(staffAlertReads).where(eq(staffAlertReads.userId, userId)),
  ]);
}

/** The notifications sent to a phone (normalized), newest first; for staff. */
export function notificationsOfPhone(db: Db, phone: string) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userPhone, phone))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(LIMIT);
}
