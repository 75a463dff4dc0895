import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '@shared/auth-schemas';
import { addDays, hotelToday } from '@shared/dates';
import {
  GROUP_RULES,
  type CreateGroupInput,
  type GroupDetail,
  type GroupList,
  type GroupNight,
  type GroupRoomsLine,
  type GroupSummary,
  type UpdateGroupInput,
} from '@shared/group-schemas';
import { ApiError } from '../../platform/api-error';
import { auditEntry } from '../../platform/audit';
import type { Db } from '../../platform/env';
import { auditLog } from '../../platform/tables';
import { groupStays } from '../bookings';
import { nightlyAvailability } from '../inventory';
import { roomTypesQuery } from '../catalog';
import { companyNameSql, companyProfileQuery } from '../companies';
import { groupFolioHasLinesSql } from '../folio';
import { ratePlansQuery } from '../rates';
import { cancelGroupStaysStatements } from './group-stays';
import { assertPlanSellsLines } from './plan-lines';
import { groupBlockNights, groupBlocks, type GroupBlock } from './tables';

/**
 * Group blocks (docs/decisions/075-group-blocks.md): rooms of a type held each night out of
 * general sale and the channel's, for a company's delegation, a wedding or a tour. The holds are
 * `group_block_nights.held`; the members' nights (booking_nights with the block's `group_id`)
 * are taken from them. Migration 0072's triggers are the judge: a hold never takes a room sold
 * or out of order, never drops below what is picked up, and a member never exceeds its block.
 * Every write is ONE batch with its audit line.
 */

/** The most type-and-night cells one block holds (rows of group_block_nights). */
const MAX_CELLS = GROUP_RULES.nightsMax * 10;
/** D1 binds at most 100 parameters per statement; a hold row takes 4. */
const ROWS_PER_STATEMENT = 24;

/** The company's name and negotiated plans (the city-ledger account), or none. */
export const companyOf = companyProfileQuery;

/** The held count of every type and night the lines name (a later line wins over an earlier one). */
function cellsOf(lines: GroupRoomsLine[]): Map<string, { roomType: string; night: string; held: number }> {
  const cells = new Map<string, { roomType: string; night: string; held: number }>();
  for (const line of lines) {
    for (let night = line.from; night <= line.to; night = addDays(night, 1)) {
      cells.set(`${line.roomType}|${night}`, { roomType: line.roomType, night, held: line.count });
    }
  }
  if (cells.size > MAX_CELLS) throw new ApiError(400, 'validation_failed', { rooms: 'group_rooms_too_many' });
  return cells;
}

/** Whether a line asks more of a type on some night than the block holds there now (`held`). */
function raisesHold(line: GroupRoomsLine, held: Map<string, number>) {
  for (let night = line.from; night <= line.to; night = addDays(night, 1)) {
    if (line.count > (held.get(`${line.roomType}|${night}`) ?? 0)) return true;
  }
  return false;
}

/**
 * 400 unless the plan, the room types and the company are the hotel's, and the dates are sane. A
 * retired room type is held no more than the block already holds of it (400 `room_type_retired`:
 * freeing its rooms is allowed). A private plan is the plan of a company that has it: a block on
 * one without such a company could never book its rooming list (400 `group_plan_needs_company`).
 */
