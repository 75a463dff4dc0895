import { z } from './zod';
import { calendarDate, isCalendarDate } from './date-schemas';
import { addDays } from './dates';
import { toLatinDigits } from './digits';
import { EXTRA_DEPARTMENTS, FOLIO_PAYMENT_METHODS } from './folio';

/**
 * The accountant's journal (docs/decisions/100-the-accountants-journal.md): the categories the
 * hotel maps to its chart of accounts, the defaults from Odoo's Oman chart (l10n_om), the
 * requests' schemas and the shapes the worker answers. Amounts are integer baisa.
 */

/** The payment methods a journal line debits: the folio's (less `city_ledger`) and what an OTA collected. */
export const JOURNAL_PAYMENT_METHODS = [
  ...FOLIO_PAYMENT_METHODS.filter((m) => m !== 'city_ledger'),
  'ota_collect',
] as const;
export type JournalPaymentMethod = (typeof JOURNAL_PAYMENT_METHODS)[number];

/**
 * The categories every hotel has, in the order the mapping lists them. Besides these: `room:<room
 * type>` (a room type's own revenue account, else `room`), `outlet:<id>` (what an outlet sold over
 * its own till) and `tax:<code>` for every tax of the settings.
 */
export const FIXED_CATEGORIES = [
  'room',
  ...EXTRA_DEPARTMENTS.map((d) => `extra:${d}` as const),
  ...JOURNAL_PAYMENT_METHODS.map((m) => `payment:${m}` as const),
  'guest_ledger',
  'deposits',
  'city_ledger',
  'commissions',
  'commission_expense',
  'rounding',
] as const;

/** An Odoo account: its code and its name, as the chart lists them. */
export type OdooAccount = { account: string; name: string };

/**
 * The defaults, from Odoo's Oman chart of accounts (addons/l10n_om/data/template/
 * account.account-om.csv: code and English name; the cash and bank journals' accounts are the
 * ones Odoo makes from the chart's prefixes 1009 and 1000 with six digits). Outlets and taxes of
 * the hotel's own have none: a manager maps them.
 */
const SALES: OdooAccount = { account: '400101', name: 'Sales Account' };
const RECEIVABLE: OdooAccount = { account: '100201', name: 'Accounts Receivable' };
const OUTSTANDING: OdooAccount = { account: '100103', name: 'Outstanding Receipts' };
const TAX_PAYABLE: OdooAccount = { account: '200905', name: 'Tax Payable' };
export const DEFAULT_ACCOUNTS: Readonly<Record<string, OdooAccount>> = {
  room: SALES,
  'extra:breakfast': SALES,
  'extra:restaurant': SALES,
  'extra:minibar': SALES,
  'extra:spa': SALES,
  'extra:laundry': SALES,
  'extra:transfer': SALES,
  'extra:late_checkout': SALES,
  'extra:other': { account: '400201', name: 'Other Income' },
  'tax:vat': { account: '200902', name: 'VAT Output' },
  'tax:tourism_levy': TAX_PAYABLE,
  'tax:municipality_fee': TAX_PAYABLE,
  'payment:cash': { account: '100901', name: 'Cash' },
  'payment:card': { account: '100106', name: 'Credit cards' },
  'payment:bank_transfer': OUTSTANDING,
  'payment:online': OUTSTANDING,
  'payment:ota_collect': RECEIVABLE,
  guest_ledger: { account: '100203', name: 'Other Receivable' },
  deposits: { account: '200401', name: 'Deferred income' },
  city_ledger: RECEIVABLE,
  commissions: { account: '200202', name: 'Accrued - Commissions' },
  commission_expense: { account: '500306', name: 'Sales Commission' },
  rounding: { account: '400201', name: 'Other Income' },
};

/** The journal Odoo's Oman chart makes for miscellaneous operations (its code). */
export const DEFAULT_JOURNAL_CODE = 'MISC';

export const ACCOUNTING_RULES = {
  /** Odoo's account codes: letters, digits and dots (account.account `_check_account_code`). */
  accountPattern: /^[A-Za-z0-9.]{1,64}$/,
  nameMax: 128,
  /** A journal's short code in Odoo (MISC, BNK1, …). */
  journalPattern: /^[A-Za-z0-9_-]{1,8}$/,
  /** Categories a mapping may hold (the fixed ones, room types, outlets, taxes). */
  maxCategories: 400,
  /** Days one export covers: a month in one file. */
  maxDays: 31,
} as const;

const CATEGORY_PATTERN = new RegExp(
  `^(?:${FIXED_CATEGORIES.join('|')}|room:[a-z][a-z0-9-]{1,31}|outlet:[1-9]\\d{0,8}|tax:[a-z][a-z0-9_]{0,31})$`,
);
export const isCategory = (value: string) => CATEGORY_PATTERN.test(value);

/** Digits typed in Arabic-Indic become Latin, outer spaces go. */
const latin = (v: unknown) => (typeof v === 'string' ? toLatinDigits(v).trim() : v);

