import { eq } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import type { RatePlanCreate, RatePlanPatch } from '@shared/rate-schemas';
import { planChain, STANDARD_RATE_PLAN, type RatePlan } from '@shared/rates';
import { ApiError } from '../../platform/api-error';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/env';
import { roomTypesQuery } from '../catalog';
import { plansByCode, ratePlansQuery, toRatePlan } from './pricing';
import { ratePlans, type RatePlanRow } from './tables';

/**
 * Rate plans as staff see and admins change them (/api/admin/rate-plans; decision
 * 064). The rules:
 *
 * - a parent must exist, and a chain of parents never comes back to a plan (`rate_plan_loop`,
 *   judged by `planChain` on every plan with the change applied);
 * - a percentage on the parent only with a parent (0 when a parent is named without one);
 * - plan `standard` is never retired, never follows a parent and is always cancellable free
 *   until some hours before arrival: those hours ARE the site's free-cancellation hours, and
 *   triggers write either with the other in the same statement (migrations/0056_standard_hours.sql);
 * - a plan other active plans follow is not retired (`rate_plan_in_use`);
 * - no two active plans share a name in either language, case and spaces aside
 *   (`rate_plan_name_taken`; unique indexes of migration 0064 hold it under races);
 * - a plan sells room types the hotel has (its data, migration 0065; a retired one may stay):
 *   400 `rate_plan_room_types_invalid` for a code no type has.
 *
 * Each write and its audit line are one D1 batch.
 */

/** A plan as the admin API answers it: the rule's plan and its place in the list. */
export type AdminRatePlan = RatePlan & { sortOrder: number };

const toAdminPlan = (row: RatePlanRow): AdminRatePlan => ({ ...toRatePlan(row), sortOrder: row.sortOrder });

/** Standard first, then the order staff set, then by code. */
function byListOrder(a: RatePlanRow, b: RatePlanRow) {
  const standard = Number(b.code === STANDARD_RATE_PLAN) - Number(a.code === STANDARD_RATE_PLAN);
  return standard || a.sortOrder - b.sortOrder || a.code.localeCompare(b.code);
}

/** Every plan, retired ones included (a handful of rows, one query). */
export async function listRatePlans(db: Db): Promise<AdminRatePlan[]> {
  return (await ratePlansQuery(db)).sort(byListOrder).map(toAdminPlan);
}

/** The plan's fields as the table keeps them. */
function columns(plan: AdminRatePlan) {
  return {
    nameAr: plan.nameAr,
    nameEn: plan.nameEn,
    roomTypes: plan.roomTypes,
    breakfastIncluded: plan.breakfastIncluded,
    cancellation: plan.cancellation,
    deposit: plan.deposit,
    confirmOnDeposit: plan.confirmOnDeposit,
    parentCode: plan.parentCode,
    parentAdjustmentPercent: plan.parentAdjustmentPercent,
    active: plan.active,
    public: plan.public,
    extraGuestPriceBaisa: plan.extraGuestPriceBaisa,
    sortOrder: plan.sortOrder,
  };
}

/** The rules every saved plan keeps, judged with the change applied to all plans (`after`). */
function checkPlan(plan: AdminRatePlan, after: Map<string, RatePlan>) {
  if (plan.code === STANDARD_RATE_PLAN) {
    if (!plan.active)
      throw new ApiError(400, 'rate_plan_standard_fixed', { active: 'rate_plan_standard_fixed' });
    if (plan.parentCode !== null) {
      throw new ApiError(400, 'rate_plan_standard_fixed', { parentCode: 'rate_plan_standard_fixed' });
    }
    if (plan.cancellation.kind !== 'free_until') {
      throw new ApiError(400, 'rate_plan_standard_fixed', { cancellation: 'rate_plan_standard_fixed' });
    }
  }
  if (plan.parentCode !== null && !after.has(plan.parentCode)) {
    throw new ApiError(400, 'validation_failed', { parentCode: 'rate_plan_unknown' });
  }
  try {
    planChain(after, plan.code);
  } catch (err) {
    if (err instanceof RangeError && err.message === 'rate_plan_loop') {
      throw new ApiError(400, 'rate_plan_loop', { parentCode: 'rate_plan_loop' });
    }
    throw err;
  }
  if (!plan.active) {
    const followers = [...after.values()].filter((p) => p.active && p.parentCode === plan.code);
    if (followers.length > 0) throw new ApiError(409, 'rate_plan_in_use', { active: 'rate_plan_in_use' });
  }
}

/** The plans and the hotel's room type codes, in one round trip. */
async function plansAndTypes(db: Db) {
  const [rows, types] = await db.batch([ratePlansQuery(db), roomTypesQuery(db)]);
  return { rows, typeCodes: new Set(types.map((t) => t.roomType)) };
}

/** 400 unless every room type the plan names is one of the hotel's. */
function checkRoomTypes(roomTypes: readonly string[] | undefined, typeCodes: ReadonlySet<string>) {
  const unknown = (roomTypes ?? []).flatMap((t, i) => (typeCodes.has(t) ? [] : [`roomTypes.${i}`]));
  if (unknown.length > 0) {
    const code = 'rate_plan_room_types_invalid';
    const fields = Object.fromEntries(['roomTypes', ...unknown].map((field) => [field, code]));
    throw new ApiError(400, 'validation_failed', fields);
  }
}

