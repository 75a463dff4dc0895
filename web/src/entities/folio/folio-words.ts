import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FolioPaymentMethod, FolioViewKind } from '@shared/folio';
import type { SystemRefundReason } from '@shared/payments';
import { TAX_CODES, type FolioDepartment } from '@shared/taxes';
import { labelOf } from '@/entities/bookings/booking-labels';

/**
 * The folio's coded values in words, one wording for the staff folio, the guest's bill, the
 * invoices and the day's report: the departments a line is charged to, how it was paid, and what
 * kind of line it is.
 */
export const DEPARTMENT_LABELS: Record<FolioDepartment, MessageDescriptor> = {
  room: msg({ message: 'Room', context: 'folio department' }),
  breakfast: msg({ message: 'Breakfast', context: 'folio department' }),
  restaurant: msg({ message: 'Restaurant', context: 'folio department' }),
  minibar: msg({ message: 'Minibar', context: 'folio department' }),
  spa: msg({ message: 'Spa', context: 'folio department' }),
  laundry: msg({ message: 'Laundry', context: 'folio department' }),
  transfer: msg({ message: 'Airport transfer', context: 'folio department' }),
  late_checkout: msg({ message: 'Late check-out', context: 'folio department' }),
  other: msg({ message: 'Other', context: 'folio department' }),
};

export const PAYMENT_METHOD_LABELS: Record<FolioPaymentMethod, MessageDescriptor> = {
  cash: msg({ message: 'Cash', context: 'folio payment method' }),
  card: msg({ message: 'Card', context: 'folio payment method' }),
  bank_transfer: msg({ message: 'Bank transfer', context: 'folio payment method' }),
  online: msg({ message: 'Online', context: 'folio payment method' }),
  city_ledger: msg({ message: 'Back to the company account', context: 'folio payment method' }),
};

export const LINE_KIND_LABELS: Record<FolioViewKind, MessageDescriptor> = {
  charge: msg({ message: 'Charge', context: 'folio line' }),
  correction: msg({ message: 'Correction', context: 'folio line' }),
  payment: msg({ message: 'Payment', context: 'folio line' }),
  refund: msg({ message: 'Refund', context: 'folio line' }),
  transfer: msg({ message: 'Moved to a company account', context: 'folio line' }),
  // A document's rounding of its taxes (each computed once on the document's base): amount 0.
  rounding: msg({ message: 'Tax rounding', context: 'folio line' }),
};

/**
 * The reasons the app itself gives a refund (a cancellation's, shared/src/payments.ts); a reason
 * staff typed is shown as typed.
 */
export const REFUND_REASON_LABELS: Record<SystemRefundReason, MessageDescriptor> = {
  cancelled_free_period: msg({ message: 'Cancelled within the free period', context: 'refund reason' }),
  request_rejected: msg({ message: 'The hotel could not accept the request', context: 'refund reason' }),
  request_expired: msg({ message: 'The request expired before it was confirmed', context: 'refund reason' }),
  request_withdrawn: msg({ message: 'The guest withdrew the request', context: 'refund reason' }),
};

/** A line's reason in the reader's words: the app's own in their language, staff's as typed. */
export const lineReasonText = (i18n: I18n, value: string) => labelOf(i18n, REFUND_REASON_LABELS, value);

export const departmentLabel = (i18n: I18n, value: string | null | undefined) =>
  labelOf(i18n, DEPARTMENT_LABELS, value);
export const paymentMethodLabel = (i18n: I18n, value: string | null | undefined) =>
  labelOf(i18n, PAYMENT_METHOD_LABELS, value);
export const lineKindLabel = (i18n: I18n, value: string | null | undefined) =>
  labelOf(i18n, LINE_KIND_LABELS, value);

/**
 * The default taxes' names, for screens that have a line's tax codes but not the settings (staff
 * and guests may not read the tax settings): a code the hotel added shows as it is.
 */
export const TAX_CODE_LABELS: Record<string, MessageDescriptor> = {
  [TAX_CODES.tourismLevy]: msg({ message: 'Tourism levy', context: 'tax' }),
  [TAX_CODES.municipalityFee]: msg({ message: 'Municipality fee', context: 'tax' }),
  [TAX_CODES.vat]: msg({ message: 'VAT', context: 'tax' }),
};
export const taxCodeLabel = (i18n: I18n, code: string) => labelOf(i18n, TAX_CODE_LABELS, code);
