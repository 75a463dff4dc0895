import { and, eq, sql } from 'drizzle-orm';
import { guestProfiles } from './tables';
import { auditLog } from '../../platform/tables';
import type { Db } from '../../platform/env';
import { guestDataPart, type DataSubject } from '../../platform/guest-data';

/**
 * The guest profiles' part of a guest's data (platform/guest-data.ts, docs/decisions/043): the
 * profile the front desk keeps of the account (nationality, document, preferences; staff's notes
 * and flags are about the guest too) to export; to erase, the profile goes, and what staff's audit
 * lines copied of it.
 */
export function guestsGuestData(db: Db, subject: DataSubject) {
  const mine = eq(guestProfiles.userId, subject.id);
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
    ],
    ([rows]) => ({ guestProfile: rows[0] ?? null }),
    {
      statements: (guard) => [
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
