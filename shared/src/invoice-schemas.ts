import { z } from './zod';
import { calendarDate, wholeNumber } from './date-schemas';
import { toLatinDigits } from './digits';
import {
  FOLIO_LIMITS,
  type DocumentKind,
  type InvoiceLine,
  type InvoiceParty,
  type InvoiceTaxTotal,
} from './folio';
import { vatNumberSchema } from './tax-schemas';

/**
 * Tax invoices and credit notes as the API takes and answers them: the customer staff may name
 * when issuing (a company: Oman's VAT asks for its VAT number), a credit note's reason, the staff
 * list's filters, and the document itself (the supplier, customer, lines and tax totals as issued).
 */
export const INVOICE_RULES = {
  customerNameMax: 200,
  customerAddressMax: 300,
  reasonMax: 500,
  /** The most lines one credit note names (an invoice of a long stay has a line a night). */
  creditLinesMax: 1_000,
  /** The staff list's page. */
  pageMax: 100,
  numberQueryMax: 20,
  guestQueryMax: 100,
} as const;

const trimmed = (max: number) => z.string({ error: 'text_too_long' }).trim().max(max, 'text_too_long');

/** POST /api/booking-submissions/:id/invoices: optionally the company billed. */
export const issueInvoiceSchema = z.object({
  customer: z
    .object({
      name: trimmed(INVOICE_RULES.customerNameMax).min(1, 'customer_name_required'),
      vatNumber: vatNumberSchema.optional().default(''),
      address: z
        .multilineString({ error: 'text_too_long' })
        .trim()
        .max(INVOICE_RULES.customerAddressMax, 'text_too_long')
        .optional()
        .default(''),
    })
    .optional(),
});
export type IssueInvoiceInput = z.infer<typeof issueInvoiceSchema>;

const creditLineId = wholeNumber('credit_lines_invalid').pipe(z.number().min(1, 'credit_lines_invalid'));

/**
 * POST /api/admin/invoices/:id/credit-notes: the reason; optionally which of the invoice's lines
 * (their `folioLineId`s) and how much (baisa, spread over those lines by what is left of each).
 * Without them, all that is left uncredited of the invoice. The server refuses more than is left.
 */
export const creditNoteSchema = z.object({
  reason: z
    .multilineString({ error: 'credit_reason_required' })
    .trim()
    .min(1, 'credit_reason_required')
    .max(INVOICE_RULES.reasonMax, 'text_too_long'),
  lineIds: z
    .array(creditLineId, { error: 'credit_lines_invalid' })
    .min(1, 'credit_lines_invalid')
    .max(INVOICE_RULES.creditLinesMax, 'credit_lines_invalid')
    .refine((ids) => new Set(ids).size === ids.length, 'credit_lines_invalid')
    .optional(),
  amountBaisa: wholeNumber('credit_amount_invalid')
    .pipe(
      z.number().min(1, 'credit_amount_invalid').max(FOLIO_LIMITS.maxAmountBaisa, 'credit_amount_invalid'),
    )
    .optional(),
});
export type CreditNoteInput = z.infer<typeof creditNoteSchema>;

/**
 * Every series of documents the hotel issues: the desk's tax invoices and credit notes (a stay's
 * folio) and the outlets' (a check paid at an outlet, its void's credit note; decision 090).
 */
export const INVOICE_LIST_SERIES = ['INV', 'CN', 'OUT', 'OCN'] as const;
export type InvoiceListSeries = (typeof INVOICE_LIST_SERIES)[number];

/**
 * GET /api/admin/invoices: issue dates from/to, a number (or its tail), the guest's (or the
 * outlet's) name, a series; newest first.
 */
