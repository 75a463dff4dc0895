import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { SessionUser } from '@shared/auth-schemas';
import type { RoomStatus } from '@shared/constants';
import { hotelToday } from '@shared/dates';
import {
  canMoveTask,
  housekeepingDay,
  type HousekeepingSettings,
  type HousekeepingTask,
  type HousekeepingTasksAnswer,
  type TaskKind,
  type TaskStatus,
} from '@shared/housekeeping-tasks';
import { roleAtLeast } from '@shared/roles';
import { ApiError } from '../../platform/api-error';
import { insertWhere, rowExists } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import { nowMs } from '../../platform/columns';
import type { Db } from '../../platform/env';
import { auditLog, users } from '../../platform/tables';
import { bookingRowsQuery } from '../bookings';
import { lastClosedDateQuery } from '../folio';
import { roomStatusStatement, roomsInServiceQuery } from '../inventory';
import { vipProfilesQuery } from '../guests';
import { stayExtras } from '../extras';
import { minibarMenuQuery } from '../outlets';
import { housekeepingDays, housekeepingSettings, housekeepingTasks } from './tables';

/**
 * Housekeeping's tasks (docs/decisions/091-housekeeping-tasks.md). Which tasks a day has is the
 * database's (migration 0089: the view `housekeeping_task_wants` and the triggers on room nights,
 * in the same transaction as any change of a stay); here: making a day, reading it, moving a task,
 * assigning rooms.
 *
 * Who: a supervisor is staff and up (the front desk, managers, admins) and sees and assigns every
 * task; a housekeeper sees and moves only the tasks assigned to them.
 */

/** Staff and up run the board; a housekeeper works their own list. */
export const isSupervisor = (user: SessionUser) => roleAtLeast(user.role, 'staff');

type Batch = [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]];

/** The most housekeepers the board lists (a hotel of 40-120 rooms has five to fifteen). */
const HOUSEKEEPERS_MAX = 200;

/**
 * The statements that make `date`'s tasks (the day close makes the day after the one it closes):
 * the day marked made, so the triggers keep it in step from then on, and its tasks as the room
 * nights ask them. Made twice, nothing changes.
 *
 * @example statements.push(...makeDayStatements(db, addDays(date, 1), actor?.id ?? null));
 */
export function makeDayStatements(db: Db, date: string, madeBy: number | null): BatchItem<'sqlite'>[] {
  return [
    db.insert(housekeepingDays).values({ date, madeBy }).onConflictDoNothing(),
    // Every column in the table's order (drizzle's insert-select names them all).
    db
      .insert(housekeepingTasks)
      .select(
        sql`select null, w.date, w.room_id, w.kind, 'pending', w.credits, w.booking_id, w.arrival_booking_id,
          null, null, null, ${nowMs}, ${nowMs} from housekeeping_task_wants w where w.date = ${date}`,
      )
      .onConflictDoNothing(),
  ];
}

/** A supervisor makes `date`'s tasks (a hotel's first day, before any day close made them). */
export async function makeDay(db: Db, user: SessionUser, date: string) {
  await db.batch(makeDayStatements(db, date, user.id) as Batch);
}

/**
 * The stays of `ids` (an SQL list of booking ids, a subquery of the tasks) as the bookings' door
 * reads them, and which of their guests' profiles are VIPs (the guests' door): two queries for the
 * caller's batch. Nothing of them reaches a housekeeper but checked in or out, and VIP.
 */