/** One category's account: the code (empty: no account yet) and its name. */
export const accountMappingSchema = z
  .object({
    category: z.string({ error: 'accounting_category_unknown' }).max(64, 'accounting_category_unknown'),
    account: z.preprocess(
      latin,
      z
        .string({ error: 'accounting_account_invalid' })
        .refine((v) => v === '' || ACCOUNTING_RULES.accountPattern.test(v), 'accounting_account_invalid'),
    ),
    name: z
      .string({ error: 'accounting_name_invalid' })
      .trim()
      .max(ACCOUNTING_RULES.nameMax, 'accounting_name_invalid'),
  })
  // An account is named as the chart names it (the journal's summary lines carry the name).
  .refine((m) => m.account === '' || m.name !== '', { message: 'accounting_name_invalid', path: ['name'] });
export type AccountMapping = z.infer<typeof accountMappingSchema>;

/** PUT /api/admin/accounting/accounts: the journal's code and every category's account. */
export const accountsPutSchema = z.object({
  journal: z.preprocess(
    latin,
    z
      .string({ error: 'accounting_journal_code_invalid' })
      .regex(ACCOUNTING_RULES.journalPattern, 'accounting_journal_code_invalid'),
  ),
  accounts: z
    .array(accountMappingSchema, { error: 'validation_failed' })
    .max(ACCOUNTING_RULES.maxCategories, 'validation_failed'),
});
export type AccountsPut = z.infer<typeof accountsPutSchema>;

/** GET /api/admin/accounting/accounts. */
export type AccountsAnswer = {
  journal: string;
  accounts: (AccountMapping & {
    /** The account is the default (Odoo's Oman chart): the hotel has not set this category. */
    isDefault: boolean;
    /** A room type's, an outlet's or a tax's names (the fixed categories are the screen's words). */
    subject?: { ar: string; en: string };
  })[];
};

const format = z.enum(['json', 'csv'], { error: 'invalid_format' }).default('json');
const flag = z
  .enum(['0', '1', 'true', 'false'], { error: 'validation_failed' })
  .optional()
  .transform((v) => v === '1' || v === 'true');

/**
 * GET /api/admin/accounting/journal: one closed day (`date`) or several (`from`..`to`, both
 * counted, a month at most); `detail=1` one line per folio line; `format=csv` Odoo's import.
 */
export const journalQuerySchema = z
  .object({
    date: calendarDate().optional(),
    from: calendarDate().optional(),
    to: calendarDate().optional(),
    detail: flag,
    format,
  })
  .superRefine((q, ctx) => {
    if (q.date !== undefined) {
      if (q.from !== undefined || q.to !== undefined)
        ctx.addIssue({ code: 'custom', path: ['from'], message: 'validation_failed' });
      return;
    }
    if (q.from === undefined) ctx.addIssue({ code: 'custom', path: ['date'], message: 'invalid_date' });
    if (q.to === undefined) ctx.addIssue({ code: 'custom', path: ['to'], message: 'invalid_date' });
    // A date refused by its own field has no range to judge (refinements run with the fields' faults).
    if (!q.from || !q.to || !isCalendarDate(q.from) || !isCalendarDate(q.to)) return;
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'range_end_before_start' });
    else if (addDays(q.from, ACCOUNTING_RULES.maxDays - 1) < q.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'accounting_range_too_long' });
  })
  .transform(({ date, from, to, detail, format }) => ({
    from: (date ?? from)!,
    to: (date ?? to)!,
    single: date !== undefined,
    detail,
    format,
  }));

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** GET /api/admin/accounting/days?month=YYYY-MM. */
export const journalMonthQuerySchema = z.object({
  month: z.preprocess(
    latin,
    z
      .string({ error: 'accounting_month_invalid' })
      .regex(MONTH, 'accounting_month_invalid')
      .refine((m) => isCalendarDate(`${m}-01`), 'accounting_month_invalid'),
  ),
});

/** A journal line: an account debited or credited, in integer baisa (one of the two is 0). */
export type JournalLine = {
  account: string;
  label: string;
  debitBaisa: number;
  creditBaisa: number;
  /** The company, travel agent or OTA the line is with (its city-ledger account's name). */
  partner?: string;
  /** A tax's line: its code. */
  taxCode?: string;
  /** The document the line belongs to (a credit note, an outlet's invoice), by its number. */
  document?: string;
  /** The categories the line adds up (one on a detail line). */
  categories: string[];
};

/** One closed business date's entry: its lines balance to the baisa. */
export type JournalEntry = { date: string; ref: string; label: string; lines: JournalLine[] };

/** GET /api/admin/accounting/journal (JSON). */
export type JournalAnswer = {
  /** The one day asked for (`?date=`). */
  date?: string;
  from: string;
  to: string;
  detail: boolean;
  entries: JournalEntry[];
  totals: { debitBaisa: number; creditBaisa: number };
};

/** A day of the month on the screen: open, closed (its journal exported as is) or closed and unmapped. */
export type JournalDayState = 'open' | 'closed' | 'unmapped';
export type JournalDay = {
  date: string;
  state: JournalDayState;
  /** The entry's total debits (= credits); 0 for an open day. */
  debitBaisa: number;
  /** The categories of the day's journal without an account. */
  missing: string[];
};
/** GET /api/admin/accounting/days?month. */
export type JournalMonth = { month: string; days: JournalDay[] };

/** The reference of a day's entry in the accounting system (`HTL/2026-03-10`). */
export const journalEntryRef = (date: string) => `HTL/${date}`;
