import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BedType, BookingStatus, PaymentMethod, SmokingType } from '@shared/constants';

/**
 * The words for a booking's coded values, one wording for the guest screens
 * and the back office alike. Beds as the spec describes them (guest spec,
 * points booking: "double = two separate beds, single = one large bed").
 */
export const BED_LABELS: Record<BedType, MessageDescriptor> = {
  single: msg`Single (one large bed)`,
  double: msg`Double (two separate beds)`,
};
export const SMOKING_LABELS: Record<SmokingType, MessageDescriptor> = {
  non_smoking: msg`Non-smoking`,
  smoking: msg`Smoking`,
};
export const STATUS_LABELS: Record<BookingStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  approved: msg`Approved`,
  confirmed: msg`Confirmed`,
  completed: msg`Completed`,
  cancelled: msg`Cancelled`,
};
export const PAYMENT_LABELS: Record<PaymentMethod, MessageDescriptor> = {
  cash: msg`Cash at the hotel`,
  points: msg`Loyalty points`,
};

/** A known value's words; a value this version does not know yet as it is; a missing one (older rows) as a dash. */
export function labelOf<K extends string>(
  i18n: I18n,
  labels: Partial<Record<K, MessageDescriptor>>,
  value: string | null | undefined,
): string {
  if (!value) return '—';
  const descriptor = labels[value as K];
  return descriptor ? i18n._(descriptor) : value;
}

export const bedLabel = (i18n: I18n, value: string | null | undefined) => labelOf(i18n, BED_LABELS, value);
export const smokingLabel = (i18n: I18n, value: string | null | undefined) =>
  labelOf(i18n, SMOKING_LABELS, value);
export const statusLabel = (i18n: I18n, value: string | null | undefined) =>
  labelOf(i18n, STATUS_LABELS, value);
export const paymentLabel = (i18n: I18n, value: string | null | undefined) =>
  labelOf(i18n, PAYMENT_LABELS, value);

/** A status's badge colours, the same in My bookings and on the booking's page. */
export const STATUS_BADGE_CLASS: Record<BookingStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-sky-100 text-sky-900',
  confirmed: 'bg-emerald-100 text-emerald-900',
  completed: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-slate-200 text-slate-800',
};