function staysQueries(db: Db, ids: SQL) {
  const idIn = sql`(${ids})`;
  const profiles = db
    .select({ id: sql<number>`"s"."profile_id"` })
    .from(bookingRowsQuery(db, { idIn }).as('s'));
  return [bookingRowsQuery(db, { idIn }), vipProfilesQuery(db, profiles)] as const;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The day GET /api/housekeeping/tasks answers when none is named: the open business day
 * (`housekeepingDay`: until the day close, the day before; one read of the last closed date).
 */
export async function housekeepingDayQuery(db: Db, now = new Date()): Promise<string> {
  const [closed] = await lastClosedDateQuery(db);
  return housekeepingDay(hotelToday(now), closed?.date ?? null);
}

/** The status of the departure clean of a task's room and day (an inspection waits for it; the unique index). */
const departureStatusSql = sql<TaskStatus | null>`(select d.status from housekeeping_tasks d
  where d.date = housekeeping_tasks.date and d.room_id = housekeeping_tasks.room_id and d.kind = 'departure')`;

/**
 * GET /api/housekeeping/tasks?date=: a day's tasks, every one for a supervisor, a housekeeper's
 * own otherwise. ONE round trip, whatever the history: the day's tasks (the unique index's date
 * prefix; a housekeeper's along their index), the rooms in service (tens), the stays those tasks
 * serve (by primary key), the day's row, the settings' row and, for a supervisor, the
 * housekeepers (the hotel's staff, a few dozen).
 */
export async function readTasks(db: Db, user: SessionUser, date: string): Promise<HousekeepingTasksAnswer> {
  const supervisor = isSupervisor(user);
  const mine = supervisor ? sql`1` : sql`assigned_to = ${user.id}`;
  const theirs = supervisor ? undefined : eq(housekeepingTasks.assignedTo, user.id);
  const stayIds = sql`select booking_id from housekeeping_tasks where date = ${date} and booking_id is not null and ${mine}
    union select arrival_booking_id from housekeeping_tasks where date = ${date} and arrival_booking_id is not null and ${mine}`;
  const [stayRows, vipRows] = staysQueries(db, stayIds);
  const arrivals = sql`select arrival_booking_id from housekeeping_tasks where date = ${date} and arrival_booking_id is not null and ${mine}`;
  const [tasks, rooms, stays, vips, days, minibar, staff, early] = await db.batch([
    db
      .select({ ...getTableColumns(housekeepingTasks), departureStatus: departureStatusSql })
      .from(housekeepingTasks)
      .where(and(eq(housekeepingTasks.date, date), theirs))
      .orderBy(asc(housekeepingTasks.id)),
    roomsInServiceQuery(db),
    stayRows,
    vipRows,
    db.select({ date: housekeepingDays.date }).from(housekeepingDays).where(eq(housekeepingDays.date, date)),
    minibarMenuQuery(db),
    db
      .select({ id: users.id, fullName: users.fullName })
      .from(users)
      .where(supervisor ? and(eq(users.role, 'housekeeper'), eq(users.isDisabled, false)) : sql`0`)
      .orderBy(asc(users.fullName))
      // A team of five to fifteen; the partial index holds housekeepers only.
      .limit(HOUSEKEEPERS_MAX),
    // The arriving guests' early check-ins (modules/extras): the hour their room is wanted by.
    stayExtras.earlyArrivalsQuery(db, arrivals),
  ]);
  const earlyBy = new Map(early.map((e) => [e.bookingId, e.time]));
  const roomOf = new Map(rooms.map((r) => [r.id, r]));
  const vipProfiles = new Set(vips.filter((p) => p.vip).map((p) => p.id));
  const stayOf = new Map(
    stays.map((s) => [
      s.id,
      {
        checkedInAt: s.checkedInAt,
        checkedOutAt: s.checkedOutAt,
        vip: s.profileId !== null && vipProfiles.has(s.profileId),
      },
    ]),
  );
  const answer: HousekeepingTask[] = [];
  for (const task of tasks) {
    const room = roomOf.get(task.roomId);
    if (!room) continue; // retired since: no longer cleaned
    const arrival = task.arrivalBookingId ? stayOf.get(task.arrivalBookingId) : undefined;
    const stay = task.bookingId ? stayOf.get(task.bookingId) : undefined;
    const departing = task.kind === 'departure' || task.kind === 'inspection';
    answer.push({
      id: task.id,
      date: task.date,
      kind: task.kind,
      status: task.status,
      credits: task.credits,
      room: { id: room.id, number: room.number, floor: room.floor, status: room.status },
      assignedTo: task.assignedTo,
      rush: arrival !== undefined && arrival.checkedInAt === null,
      rushBy:
        arrival !== undefined && arrival.checkedInAt === null
          ? (earlyBy.get(task.arrivalBookingId!) ?? null)
          : null,
      vip: Boolean(arrival?.vip) || (!departing && Boolean(stay?.vip)),
      checkedOut: departing ? stay?.checkedOutAt != null : false,
      // What moveTask refuses a start for, said before anyone taps Start.
      waitingFor:
        task.kind === 'departure' && task.bookingId !== null && stay?.checkedOutAt == null
          ? 'checkout'
          : task.kind === 'inspection' && task.departureStatus !== null && task.departureStatus !== 'done'
            ? 'clean'
            : null,
      startedAt: iso(task.startedAt),
      finishedAt: iso(task.finishedAt),
    });
  }
  return {
    date,
    made: days.length > 0,
    supervisor,
    tasks: answer,
    housekeepers: staff,
    minibar,
  };
}

/** What a task done makes of its room: the room's new status, from the statuses it may have. */
const ROOM_AFTER: Partial<Record<TaskKind, { to: RoomStatus; from: RoomStatus[] }>> = {
  departure: { to: 'clean', from: ['dirty'] },
  stay_over: { to: 'clean', from: ['dirty'] },
  inspection: { to: 'inspected', from: ['clean', 'dirty'] },
};

/** The task `id` with what its rules read: its stay checked out, its room's departure clean. */
async function taskWithContext(db: Db, id: number) {
  const [rows, departures, stays] = await db.batch([
    db.select().from(housekeepingTasks).where(eq(housekeepingTasks.id, id)),
    db
      .select({ status: housekeepingTasks.status })
      .from(housekeepingTasks)
      .where(
        sql`(${housekeepingTasks.date}, ${housekeepingTasks.roomId}) = (select date, room_id from housekeeping_tasks where id = ${id})
          and ${housekeepingTasks.kind} = 'departure'`,
      ),
    staysQueries(db, sql`select booking_id from housekeeping_tasks where id = ${id}`)[0],
  ]);
  const task = rows[0];
  if (!task) throw new ApiError(404, 'task_not_found');
  return { task, checkedOut: stays[0]?.checkedOutAt != null, departureStatus: departures[0]?.status ?? null };
}

export type TaskChange = { status: TaskStatus; assignedTo?: number | null };

/**
 * PATCH /api/housekeeping/tasks/:id: a task moved (started, finished, do not disturb, refused)
 * and, by a supervisor only, given to someone. A housekeeper moves only a task assigned to them
 * (another's: 404, as if it were not there). Impossible moves are 409: a done or refused task,
 * a departure clean before its guest checked out, an inspection before the clean. In ONE batch:
 * the task (only while it still is as it was read), and a departure clean or stay-over done
 * makes its dirty room clean, an inspection done makes it inspected (the desk reads the same row).
 */
export async function moveTask(db: Db, user: SessionUser, id: number, change: TaskChange, now = new Date()) {
  const supervisor = isSupervisor(user);
  const { task, checkedOut, departureStatus } = await taskWithContext(db, id);
  if (!supervisor && task.assignedTo !== user.id) throw new ApiError(404, 'task_not_found');
  if (change.assignedTo !== undefined && !supervisor) throw new ApiError(403, 'task_assign_supervisor');
  const to = change.status;
  if (to !== task.status) {
    if (!canMoveTask(task.kind, task.status, to)) throw new ApiError(409, 'task_transition');
    if (to === 'in_progress' && task.kind === 'departure' && task.bookingId !== null && !checkedOut)
      throw new ApiError(409, 'task_guest_not_out');
    if (
      to === 'in_progress' &&
      task.kind === 'inspection' &&
      departureStatus !== null &&
      departureStatus !== 'done'
    )
      throw new ApiError(409, 'task_clean_first');
  }
  let assignee: number | null | undefined = change.assignedTo;
  if (assignee != null) {
    const [person] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.id, assignee),
          inArray(users.role, ['housekeeper', 'staff', 'manager', 'admin']),
          eq(users.isDisabled, false),
        ),
      );
    if (!person) throw new ApiError(400, 'task_assignee_invalid');
  } else if (assignee === undefined) {
    assignee = task.assignedTo;
  }
  const unchanged = sql`${housekeepingTasks.id} = ${id} and ${housekeepingTasks.status} = ${task.status}
    and ${housekeepingTasks.updatedAt} = ${task.updatedAt.getTime()}`;
  const moved = to !== task.status;
  const values = {
    status: to,
    assignedTo: assignee,
    updatedAt: now,
    ...(moved && to === 'in_progress' ? { startedAt: now, finishedAt: null } : {}),
    ...(moved && to === 'pending' ? { startedAt: null } : {}),
    ...(moved && (to === 'done' || to === 'refused') ? { finishedAt: now } : {}),
  };
  const done = sql`exists (select 1 from housekeeping_tasks where id = ${id} and status = 'done' and updated_at = ${now.getTime()})`;
  const statements: BatchItem<'sqlite'>[] = [
    db.update(housekeepingTasks).set(values).where(unchanged).returning(),
  ];
  const after = ROOM_AFTER[task.kind];
  if (moved && to === 'done' && after) {
    statements.push(
      roomStatusStatement(
        db,
        task.roomId,
        { status: after.to, by: user.id, now },
        { status: after.from, when: done },
      ),
    );
  }
  if (change.assignedTo !== undefined && change.assignedTo !== task.assignedTo) {
    const changed = sql`exists (select 1 from housekeeping_tasks where id = ${id} and updated_at = ${now.getTime()})`;
    statements.push(
      insertWhere(
        db,
        auditLog,
        auditEntry(
          user,
          'housekeeping.assign',
          'housekeeping_task',
          id,
          { assignedTo: task.assignedTo },
          { assignedTo: assignee },
        ),
        changed,
      ),
    );
  }
  const [updated] = (await db.batch(statements as Batch)) as [unknown[]];
  if (updated.length === 0) throw new ApiError(409, 'task_changed');
}

