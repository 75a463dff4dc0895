import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import { addDays } from '@shared/dates';
import { computedEvents } from '@shared/gulf-calendar';
import {
  EVENT_RULES,
  LUNAR_EVENT_KINDS,
  type EventCreate,
  type EventUpdate,
  type RevenueEvent,
} from '@shared/revenue';
import { ApiError } from '../../platform/api-error';
import { auditEntry } from '../../platform/audit';
import type { Db } from '../../platform/env';
import { auditLog } from '../../platform/tables';
import { runBatch, type Statement } from './d1-batch';
import { revenueEventYears, revenueEvents, type RevenueEventRow } from './tables';

/**
 * The Gulf's calendar (docs/decisions/094, "The calendar"): each year's computed events
 * (shared/src/gulf-calendar.ts) are written once, the first time a year is asked for, so each has
 * an id the manager confirms, moves, renames or deletes (a year's are made once: one deleted is not
 * made again); the hotel's own events and school holidays beside them.
 */

export function eventView(row: RevenueEventRow): RevenueEvent {
  const lunar = LUNAR_EVENT_KINDS.includes(row.kind);
  return {
    id: row.id,
    kind: row.kind,
    nameAr: row.nameAr,
    nameEn: row.nameEn,
    from: row.fromDate,
    to: row.toDate,
    confirmed: row.confirmed,
    source: row.source,
    uncertaintyDays: lunar && !row.confirmed ? 1 : 0,
  };
}

/** The computed events of `years` written, for those not written yet (one read, then one batch). */
export async function ensureYears(db: Db, years: number[]): Promise<void> {
  const wanted = [...new Set(years)].filter((y) => y >= 2000 && y <= 2099);
  if (wanted.length === 0) return;
  const done = await db
    .select({ year: revenueEventYears.year })
    .from(revenueEventYears)
    .where(inArray(revenueEventYears.year, wanted));
  const missing = wanted.filter((y) => !done.some((d) => d.year === y));
  if (missing.length === 0) return;
  const statements: Statement[] = [];
  for (const year of missing) {
    const events = computedEvents(year);
    statements.push(
      db
        .insert(revenueEvents)
        .values(
          events.map((e) => ({
            kind: e.kind,
            nameAr: e.nameAr,
            nameEn: e.nameEn,
            fromDate: e.from,
            toDate: e.to,
            // A date fixed by the calendar is sure; a Hijri one waits for the moon.
            confirmed: !e.lunar && e.kind !== 'school_holiday',
            source: 'computed' as const,
            computedKey: e.key,
          })),
        )
        .onConflictDoNothing(),
      db.insert(revenueEventYears).values({ year }).onConflictDoNothing(),
    );
  }
  await runBatch(db, statements);
}

const yearsOf = (from: string, to: string) => {
  const years: number[] = [];
  for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++) years.push(y);
  return years;
};

/** The events meeting the days `from`..`to`, first first; the years' computed ones made first. */
export async function eventsBetween(db: Db, from: string, to: string): Promise<RevenueEvent[]> {
  await ensureYears(db, yearsOf(addDays(from, -EVENT_RULES.maxDays), to));
  const rows = await db
    .select()
    .from(revenueEvents)
    .where(
      and(
        gte(revenueEvents.fromDate, addDays(from, -EVENT_RULES.maxDays)),
        lte(revenueEvents.fromDate, to),
        gte(revenueEvents.toDate, from),
      ),
    )
    .orderBy(asc(revenueEvents.fromDate), asc(revenueEvents.id));
  return rows.map(eventView);
}

/** GET /api/admin/revenue/events?year: the events of a year (those meeting it). */
export const eventsOfYear = (db: Db, year: number) =>
  eventsBetween(db, `${String(year).padStart(4, '0')}-01-01`, `${String(year).padStart(4, '0')}-12-31`);

/** POST /api/admin/revenue/events: the hotel's own event, or a school holiday (confirmed: the manager set it). */
export async function createEvent(db: Db, actor: SessionUser, body: EventCreate): Promise<RevenueEvent> {
  const [[row]] = await db.batch([
    db
      .insert(revenueEvents)
      .values({
        kind: body.kind,
        nameAr: body.nameAr,
        nameEn: body.nameEn,
        fromDate: body.from,
        toDate: body.to,
        confirmed: true,
        source: 'manager',
        createdBy: actor.id,
      })
      .returning(),
    db.insert(auditLog).values(auditEntry(actor, 'revenue.event_create', 'revenue_event', null, null, body)),
  ]);
  return eventView(row!);
}

async function findEvent(db: Db, id: number): Promise<RevenueEventRow> {
  const [row] = await db.select().from(revenueEvents).where(eq(revenueEvents.id, id));
  if (!row) throw new ApiError(404, 'event_not_found');
  return row;
}

/** PUT /api/admin/revenue/events/:id: move, rename or confirm (404 `event_not_found`). */
export async function updateEvent(
  db: Db,
  actor: SessionUser,
  id: number,
  body: EventUpdate,
): Promise<RevenueEvent> {
  const before = await findEvent(db, id);
  const [[row]] = await db.batch([
    db
      .update(revenueEvents)
      .set({
        ...(body.nameAr !== undefined && { nameAr: body.nameAr }),
        ...(body.nameEn !== undefined && { nameEn: body.nameEn }),
        ...(body.from !== undefined && { fromDate: body.from }),
        ...(body.to !== undefined && { toDate: body.to }),
        ...(body.confirmed !== undefined && { confirmed: body.confirmed }),
        updatedAt: new Date(),
      })
      .where(eq(revenueEvents.id, id))
      .returning(),
    db
      .insert(auditLog)
      .values(auditEntry(actor, 'revenue.event_update', 'revenue_event', id, eventView(before), body)),
  ]);
  if (!row) throw new ApiError(404, 'event_not_found');
  return eventView(row);
}

/**
 * DELETE /api/admin/revenue/events/:id: removed (a computed one is not made again: its year's
 * events are made once, revenue_event_years).
 */
export async function deleteEvent(db: Db, actor: SessionUser, id: number): Promise<void> {
  const before = await findEvent(db, id);
  await db.batch([
    db.delete(revenueEvents).where(eq(revenueEvents.id, id)),
    db
      .insert(auditLog)
      .values(auditEntry(actor, 'revenue.event_delete', 'revenue_event', id, eventView(before), null)),
  ]);
}
