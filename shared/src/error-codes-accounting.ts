/**
 * The accountant's journal's codes (docs/decisions/100-the-accountants-journal.md), part of the
 * lists in ./error-codes.ts, kept here to hold each file short.
 */

/** What the shared schemas of the mapping and the journal's queries say (the web shows them too). */
export const ACCOUNTING_FORM_ERROR_CODES = [
  'accounting_account_invalid',
  'accounting_name_invalid',
  'accounting_journal_code_invalid',
  'accounting_month_invalid',
  'accounting_range_too_long',
] as const;

/** What only the worker answers. */
export const ACCOUNTING_API_ERROR_CODES = [
  'accounting_category_unknown',
  'accounting_category_duplicate',
  'accounting_day_open',
  'accounting_unmapped',
  'accounting_accounts_saved',
] as const;