async function checkBlockInput(
  db: Db,
  input: { ratePlan: string; companyId?: number | null; rooms?: GroupRoomsLine[]; releaseDate?: string },
  existing?: {
    firstNight: string | null;
    lastNight: string | null;
    held: Map<string, number>;
    companyId: number | null;
  },
) {
  const fields: Record<string, string> = {};
  // The plan is read when it is given (a new block) or its company changes (a change).
  const planRead = !existing || input.companyId !== undefined;
  const [plans, types] = await Promise.all([
    planRead ? ratePlansQuery(db) : Promise.resolve([]),
    input.rooms ? roomTypesQuery(db) : Promise.resolve([]),
  ]);
  const plan = plans.find((p) => p.code === input.ratePlan);
  if (planRead && !plan) fields.ratePlan = 'rate_plan_unknown';
  const today = hotelToday();
  const byCode = new Map(types.map((t) => [t.roomType, t]));
  for (const [i, line] of (input.rooms ?? []).entries()) {
    const type = byCode.get(line.roomType);
    if (!type) fields[`rooms.${i}.roomType`] = 'invalid_room_type';
    else if (!type.available && raisesHold(line, existing?.held ?? new Map()))
      fields[`rooms.${i}.roomType`] = 'room_type_retired';
    if (line.from < today) fields[`rooms.${i}.from`] = 'check_in_past';
  }
  const nights = (input.rooms ?? []).flatMap((l) => [l.from, l.to]);
  if (existing?.firstNight) nights.push(existing.firstNight);
  if (existing?.lastNight) nights.push(existing.lastNight);
  const last = nights.length ? nights.reduce((a, b) => (a > b ? a : b)) : null;
  if (input.releaseDate !== undefined) {
    // The release date is the day close that gives back what is not picked up: not in the past,
    // not after the block's last night.
    if (input.releaseDate < today || (last !== null && input.releaseDate > last))
      fields.releaseDate = 'group_dates_invalid';
  }
  if (Object.keys(fields).length) {
    // A retired type alone is said as such; with other faults, the fields name each.
    const retired = Object.values(fields).every((code) => code === 'room_type_retired');
    throw new ApiError(400, retired ? 'room_type_retired' : 'validation_failed', fields);
  }
  const companyId = input.companyId === undefined ? (existing?.companyId ?? null) : input.companyId;
  const privatePlan = plan !== undefined && !plan.public;
  // The company is read when one is named, or when the plan is private (whose company must have it).
  const company = companyId && (input.companyId || privatePlan) ? await companyOf(db, companyId) : null;
  if (input.companyId && !company) throw new ApiError(404, 'group_company_not_found');
  // An online travel agency's account takes only the stays that OTA collects: no group's company.
  if (input.companyId && company?.kind === 'ota')
    throw new ApiError(400, 'validation_failed', { companyId: 'city_ledger_account_is_ota' });
  if (privatePlan && !company?.ratePlanCodes.includes(plan.code))
    throw new ApiError(400, 'group_plan_needs_company', { companyId: 'group_plan_needs_company' });
}

type Cell = { roomType: string; night: string; held: number };

/**
 * The nights of `cells` whose hold does not fit what is for sale (plus what the block already
 * holds there), each with the rooms free to it, read as the calendar reads them.
 */
async function shortNights(db: Db, cells: Cell[], existing: Map<string, number>) {
  const byType = new Map<string, Cell[]>();
  for (const c of cells) byType.set(c.roomType, [...(byType.get(c.roomType) ?? []), c]);
  const short: { roomType: string; date: string; free: number }[] = [];
  for (const [roomType, list] of byType) {
    const nights = list.map((c) => c.night).sort();
    const read = await nightlyAvailability(db, roomType, { from: nights[0]!, to: addDays(nights.at(-1)!, 1) })
      .then((r) => new Map(r.nights.map((n) => [n.date, n.available])))
      .catch(() => new Map<string, number>());
    for (const c of list) {
      const free = (read.get(c.night) ?? 0) + (existing.get(`${c.roomType}|${c.night}`) ?? 0);
      if (c.held > free) short.push({ roomType, date: c.night, free });
    }
  }
  return short;
}

/** What the database refused in a block's batch, as the API says it (the nights short named). */
async function blockRefusal(
  db: Db,
  err: unknown,
  cells: Cell[],
  existing = new Map<string, number>(),
): Promise<ApiError | null> {
  const text = String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? '');
  if (text.includes('block_over_allotment'))
    return new ApiError(409, 'block_over_allotment', undefined, {
      nights: await shortNights(db, cells, existing),
    });
  if (text.includes('group_held_below_picked_up')) return new ApiError(409, 'group_held_below_picked_up');
  return null;
}

function holdRows(
  db: Db,
  groupId: number | SQL,
  cells: { roomType: string; night: string; held: number }[],
): BatchItem<'sqlite'>[] {
  const statements: BatchItem<'sqlite'>[] = [];
  for (let i = 0; i < cells.length; i += ROWS_PER_STATEMENT) {
    statements.push(
      db
        .insert(groupBlockNights)
        .values(cells.slice(i, i + ROWS_PER_STATEMENT).map((c) => ({ groupId, ...c }))),
    );
  }
  return statements;
}

/** The block just inserted in the same batch (D1 runs a batch as one transaction, alone). */
const NEW_GROUP_ID = sql`(select max(id) from group_blocks)`;

