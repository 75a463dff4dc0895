import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BedType, BookingStatus, PaymentMethod, SmokingType } from '../../../../../shared/src/constants';

/** The words for the booking's coded values, in the active language. */
const BED: Record<BedType, MessageDescriptor> = {
  single: msg`Single (one large bed)`,
  double: msg`Double (two separate beds)`,
};
const SMOKING: Record<SmokingType, MessageDescriptor> = {
  non_smoking: msg`Non-smoking`,
  smoking: msg`Smoking`,
};
const STATUS: Record<BookingStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  approved: msg`Approved`,
  confirmed: msg`Confirmed`,
  completed: msg`Completed`,
  cancelled: msg`Cancelled`,
};
const PAYMENT: Record<PaymentMethod, MessageDescriptor> = {
  cash: msg`Cash at the hotel`,
  points: msg`Loyalty points`,
};

/** Unknown values are shown as they are; missing ones (older rows) as a dash. */
const say =
  <K extends string>(map: Record<K, MessageDescriptor>) =>
  (i18n: I18n, value: K | null | undefined) =>
    value == null ? '—' : map[value] ? i18n._(map[value]) : value;

export const bedLabel = say(BED);
export const smokingLabel = say(SMOKING);
export const statusLabel = say(STATUS);
export const paymentLabel = say(PAYMENT);
