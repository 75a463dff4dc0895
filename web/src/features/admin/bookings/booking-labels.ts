import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type {
  BedType,
  BookingStatus,
  PaymentMethod,
  RoomType,
  SmokingType,
} from '../../../../../shared/src/constants';

/** The words the back office uses for the values of a booking, in both languages. */
export const STATUS_LABELS: Record<BookingStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  approved: msg`Approved`,
  confirmed: msg`Confirmed`,
  completed: msg`Completed`,
  cancelled: msg`Cancelled`,
};

/** Admin spec section 2, "Booking alerts": the banner under each decided booking. */
export const STATUS_BANNERS: Partial<Record<BookingStatus, MessageDescriptor>> = {
  approved: msg`Booking Approved - Processing`,
  completed: msg`Your request confirmed`,
  cancelled: msg`Booking has been cancelled`,
};

export const ROOM_TYPE_LABELS: Record<RoomType, MessageDescriptor> = {
  silver: msg`Silver`,
  gold: msg`Gold`,
  diamond: msg`Diamond`,
  deluxe: msg`Deluxe`,
};

export const BED_TYPE_LABELS: Record<BedType, MessageDescriptor> = {
  single: msg`Single bed`,
  double: msg`Double bed`,
};

export const SMOKING_LABELS: Record<SmokingType, MessageDescriptor> = {
  smoking: msg`Smoking`,
  non_smoking: msg`Non-smoking`,
};

export const PAYMENT_LABELS: Record<PaymentMethod, MessageDescriptor> = {
  cash: msg`Cash`,
  points: msg`Points`,
};

/** A known value's label, or the raw value (a value this version does not know yet). */
export function labelOf<K extends string>(
  labels: Partial<Record<K, MessageDescriptor>>,
  value: string | null | undefined,
  say: (d: MessageDescriptor) => string,
): string {
  if (!value) return '—';
  const descriptor = labels[value as K];
  return descriptor ? say(descriptor) : value;
}
