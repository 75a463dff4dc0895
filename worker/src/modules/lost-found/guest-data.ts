import { and, desc, sql } from 'drizzle-orm';
import { lostFoundItems as items } from './tables';
import type { Db } from '../../platform/env';
import { EXPORT_LIMIT, guestDataPart, type BookedSubject } from '../../platform/guest-data';

/**
 * Lost and found's part of a guest's data (platform/guest-data.ts, docs/decisions/043): the items
 * matched to the account's stays, to export (what, where, when, whether they were told and handed
 * back); to erase, the item stays in the hotel's register, naming nobody: its stay, the address
 * it was written to and the person it was handed to go. Found through the account's bookings, so
 * before their part.
 */
export function lostFoundGuestData(db: Db, subject: BookedSubject) {
  const ofBookings = sql`${items.bookingId} in (${subject.bookingIds})`;
  return guestDataPart(
    [
      db
        .select({
          bookingId: items.bookingId,
          foundOn: items.foundOn,
          place: items.place,
          description: items.description,
          status: items.status,
          notifiedAt: items.notifiedAt,
          contactEmail: items.contactEmail,
          contactName: items.contactName,
          returnedAt: items.returnedAt,
          disposedAt: items.disposedAt,
        })
        .from(items)
        .where(ofBookings)
        .orderBy(desc(items.id))
        .limit(EXPORT_LIMIT),
    ],
    ([rows]) => ({ lostAndFound: rows }),
    {
      kept: { lostAndFound: sql<number>`(select count(*) from ${items} where ${ofBookings})` },
      statements: (guard) => [
        db
          .update(items)
          .set({ bookingId: null, contactEmail: null, contactName: null })
          .where(and(ofBookings, guard)),
      ],
    },
  );
}
