import type { ManagedBooking } from '../../api/managed-booking';

/**
 * The booking page's cancel and change actions (issue 30 sections 2 and 4). Interface agreed
 * between the branches building issue 30: the cancellation branch fills it in.
 */
export function ManageActions(_props: { booking: ManagedBooking }) {
  return null;
}
