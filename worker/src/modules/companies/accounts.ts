import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import { commissionHundredths } from '@shared/company-schemas';
import type { CityLedgerAccount, CityLedgerAccountInput, CityLedgerAccountPatch } from '@shared/day-close';
import { ApiError } from '../../platform/api-error';
import { insertWhere } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import type { Db } from '../../platform/env';
import { auditLog } from '../../platform/tables';
import { ratePlansQuery } from '../rates';
import { cityLedgerAccounts } from './tables';

/**
 * The company accounts (decision 077): a company, a travel agent or an online travel agency, each
 * with its city-ledger account. Managers keep them; the balance is kept by migration 0059's
 * triggers with each folio transfer and company payment (the folio's), so this module never
 * writes it.
 */

type AccountRow = typeof cityLedgerAccounts.$inferSelect;

function account(row: AccountRow): CityLedgerAccount {
  return {
    id: row.id,
    name: row.name,
    vatNumber: row.vatNumber,
    address: row.address,
    creditLimitBaisa: row.creditLimitBaisa,
    balanceBaisa: row.balanceBaisa,
    active: row.active,
    kind: row.kind,
    ratePlanCodes: row.ratePlanCodes,
    commissionPercent: row.commissionHundredths === null ? null : row.commissionHundredths / 100,
    iata: row.iata,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    contactEmail: row.contactEmail,
  };
}

/** 400 unless every negotiated plan the account names is one of the hotel's plans. */
async function checkPlanCodes(db: Db, codes: readonly string[] | undefined) {
  if (!codes || codes.length === 0) return;
  const known = new Set((await ratePlansQuery(db)).map((p) => p.code));
  const unknown = codes.flatMap((c, i) => (known.has(c) ? [] : [`ratePlanCodes.${i}`]));
  if (unknown.length > 0) {
    const fields = Object.fromEntries(
      ['ratePlanCodes', ...unknown].map((f) => [f, 'city_ledger_plan_unknown']),
    );
    throw new ApiError(400, 'validation_failed', fields);
  }
}

/** The columns an account's input becomes: the percentage as hundredths. */
function accountColumns<T extends Partial<CityLedgerAccountInput>>({
  commissionPercent,
  ...rest
}: T): Omit<T, 'commissionPercent'> & { commissionHundredths?: number | null } {
  return {
    ...rest,
    ...(commissionPercent !== undefined && { commissionHundredths: commissionHundredths(commissionPercent) }),
  };
}

/** The accounts, open ones first, by name (a hotel has tens of them, not thousands: bounded by a page). */
export async function listCityLedgerAccounts(db: Db): Promise<CityLedgerAccount[]> {
  const rows = await db
    .select()
    .from(cityLedgerAccounts)
    .orderBy(desc(cityLedgerAccounts.active), asc(cityLedgerAccounts.name), asc(cityLedgerAccounts.id))
    .limit(500);
  return rows.map(account);
}

async function findAccount(db: Db, id: number): Promise<AccountRow> {
  const row = await db.select().from(cityLedgerAccounts).where(eq(cityLedgerAccounts.id, id)).get();
  if (!row) throw new ApiError(404, 'city_ledger_not_found');
  return row;
}

/** Account `id` as the API shows it (its balance included); 404 `city_ledger_not_found` if none. */
export async function findCityLedgerAccount(db: Db, id: number): Promise<CityLedgerAccount> {
  return account(await findAccount(db, id));
}

/** A travel agent's account as its commission is reckoned: its name, IATA code and commission. */
export type TravelAgent = { id: number; name: string; iata: string; commissionHundredths: number | null };

/**
 * The travel agents asked for: one (404 for an id that is no travel agent's account) or every
 * agent, by name (a hotel has tens of them: bounded).
 */
export async function travelAgentsAsked(db: Db, travelAgentId: number | undefined): Promise<TravelAgent[]> {
  const a = cityLedgerAccounts;
  const rows = await db
    .select({ id: a.id, name: a.name, iata: a.iata, commissionHundredths: a.commissionHundredths })
    .from(a)
    .where(
      travelAgentId === undefined
        ? eq(a.kind, 'travel_agent')
        : and(eq(a.kind, 'travel_agent'), eq(a.id, travelAgentId)),
    )
    .orderBy(asc(a.name), asc(a.id))
    .limit(500);
  if (travelAgentId !== undefined && rows.length === 0) throw new ApiError(404, 'city_ledger_not_found');
  return rows;
}

export async function createCityLedgerAccount(db: Db, user: SessionUser, input: CityLedgerAccountInput) {
  await checkPlanCodes(db, input.ratePlanCodes);
  const [rows] = await db.batch([
    db.insert(cityLedgerAccounts).values(accountColumns(input)).returning(),
    // The new account's id: the batch's insert just before, in the same transaction.
    db.insert(auditLog).values({
      ...auditEntry(user, 'city_ledger.create', 'city_ledger_account', null, null, input),
      entityId: sql`(select cast(max(id) as text) from ${cityLedgerAccounts})`,
    }),
  ]);
  return account(rows[0]!);
}

