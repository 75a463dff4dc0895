import { BOOKING_TRANSITIONS, type BookingStatus } from '@shared/constants';
import type { StayState } from '@shared/stay-policy';

/** What staff can do to a booking; each is one status move (or the admin's delete). */
export type Decision = 'approve' | 'confirm' | 'reject' | 'complete' | 'cancel' | 'delete';

/** The status a decision moves to. Reject is a cancellation with a reason. */
export const DECISION_TARGET: Record<Exclude<Decision, 'delete'>, BookingStatus> = {
  approve: 'approved',
  confirm: 'confirmed',
  reject: 'cancelled',
  complete: 'completed',
  cancel: 'cancelled',
};

/**
 * The decisions offered for a status, from the one table of allowed moves
 * (shared/src/constants.ts): pending → Approve, Reject; approved → Confirm,
 * Complete, Cancel; confirmed → Complete, Cancel. A guest in house is neither completed nor
 * cancelled here: their stay ends with the desk's check-out. A stay that has not begun (`begun`:
 * `stayHasBegun`, shared/src/stay-policy.ts) is not completed before its arrival day, as the server
 * refuses it. Admins may also delete.
 */
export function decisionsFor(
  status: BookingStatus,
  isAdmin: boolean,
  stay?: StayState,
  begun = true,
): Decision[] {
  const moves = BOOKING_TRANSITIONS[status] ?? [];
  const inHouse = stay === 'in_house';
  const decisions: Decision[] = [];
  if (moves.includes('approved')) decisions.push('approve');
  if (moves.includes('confirmed')) decisions.push('confirm');
  if (moves.includes('completed') && !inHouse && begun) decisions.push('complete');
  if (moves.includes('cancelled') && !inHouse) decisions.push(status === 'pending' ? 'reject' : 'cancel');
  if (isAdmin) decisions.push('delete');
  return decisions;
}

/** The tabs of the alerts screen and the statuses each lists. */
export const BOOKING_FILTERS = {
  pending: ['pending'],
  active: ['approved', 'confirmed'],
  completed: ['completed'],
  cancelled: ['cancelled'],
  // The spec's "Current bookings" panel: everything but cancelled.
  current: ['pending', 'approved', 'confirmed', 'completed'],
} as const satisfies Record<string, readonly BookingStatus[]>;
export type BookingFilter = keyof typeof BOOKING_FILTERS;
