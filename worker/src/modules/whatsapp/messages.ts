import { and, desc, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../platform/env';
import { whatsappMessages, whatsappStatusEvents } from './tables';
import { threads } from './threads-port';

/**
 * The provider's record of each message (whatsapp_messages) and its statuses: a status is kept
 * once per message and kind (whatsapp_status_events' key), whatever order or however often the
 * webhooks bring them, and the message's state is read from all it has: each time set once, the
 * state the furthest along (failed, then read, delivered, sent), never back.
 */

const at = (status: string) =>
  sql`(select e.at from whatsapp_status_events e where e.wamid = whatsapp_messages.wamid and e.status = ${status})`;
const has = (status: string) =>
  sql`exists (select 1 from whatsapp_status_events e where e.wamid = whatsapp_messages.wamid and e.status = ${status})`;

/** Brings a message's state up to the statuses kept for it (after either arrives). */
export function applyStatusesStatement(db: Db, wamid: string): BatchItem<'sqlite'> {
  return db
    .update(whatsappMessages)
    .set({
      sentAt: sql`coalesce(${whatsappMessages.sentAt}, ${at('sent')})`,
      deliveredAt: sql`coalesce(${whatsappMessages.deliveredAt}, ${at('delivered')})`,
      readAt: sql`coalesce(${whatsappMessages.readAt}, ${at('read')})`,
      failedAt: sql`coalesce(${whatsappMessages.failedAt}, ${at('failed')})`,
      errorCode: sql`coalesce(${whatsappMessages.errorCode}, (select e.error_code from whatsapp_status_events e where e.wamid = whatsapp_messages.wamid and e.status = 'failed'))`,
      errorTitle: sql`coalesce(${whatsappMessages.errorTitle}, (select e.error_title from whatsapp_status_events e where e.wamid = whatsapp_messages.wamid and e.status = 'failed'))`,
      status: sql`case when ${has('failed')} then 'failed' when ${has('read')} then 'read'
        when ${has('delivered')} then 'delivered' when ${has('sent')} then 'sent'
        else ${whatsappMessages.status} end`,
      updatedAt: sql`(cast(unixepoch('subsec') * 1000 as integer))`,
    })
    .where(and(eq(whatsappMessages.wamid, wamid), eq(whatsappMessages.direction, 'out')));
}

/**
 * The statuses kept for `wamid` applied to the thread's copy of the message, in the batch that
 * writes the copy (or gives it its wamid): a webhook that raced the send found no copy to move and
 * kept its status (whatsapp_status_events); each kind is applied if it was kept, forwards only, so
 * the copy shows the latest at once rather than `sent` until the next status.
 */
export function keptStatusesToThread(db: Db, wamid: string): BatchItem<'sqlite'>[] {
  return (['sent', 'delivered', 'read', 'failed'] as const).flatMap((status) =>
    threads().status(db, {
      wamid,
      status,
      at: new Date(),
      error: sql`(select e.error_title from whatsapp_status_events e where e.wamid = ${wamid} and e.status = 'failed')`,
      onlyIf: sql`exists (select 1 from whatsapp_status_events e where e.wamid = ${wamid} and e.status = ${status})`,
    }),
  );
}

/** A status kept once (its insert answers the row it kept: none when it was kept before). */
export function statusEventStatement(
  db: Db,
  event: {
    wamid: string;
    status: 'sent' | 'delivered' | 'read' | 'failed';
    at: Date;
    errorCode?: number | null;
    errorTitle?: string | null;
  },
): BatchItem<'sqlite'> {
  return db
    .insert(whatsappStatusEvents)
    .values({
      wamid: event.wamid,
      status: event.status,
      at: event.at,
      errorCode: event.errorCode ?? null,
      errorTitle: event.errorTitle ?? null,
    })
    .onConflictDoNothing()
    .returning({ wamid: whatsappStatusEvents.wamid });
}

/** When the guest last wrote on WhatsApp from this phone (null: never). */
export async function lastInboundAt(db: Db, phone: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: whatsappMessages.createdAt })
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.phone, phone), eq(whatsappMessages.direction, 'in')))
    .orderBy(desc(whatsappMessages.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/** A phone's latest messages, newest first (the staff's view of a WhatsApp conversation). */
export function messagesOf(db: Db, phone: string, limit = 50) {
  return db
    .select()
    .from(whatsappMessages)
    .where(eq(whatsappMessages.phone, phone))
    .orderBy(desc(whatsappMessages.createdAt), desc(whatsappMessages.id))
    .limit(limit);
}