/** POST /api/admin/groups: the block and its holds in one batch (409 when the rooms are not free). */
export async function createGroup(db: Db, staff: SessionUser, input: CreateGroupInput): Promise<GroupDetail> {
  await checkBlockInput(db, input);
  await assertPlanSellsLines(db, input.ratePlan, input.rooms);
  const cells = [...cellsOf(input.rooms).values()].filter((c) => c.held > 0);
  const last = input.rooms.map((l) => l.to).reduce((a, b) => (a > b ? a : b));
  if (input.releaseDate > last)
    throw new ApiError(400, 'validation_failed', { releaseDate: 'group_dates_invalid' });
  const block = {
    name: input.name,
    companyId: input.companyId ?? null,
    ratePlan: input.ratePlan,
    status: input.status,
    releaseDate: input.releaseDate,
    billing: input.billing,
    createdBy: staff.id,
  };
  let created: { id: number } | undefined;
  try {
    const [inserted] = await db.batch([
      db.insert(groupBlocks).values(block).returning({ id: groupBlocks.id }),
      ...holdRows(db, NEW_GROUP_ID, cells),
      db.insert(auditLog).values({
        ...auditEntry(staff, 'group.create', 'group', null, null, { ...block, rooms: input.rooms }),
        entityId: sql`cast(${NEW_GROUP_ID} as text)`,
      }),
    ]);
    created = inserted[0];
  } catch (err) {
    throw (await blockRefusal(db, err, cells)) ?? err;
  }
  return groupDetail(db, created!.id);
}

const summarySelect = {
  id: groupBlocks.id,
  name: groupBlocks.name,
  companyId: groupBlocks.companyId,
  companyName: companyNameSql(groupBlocks.companyId),
  ratePlan: groupBlocks.ratePlan,
  status: groupBlocks.status,
  releaseDate: groupBlocks.releaseDate,
  billing: groupBlocks.billing,
  releasedAt: groupBlocks.releasedAt,
  cancelledAt: groupBlocks.cancelledAt,
};

type SummaryRow = {
  [K in keyof typeof summarySelect]: K extends 'companyName'
    ? string | null
    : GroupBlock[K & keyof GroupBlock];
};

function summary(row: SummaryRow): GroupSummary {
  return {
    ...row,
    releasedAt: row.releasedAt ? row.releasedAt.toISOString() : null,
    cancelledAt: row.cancelledAt ? row.cancelledAt.toISOString() : null,
  };
}

/** The block or 404. */
export async function findGroup(db: Db, id: number): Promise<GroupBlock> {
  const row = await db.select().from(groupBlocks).where(eq(groupBlocks.id, id)).get();
  if (!row) throw new ApiError(404, 'group_not_found');
  return row;
}

/** GET /api/admin/groups/:id: the block, each night's held and picked up, its members. */
export async function groupDetail(db: Db, id: number): Promise<GroupDetail> {
  const [[row], holds, pickups, members] = await db.batch([
    db.select(summarySelect).from(groupBlocks).where(eq(groupBlocks.id, id)),
    db
      .select({
        roomType: groupBlockNights.roomType,
        night: groupBlockNights.night,
        held: groupBlockNights.held,
      })
      .from(groupBlockNights)
      .where(eq(groupBlockNights.groupId, id)),
    groupStays.groupPickupQuery(db, id),
    groupStays.groupMembersQuery(db, id),
  ]);
  if (!row) throw new ApiError(404, 'group_not_found');
  const nights = new Map<string, GroupNight>();
  for (const h of holds)
    nights.set(`${h.roomType}|${h.night}`, {
      date: h.night,
      roomType: h.roomType,
      held: h.held,
      pickedUp: 0,
    });
  for (const p of pickups) {
    const key = `${p.roomType}|${p.night}`;
    const night = nights.get(key) ?? { date: p.night, roomType: p.roomType, held: 0, pickedUp: 0 };
    night.pickedUp = p.pickedUp;
    nights.set(key, night);
  }
  return {
    group: summary(row as SummaryRow),
    nights: [...nights.values()]
      .filter((n) => n.held > 0 || n.pickedUp > 0)
      .sort((a, b) => a.date.localeCompare(b.date) || a.roomType.localeCompare(b.roomType)),
    members,
  };
}

/** The page size of GET /api/admin/groups. */
const PAGE = 50;

