import { HOTEL_TIME_ZONE, type BookingStatus } from './constants';
import type { CancellationRule } from './rates';

/**
 * The hotel's rules for a guest managing their own stay: until when a booking may be
 * cancelled or changed for free, from when online check-in opens, and how long ID documents are
 * kept. The worker decides with these; the web app shows the same instants.
 */

/** Site settings' defaults (migration 0029). */
export const FREE_CANCELLATION_DEFAULT_HOURS = 24;
export const ONLINE_CHECK_IN_DEFAULT_HOURS = 72;
export const ID_RETENTION_DEFAULT_DAYS = 30;

/** The admin's bounds for those settings. */
export const STAY_POLICY_LIMITS = {
  freeCancellationHoursMax: 24 * 30,
  onlineCheckInHoursMax: 24 * 30,
  idRetentionDaysMin: 1,
  idRetentionDaysMax: 365,
  policyTextMax: 1000,
} as const;

/** The statuses in which a guest may still cancel or change their booking (before the deadline). */
export const GUEST_MANAGEABLE_STATUSES = [
  'pending',
  'approved',
  'confirmed',
] as const satisfies readonly BookingStatus[];

let offsetFormat: Intl.DateTimeFormat | undefined;

/** The hotel time zone's offset from UTC (ms) at `at` (Asia/Muscat: +4 h all year, no DST). */
function hotelOffsetMs(at: Date): number {
  offsetFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: HOTEL_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const part = (type: string) => Number(offsetFormat!.formatToParts(at).find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant of `time` (HH:MM) on `date` (YYYY-MM-DD) at the hotel. */
export function hotelInstant(date: string, time: string): Date {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const naive = Date.UTC(y, m - 1, d, hours, minutes);
  return new Date(naive - hotelOffsetMs(new Date(naive)));
}

/** The last instant a guest may cancel or change for free: check-in time on arrival, minus `hours`. */
export function cancellationDeadline(checkInDate: string, checkInTime: string, hours: number): Date {
  return new Date(hotelInstant(checkInDate, checkInTime).getTime() - hours * 60 * 60_000);
}

/** When online check-in opens: check-in time on arrival, minus `hours`. */
export function onlineCheckInOpensAt(checkInDate: string, checkInTime: string, hours: number): Date {
  return new Date(hotelInstant(checkInDate, checkInTime).getTime() - hours * 60 * 60_000);
}

/**
 * Whether a guest may still cancel or change a booking in `status` with `deadline`: `ok`,
 * `status` (it is cancelled, completed… already) or `deadline_passed`. A pending request may be
 * withdrawn at any time before arrival (nobody has confirmed it yet); an approved or confirmed
 * one only up to the deadline.
 */
export function guestMayManage(
  status: BookingStatus,
  deadline: Date,
  now: Date = new Date(),
): 'ok' | 'status' | 'deadline_passed' {
  if (!(GUEST_MANAGEABLE_STATUSES as readonly BookingStatus[]).includes(status)) return 'status';
  if (status === 'pending') return 'ok';
  return now.getTime() <= deadline.getTime() ? 'ok' : 'deadline_passed';
}

/**
 * The deadline of a booking sold under `rule` (its plan's, kept with the booking; null: the site's
 * free-cancellation hours, as for bookings made before plans). A non-refundable booking may still
 * be cancelled by its guest up to check-in time on the arrival day (nothing is refunded), and is
 * never changed by the guest (a change would re-sell it: cancel and book again).
 */
export function ruleDeadline(
  checkInDate: string,
  checkInTime: string,
  rule: CancellationRule | null | undefined,
  siteHours: number,
): { deadline: Date; nonRefundable: boolean } {
  if (rule?.kind === 'non_refundable') {
    return { deadline: cancellationDeadline(checkInDate, checkInTime, 0), nonRefundable: true };
  }
  return {
    deadline: cancellationDeadline(checkInDate, checkInTime, rule ? rule.hours : siteHours),
    nonRefundable: false,
  };
}

/** What a guest may do with their booking now, as GET of a managed booking answers it. */
export type BookingPolicy = {
  /**
   * ISO instant: the last moment to cancel (and change) for free; for a non-refundable booking,
   * the last moment to cancel at all (nothing is refunded).
   */
  cancellationDeadline: string;
  /** Sold under a non-refundable rate: cancelling refunds nothing, and the guest cannot change it. */
  nonRefundable: boolean;
  mayCancel: boolean;
  mayChange: boolean;
  /** ISO instant: when online check-in opens. */
  onlineCheckInOpensAt: string;
  mayCheckInOnline: boolean;
};

/** A booking's policy at `now`, from the site settings (the worker and the app alike). */
export function bookingPolicy(
  booking: { status: BookingStatus; checkInDate: string; cancellationRule?: CancellationRule | null },
  settings: { checkInTime: string; freeCancellationHours: number; onlineCheckInHours: number },
  now: Date = new Date(),
): BookingPolicy {
  const { deadline, nonRefundable } = ruleDeadline(
    booking.checkInDate,
    settings.checkInTime,
    booking.cancellationRule,
    settings.freeCancellationHours,
  );
  const opens = onlineCheckInOpensAt(booking.checkInDate, settings.checkInTime, settings.onlineCheckInHours);
  const manage = guestMayManage(booking.status, deadline, now);
  return {
    cancellationDeadline: deadline.toISOString(),
    nonRefundable,
    mayCancel: manage === 'ok',
    mayChange: manage === 'ok' && !nonRefundable,
    onlineCheckInOpensAt: opens.toISOString(),
    mayCheckInOnline:
      (booking.status === 'approved' || booking.status === 'confirmed') &&
      now.getTime() >= opens.getTime() &&
      now.getTime() < hotelInstant(booking.checkInDate, '23:59').getTime() + 60_000,
  };
}

/**
 * A stay's life, one state machine for the desk, the server and the database (migration 0043):
 * booked (pending, approved, confirmed; not checked in) -> in house (checked in, not out) ->
 * departed (completed), or cancelled, or no-show (cancelled with the reason `no_show`).
 */
export const STAY_STATES = ['booked', 'in_house', 'departed', 'cancelled', 'no_show'] as const;
export type StayState = (typeof STAY_STATES)[number];

/** The reason a no-show is cancelled with. */
export const NO_SHOW_REASON = 'no_show';

export function stayState(b: {
  status: BookingStatus;
  statusReason: string | null;
  checkedInAt: Date | string | null;
  checkedOutAt: Date | string | null;
}): StayState {
  if (b.status === 'completed') return 'departed';
  if (b.status === 'cancelled') return b.statusReason === NO_SHOW_REASON ? 'no_show' : 'cancelled';
  return b.checkedInAt !== null && b.checkedOutAt === null ? 'in_house' : 'booked';
}

/**
 * Whether a stay has begun: checked in, or its arrival day has come (`today`, the hotel's date,
 * `hotelToday()`). Only a stay that has begun may be completed, by anyone (decision 059): the
 * server refuses the rest with 409 `complete_before_check_in`, and the staff's bookings list does
 * not offer it.
 */
export function stayHasBegun(
  b: { checkInDate: string; checkedInAt: Date | string | null },
  today: string,
): boolean {
  return b.checkedInAt !== null || b.checkInDate <= today;
}
