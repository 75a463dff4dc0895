import { z } from './zod';
import { commissionOnlyForAgents, companyProfileFields, type CompanyProfile } from './company-schemas';
import { calendarDate, wholeNumber } from './date-schemas';
import { toLatinDigits } from './digits';
import { DESK_PAYMENT_METHODS, FOLIO_LIMITS } from './folio';
import type { ExtraKind } from './extras';
import type { OutletDayFigures } from './outlets';
import { vatNumberSchema } from './tax-schemas';

/**
 * The day close, its report, the tax report and the city ledger: the shapes the worker answers
 * and the web reads, and the requests' schemas. Amounts are integer baisa.
 */

/** POST /api/admin/day-close: the business date to close. */
export const dayCloseSchema = z.object({ date: calendarDate() });

/** GET /api/admin/day-close/:date. */
export const dayCloseParamSchema = z.object({ date: calendarDate() });

/** The day's report, stored as it was when the day closed (or, for an open day, the figures so far). */
export type DayCloseReport = {
  date: string;
  closed: boolean;
  /** When and by whom it closed (null while open; `closedBy` null: the cron). */
  closedAt: string | null;
  closedBy: string | null;
  /**
   * Net revenue (without taxes) per department: the day's charges less their corrections, and what
   * the roundings of the documents issued that day moved.
   */
  revenueBaisa: Record<string, number>;
  /**
   * Each tax's amount on the day's charges and corrections, and on the roundings of the documents
   * issued that day (each tax of a document is rounded once on its base: what that moved).
   */
  taxesBaisa: Record<string, number>;
  /**
   * The payable rounding of the documents issued that day (EN 16931 BT-114: the baisa no whole-baisa
   * net reaches): the day's charges are its revenue, taxes and this.
   */
  roundingBaisa: number;
  paymentsBaisa: Record<string, number>;
  refundsBaisa: Record<string, number>;
  /** Balances moved from folios to company accounts that day. */
  transfersBaisa: number;
  /** Companies' payments of their accounts that day, per method. */
  cityLedgerPaymentsBaisa: Record<string, number>;
  /** What guests in house owe (the sum of their folios' balances). */
  inHouseBalanceBaisa: number;
  /** What companies owe (the sum of the accounts' balances). */
  cityLedgerBalanceBaisa: number;
  /** Room nights of the date posted that day (a free night on points is not sold). */
  roomsSold: number;
  /** Rooms for sale that night: the allotment less the rooms out of order. */
  roomsForSale: number;
  /** roomsSold / roomsForSale (0..1), null when no room is for sale. */
  occupancy: number | null;
  /**
   * Average daily rate: the net of the room nights sold that day (less what the same day corrected
   * of them) / those nights; never below 0, and a correction of an earlier night is not in it.
   */
  adrBaisa: number;
  /** The room charges with their taxes (what guests pay): the statistics' room revenue of the night. */
  roomChargesBaisa: number;
  /** Arrivals of the date that never came, recorded as no-shows. */
  noShows: number;
  /** The day's online payments one by one (their sum is `paymentsBaisa.online`). */
  onlinePayments: DayCloseOnlinePayment[];
  /**
   * Each outlet's revenue and taxes of the day (decision 090): its checks less the day's voids. A
   * check to a room is also in `revenueBaisa` (its lines are on the folio); one paid at the outlet
   * is only here.
   */
  outlets: OutletDayFigures[];
  /**
   * The extras' net revenue of the day by kind (decision 098): the lines of extras bought for stays,
   * less the day's corrections of them (a stay cancelled). Also in `revenueBaisa` by department.
   */
  extrasRevenueBaisa: Partial<Record<ExtraKind, number>>;
};

/** One online payment of the day: its checkout session, booking and the provider's payment id. */
export type DayCloseOnlinePayment = {
  /** Null only for a line no session points at (never, unless written by hand). */
  sessionId: number | null;
  bookingId: number;
  bookingReference: string;
  amountBaisa: number;
  providerPaymentId: string | null;
};

/** GET /api/admin/tax-report?from&to (and tax-report.csv): whole months, at most two years. */
export const TAX_REPORT_MAX_MONTHS = 24;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const month = (code: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? toLatinDigits(v).trim() : v),
    z.string({ error: code }).regex(MONTH, code),
  );
export const taxReportQuerySchema = z
  .object({ from: month('tax_report_month_invalid'), to: month('tax_report_month_invalid') })
  .refine((q) => q.from <= q.to, { message: 'to_after_from', path: ['to'] })
  .refine((q) => monthsBetween(q.from, q.to) <= TAX_REPORT_MAX_MONTHS, {
    message: 'tax_report_too_long',
    path: ['to'],
  });

/** Months from `from` to `to`, both counted ('2026-01'..'2026-03' is 3). */
export function monthsBetween(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm) + 1;
}

