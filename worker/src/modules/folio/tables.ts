import { sql } from 'drizzle-orm';
import { check, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { FolioDepartment } from '../../../../shared/src/taxes';
import { nowMs } from '../../platform/columns';

/**
 * The hotel's taxes and the supplier's details for its invoices (migration 0058, decision 066):
 * one settings row, and one row per tax and the date its rate starts.
 */
export const taxSettings = sqliteTable(
  'tax_settings',
  {
    id: integer('id').primaryKey(),
    pricesIncludeTaxes: integer('prices_include_taxes', { mode: 'boolean' }).notNull().default(true),
    supplierNameAr: text('supplier_name_ar').notNull().default(''),
    supplierNameEn: text('supplier_name_en').notNull().default(''),
    supplierAddressAr: text('supplier_address_ar').notNull().default(''),
    supplierAddressEn: text('supplier_address_en').notNull().default(''),
    vatNumber: text('vat_number').notNull().default(''),
    commercialRegistration: text('commercial_registration').notNull().default(''),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
  },
  (t) => [check('tax_settings_single_check', sql`${t.id} = 1`)],
);

export const taxes = sqliteTable(
  'taxes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    code: text('code').notNull(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    rateBp: integer('rate_bp').notNull(),
    departments: text('departments', { mode: 'json' }).$type<FolioDepartment[]>().notNull(),
    onEarlierTaxes: integer('on_earlier_taxes', { mode: 'boolean' }).notNull().default(false),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    effectiveFrom: text('effective_from').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('taxes_code_effective_from_idx').on(t.code, t.effectiveFrom),
    check('taxes_rate_check', sql`${t.rateBp} BETWEEN 0 AND 10000`),
  ],
);