export async function updateCityLedgerAccount(
  db: Db,
  user: SessionUser,
  id: number,
  patch: CityLedgerAccountPatch,
) {
  const before = await findAccount(db, id);
  await checkPlanCodes(db, patch.ratePlanCodes);
  // An online travel agency's account stays one (the channel opened it for the stays it collects).
  if (before.kind === 'ota' && patch.kind !== undefined) {
    throw new ApiError(400, 'validation_failed', { kind: 'city_ledger_ota_kind_fixed' });
  }
  const kind = patch.kind ?? before.kind;
  if (kind !== 'travel_agent' && patch.commissionPercent != null) {
    throw new ApiError(400, 'validation_failed', { commissionPercent: 'city_ledger_commission_agents_only' });
  }
  // An agent made a company earns no commission any more.
  const columns = accountColumns(
    kind === 'company' && before.commissionHundredths !== null
      ? { ...patch, commissionPercent: null }
      : patch,
  );
  const changed = Object.fromEntries(
    Object.entries(columns).filter(
      ([k, v]) => v !== undefined && JSON.stringify(before[k as keyof AccountRow]) !== JSON.stringify(v),
    ),
  ) as Partial<AccountRow>;
  if (Object.keys(changed).length === 0) return account(before);
  const was = Object.fromEntries(Object.keys(changed).map((k) => [k, before[k as keyof AccountRow]]));
  const [rows] = await db.batch([
    db
      .update(cityLedgerAccounts)
      .set({ ...changed, updatedAt: new Date() })
      .where(eq(cityLedgerAccounts.id, id))
      .returning(),
    db
      .insert(auditLog)
      .values(auditEntry(user, 'city_ledger.update', 'city_ledger_account', id, was, changed)),
  ]);
  return account(rows[0]!);
}

/**
 * A demo account (the seed, worker/src/seed): inserted once, found by its name, never over what
 * a manager changed since.
 */
export async function seedCityLedgerAccount(db: Db, values: typeof cityLedgerAccounts.$inferInsert) {
  const found = await db
    .select({ id: cityLedgerAccounts.id })
    .from(cityLedgerAccounts)
    .where(eq(cityLedgerAccounts.name, values.name))
    .get();
  if (!found) await db.insert(cityLedgerAccounts).values(values);
}

/**
 * Company account `id`, if it exists: `[{ id, name, kind }]` or `[]` (a query to put in a batch;
 * along its key). An `ota` account takes only the stays its OTA collects.
 *
 * @example
 * const [account] = await db.batch([cityLedgerAccountQuery(db, 3)]);
 * if (account.length === 0) throw new ApiError(404, 'city_ledger_not_found');
 */
export function cityLedgerAccountQuery(db: Db, id: number) {
  return db
    .select({ id: cityLedgerAccounts.id, name: cityLedgerAccounts.name, kind: cityLedgerAccounts.kind })
    .from(cityLedgerAccounts)
    .where(eq(cityLedgerAccounts.id, id));
}

/**
 * The accounts `ids` a booking names (its company, its travel agent), with what a booking checks:
 * kind, whether open (`active`, 0 or 1) and the negotiated plans as stored (`rate_plan_codes`, a
 * JSON list as text); along the key.
 *
 * @example const rows = await tradeAccountsQuery(db, [3, 5]);
 */
export function tradeAccountsQuery(db: Db, ids: number[]) {
  return db
    .select({
      id: cityLedgerAccounts.id,
      kind: cityLedgerAccounts.kind,
      active: sql<number>`${cityLedgerAccounts.active}`,
      rate_plan_codes: sql<string>`${cityLedgerAccounts.ratePlanCodes}`,
    })
    .from(cityLedgerAccounts)
    .where(inArray(cityLedgerAccounts.id, ids));
}

/**
 * The open account of an OTA (kind `ota`; its name, as a channel booking's `source`, in any case),
 * the oldest of that name: where an OTA-collect stay's balance goes at check-out.
 *
 * @example
 * const account = await otaCityLedgerAccountQuery(db, 'booking.com').get(); // { id: 4 } or undefined
 */
export function otaCityLedgerAccountQuery(db: Db, otaName: string) {
  return db
    .select({ id: cityLedgerAccounts.id })
    .from(cityLedgerAccounts)
    .where(
      and(
        eq(cityLedgerAccounts.kind, 'ota'),
        sql`lower(${cityLedgerAccounts.name}) = lower(${otaName})`,
        eq(cityLedgerAccounts.active, true),
      ),
    )
    .orderBy(cityLedgerAccounts.id)
    .limit(1);
}

/**
 * Opens the account of an OTA (kind `ota`, named as the OTA, no credit limit) unless one of that
 * name exists, open or closed: for the batch that takes the OTA's first booking whose money it
 * collects, so its balance has somewhere to go at check-out. Managers complete it (VAT number,
 * address). It is no company: no booking, group or other guest's bill may name it.
 */
export function openOtaCityLedgerAccountStatement(db: Db, otaName: string) {
  return insertWhere(
    db,
    cityLedgerAccounts,
    { name: otaName, kind: 'ota' },
    sql`not exists (select 1 from ${cityLedgerAccounts} where ${cityLedgerAccounts.kind} = 'ota'
      and lower(${cityLedgerAccounts.name}) = lower(${otaName}))`,
  );
}