/**
 * A column in a list of ids as one bound value (json_each): the board sends up to 500 rooms, and D1
 * binds at most 100 values in a statement.
 */
const inJsonList = (column: SQLiteColumn, ids: number[]) =>
  sql`${column} in (select value from json_each(${JSON.stringify(ids)}))`;

/**
 * PUT /api/housekeeping/assignments (a supervisor): a day's rooms given to housekeepers, each
 * room's cleaning tasks (departure, stay-over, turndown; inspections stay the supervisor's) to
 * its person or to nobody, in ONE batch. The people are checked: active housekeepers only.
 */
export async function assignRooms(
  db: Db,
  user: SessionUser,
  input: { date: string; rooms: { roomId: number; assignedTo: number | null }[] },
  now = new Date(),
) {
  const people = [...new Set(input.rooms.map((r) => r.assignedTo).filter((p): p is number => p !== null))];
  if (people.length) {
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inJsonList(users.id, people), eq(users.role, 'housekeeper'), eq(users.isDisabled, false)));
    if (found.length !== people.length) throw new ApiError(400, 'task_assignee_invalid');
  }
  const byPerson = new Map<number | null, number[]>();
  for (const room of input.rooms) {
    const list = byPerson.get(room.assignedTo) ?? [];
    list.push(room.roomId);
    byPerson.set(room.assignedTo, list);
  }
  const statements: BatchItem<'sqlite'>[] = [...byPerson].map(([person, roomIds]) =>
    db
      .update(housekeepingTasks)
      .set({ assignedTo: person, updatedAt: now })
      .where(
        and(
          eq(housekeepingTasks.date, input.date),
          inJsonList(housekeepingTasks.roomId, roomIds),
          inArray(housekeepingTasks.kind, ['departure', 'stay_over', 'turndown']),
        ),
      ),
  );
  statements.push(
    db.insert(auditLog).values(
      auditEntry(user, 'housekeeping.assign_rooms', 'housekeeping_day', input.date, null, {
        rooms: input.rooms.length,
        people: people.length,
      }),
    ),
  );
  await db.batch(statements as Batch);
}

