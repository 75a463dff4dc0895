import { and, asc, desc, eq, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { z } from 'zod';
import type { SessionUser } from '@shared/auth-schemas';
import { addDays, hotelToday } from '@shared/dates';
import {
  LOST_FOUND_RULES,
  type lostFoundListQuerySchema,
  type lostItemCreateSchema,
  type lostItemReturnSchema,
} from '@shared/lost-found-schemas';
import { lostFoundItems as items, lostFoundLog, lostFoundSettings } from './tables';
import { users } from '../../platform/tables';
import type { Db } from '../../platform/env';
import { ApiError } from '../../platform/api-error';
import { hasRole } from '../../platform/roles';
import { insertWhere } from '../../platform/atomic';
import { bookingRowsQuery, roomStaysQuery } from '../bookings';
import { roomOutOfOrder, roomsInServiceQuery } from '../inventory';
import { guestNoticeStatements } from './guest-notice';

/**
 * Lost and found (docs/decisions/092-work-orders-and-lost-and-found.md): an item found is logged
 * (by anyone on the staff, housekeepers too) with where, the room, what it is and who found it; it
 * is matched at once to the stay that had the room the night before it was found (or that night),
 * a suggestion staff may change among the room's stays of those two nights or clear. The front
 * desk tells the guest (once per match: the notice and its e-mail in one batch), hands the item
 * back, or disposes of it once the hotel's keeping period (90 days unless set) is over. Each step
 * is a line of its log.
 */

/** A member of staff's name (a subquery: the stay's guest's name shares the column's name). */
const nameOf = (userId: SQL | SQLiteColumn) =>
  sql<string | null>`(select u.full_name from ${users} u where u.id = ${userId})`;

/** The hotel's keeping period (one row). */
const keepDaysQuery = (db: Db) =>
  db
    .select({ keepDays: lostFoundSettings.keepDays })
    .from(lostFoundSettings)
    .where(eq(lostFoundSettings.id, 1));

/**
 * The stays that had the room on the night before the day the item was found, or that night, and
 * those that left the room on one of those days (a stay checked in and out the same evening holds
 * no night once it left).
 */
function candidatesQuery(db: Db, roomId: number, foundOn: string) {
  return roomStaysQuery(db, roomId, addDays(foundOn, -1), addDays(foundOn, 1), { departed: true });
}
type Candidate = Awaited<ReturnType<typeof candidatesQuery>>[number];

/** The stay the item is most likely its guest's: the one that slept there the night before, else that night's. */
export function suggestedStay(candidates: Candidate[], foundOn: string): Candidate | null {
  const nightBefore = addDays(foundOn, -1);
  return (
    candidates.find((s) => s.checkInDate <= nightBefore && nightBefore < s.checkOutDate) ??
    candidates.find((s) => s.checkInDate <= foundOn && foundOn < s.checkOutDate) ??
    null
  );
}

function itemsQuery(db: Db, where: SQL | undefined) {
  const b = bookingRowsQuery(db).as('b');
  return db
    .select({
      id: items.id,
      foundOn: items.foundOn,
      place: items.place,
      roomId: items.roomId,
      description: items.description,
      hasPhoto: sql<number>`${items.photoKey} is not null`,
      foundBy: nameOf(items.foundBy),
      status: items.status,
      keepUntil: items.keepUntil,
      notifiedAt: items.notifiedAt,
      contactEmail: items.contactEmail,
      contactName: items.contactName,
      returnedAt: items.returnedAt,
      disposedAt: items.disposedAt,
      bookingId: items.bookingId,
      reference: b.reference,
      guestName: b.fullName,
      checkInDate: b.checkInDate,
      checkOutDate: b.checkOutDate,
      guestAddress: b.address,
    })
    .from(items)
    .leftJoin(b, eq(b.id, items.bookingId))
    .where(where);
}
type ItemRow = Awaited<ReturnType<typeof itemsQuery>>[number];
type Rooms = Awaited<ReturnType<typeof roomsInServiceQuery>>;

function view(row: ItemRow, rooms: Rooms, today: string) {
  const { reference, guestName, checkInDate, checkOutDate, guestAddress, bookingId, ...item } = row;
  return {
    ...item,
    hasPhoto: Boolean(row.hasPhoto),
    roomNumber: row.roomId === null ? null : (rooms.find((r) => r.id === row.roomId)?.number ?? null),
    due: row.status === 'held' && row.keepUntil <= today,
    notifiedAt: row.notifiedAt?.getTime() ?? null,
    returnedAt: row.returnedAt?.getTime() ?? null,
    disposedAt: row.disposedAt?.getTime() ?? null,
    stay:
      bookingId !== null && reference !== null
        ? {
            id: bookingId,
            reference,
            fullName: guestName!,
            checkInDate: checkInDate!,
            checkOutDate: checkOutDate!,
            hasAddress: Boolean(guestAddress),
          }
        : null,
  };
}
export type LostItemView = ReturnType<typeof view>;

/** GET /api/admin/lost-found: a page of items, newest first, filtered. */
export async function listItems(db: Db, q: z.output<typeof lostFoundListQuerySchema>, now = new Date()) {
  const today = hotelToday(now);
  // A substring, case aside (ASCII, as LIKE's), through instr: D1 refuses a LIKE pattern past 50
  // bytes, and a search of 25 Arabic letters is more.
  const text = q.q || null;
  const where = and(
    q.status === 'due'
      ? and(eq(items.status, 'held'), lte(items.keepUntil, today))
      : eq(items.status, q.status),
    q.roomId !== undefined ? eq(items.roomId, q.roomId) : undefined,
    q.before !== undefined ? lt(items.id, q.before) : undefined,
    text
      ? or(
          sql`instr(lower(${items.description}), lower(${text})) > 0`,
          sql`instr(lower(${items.place}), lower(${text})) > 0`,
        )
      : undefined,
  );
  const [rows, rooms, [settings]] = await db.batch([
    itemsQuery(db, where).orderBy(desc(items.id)).limit(LOST_FOUND_RULES.page),
    roomsInServiceQuery(db),
    keepDaysQuery(db),
  ]);
  const list = rows.map((r) => view(r, rooms, today));
  return {
    today,
    keepDays: settings?.keepDays ?? LOST_FOUND_RULES.defaultKeepDays,
    items: list,
    rooms: rooms.map((r) => ({ id: r.id, number: r.number, floor: r.floor })),
    nextBefore: list.length === LOST_FOUND_RULES.page ? list.at(-1)!.id : null,
  };
}

/** GET /api/admin/lost-found/rooms: the rooms an item may be found in, for whoever logs one (a housekeeper too). */
export async function roomsToLogIn(db: Db, now = new Date()) {
  const rooms = await roomsInServiceQuery(db);
  return {
    today: hotelToday(now),
    rooms: rooms.map((r) => ({ id: r.id, number: r.number, floor: r.floor })),
  };
}

/** GET /api/admin/lost-found/:id: the item, its log, and the stays it may be matched to. */
export async function itemDetail(db: Db, id: number, now = new Date()) {
  const today = hotelToday(now);
  const [rows, rooms, log] = await db.batch([
    itemsQuery(db, eq(items.id, id)),
    roomsInServiceQuery(db),
    db
      .select({
        id: lostFoundLog.id,
        action: lostFoundLog.action,
        actor: nameOf(lostFoundLog.actorId),
        note: lostFoundLog.note,
        at: lostFoundLog.createdAt,
      })
      .from(lostFoundLog)
      .where(eq(lostFoundLog.itemId, id))
      .orderBy(asc(lostFoundLog.id))
      .limit(50),
  ]);
  if (!rows[0]) throw new ApiError(404, 'lost_item_not_found');
  const item = view(rows[0], rooms, today);
  const candidates = item.roomId === null ? [] : await candidatesQuery(db, item.roomId, item.foundOn);
  return {
    item,
    log: log.map((l) => ({ ...l, at: l.at.getTime() })),
    candidates: candidates.map(({ id: bookingId, ...stay }) => ({ id: bookingId, ...stay })),
  };
}

const logLine = (
  db: Db,
  itemId: SQL | number,
  action: (typeof lostFoundLog.$inferInsert)['action'],
  actor: SessionUser,
  guard: SQL,
  note?: string | null,
) =>
  insertWhere(
    db,
    lostFoundLog,
    { itemId: typeof itemId === 'number' ? itemId : itemId, action, actorId: actor.id, note: note ?? null },
    guard,
  );

/**
 * POST /api/admin/lost-found: the item logged (found today unless `foundOn` says an earlier day),
 * its keeping period from the hotel's setting, matched to the suggested stay, in one batch with
 * its log lines.
 */
export async function logItem(
  db: Db,
  actor: SessionUser,
  input: z.output<typeof lostItemCreateSchema>,
  now = new Date(),
) {
  const today = hotelToday(now);
  const foundOn = input.foundOn ?? today;
  if (foundOn > today) throw new ApiError(400, 'validation_failed', { foundOn: 'lost_item_found_in_future' });
  const [settings] = await keepDaysQuery(db);
  let suggestion: Candidate | null = null;
  if (input.roomId !== undefined) {
    const [room, candidates] = await db.batch([
      roomOutOfOrder.roomQuery(db, input.roomId),
      candidatesQuery(db, input.roomId, foundOn),
    ]);
    if (!room[0]) throw new ApiError(404, 'room_not_found');
    suggestion = suggestedStay(candidates, foundOn);
  }
  const made = sql`(select max(id) from lost_found_items)`;
  const [inserted] = await db.batch([
    db
      .insert(items)
      .values({
        foundOn,
        place: input.place,
        roomId: input.roomId ?? null,
        description: input.description,
        foundBy: actor.id,
        bookingId: suggestion?.id ?? null,
        keepUntil: addDays(foundOn, settings?.keepDays ?? LOST_FOUND_RULES.defaultKeepDays),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: items.id }),
    logLine(db, made, 'found', actor, sql`1`),
    logLine(
      db,
      made,
      'matched',
      actor,
      sql`(select booking_id from lost_found_items where id = ${made}) is not null`,
    ),
  ]);
  const { item } = await itemDetail(db, inserted[0]!.id, now);
  // A housekeeper or a technician logs items but may not read guests (the list and the detail are
  // the front desk's): their answer names no stay, nor whom it went back to.
  return hasRole(actor, 'staff') ? item : withoutGuest(item);
}

/** An item as a role that may not read guests sees it: no stay, no guest's address or name. */
export function withoutGuest(item: LostItemView): LostItemView {
  return { ...item, stay: null, contactEmail: null, contactName: null };
}

/** The item as it stands (404), refused unless still held (409). */
async function heldItem(db: Db, id: number) {
  const item = await db.select().from(items).where(eq(items.id, id)).get();
  if (!item) throw new ApiError(404, 'lost_item_not_found');
  if (item.status !== 'held') throw new ApiError(409, 'lost_item_not_held');
  return item;
}

/**
 * POST .../:id/match `{ bookingId | null }`: matched to one of the room's stays of the night before
 * and the night it was found (409 `lost_item_not_a_candidate` otherwise), or the match cleared. A
 * new match may be told again (the notice is per match).
 */
export async function matchItem(
  db: Db,
  actor: SessionUser,
  id: number,
  bookingId: number | null,
  now = new Date(),
) {
  const item = await heldItem(db, id);
  if (bookingId !== null) {
    const candidates = item.roomId === null ? [] : await candidatesQuery(db, item.roomId, item.foundOn);
    if (!candidates.some((c) => c.id === bookingId)) throw new ApiError(409, 'lost_item_not_a_candidate');
  }
  if (bookingId === item.bookingId) return (await itemDetail(db, id, now)).item;
  const changed = sql`exists (select 1 from lost_found_items i where i.id = ${id} and i.updated_at = ${now.getTime()})`;
  await db.batch([
    db
      .update(items)
      .set({ bookingId, notifiedAt: null, contactEmail: null, updatedAt: now })
      .where(and(eq(items.id, id), eq(items.status, 'held'))),
    logLine(db, id, bookingId === null ? 'unmatched' : 'matched', actor, changed),
  ]);
  return (await itemDetail(db, id, now)).item;
}

/**
 * POST .../:id/notify: the matched stay's guest told, once (409 `lost_item_already_notified`): the
 * item's notice time and address, its log line and the guest's message (guest-notice.ts) in one
 * batch, the message only if this request made the notice.
 */
export async function notifyGuest(db: Db, actor: SessionUser, id: number, now = new Date()) {
  const item = await heldItem(db, id);
  if (item.bookingId === null) throw new ApiError(409, 'lost_item_no_stay');
  if (item.notifiedAt !== null) throw new ApiError(409, 'lost_item_already_notified');
  const [stay] = await bookingRowsQuery(db, [item.bookingId]);
  if (!stay?.address) throw new ApiError(409, 'lost_item_no_address');
  const noticed = sql`exists (select 1 from lost_found_items i where i.id = ${id} and i.notified_at = ${now.getTime()})`;
  const statements: BatchItem<'sqlite'>[] = [
    db
      .update(items)
      .set({ notifiedAt: now, contactEmail: stay.address, updatedAt: now })
      .where(
        and(
          eq(items.id, id),
          eq(items.status, 'held'),
          sql`${items.notifiedAt} is null`,
          eq(items.bookingId, item.bookingId),
        ),
      )
      .returning({ id: items.id }),
    logLine(db, id, 'notified', actor, noticed, stay.address),
    ...guestNoticeStatements(
      db,
      sql`lost_found_items.id = ${id} and lost_found_items.notified_at = ${now.getTime()}`,
    ),
  ];
  const [told] = await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  if ((told as unknown[]).length === 0) throw new ApiError(409, 'lost_item_already_notified');
  return (await itemDetail(db, id, now)).item;
}

/** POST .../:id/return `{ contactName, note? }`: handed back. */
export async function returnItem(
  db: Db,
  actor: SessionUser,
  id: number,
  input: z.output<typeof lostItemReturnSchema>,
  now = new Date(),
) {
  await heldItem(db, id);
  const [done] = await db.batch([
    db
      .update(items)
      .set({ status: 'returned', contactName: input.contactName, returnedAt: now, updatedAt: now })
      .where(and(eq(items.id, id), eq(items.status, 'held')))
      .returning({ id: items.id }),
    logLine(
      db,
      id,
      'returned',
      actor,
      sql`exists (select 1 from lost_found_items i where i.id = ${id} and i.returned_at = ${now.getTime()})`,
      input.note || input.contactName,
    ),
  ]);
  if (done.length === 0) throw new ApiError(409, 'lost_item_not_held');
  return (await itemDetail(db, id, now)).item;
}

/** POST .../:id/dispose `{ note? }`: once its keeping period is over (409 `lost_item_keep_period` before). */
export async function disposeItem(
  db: Db,
  actor: SessionUser,
  id: number,
  note: string | undefined,
  now = new Date(),
) {
  const today = hotelToday(now);
  const item = await heldItem(db, id);
  if (item.keepUntil > today) throw new ApiError(409, 'lost_item_keep_period');
  const [done] = await db.batch([
    db
      .update(items)
      .set({ status: 'disposed', disposedAt: now, updatedAt: now })
      .where(and(eq(items.id, id), eq(items.status, 'held'), lte(items.keepUntil, today)))
      .returning({ id: items.id }),
    logLine(
      db,
      id,
      'disposed',
      actor,
      sql`exists (select 1 from lost_found_items i where i.id = ${id} and i.disposed_at = ${now.getTime()})`,
      note || null,
    ),
  ]);
  if (done.length === 0) throw new ApiError(409, 'lost_item_not_held');
  return (await itemDetail(db, id, now)).item;
}

/** GET/PUT /api/admin/lost-found/settings: the keeping period (days) of items logged from now on. */
export async function readSettings(db: Db) {
  const [settings] = await keepDaysQuery(db);
  return { keepDays: settings?.keepDays ?? LOST_FOUND_RULES.defaultKeepDays };
}
export async function saveSettings(db: Db, keepDays: number) {
  await db
    .insert(lostFoundSettings)
    .values({ id: 1, keepDays })
    .onConflictDoUpdate({ target: lostFoundSettings.id, set: { keepDays, updatedAt: new Date() } });
  return { keepDays };
}
