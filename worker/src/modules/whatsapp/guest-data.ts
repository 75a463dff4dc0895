import { and, desc, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/env';
import { EXPORT_LIMIT, guestDataPart, type BookedSubject } from '../../platform/guest-data';
import { whatsappConsents, whatsappMessages, whatsappOutbox, whatsappStatusEvents } from './tables';

/**
 * WhatsApp's part of a guest's data (platform/guest-data.ts): everything kept for the account's
 * phones (those it proved, and its bookings'): the messages both ways with their statuses, the
 * consent with its time and source, the automatic sends; to erase, all deleted, the images in R2
 * with them. Comes before the bookings' part, which makes the bookings forget the account.
 */
export function whatsappGuestData(db: Db, subject: BookedSubject) {
  const phones = sql`(select up.phone_number from user_phones up where up.user_id = ${subject.id}
    union select b.phone_number from booking_submissions b where b.id in (${subject.bookingIds}))`;
  const ofPhones = (
    column: typeof whatsappMessages.phone | typeof whatsappConsents.phone | typeof whatsappOutbox.phone,
  ) => sql`${column} in ${phones}`;
  return guestDataPart(
    [
      db
        .select({
          direction: whatsappMessages.direction,
          kind: whatsappMessages.kind,
          body: whatsappMessages.body,
          latitude: whatsappMessages.latitude,
          longitude: whatsappMessages.longitude,
          templateName: whatsappMessages.templateName,
          status: whatsappMessages.status,
          createdAt: whatsappMessages.createdAt,
        })
        .from(whatsappMessages)
        .where(ofPhones(whatsappMessages.phone))
        .orderBy(desc(whatsappMessages.id))
        .limit(EXPORT_LIMIT),
      db
        .select({
          phone: whatsappConsents.phone,
          optedIn: whatsappConsents.optedIn,
          source: whatsappConsents.source,
          changedAt: whatsappConsents.changedAt,
        })
        .from(whatsappConsents)
        .where(ofPhones(whatsappConsents.phone))
        .limit(EXPORT_LIMIT),
      db
        .select({
          kind: whatsappOutbox.kind,
          status: whatsappOutbox.status,
          createdAt: whatsappOutbox.createdAt,
          sentAt: whatsappOutbox.sentAt,
        })
        .from(whatsappOutbox)
        .where(ofPhones(whatsappOutbox.phone))
        .orderBy(desc(whatsappOutbox.id))
        .limit(EXPORT_LIMIT),
    ],
    ([messages, consents, automatic]) => ({
      whatsappMessages: messages,
      whatsappConsents: consents,
      whatsappAutomaticMessages: automatic,
    }),
    {
      objectKeys: db
        .select({ key: sql<string>`${whatsappMessages.mediaKey}` })
        .from(whatsappMessages)
        .where(and(ofPhones(whatsappMessages.phone), isNotNull(whatsappMessages.mediaKey))),
      statements: (guard) => [
        db
          .delete(whatsappStatusEvents)
          .where(
            and(
              sql`${whatsappStatusEvents.wamid} in (select m.wamid from whatsapp_messages m where m.phone in ${phones})`,
              guard,
            ),
          ),
        db.delete(whatsappMessages).where(and(ofPhones(whatsappMessages.phone), guard)),
        db.delete(whatsappOutbox).where(and(ofPhones(whatsappOutbox.phone), guard)),
        db.delete(whatsappConsents).where(and(ofPhones(whatsappConsents.phone), guard)),
      ],
    },
  );
}
