import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { CityLedgerKind } from '@shared/company-schemas';
import type { Db } from '../../platform/env';
import { cityLedgerAccounts } from './tables';

/**
 * What other modules read of a company's account (its city-ledger account): its name and the
 * negotiated plans it may book, what an invoice names of it. The groups, the reports and the folio
 * ask here rather than naming the table.
 */

/** A company's name and negotiated plans, or null when no account has that id. */
export async function companyProfileQuery(
  db: Db,
  id: number,
): Promise<{ id: number; name: string; kind: CityLedgerKind; ratePlanCodes: string[] } | null> {
  const [row] = await db
    .select({
      id: cityLedgerAccounts.id,
      name: cityLedgerAccounts.name,
      kind: cityLedgerAccounts.kind,
      plans: cityLedgerAccounts.ratePlanCodes,
    })
    .from(cityLedgerAccounts)
    .where(eq(cityLedgerAccounts.id, id));
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    ratePlanCodes: Array.isArray(row.plans) ? row.plans.map(String) : [],
  };
}

/** The names of the accounts with these ids (the few a screen shows), by id. */
export async function companyNamesQuery(db: Db, ids: number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id) => id > 0))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: cityLedgerAccounts.id, name: cityLedgerAccounts.name })
    .from(cityLedgerAccounts)
    .where(inArray(cityLedgerAccounts.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * A subquery for the name of the account `id` names (null: none), for another module's select.
 * The table is aliased and its columns written out, so the outer column stays the outer one.
 */
export function companyNameSql(id: AnySQLiteColumn | SQL): SQL<string | null> {
  return sql<string | null>`(select cla.name from city_ledger_accounts cla where cla.id = ${id})`;
}

/**
 * What the city ledger is owed now, every account's balance summed (baisa; 0 with no account), as a
 * scalar of the caller's select (the day close's figures).
 *
 * @example sql`select ${cityLedgerBalanceSql()} as cityLedgerBalanceBaisa`
 */
export function cityLedgerBalanceSql(): SQL<number> {
  return sql<number>`(select coalesce(sum(balance_baisa), 0) from city_ledger_accounts)`;
}

/**
 * What a tax invoice names of the company it is made out to: its name, VAT number and address
 * (a query; `.get()` is undefined when no account has that id).
 *
 * @example
 * const company = await companyInvoiceDetailsQuery(db, 3).get(); // { name, vatNumber, address }
 */
export function companyInvoiceDetailsQuery(db: Db, id: number) {
  return db
    .select({
      name: cityLedgerAccounts.name,
      vatNumber: cityLedgerAccounts.vatNumber,
      address: cityLedgerAccounts.address,
    })
    .from(cityLedgerAccounts)
    .where(eq(cityLedgerAccounts.id, id));
}
