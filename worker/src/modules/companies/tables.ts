import { sql } from 'drizzle-orm';
import { check, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { CITY_LEDGER_KINDS } from '@shared/company-schemas';
import { nowMs } from '../../platform/columns';

/** A company account on the city ledger; its balance is kept by the triggers of migration 0059. */
export const cityLedgerAccounts = sqliteTable(
  'city_ledger_accounts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    vatNumber: text('vat_number').notNull().default(''),
    address: text('address').notNull().default(''),
    creditLimitBaisa: integer('credit_limit_baisa'),
    balanceBaisa: integer('balance_baisa').notNull().default(0),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    /**
     * The company's profile (migration 0071): a company or a travel agent, the negotiated plans it
     * may book (codes), an agent's commission in hundredths of a percent (1000 = 10%), its IATA
     * code and a contact. An online travel agency's account (migration 0085) is `ota`: opened by
     * the channel, it takes only the stays that OTA collects, never a company's or an agent's.
     */
    kind: text('kind', { enum: CITY_LEDGER_KINDS }).notNull().default('company'),
    ratePlanCodes: text('rate_plan_codes', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    commissionHundredths: integer('commission_hundredths'),
    iata: text('iata').notNull().default(''),
    contactName: text('contact_name').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(nowMs)
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check('city_ledger_accounts_kind_check', sql`${t.kind} IN ('company', 'travel_agent', 'ota')`),
    check('city_ledger_accounts_commission_check', sql`${t.commissionHundredths} BETWEEN 0 AND 5000`),
    check(
      'city_ledger_accounts_limit_check',
      sql`${t.creditLimitBaisa} IS NULL OR ${t.creditLimitBaisa} >= 0`,
    ),
  ],
);