/** GET /api/admin/groups: the newest first, with each block's first and last night and totals. */
export async function listGroups(
  db: Db,
  query: { page: number; status?: 'open' | 'tentative' | 'definite' | 'cancelled' },
): Promise<GroupList> {
  const where =
    query.status === 'open'
      ? and(isNull(groupBlocks.releasedAt), isNull(groupBlocks.cancelledAt))
      : query.status
        ? eq(groupBlocks.status, query.status)
        : undefined;
  const rows = await db
    .select({
      ...summarySelect,
      firstNight: sql<
        string | null
      >`(select min(night) from group_block_nights n where n.group_id = ${groupBlocks.id})`,
      lastNight: sql<
        string | null
      >`(select max(night) from group_block_nights n where n.group_id = ${groupBlocks.id})`,
      held: sql<number>`(select coalesce(sum(held), 0) from group_block_nights n where n.group_id = ${groupBlocks.id})`,
      pickedUp: groupStays.pickedUpTotalSql(groupBlocks.id),
    })
    .from(groupBlocks)
    .where(where)
    .orderBy(desc(groupBlocks.id))
    .limit(PAGE + 1)
    .offset((query.page - 1) * PAGE);
  return {
    groups: rows.slice(0, PAGE).map((r) => ({
      ...summary(r as SummaryRow),
      firstNight: r.firstNight,
      lastNight: r.lastNight,
      held: Number(r.held),
      pickedUp: Number(r.pickedUp),
    })),
    page: query.page,
    hasMore: rows.length > PAGE,
  };
}

/** 409 when the block holds no more (cancelled or released). */
export function assertOpen(block: GroupBlock) {
  if (block.cancelledAt || block.releasedAt || block.status === 'cancelled')
    throw new ApiError(409, 'group_closed');
}

/**
 * PATCH /api/admin/groups/:id: the fields given; `rooms` lines set the held count of their types
 * and nights (never below what is picked up: 409 `group_held_below_picked_up`; a raise that does
 * not fit what is for sale: 409 `block_over_allotment`). One batch with the audit line.
 */
export async function updateGroup(
  db: Db,
  staff: SessionUser,
  id: number,
  input: UpdateGroupInput,
): Promise<GroupDetail> {
  const block = await findGroup(db, id);
  if (input.rooms?.length || input.status) assertOpen(block);
  const [holds, pickups] = await db.batch([
    db.select().from(groupBlockNights).where(eq(groupBlockNights.groupId, id)),
    groupStays.groupPickupQuery(db, id),
  ]);
  const nights = holds.map((h) => h.night).sort();
  await checkBlockInput(
    db,
    {
      ratePlan: block.ratePlan,
      companyId: input.companyId,
      rooms: input.rooms,
      releaseDate: input.releaseDate,
    },
    {
      firstNight: nights[0] ?? null,
      lastNight: nights.at(-1) ?? null,
      held: new Map(holds.map((h) => [`${h.roomType}|${h.night}`, h.held])),
      companyId: block.companyId,
    },
  );
  if (input.rooms)
    await assertPlanSellsLines(
      db,
      block.ratePlan,
      input.rooms,
      new Map(holds.map((h) => [`${h.roomType}|${h.night}`, h.held])),
    );
  const cells = input.rooms ? [...cellsOf(input.rooms).values()] : [];
  const existing = new Map(holds.map((h) => [`${h.roomType}|${h.night}`, h]));
  const picked = new Map(pickups.map((p) => [`${p.roomType}|${p.night}`, p.pickedUp]));
  const below = cells.filter((c) => c.held < (picked.get(`${c.roomType}|${c.night}`) ?? 0));
  if (below.length) throw new ApiError(409, 'group_held_below_picked_up');
  const changed = cells.filter((c) => existing.get(`${c.roomType}|${c.night}`)?.held !== c.held);
  const updates = changed.filter((c) => existing.has(`${c.roomType}|${c.night}`));
  const inserts = changed.filter((c) => !existing.has(`${c.roomType}|${c.night}`) && c.held > 0);
  const set = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.companyId !== undefined && { companyId: input.companyId }),
    ...(input.status !== undefined && { status: input.status }),
    ...(input.releaseDate !== undefined && { releaseDate: input.releaseDate }),
    ...(input.billing !== undefined && { billing: input.billing }),
    updatedAt: new Date(),
  };
  // A master-billed block whose folio has charges keeps its billing (they are the group's to pay):
  // refused before the batch, and the billing's change guarded in it too (a line posted meanwhile).
  const unbilling = block.billing === 'master' && input.billing === 'individual';
  const locked = unbilling ? sql`not ${groupFolioHasLinesSql(id)}` : undefined;
  if (unbilling && (await db.get<{ has: number }>(sql`select ${groupFolioHasLinesSql(id)} as has`))?.has)
    throw new ApiError(409, 'group_billing_locked');
  let saved: unknown[] = [];
  try {
    [saved] = await db.batch([
      db
        .update(groupBlocks)
        .set(set)
        .where(and(eq(groupBlocks.id, id), locked))
        .returning({ id: groupBlocks.id }),
      // Lowered holds first, so a raise elsewhere of the same night may use what they free.
      ...updates
        .sort(
          (a, b) =>
            a.held -
            (existing.get(`${a.roomType}|${a.night}`)?.held ?? 0) -
            (b.held - (existing.get(`${b.roomType}|${b.night}`)?.held ?? 0)),
        )
        .map((c) =>
          db
            .update(groupBlockNights)
            .set({ held: c.held })
            .where(
              and(
                eq(groupBlockNights.groupId, id),
                eq(groupBlockNights.roomType, c.roomType),
                eq(groupBlockNights.night, c.night),
              ),
            ),
        ),
      ...holdRows(db, id, inserts),
      db.insert(auditLog).values(
        auditEntry(
          staff,
          'group.update',
          'group',
          id,
          {
            name: block.name,
            status: block.status,
            releaseDate: block.releaseDate,
            billing: block.billing,
          },
          { ...set, updatedAt: undefined, rooms: input.rooms },
        ),
      ),
    ]);
  } catch (err) {
    const held = new Map(holds.map((h) => [`${h.roomType}|${h.night}`, h.held]));
    throw (await blockRefusal(db, err, changed, held)) ?? err;
  }
  if (saved.length === 0) throw new ApiError(409, 'group_billing_locked');
  return groupDetail(db, id);
}