/** One tax in one month: the net it was computed on, and its amount. */
export type TaxReportRow = { month: string; code: string; baseBaisa: number; amountBaisa: number };
export type TaxReport = { from: string; to: string; rows: TaxReportRow[] };

/** The city ledger: companies whose guests' folios are moved to their account. */
export const CITY_LEDGER_RULES = { nameMax: 120, addressMax: 300, referenceMax: 120, pageSize: 50 } as const;

const trimmed = (max: number, code: string) =>
  z.string({ error: code }).trim().max(max, 'city_ledger_text_too_long');

const accountFields = {
  name: trimmed(CITY_LEDGER_RULES.nameMax, 'city_ledger_name_required').min(1, 'city_ledger_name_required'),
  vatNumber: vatNumberSchema,
  address: z
    .multilineString({ error: 'city_ledger_text_too_long' })
    .trim()
    .max(CITY_LEDGER_RULES.addressMax, 'city_ledger_text_too_long'),
  /** null: no limit. */
  creditLimitBaisa: wholeNumber('city_ledger_limit_invalid')
    .pipe(z.number().max(FOLIO_LIMITS.maxAmountBaisa * 100, 'city_ledger_limit_invalid'))
    .nullable(),
};

/** A new account: a company unless it says `travel_agent`; its profile fields empty unless given. */
export const cityLedgerAccountSchema = z
  .object({
    ...accountFields,
    vatNumber: accountFields.vatNumber.default(''),
    address: accountFields.address.default(''),
    kind: companyProfileFields.kind.default('company'),
    ratePlanCodes: companyProfileFields.ratePlanCodes.default([]),
    commissionPercent: companyProfileFields.commissionPercent.default(null),
    iata: companyProfileFields.iata.default(''),
    contactName: companyProfileFields.contactName.default(''),
    contactPhone: companyProfileFields.contactPhone.default(''),
    contactEmail: companyProfileFields.contactEmail.default(''),
  })
  .superRefine(commissionOnlyForAgents);
export type CityLedgerAccountInput = z.infer<typeof cityLedgerAccountSchema>;

/** PATCH: any of the fields (none filled in by default), and `active` (a closed account takes no new transfer). */
export const cityLedgerAccountPatchSchema = z.object({
  name: accountFields.name.optional(),
  vatNumber: accountFields.vatNumber.optional(),
  address: accountFields.address.optional(),
  creditLimitBaisa: accountFields.creditLimitBaisa.optional(),
  active: z.boolean({ error: 'boolean_required' }).optional(),
  kind: companyProfileFields.kind.optional(),
  ratePlanCodes: companyProfileFields.ratePlanCodes.optional(),
  commissionPercent: companyProfileFields.commissionPercent.optional(),
  iata: companyProfileFields.iata.optional(),
  contactName: companyProfileFields.contactName.optional(),
  contactPhone: companyProfileFields.contactPhone.optional(),
  contactEmail: companyProfileFields.contactEmail.optional(),
});
export type CityLedgerAccountPatch = z.infer<typeof cityLedgerAccountPatchSchema>;

export const cityLedgerPaymentSchema = z.object({
  method: z.enum(DESK_PAYMENT_METHODS, { error: 'payment_method_invalid' }),
  amountBaisa: wholeNumber('amount_invalid').pipe(
    z.number().min(1, 'amount_invalid').max(FOLIO_LIMITS.maxAmountBaisa, 'amount_invalid'),
  ),
  reference: trimmed(CITY_LEDGER_RULES.referenceMax, 'city_ledger_text_too_long').default(''),
});

/**
 * GET /api/admin/city-ledger/:id (statement): pages of entries, newest first. The cursor the
 * previous page answered (`next`) says where each list stopped and the balance there.
 */
export const cityLedgerStatementQuerySchema = z.object({
  before: z
    .string({ error: 'invalid_cursor' })
    .regex(/^\d{1,15}\.\d{1,15}\.-?\d{1,15}$/, 'invalid_cursor')
    .optional(),
});

export type CityLedgerAccount = {
  id: number;
  name: string;
  vatNumber: string;
  address: string;
  creditLimitBaisa: number | null;
  balanceBaisa: number;
  active: boolean;
} & CompanyProfile;

/** A statement's entry: a folio's transfer (adds to what the company owes) or its payment. */
export type CityLedgerEntry = {
  /** A folio moved to the account, the company's payment, or a folio's credit moved back. */
  kind: 'transfer' | 'payment' | 'credit';
  id: number;
  businessDate: string;
  amountBaisa: number;
  /** The booking's reference (transfer, credit) or the payment's reference. */
  reference: string;
  /** The guest's name (transfer, credit); the method (payment). */
  guestName: string | null;
  method: string | null;
  /** The account's balance just after this entry. */
  balanceBaisa: number;
};