function isDuplicate(error: unknown): boolean {
  const text = String((error as { cause?: unknown })?.cause ?? '') + String(error);
  return text.includes('UNIQUE constraint failed: rate_plans.code');
}

/** A name as saved: trimmed, each run of spaces (any kind) one space. */
const tidyName = (name: string) => name.replace(/\s+/gu, ' ').trim();
/** A name as compared: without case or spaces (the unique indexes of migration 0064). */
const nameKey = (name: string) => name.replace(/\s+/gu, '').toLowerCase();

/**
 * A second active plan with the same name (in either language, case and spaces aside) is
 * refused with 409 `rate_plan_name_taken` on the name's field; the index answers a race.
 */
function checkNameFree(plan: AdminRatePlan, rows: RatePlanRow[]) {
  if (!plan.active) return;
  const others = rows.filter((r) => r.active && r.code !== plan.code);
  const fields: Record<string, 'rate_plan_name_taken'> = {};
  if (others.some((r) => nameKey(r.nameAr) === nameKey(plan.nameAr))) fields.nameAr = 'rate_plan_name_taken';
  if (others.some((r) => nameKey(r.nameEn) === nameKey(plan.nameEn))) fields.nameEn = 'rate_plan_name_taken';
  if (Object.keys(fields).length > 0) throw new ApiError(409, 'rate_plan_name_taken', fields);
}

/** The name index a write hit, as the 409 the check above gives; null for any other error. */
function nameTaken(error: unknown): ApiError | null {
  const text = String((error as { cause?: unknown })?.cause ?? '') + String(error);
  if (text.includes('rate_plans_active_name_ar_idx')) {
    return new ApiError(409, 'rate_plan_name_taken', { nameAr: 'rate_plan_name_taken' });
  }
  if (text.includes('rate_plans_active_name_en_idx')) {
    return new ApiError(409, 'rate_plan_name_taken', { nameEn: 'rate_plan_name_taken' });
  }
  return null;
}

/** POST /api/admin/rate-plans: a new plan (409 `rate_plan_exists` for a code already taken). */
export async function createRatePlan(db: Db, actor: SessionUser, input: RatePlanCreate) {
  const { rows, typeCodes } = await plansAndTypes(db);
  if (rows.some((r) => r.code === input.code)) {
    throw new ApiError(409, 'rate_plan_exists', { code: 'rate_plan_exists' });
  }
  checkRoomTypes(input.roomTypes, typeCodes);
  const plan: AdminRatePlan = {
    ...input,
    nameAr: tidyName(input.nameAr),
    nameEn: tidyName(input.nameEn),
    parentAdjustmentPercent: input.parentCode === null ? null : (input.parentAdjustmentPercent ?? 0),
    sortOrder: input.sortOrder ?? Math.max(0, ...rows.map((r) => r.sortOrder)) + 1,
  };
  const after = plansByCode(rows);
  after.set(plan.code, plan);
  checkPlan(plan, after);
  checkNameFree(plan, rows);
  try {
    await db.batch([
      db.insert(ratePlans).values({ code: plan.code, ...columns(plan) }),
      audit(db, actor, 'rate_plan.created', 'rate_plan', plan.code, null, plan),
    ]);
  } catch (err) {
    // Two admins creating the same code at once: the second finds it taken.
    if (isDuplicate(err)) throw new ApiError(409, 'rate_plan_exists', { code: 'rate_plan_exists' });
    // Or two plans of the same name: the second finds the name taken.
    throw nameTaken(err) ?? err;
  }
  return plan;
}

/** PATCH /api/admin/rate-plans/:code: the fields given change (404 `rate_plan_not_found`). */
export async function updateRatePlan(db: Db, actor: SessionUser, code: string, patch: RatePlanPatch) {
  const { rows, typeCodes } = await plansAndTypes(db);
  const row = rows.find((r) => r.code === code);
  if (!row) throw new ApiError(404, 'rate_plan_not_found');
  checkRoomTypes(patch.roomTypes, typeCodes);
  const before = toAdminPlan(row);
  const { parentAdjustmentPercent, ...rest } = patch;
  const defined = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  const plan: AdminRatePlan = { ...before, ...defined };
  if (patch.nameAr !== undefined) plan.nameAr = tidyName(patch.nameAr);
  if (patch.nameEn !== undefined) plan.nameEn = tidyName(patch.nameEn);
  if (plan.parentCode === null) {
    // No parent, no percentage (a percentage given without a parent is refused by the schema
    // when the patch drops the parent, and here when the plan has none).
    if (parentAdjustmentPercent != null) {
      throw new ApiError(400, 'validation_failed', {
        parentAdjustmentPercent: 'rate_plan_adjustment_without_parent',
      });
    }
    plan.parentAdjustmentPercent = null;
  } else {
    plan.parentAdjustmentPercent = parentAdjustmentPercent ?? before.parentAdjustmentPercent ?? 0;
  }
  const after = plansByCode(rows);
  after.set(plan.code, plan);
  checkPlan(plan, after);
  checkNameFree(plan, rows);
  try {
    await db.batch([
      db
        .update(ratePlans)
        .set({ ...columns(plan), updatedAt: new Date() })
        .where(eq(ratePlans.code, code)),
      audit(db, actor, 'rate_plan.updated', 'rate_plan', code, before, plan),
    ]);
  } catch (err) {
    throw nameTaken(err) ?? err;
  }
  return plan;
}
