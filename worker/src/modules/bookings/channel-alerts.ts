import { sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { insertWhere } from '../../platform/atomic';
import type { Db } from '../../platform/env';
import { notifyStatements } from '../../platform/notify';
import { staffAlerts } from '../../platform/tables';
import { bookingSubmissions } from './tables';

/**
 * What staff hear of an OTA's change or cancellation of one of its bookings (the channel manager's
 * `modified` and `cancelled` revisions, applied by channel-bookings.ts): the staff's bell (a
 * `staff_alerts` row, which the app words and links to the booking) and a push to every staff
 * tablet, both in the batch that applies the revision and only if that batch won the booking
 * (`won`). A change that leaves the stay unplaced is the flagged alert instead (`flag`): the
 * desk must place it by hand. A new OTA booking's alert is written by the database's trigger as
 * the booking is inserted (migration 0082).
 *
 * @example ...channelAlertStatements(db, 'changed', booking.id, won, null)
 */
export function channelAlertStatements(
  db: Db,
  what: 'changed' | 'cancelled',
  bookingId: number,
  won: SQL,
  flag: string | null,
): BatchItem<'sqlite'>[] {
  const kind =
    what === 'cancelled'
      ? 'channel_booking_cancelled'
      : flag
        ? 'channel_booking_flagged'
        : 'channel_booking_changed';
  return [
    insertWhere(db, staffAlerts, { kind, bookingId, reason: flag }, won),
    // The flagged push is queued with the change itself (channel-bookings.ts), as for a new booking.
    ...(kind === 'channel_booking_flagged'
      ? []
      : notifyStatements(db, { kind, where: sql`${bookingSubmissions.id} = ${bookingId} and ${won}` })),
  ];
}
