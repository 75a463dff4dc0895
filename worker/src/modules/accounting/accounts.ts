import { eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import {
  type AccountMapping,
  type AccountsAnswer,
  type AccountsPut,
  DEFAULT_ACCOUNTS,
  DEFAULT_JOURNAL_CODE,
  FIXED_CATEGORIES,
  isCategory,
} from '@shared/accounting';
import type { SessionUser } from '@shared/auth-schemas';
import { ApiError } from '../../platform/api-error';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/env';
import { roomTypesQuery } from '../catalog';
import { readTaxSettings } from '../folio';
import { outletNamesQuery } from '../outlets';
import { accountingAccounts, accountingSettings } from './tables';

/**
 * The hotel's chart of accounts as the journal uses it (docs/decisions/100): each category's account
 * (the hotel's, else the default from Odoo's Oman chart, else none) and the journal's code. The
 * categories are the fixed ones and the hotel's own: its room types, outlets and taxes.
 */

type Subject = { ar: string; en: string };

/** The hotel's categories now, in the screen's order, with the names of the ones that are its data. */
async function currentCategories(db: Db): Promise<Map<string, Subject | undefined>> {
  const [types, outlets, settings] = await Promise.all([
    roomTypesQuery(db),
    outletNamesQuery(db),
    readTaxSettings(db),
  ]);
  const categories = new Map<string, Subject | undefined>();
  categories.set('room', undefined);
  for (const t of types) categories.set(`room:${t.roomType}`, { ar: t.nameAr, en: t.name });
  for (const c of FIXED_CATEGORIES) if (c !== 'room') categories.set(c, undefined);
  for (const o of outlets) categories.set(`outlet:${o.id}`, { ar: o.nameAr, en: o.nameEn });
  for (const t of settings.taxes)
    if (!categories.has(`tax:${t.code}`)) categories.set(`tax:${t.code}`, { ar: t.nameAr, en: t.nameEn });
  return categories;
}

/** A category's account when the hotel set none: Odoo's Oman chart's, or none (a room type: `room`'s). */
const defaultOf = (category: string): AccountMapping =>
  ({ category, ...(DEFAULT_ACCOUNTS[category] ?? { account: '', name: '' }) }) satisfies AccountMapping;

/** The accounts of every category as the journal resolves them, and the journal's code. */
export type Chart = {
  journal: string;
  /** The account a category's lines go to, or null: no account (the export is refused). */
  resolve: (category: string) => { account: string; name: string } | null;
  /** The category a missing account is asked for (a room type without one: `room`). */
  missingOf: (category: string) => string;
};

/** The stored rows and settings (two reads in one batch). */
async function stored(db: Db) {
  const [rows, settings] = await db.batch([
    db.select().from(accountingAccounts),
    db.select().from(accountingSettings).where(eq(accountingSettings.id, 1)),
  ]);
  return {
    rows: new Map(rows.map((r) => [r.category, { category: r.category, account: r.account, name: r.name }])),
    journal: settings[0]?.journalCode ?? DEFAULT_JOURNAL_CODE,
  };
}

/**
 * The chart the journal applies (one batch): a category's own account, else the default; a room
 * type without one takes `room`'s.
 *
 * @example const chart = await readChart(db); chart.resolve('room:gold') // { account: '400101', name: 'Sales Account' }
 */
export async function readChart(db: Db): Promise<Chart> {
  const { rows, journal } = await stored(db);
  const own = (category: string) => {
    const mapping = rows.get(category) ?? defaultOf(category);
    return mapping.account ? { account: mapping.account, name: mapping.name } : null;
  };
  const isRoomType = (category: string) => category.startsWith('room:');
  return {
    journal,
    resolve: (category) => own(category) ?? (isRoomType(category) ? own('room') : null),
    missingOf: (category) => (isRoomType(category) ? 'room' : category),
  };
}

/**
 * GET /api/admin/accounting/accounts: every category of the hotel (and any the hotel mapped that
 * is no longer one), with its account and whether it is the default.
 */
export async function listAccounts(db: Db): Promise<AccountsAnswer> {
  const [categories, { rows, journal }] = await Promise.all([currentCategories(db), stored(db)]);
  for (const category of rows.keys()) if (!categories.has(category)) categories.set(category, undefined);
  return {
    journal,
    accounts: [...categories].map(([category, subject]) => {
      const own = rows.get(category);
      return {
        ...(own ?? defaultOf(category)),
        isDefault: own === undefined,
        ...(subject ? { subject } : {}),
      };
    }),
  };
}

/**
 * PUT /api/admin/accounting/accounts (managers): the journal's code and the accounts of the
 * categories listed, in one batch with the audit line (before and after). A category not listed
 * goes back to its default; one the hotel does not have is refused (400
 * `accounting_category_unknown`), one listed twice too (`accounting_category_duplicate`).
 */
export async function saveAccounts(db: Db, user: SessionUser, input: AccountsPut): Promise<AccountsAnswer> {
  const [categories, before] = await Promise.all([currentCategories(db), listAccounts(db)]);
  const seen = new Set<string>();
  input.accounts.forEach((m, i) => {
    if (!isCategory(m.category) || !categories.has(m.category))
      throw new ApiError(400, 'accounting_category_unknown', {
        [`accounts.${i}.category`]: 'accounting_category_unknown',
      });
    if (seen.has(m.category))
      throw new ApiError(400, 'accounting_category_duplicate', {
        [`accounts.${i}.category`]: 'accounting_category_duplicate',
      });
    seen.add(m.category);
  });
  // Only what differs from the default is the hotel's own (a default saved again stays a default).
  const own = input.accounts.filter((m) => {
    const fallback = defaultOf(m.category);
    return m.account !== fallback.account || (m.account !== '' && m.name !== fallback.name);
  });
  const now = new Date();
  const statements: BatchItem<'sqlite'>[] = [
    db.delete(accountingAccounts),
    db
      .insert(accountingSettings)
      .values({ id: 1, journalCode: input.journal, updatedAt: now })
      .onConflictDoUpdate({
        target: accountingSettings.id,
        set: { journalCode: input.journal, updatedAt: now },
      }),
    audit(db, user, 'accounting.accounts', 'accounting', null, before, {
      journal: input.journal,
      accounts: input.accounts,
    }),
  ];
  // D1 binds at most 100 values a statement: 20 rows (5 values each) per insert.
  for (let i = 0; i < own.length; i += 20) {
    statements.push(
      db
        .insert(accountingAccounts)
        .values(
          own
            .slice(i, i + 20)
            .map((m) => ({ ...m, name: m.account ? m.name : '', updatedAt: now, updatedBy: user.id })),
        ),
    );
  }
  await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return listAccounts(db);
}
