import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PaymentFlag } from '@shared/payment-admin-schemas';
import type { PaymentEventRefusal, PaymentPurpose, PaymentSessionStatus } from '@shared/payments';
import { labelOf } from '@/entities/bookings/booking-labels';

/**
 * Online payments' coded values in words for staff (decision 071): a checkout's state, what it
 * was for, what needs staff (the flags), and why a webhook was refused.
 */
export const SESSION_STATUS_LABELS: Record<PaymentSessionStatus, MessageDescriptor> = {
  open: msg({ message: 'Waiting for the guest', context: 'online payment state' }),
  paid: msg({ message: 'Paid', context: 'online payment state' }),
  failed: msg({ message: 'Declined', context: 'online payment state' }),
  expired: msg({ message: 'Expired', context: 'online payment state' }),
};

/** The provider's word on a session, as staff compare it with ours. */
export const PROVIDER_STATUS_LABELS: Record<PaymentSessionStatus, MessageDescriptor> = {
  open: msg({ message: 'Not paid yet', context: 'payment provider state' }),
  paid: msg({ message: 'Paid', context: 'payment provider state' }),
  failed: msg({ message: 'Declined', context: 'payment provider state' }),
  expired: msg({ message: 'Expired', context: 'payment provider state' }),
};

export const PURPOSE_LABELS: Record<PaymentPurpose, MessageDescriptor> = {
  deposit: msg({ message: 'Deposit', context: 'online payment purpose' }),
  balance: msg({ message: 'Balance', context: 'online payment purpose' }),
};

export const FLAG_LABELS: Record<PaymentFlag, MessageDescriptor> = {
  provider_paid_not_on_folio: msg`The provider took the money, but it is not on the folio`,
  on_folio_not_paid_at_provider: msg`On the folio, but the provider has no payment`,
  paid_here_open_at_provider: msg`Paid here, still open at the provider: no money came for it`,
  paid_after_cancellation: msg`Paid for a cancelled booking: refund what is left`,
  refund_failed: msg`The provider refused a refund`,
};

export const EVENT_REFUSAL_LABELS: Record<PaymentEventRefusal, MessageDescriptor> = {
  signature_invalid: msg`The signature is wrong (not from the provider)`,
  timestamp_stale: msg`Too old, or from the future`,
  body_invalid: msg`Unreadable`,
  session_unknown: msg`No such checkout of ours`,
  amount_mismatch: msg`The amount is not the checkout's`,
  currency_mismatch: msg`The currency is not the checkout's`,
  refund_unknown: msg`No such refund of ours`,
  payment_other_session: msg`The payment is another checkout's`,
};

export const sessionStatusLabel = (i18n: I18n, value: string | null | undefined) =>
  labelOf(i18n, SESSION_STATUS_LABELS, value);
export const providerStatusLabel = (i18n: I18n, value: string | null | undefined) =>
  labelOf(i18n, PROVIDER_STATUS_LABELS, value);
export const purposeLabel = (i18n: I18n, value: string | null | undefined) =>
  labelOf(i18n, PURPOSE_LABELS, value);
export const flagLabel = (i18n: I18n, value: string) => labelOf(i18n, FLAG_LABELS, value);
export const refusalLabel = (i18n: I18n, value: string) => labelOf(i18n, EVENT_REFUSAL_LABELS, value);
