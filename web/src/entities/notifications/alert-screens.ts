import { formatBookingReference } from '@shared/booking-reference';
import type { StaffAlert } from './notifications';

/** The bookings screen's tab that lists a booking of this status. */
const STATUS_TABS: Record<string, string> = {
  pending: 'pending',
  approved: 'active',
  confirmed: 'active',
  completed: 'completed',
  cancelled: 'cancelled',
};

/** The screens the alerts not about one booking open. */
const OTHER_SCREENS: Partial<Record<StaffAlert['kind'], string>> = {
  stay_request: '/admin/front-desk',
  payment_received: '/admin/payments',
  photography_entry: '/photography-admin',
  rating_entry: '/rating-admin',
  location_entry: '/location-admin',
};

/**
 * Where an alert is dealt with: an OTA booking still to place opens the desk's list of them (on
 * that booking); an alert about a booking opens the bookings screen on that booking, in the tab
 * its status is in now (an OTA's booking is confirmed: never the pending requests); the others
 * their own screens.
 */
export function alertScreen(item: StaffAlert): string {
  const other = OTHER_SCREENS[item.kind];
  if (other) return other;
  if (item.kind === 'channel_booking_flagged' && item.channelFlag && item.bookingId !== null)
    return `/admin/front-desk?flagged=${item.bookingId}`;
  if (!item.reference || !item.status) return '/admin/bookings';
  const tab = STATUS_TABS[item.status] ?? 'current';
  // The search box shows the reference as every screen does ("K7M-Q4PX"); the search reads either form.
  return `/admin/bookings?tab=${tab}&q=${encodeURIComponent(formatBookingReference(item.reference))}`;
}
