import { z } from './zod';
import { wholeNumber } from './date-schemas';
import { toLatinDigits } from './digits';
import { DESK_PAYMENT_METHODS, EXTRA_DEPARTMENTS, FOLIO_LIMITS } from './folio';

/**
 * What staff send to a booking's folio (POST /api/booking-submissions/:id/folio/…): a charge, a
 * payment at the desk, a correction of a charge, a refund of a payment. Amounts are whole baisa
 * (digits may be typed in Arabic-Indic), above 0 and at most FOLIO_LIMITS.maxAmountBaisa.
 */
export const folioAmount = () =>
  wholeNumber('amount_invalid').pipe(
    z.number().min(1, 'amount_invalid').max(FOLIO_LIMITS.maxAmountBaisa, 'amount_invalid'),
  );

const folioText = (max: number, required: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, 'folio_text_too_long');
/** A reason (a correction's, a refund's): line breaks kept. */
const folioReason = (max: number, required: string) =>
  z.multilineString({ error: required }).trim().min(1, required).max(max, 'folio_text_too_long');

const lineId = wholeNumber('folio_line_required').pipe(z.number().min(1, 'folio_line_required'));

/** A charge staff post: the whole line's amount (the price, taxes as the settings say). */
export const folioChargeSchema = z.object({
  department: z.enum(EXTRA_DEPARTMENTS, { error: 'folio_department_invalid' }),
  description: folioText(FOLIO_LIMITS.maxDescription, 'folio_description_required'),
  quantity: wholeNumber('folio_quantity_invalid')
    .pipe(z.number().min(1, 'folio_quantity_invalid').max(FOLIO_LIMITS.maxQuantity, 'folio_quantity_invalid'))
    .optional(),
  amountBaisa: folioAmount(),
});
export type FolioChargeInput = z.infer<typeof folioChargeSchema>;

/**
 * A card terminal's approval code, as printed on its slip: letters and digits, 2 to 12 of them
 * (digits typed in any script kept as Latin ones, letters as capitals, spaces dropped); empty is none.
 */
export const APPROVAL_CODE_PATTERN = /^[A-Z0-9]{2,12}$/;
export const approvalCodeSchema = z
  .string({ error: 'approval_code_invalid' })
  .transform((value) => toLatinDigits(value).replace(/\s+/gu, '').toUpperCase())
  .refine((code) => code === '' || APPROVAL_CODE_PATTERN.test(code), 'approval_code_invalid')
  .transform((code) => code || undefined);

/**
 * A payment taken at the desk (online payments come from the provider); a card payment may keep
 * the terminal's approval code (`approval_code_card_only` on another method).
 */
export const folioPaymentSchema = z
  .object({
    method: z.enum(DESK_PAYMENT_METHODS, { error: 'payment_method_invalid' }),
    amountBaisa: folioAmount(),
    approvalCode: approvalCodeSchema.optional(),
  })
  .refine((p) => p.approvalCode === undefined || p.method === 'card', {
    message: 'approval_code_card_only',
    path: ['approvalCode'],
  });
export type FolioPaymentInput = z.infer<typeof folioPaymentSchema>;

/** A correction: reverses one charge, with the reason. */
export const folioCorrectionSchema = z.object({
  lineId,
  reason: folioReason(FOLIO_LIMITS.maxReason, 'folio_reason_required'),
});
export type FolioCorrectionInput = z.infer<typeof folioCorrectionSchema>;

/** A refund of (part of) a payment, with the reason. */
export const folioRefundSchema = z.object({
  paymentLineId: lineId,
  amountBaisa: folioAmount(),
  reason: folioReason(FOLIO_LIMITS.maxReason, 'folio_reason_required'),
});
export type FolioRefundInput = z.infer<typeof folioRefundSchema>;

/**
 * The check-out's body: optionally, the company account the balance moves to; and a manager's
 * decision, with its reason, to refund the unused prepaid nights of a non-refundable stay leaving
 * early (kept as a cancellation charge otherwise).
 */
export const checkOutSchema = z
  .object({
    cityLedgerAccountId: wholeNumber('checkout_account_invalid')
      .pipe(z.number().min(1, 'checkout_account_invalid'))
      .optional(),
    refundUnusedNights: z
      .object({ reason: folioReason(FOLIO_LIMITS.maxReason, 'folio_reason_required') })
      .optional(),
  })
  .default({});
export type CheckOutInput = z.infer<typeof checkOutSchema>;