/**
 * Every night of the block held at what its members picked up (their nights stay; the rest goes
 * back to sale), for the caller's batch; only while `guard` holds.
 */
export function releaseHoldsStatement(db: Db, groupIds: SQL) {
  return db
    .update(groupBlockNights)
    .set({
      held: groupStays.pickedUpSql(
        sql.raw('group_block_nights.group_id'),
        sql.raw('group_block_nights.room_type'),
        sql.raw('group_block_nights.night'),
      ),
    })
    .where(sql`${groupBlockNights.groupId} in ${groupIds}`);
}

/** POST /api/admin/groups/:id/release: what is not picked up goes back to sale now. */
export async function releaseGroup(db: Db, staff: SessionUser, id: number): Promise<GroupDetail> {
  const block = await findGroup(db, id);
  assertOpen(block);
  const now = new Date();
  await db.batch([
    releaseHoldsStatement(db, sql`(${id})`),
    db
      .update(groupBlocks)
      .set({ releasedAt: now, updatedAt: now })
      .where(and(eq(groupBlocks.id, id), isNull(groupBlocks.releasedAt))),
    db.insert(auditLog).values(auditEntry(staff, 'group.release', 'group', id, null, { releasedAt: now })),
  ]);
  return groupDetail(db, id);
}

/**
 * Statements for the day close of `date`: every open block whose release date is `date` or
 * earlier is released (held := picked up, `released_at` set), each only if `guard` holds (the
 * close won its row). One separate hook; day-close.ts calls it in its batch.
 */
export function releaseDueGroupsStatements(
  db: Db,
  date: string,
  closedAt: number,
  guard: SQL,
): BatchItem<'sqlite'>[] {
  const due = sql`(select id from group_blocks where release_date <= ${date} and released_at is null and cancelled_at is null and ${guard})`;
  return [
    releaseHoldsStatement(db, due),
    db
      .update(groupBlocks)
      .set({ releasedAt: new Date(closedAt), updatedAt: new Date(closedAt) })
      .where(
        and(
          sql`${groupBlocks.releaseDate} <= ${date}`,
          isNull(groupBlocks.releasedAt),
          isNull(groupBlocks.cancelledAt),
          guard,
        ),
      ),
  ];
}

/**
 * POST /api/admin/groups/:id/cancel: the members not yet in house cancelled (each as staff's
 * cancellation: nights freed, notice, money rules), the holds brought down to what members in
 * house still use, the block marked cancelled, in ONE batch.
 */
export async function cancelGroup(
  db: Db,
  staff: SessionUser,
  id: number,
  reason?: string,
): Promise<GroupDetail> {
  const block = await findGroup(db, id);
  if (block.cancelledAt || block.status === 'cancelled') throw new ApiError(409, 'group_closed');
  const now = new Date();
  const stays = await cancelGroupStaysStatements(db, id, staff, reason ?? 'group_cancelled');
  await db.batch([
    ...(stays as [BatchItem<'sqlite'>]),
    releaseHoldsStatement(db, sql`(${id})`),
    db
      .update(groupBlocks)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(and(eq(groupBlocks.id, id), isNull(groupBlocks.cancelledAt))),
    db
      .insert(auditLog)
      .values(
        auditEntry(
          staff,
          'group.cancel',
          'group',
          id,
          { status: block.status },
          { status: 'cancelled', reason },
        ),
      ),
  ]);
  return groupDetail(db, id);
}
