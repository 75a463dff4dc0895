import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import { nightsBetween } from '@shared/money';
import type { PriceLimit, PriceLocks, PriceSettings, PriceSettingsUpdate } from '@shared/revenue-prices';
import { ApiError } from '../../platform/api-error';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/env';
import { roomTypesQuery } from '../catalog';
import { runBatch, type Statement } from './d1-batch';
import { revenueApplied, revenueLimits, revenueLocks, revenueSettings } from './tables';

/**
 * The price suggestions' settings and the nights locked (docs/decisions/101): GET and PUT
 * /api/admin/revenue/settings, PUT /api/admin/revenue/locks. Every change with its audit line in
 * one batch.
 */

/** The settings row and the limits (a handful of rows): for a caller's batch. */
export const settingsQueries = (db: Db) =>
  [
    db.select().from(revenueSettings).where(eq(revenueSettings.id, 1)),
    db
      .select()
      .from(revenueLimits)
      .orderBy(
        asc(revenueLimits.roomType),
        asc(sql`coalesce(${revenueLimits.fromDate}, '')`),
        asc(revenueLimits.id),
      ),
  ] as const;

export function toSettings(
  rows: Awaited<ReturnType<typeof settingsQueries>[0]>,
  limits: Awaited<ReturnType<typeof settingsQueries>[1]>,
): PriceSettings {
  const row = rows[0];
  return {
    targetOccupancyPercent: row?.targetOccupancyPercent ?? 80,
    thresholdPercent: row?.thresholdPercent ?? 2,
    stepCapPercent: row?.stepCapPercent ?? 30,
    priceStepBaisa: row?.priceStepBaisa ?? 500,
    autopilot: row?.autopilot ?? false,
    limits: limits.map((l): PriceLimit => ({
      roomType: l.roomType,
      from: l.fromDate,
      to: l.toDate,
      floorBaisa: l.floorBaisa,
      ceilingBaisa: l.ceilingBaisa,
    })),
    updatedAt: row?.updatedAt ? row.updatedAt.toISOString() : null,
  };
}

/** GET /api/admin/revenue/settings. */
export async function readPriceSettings(db: Db): Promise<PriceSettings> {
  const [rows, limits] = await db.batch(settingsQueries(db));
  return toSettings(rows, limits);
}

/** The limit in force on a night for a room type: its season's, else its all-year one. */
export function limitOn(limits: PriceLimit[], roomType: string, night: string): PriceLimit | null {
  let all: PriceLimit | null = null;
  for (const l of limits) {
    if (l.roomType !== roomType) continue;
    if (l.from === null) all = l;
    else if (l.from <= night && l.to! >= night) return l;
  }
  return all;
}

/**
 * PUT /api/admin/revenue/settings: the fields given (`limits` the whole list), each limit's room
 * type one of the hotel's (400 `invalid_room_type` with its place), the audit line with before and
 * after, ONE batch.
 */
export async function savePriceSettings(
  db: Db,
  actor: SessionUser,
  update: PriceSettingsUpdate,
): Promise<PriceSettings> {
  const [[rows, limitRows], types] = await Promise.all([db.batch(settingsQueries(db)), roomTypesQuery(db)]);
  const before = toSettings(rows, limitRows);
  if (update.limits) {
    const known = new Set(types.map((t) => t.roomType));
    const unknown = update.limits.findIndex((l) => !known.has(l.roomType));
    if (unknown >= 0)
      throw new ApiError(400, 'validation_failed', { [`limits.${unknown}.roomType`]: 'invalid_room_type' });
  }
  const { limits, ...values } = update;
  const statements: Statement[] = [
    db
      .update(revenueSettings)
      .set({ ...values, updatedBy: actor.id, updatedAt: new Date() })
      .where(eq(revenueSettings.id, 1)),
  ];
  if (limits) {
    statements.push(db.delete(revenueLimits));
    if (limits.length)
      statements.push(
        db.insert(revenueLimits).values(
          limits.map((l) => ({
            roomType: l.roomType,
            fromDate: l.from,
            toDate: l.to,
            floorBaisa: l.floorBaisa,
            ceilingBaisa: l.ceilingBaisa,
          })),
        ),
      );
  }
  statements.push(audit(db, actor, 'revenue.settings_update', 'revenue_settings', 1, before, update));
  await runBatch(db, statements);
  return readPriceSettings(db);
}

/** The nights of the window a manager locked, and the suggestions applied there (along their keys). */
export const windowQueries = (db: Db, from: string, to: string) =>
  [
    db
      .select({ night: revenueLocks.night, roomType: revenueLocks.roomType })
      .from(revenueLocks)
      .where(and(gte(revenueLocks.night, from), lte(revenueLocks.night, to))),
    db
      .select()
      .from(revenueApplied)
      .where(and(gte(revenueApplied.night, from), lte(revenueApplied.night, to))),
  ] as const;

/**
 * PUT /api/admin/revenue/locks: the nights `from`..`to` of the room types locked (or unlocked).
 * Unlocking also forgets the suggestions applied there, so the price the night has then is its
 * base again (a price typed by hand locks a night the ladder had priced). One batch with its audit
 * line; answers the nights (dates) changed.
 */
export async function saveLocks(db: Db, actor: SessionUser, body: PriceLocks): Promise<{ nights: number }> {
  const types = await roomTypesQuery(db);
  const known = new Set(types.map((t) => t.roomType));
  if (body.roomTypes.some((t) => !known.has(t)))
    throw new ApiError(400, 'validation_failed', { roomTypes: 'invalid_room_type' });
  const list = JSON.stringify(body.roomTypes);
  const statements: Statement[] = body.locked
    ? [
        sql`with recursive nights(night) as (
              select ${body.from} union all select date(night, '+1 day') from nights where night < ${body.to}
            )
            insert into revenue_locks (night, room_type)
            select night, value from nights, json_each(${list}) where true
            on conflict (night, room_type) do nothing`,
      ]
    : [
        db
          .delete(revenueLocks)
          .where(
            and(
              gte(revenueLocks.night, body.from),
              lte(revenueLocks.night, body.to),
              inArray(revenueLocks.roomType, body.roomTypes),
            ),
          ),
        db
          .delete(revenueApplied)
          .where(
            and(
              gte(revenueApplied.night, body.from),
              lte(revenueApplied.night, body.to),
              inArray(revenueApplied.roomType, body.roomTypes),
            ),
          ),
      ];
  statements.push(
    audit(db, actor, body.locked ? 'revenue.lock' : 'revenue.unlock', 'revenue_locks', null, null, body),
  );
  await runBatch(db, statements);
  return { nights: nightsBetween(body.from, body.to) + 1 };
}
