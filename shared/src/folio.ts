/**
 * The folio's words shared by the worker and the web: a line's kinds, how each moves the balance,
 * payment methods, document series and numbers, and the business date a line is posted on.
 * Amounts are integer baisa everywhere.
 */
import type { FolioDepartment } from './taxes';

/** charge and correction carry a department and taxes; payment, refund and transfer do not. */
export const FOLIO_LINE_KINDS = ['charge', 'correction', 'payment', 'refund', 'transfer'] as const;
export type FolioLineKind = (typeof FOLIO_LINE_KINDS)[number];

/**
 * How a folio is paid at the desk, or online through the payments provider; `city_ledger` is only
 * a refund's: a folio's credit moved back to the company account it was transferred to.
 */
export const FOLIO_PAYMENT_METHODS = ['cash', 'card', 'bank_transfer', 'online', 'city_ledger'] as const;
export type FolioPaymentMethod = (typeof FOLIO_PAYMENT_METHODS)[number];

/** The methods staff choose at the desk (online payments come from the provider only). */
export const DESK_PAYMENT_METHODS = [
  'cash',
  'card',
  'bank_transfer',
] as const satisfies readonly FolioPaymentMethod[];

/** Departments staff post by hand from a tablet (room nights are posted by the day close and check-out). */
export const EXTRA_DEPARTMENTS = [
  'breakfast',
  'restaurant',
  'minibar',
  'spa',
  'laundry',
  'transfer',
  'late_checkout',
  'other',
] as const satisfies readonly FolioDepartment[];

/**
 * What a folio shows beside its lines: a document's rounding (decision 068, "One truth"), booked on
 * the folio when the document is issued. Its amount is 0: it moves a baisa of net to a tax (or
 * between taxes) as the document's one rounding of each tax did, and never the balance.
 */
export type FolioViewKind = FolioLineKind | 'rounding';

/** The balance's sign of each kind: the balance is the sum of sign × amount (corrections are negative). */
export const FOLIO_BALANCE_SIGN: Record<FolioViewKind, 1 | -1> = {
  charge: 1,
  correction: 1,
  payment: -1,
  refund: 1,
  transfer: -1,
  // Always 0: a rounding never moves the balance.
  rounding: 1,
};

/** Bookings whose folio takes new charges and payments; a cancelled one takes only refunds and a cancellation charge. */
export const FOLIO_OPEN_STATUSES = ['pending', 'approved', 'confirmed'] as const;

export const FOLIO_LIMITS = {
  /** The largest single line: 100,000.000 OMR. */
  maxAmountBaisa: 100_000_000,
  maxQuantity: 999,
  maxDescription: 200,
  maxReason: 500,
} as const;

/** Document series: tax invoices and credit notes, each numbered without gaps per calendar year (Asia/Muscat). */
export const DOCUMENT_SERIES = { invoice: 'INV', credit_note: 'CN' } as const;
export type DocumentKind = keyof typeof DOCUMENT_SERIES;

/** `INV-2026-000042`. */
export function documentNumber(kind: DocumentKind, year: number, sequence: number): string {
  return `${DOCUMENT_SERIES[kind]}-${year}-${String(sequence).padStart(6, '0')}`;
}

/**
 * The business date a line is posted on: today (hotel time), or the day after the last closed
 * day when today is closed already (a night audit run before midnight). `lastClosed` is the
 * latest closed date or null.
 */
export function openBusinessDate(today: string, lastClosed: string | null): string {
  if (lastClosed === null || lastClosed < today) return today;
  const next = new Date(`${lastClosed}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** One tax on a line: its code and amount. */
export type TaxAmount = { code: string; amountBaisa: number };

/** The supplier or the customer as printed on a document (copied in when it is issued). */
export type InvoiceParty = {
  nameAr: string;
  nameEn: string;
  addressAr: string;
  addressEn: string;
  /** Empty for a customer who is a person, not a registered company. */
  vatNumber: string;
  /** The supplier's commercial registration (empty for a customer). */
  commercialRegistration: string;
};

/** A tax on a document's line; on its rounding line, with the rate it was computed at. */
export type InvoiceLineTax = TaxAmount & { rateBp?: number };

/**
 * A document's line, as issued: a folio charge (or, on a credit note, its correction), copied as
 * the folio has it; or the document's rounding (`rounding: true`, decision 068 "One truth").
 */
export type InvoiceLine = {
  /** The folio line it is (on a credit note, the charge it credits); 0 on a rounding line. */
  folioLineId: number;
  department: FolioDepartment;
  description: string;
  quantity: number;
  businessDate: string;
  netBaisa: number;
  taxes: InvoiceLineTax[];
  amountBaisa: number;
  /**
   * The document's payable rounding (EN 16931 BT-114) when it is on this line: the baisa no
   * whole-baisa net reaches (net + taxes + rounding = amount). Absent when 0.
   */
  roundingBaisa?: number;
  /**
   * The document's rounding, a line of its own: what computing each tax once on the document's
   * base (EN 16931 BR-CO-17) moved from the net to a tax (or between taxes) of the lines with these
   * taxes, and the payable rounding; amount 0. Booked on the folio in the document's batch.
   */
  rounding?: true;
  /** A room night's line: the night it is for (YYYY-MM-DD; its business date may be later). */
  night?: string;
  /** A room night's line: the booking's room type as the catalogue named it when issued. */
  roomNameEn?: string;
  roomNameAr?: string;
};

/** Each tax's total on a document, with the base it was computed on and its rate then. */
export type InvoiceTaxTotal = {
  code: string;
  nameAr: string;
  nameEn: string;
  rateBp: number;
  baseBaisa: number;
  amountBaisa: number;
};
