import { and, desc, eq } from 'drizzle-orm';
import { emailOutbox } from './email-outbox-tables';
import { pushSubscriptions } from './push-tables';
import { notifications } from '../../platform/tables';
import type { Db } from '../../platform/env';
import { EXPORT_LIMIT, guestDataPart, type DataSubject } from '../../platform/guest-data';

/**
 * Messaging's part of a guest's data (platform/guest-data.ts, docs/decisions/043): the account's
 * in-app notifications, its push subscriptions (the endpoint says which browser; the keys are
 * secrets and stay out) and the e-mails queued or sent to its address, to export; to erase, all
 * deleted (a subscription's queued messages with it).
 */
export function messagingGuestData(db: Db, subject: DataSubject) {
  return guestDataPart(
    [
      db
        .select({
          id: notifications.id,
          title: notifications.title,
          titleAr: notifications.titleAr,
          message: notifications.message,
          messageAr: notifications.messageAr,
          type: notifications.type,
          isRead: notifications.isRead,
          createdAt: notifications.createdAt,
        })
        .from(notifications)
        .where(eq(notifications.userId, subject.id))
        .orderBy(desc(notifications.id))
        .limit(EXPORT_LIMIT),
      db
        .select({
          endpoint: pushSubscriptions.endpoint,
          lang: pushSubscriptions.lang,
          createdAt: pushSubscriptions.createdAt,
          lastSuccessAt: pushSubscriptions.lastSuccessAt,
        })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, subject.id))
        .limit(EXPORT_LIMIT),
      db
        .select({
          kind: emailOutbox.kind,
          status: emailOutbox.status,
          createdAt: emailOutbox.createdAt,
          sentAt: emailOutbox.sentAt,
        })
        .from(emailOutbox)
        .where(eq(emailOutbox.recipient, subject.email))
        .orderBy(desc(emailOutbox.id))
        .limit(EXPORT_LIMIT),
    ],
    ([notificationRows, pushRows, emails]) => ({
      notifications: notificationRows,
      pushSubscriptions: pushRows,
      emails,
    }),
    {
      statements: (guard) => [
        db.delete(notifications).where(and(eq(notifications.userId, subject.id), guard)),
        db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, subject.id), guard)),
        db.delete(emailOutbox).where(and(eq(emailOutbox.recipient, subject.email), guard)),
      ],
    },
  );
}
