import { and, desc, sql } from 'drizzle-orm';
import { stayRequests } from './tables';
import type { Db } from '../../platform/env';
import { EXPORT_LIMIT, guestDataPart, type BookedSubject } from '../../platform/guest-data';

/**
 * The front desk's part of a guest's data (platform/guest-data.ts, docs/decisions/043): the
 * requests made during the account's stays, with staff's answers, to export; to erase, their
 * words go (the guest's and the staff's); the request itself (towels, a late check-out) stays, a
 * figure of the hotel's service. Found through the account's bookings, so before their part.
 */
export function frontDeskGuestData(db: Db, subject: BookedSubject) {
  const ofBookings = sql`${stayRequests.bookingId} in (${subject.bookingIds})`;
  return guestDataPart(
    [
      db
        .select({
          bookingId: stayRequests.bookingId,
          type: stayRequests.type,
          note: stayRequests.note,
          requestedTime: stayRequests.requestedTime,
          status: stayRequests.status,
          staffNote: stayRequests.staffNote,
          doneAt: stayRequests.doneAt,
          createdAt: stayRequests.createdAt,
        })
        .from(stayRequests)
        .where(ofBookings)
        .orderBy(desc(stayRequests.id))
        .limit(EXPORT_LIMIT),
    ],
    ([rows]) => ({ stayRequests: rows }),
    {
      statements: (guard) => [
        db.update(stayRequests).set({ note: null, staffNote: null }).where(and(ofBookings, guard)),
      ],
    },
  );
}