export const invoiceListQuerySchema = z.object({
  from: calendarDate().optional(),
  to: calendarDate().optional(),
  number: z
    .preprocess(
      (v) => (typeof v === 'string' ? toLatinDigits(v).trim().toUpperCase() : v),
      z.string().max(INVOICE_RULES.numberQueryMax, 'text_too_long'),
    )
    .optional(),
  guest: trimmed(INVOICE_RULES.guestQueryMax).optional(),
  series: z.enum(INVOICE_LIST_SERIES, { error: 'invalid_setting' }).optional(),
  /**
   * The page after this one's last row: `issueDate_source_id` (keyset on the issue date, the table
   * the document is kept in, 0 the desk's, 1 a paid check's, 2 a void's, and its id there);
   * `issueDate_id` is the desk's table's (as pages were before the outlets joined the list).
   */
  cursor: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}(_[0-2])?_\d{1,15}$/, 'invalid_setting')
    .optional(),
  limit: wholeNumber('invalid_setting')
    .pipe(z.number().min(1, 'invalid_setting').max(INVOICE_RULES.pageMax, 'invalid_setting'))
    .optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

/** A document as GET /api/invoices/:id answers it. Credit notes carry positive amounts: what they credit. */
export type InvoiceDocument = {
  id: number;
  kind: DocumentKind;
  number: string;
  issueDate: string;
  issuedAt: string;
  bookingId: number;
  /** A document of a group's folio (master billing): the group; `bookingId` is the folio's holder. */
  groupId?: number | null;
  /** A group's document: the group's name (printed instead of the holder's booking). */
  groupName?: string | null;
  bookingReference: string;
  /** A credit note: the invoice it credits. */
  creditsInvoice: { id: number; number: string } | null;
  /** An invoice: its latest credit note, once one is issued. */
  creditNote: { id: number; number: string } | null;
  /** An invoice: its credit notes, oldest first (each credits part of it, or what was left). */
  creditNotes: { id: number; number: string; totalBaisa: number }[];
  /** An invoice: what its credit notes credit together; the total less this is still charged. */
  creditedBaisa: number;
  /** An invoice: what is left uncredited of each charge on it, by its `folioLineId` (a credit note: none). */
  uncreditedBaisa: Record<string, number>;
  reason: string | null;
  supplier: InvoiceParty;
  customer: InvoiceParty;
  lines: InvoiceLine[];
  taxTotals: InvoiceTaxTotal[];
  /** The lines' nets (EN 16931's sum of line net amounts). */
  netBaisa: number;
  /** Each tax computed once on the document's base (EN 16931 BR-CO-17). */
  taxBaisa: number;
  /** What no whole-baisa net reaches (BT-114): net + taxes + rounding = total; 0 almost always. */
  roundingBaisa: number;
  totalBaisa: number;
  /**
   * An invoice: the folio's payments, refunds and moves to a company account up to the moment it
   * was issued, and the folio's balance then (negative: in credit). Null on a credit note.
   */
  settlement: InvoiceSettlement | null;
};

/** A payment, refund or move to a company account on the folio, as an invoice lists it. */
export type InvoiceSettlementLine = {
  kind: 'payment' | 'refund' | 'transfer';
  method: string | null;
  businessDate: string;
  amountBaisa: number;
  /** A card payment at the desk: the terminal's approval code (null: none). */
  approvalCode: string | null;
};

export type InvoiceSettlement = { lines: InvoiceSettlementLine[]; paidBaisa: number; balanceBaisa: number };

/** A row of the staff list. */
export type InvoiceListRow = {
  /** The document's id in its table: an invoice's, or (an outlet's document) its check's. */
  id: number;
  kind: DocumentKind;
  series: InvoiceListSeries;
  number: string;
  issueDate: string;
  /** Null: an outlet's document (a walk-in's, on no stay). */
  bookingId: number | null;
  bookingReference: string | null;
  customerName: string;
  /** An outlet's document: its check and outlet (null: the desk's). */
  outletCheckId: number | null;
  outletNameAr: string | null;
  outletNameEn: string | null;
  totalBaisa: number;
  creditsInvoiceNumber: string | null;
  /** An invoice's latest credit note. */
  creditNoteNumber: string | null;
  /** An invoice: what its credit notes credit together (an invoice is credited in full at its total). */
  creditedBaisa: number;
};
