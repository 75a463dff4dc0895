import type { ManagedBooking } from '../../api/managed-booking';

/**
 * The booking page's online check-in (issue 30 section 5). Interface agreed between the branches
 * building issue 30: the online check-in branch fills it in.
 */
export function OnlineCheckInSection(_props: { booking: ManagedBooking }) {
  return null;
}
