import { and, eq, sql } from 'drizzle-orm';
import { emailCodes, phoneVerificationRequests, userPhones } from './tables';
import type { Db } from '../../platform/env';
import { EXPORT_LIMIT, guestDataPart, type DataSubject } from '../../platform/guest-data';

/**
 * The accounts' part of a guest's data (platform/guest-data.ts, docs/decisions/043): the verified
 * phones to export (never a code or its hash); to erase, the phones go, with their phone codes
 * and the account's e-mail codes. (The account row and its sessions are platform's: privacy's own.)
 */
export function accountsGuestData(db: Db, subject: DataSubject) {
  const mine = eq(userPhones.userId, subject.id);
  return guestDataPart(
    [
      db
        .select({ phoneNumber: userPhones.phoneNumber, verifiedAt: userPhones.verifiedAt })
        .from(userPhones)
        .where(mine)
        .limit(EXPORT_LIMIT),
    ],
    ([verifiedPhones]) => ({ verifiedPhones }),
    {
      statements: (guard) => [
        db
          .delete(phoneVerificationRequests)
          .where(
            and(
              sql`${phoneVerificationRequests.phoneNumber} in (select ${userPhones.phoneNumber} from ${userPhones} where ${mine})`,
              guard,
            ),
          ),
        db.delete(userPhones).where(and(mine, guard)),
        db.delete(emailCodes).where(and(eq(emailCodes.userId, subject.id), guard)),
      ],
    },
  );
}
