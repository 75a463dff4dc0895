import { and, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { ERASED_MARK } from '@shared/account-schemas';
import { bookingSubmissions } from './tables';
import { auditLog } from '../../platform/tables';
import type { Db } from '../../platform/env';
import { EXPORT_LIMIT, guestDataPart, type DataSubject } from '../../platform/guest-data';

/** Bookings that still hold a room: the hotel needs the guest's name and phone to receive them. */
const LIVE_STATUSES = ['pending', 'approved', 'confirmed'] as const;

/**
 * An audit line's JSON with a guest's details blanked wherever it has them (json_replace changes
 * only the keys present): name, phone and ID as the erased mark, addresses and requests gone.
 */
function scrubbedGuestDetails(column: typeof auditLog.before | typeof auditLog.after): SQL {
  return sql`json_replace(${column}, '$.fullName', ${ERASED_MARK}, '$.phoneNumber', ${ERASED_MARK},
    '$.idNumber', ${ERASED_MARK}, '$.email', null, '$.userEmail', null, '$.specialRequests', null)`;
}

/** What the export tells of each booking. */
const exported = {
  id: bookingSubmissions.id,
  reference: bookingSubmissions.reference,
  fullName: bookingSubmissions.fullName,
  phoneNumber: bookingSubmissions.phoneNumber,
  email: sql<string | null>`coalesce(${bookingSubmissions.userEmail}, ${bookingSubmissions.email})`,
  idNumber: bookingSubmissions.idNumber,
  checkInDate: bookingSubmissions.checkInDate,
  checkOutDate: bookingSubmissions.checkOutDate,
  roomType: bookingSubmissions.roomType,
  roomNumber: bookingSubmissions.roomNumber,
  bedType: bookingSubmissions.bedType,
  smokingPreference: bookingSubmissions.smokingPreference,
  numberOfGuests: bookingSubmissions.numberOfGuests,
  totalPrice: bookingSubmissions.totalPrice,
  extras: bookingSubmissions.extras,
  status: bookingSubmissions.status,
  statusReason: bookingSubmissions.statusReason,
  isPointsBooking: bookingSubmissions.isPointsBooking,
  pointsUsed: bookingSubmissions.pointsUsed,
  bookingType: bookingSubmissions.bookingType,
  paymentMethod: bookingSubmissions.paymentMethod,
  lang: bookingSubmissions.lang,
  // Online check-in: what the guest told the hotel, and whether an ID photo is kept (the
  // photo itself is read at the desk, not exported).
  checkInArrivalTime: bookingSubmissions.checkInArrivalTime,
  checkInAdults: bookingSubmissions.checkInAdults,
  checkInChildren: bookingSubmissions.checkInChildren,
  checkInRequests: bookingSubmissions.checkInRequests,
  checkInTermsAcceptedAt: bookingSubmissions.checkInTermsAcceptedAt,
  checkedInOnlineAt: bookingSubmissions.checkedInOnlineAt,
  hasIdDocument: sql<number>`${bookingSubmissions.idDocumentKey} is not null`,
  idDocumentUploadedAt: bookingSubmissions.idDocumentUploadedAt,
  checkedInAt: bookingSubmissions.checkedInAt,
  checkedOutAt: bookingSubmissions.checkedOutAt,
  createdAt: bookingSubmissions.createdAt,
  updatedAt: bookingSubmissions.updatedAt,
};

/**
 * The bookings' part of a guest's data (platform/guest-data.ts, docs/decisions/043): the account's
 * bookings, with what online check-in holds, to export; to erase, the bookings kept with their
 * figures, naming nobody (name, phone and ID as the erased mark; addresses, device, conversation,
 * profile, check-in's words and the ID photo gone), and staff's audit lines about them blanked of
 * the guest's details. An account with a booking that still holds a room is not erased. Also the
 * subqueries the parts kept by booking find their rows with (their statements come before these).
 */
export function bookingsGuestData(db: Db, subject: DataSubject, now: number) {
  const b = bookingSubmissions;
  const mine = eq(b.userId, subject.id);
  const part = guestDataPart(
    [db.select(exported).from(b).where(mine).orderBy(desc(b.id)).limit(EXPORT_LIMIT)],
    ([bookings]) => ({
      bookings: bookings.map((row) => ({ ...row, hasIdDocument: Boolean(row.hasIdDocument) })),
    }),
    {
      kept: { bookings: sql<number>`(select count(*) from ${b} where ${mine})` },
      allowed: sql`not exists (select 1 from ${b} where ${mine} and ${inArray(b.status, [...LIVE_STATUSES])})`,
      // The ID photos of online check-in: blanked on the rows, their objects deleted after.
      objectKeys: db
        .select({ key: b.idDocumentKey })
        .from(b)
        .where(and(mine, isNotNull(b.idDocumentKey))),
      statements: (guard) => [
        // Staff's audit lines about the bookings keep what happened, not who: the guest's details
        // copied into them (an edited booking's before and after, an online check-in's requests)
        // are blanked. Along the audit log's entity index, before the bookings forget whose they were.
        db
          .update(auditLog)
          .set({ before: scrubbedGuestDetails(auditLog.before), after: scrubbedGuestDetails(auditLog.after) })
          .where(
            and(
              eq(auditLog.entityType, 'booking'),
              sql`${auditLog.entityId} in (select cast(${b.id} as text) from ${b} where ${mine})`,
              guard,
            ),
          ),
        db
          .update(b)
          .set({
            profileId: null,
            fullName: ERASED_MARK,
            phoneNumber: ERASED_MARK,
            idNumber: ERASED_MARK,
            userEmail: null,
            email: null,
            deviceId: null,
            clientHash: null,
            chatSessionId: null,
            // Online check-in's words and the ID photo (its object goes after the batch); the ID
            // data counts as purged, so the retention job passes it by.
            checkInRequests: null,
            idDocumentKey: null,
            idDocumentType: null,
            idDataPurgedAt: new Date(now),
            userId: null,
          })
          .where(and(mine, guard)),
      ],
    },
  );
  return {
    ...part,
    /** The account's bookings' ids, for the rows kept by booking (stay requests). */
    bookingIds: sql`select ${b.id} from ${b} where ${mine}`,
    /** The assistant's conversations the account's bookings came from. */
    chatSessionIds: sql`select ${b.chatSessionId} from ${b} where ${mine} and ${b.chatSessionId} is not null`,
  };
}
