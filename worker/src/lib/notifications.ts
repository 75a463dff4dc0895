import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../../shared/src/auth-schemas';
import { normalizePhone } from '../../../shared/src/digits';
import type { notificationCreateSchema } from '../../../shared/src/event-schemas';
import { notifications } from '../db/schema/events';
import { auditLog } from '../db/schema/operations';
import type { Db } from '../env';
import { auditEntry } from './audit';

/**
 * Event and booking notifications (routes/notifications.ts). A signed-in guest reads their own
 * (those linked to their account: their bookings, their entries); staff read any phone's and
 * may write one. Decisions on bookings and entries write theirs in the decision's batch.
 */
const LIMIT = 100;

/** A notification staff write for a phone, with its audit line, one batch. */
export async function createNotification(
  db: Db,
  actor: SessionUser,
  input: z.infer<typeof notificationCreateSchema>,
) {
  const values = { ...input, userPhone: normalizePhone(input.userPhone) };
  const [[row]] = await db.batch([
    db.insert(notifications).values(values).returning(),
    db.insert(auditLog).values(auditEntry(actor, 'create', 'notification', null, null, values)),
  ]);
  return row!;
}

/**
 * An account's own notifications, newest first: only what is about its own bookings and the
 * entries made while signed in (linked when written), never whatever was sent to a phone typed.
 */
export function notificationsOfUser(db: Db, userId: number) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(LIMIT);
}

/** The notifications sent to a phone (normalized), newest first; for staff. */
export function notificationsOfPhone(db: Db, phone: string) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userPhone, phone))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(LIMIT);
}
