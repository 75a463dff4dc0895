import { and, desc, eq, sql } from 'drizzle-orm';
import { guestProfiles } from './tables';
import { stayCompanions } from './registration-tables';
import { auditLog } from '../../platform/tables';
import type { Db } from '../../platform/env';
import { EXPORT_LIMIT, guestDataPart, type BookedSubject } from '../../platform/guest-data';

/**
 * The guest profiles' part of a guest's data (platform/guest-data.ts, docs/decisions/043): the
 * profile the front desk keeps of the account (nationality, document, preferences; staff's notes
 * and flags are about the guest too) to export; to erase, the profile goes, and what staff's audit
 * lines copied of it. The other adults of the account's stays (stay_companions, docs/decisions/093)
 * are the guest's data too, recorded because they came with them: in the export, and erased with
 * it (found through the account's bookings, so before their part).
 */
export function guestsGuestData(db: Db, subject: BookedSubject) {
  const mine = eq(guestProfiles.userId, subject.id);
  const ofBookings = sql`${stayCompanions.bookingId} in (${subject.bookingIds})`;
  return guestDataPart(
    [
      db
        .select({
          fullName: guestProfiles.fullName,
          phone: guestProfiles.phone,
          email: guestProfiles.email,
          nationality: guestProfiles.nationality,
          dateOfBirth: guestProfiles.dateOfBirth,
          documentType: guestProfiles.documentType,
          documentNumber: guestProfiles.documentNumber,
          documentExpiry: guestProfiles.documentExpiry,
          preferences: guestProfiles.preferences,
          notes: guestProfiles.notes,
          vip: guestProfiles.vip,
          doNotRent: guestProfiles.doNotRent,
          createdAt: guestProfiles.createdAt,
          updatedAt: guestProfiles.updatedAt,
        })
        .from(guestProfiles)
        .where(mine),
      db
        .select({
          bookingId: stayCompanions.bookingId,
          fullName: stayCompanions.fullName,
          nationality: stayCompanions.nationality,
          dateOfBirth: stayCompanions.dateOfBirth,
          documentType: stayCompanions.documentType,
          documentNumber: stayCompanions.documentNumber,
          createdAt: stayCompanions.createdAt,
          updatedAt: stayCompanions.updatedAt,
        })
        .from(stayCompanions)
        .where(ofBookings)
        .orderBy(desc(stayCompanions.id))
        .limit(EXPORT_LIMIT),
    ],
    ([rows, companions]) => ({ guestProfile: rows[0] ?? null, stayCompanions: companions }),
    {
      statements: (guard) => [
        db.delete(stayCompanions).where(and(ofBookings, guard)),
        db
          .update(auditLog)
          .set({ before: null, after: null })
          .where(
            and(
              eq(auditLog.entityType, 'guest_profile'),
              sql`${auditLog.entityId} in (select cast(${guestProfiles.id} as text) from ${guestProfiles} where ${mine})`,
              guard,
            ),
          ),
        db.delete(guestProfiles).where(and(mine, guard)),
      ],
    },
  );
}