/** A condition true when task `id` is still `status` (for a caller's guard). */
export const taskStatusIsSql = (id: number, statuses: TaskStatus[]): SQL =>
  rowExists(
    housekeepingTasks,
    sql`${housekeepingTasks.id} = ${id} and ${inArray(housekeepingTasks.status, statuses)}`,
  );

/** GET /api/housekeeping/settings: the hotel's rules (one row). */
export async function readSettings(db: Db): Promise<HousekeepingSettings> {
  const [row] = await db.select().from(housekeepingSettings).where(eq(housekeepingSettings.id, 1));
  return {
    stayOverEveryNights: row!.stayOverEveryNights,
    turndown: row!.turndown,
    departureCredits: row!.departureCredits,
    stayOverCredits: row!.stayOverCredits,
    inspectionCredits: row!.inspectionCredits,
    turndownCredits: row!.turndownCredits,
  };
}

/**
 * PUT /api/housekeeping/settings (managers): the rules, with their audit line, in one batch. Days
 * already made keep their tasks; the next ones (and any task a stay's change brings) follow them.
 */
export async function saveSettings(db: Db, user: SessionUser, input: HousekeepingSettings, now = new Date()) {
  const before = await readSettings(db);
  await db.batch([
    db
      .update(housekeepingSettings)
      .set({ ...input, updatedBy: user.id, updatedAt: now })
      .where(eq(housekeepingSettings.id, 1)),
    db
      .insert(auditLog)
      .values(auditEntry(user, 'housekeeping.settings', 'housekeeping_settings', 1, before, input)),
  ]);
  return readSettings(db);
}
