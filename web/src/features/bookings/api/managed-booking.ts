import type { OnlineCheckInView } from '@shared/online-check-in-schemas';
import type { BookingPolicy } from '@shared/stay-policy';
import type { MyBooking } from './get-my-bookings';

/**
 * A booking as its page `/booking/<reference>` shows it (issue 30): the listed booking and what
 * the guest may do with it now. The manage-my-booking branch replaces this with the type its
 * endpoint answers (the online check-in branch adds its own field: `onlineCheckIn`, from the
 * worker's lib/online-check-in.ts `onlineCheckInView(row)`, null until the guest checked in).
 */
export type ManagedBooking = MyBooking & { policy: BookingPolicy; onlineCheckIn: OnlineCheckInView };
