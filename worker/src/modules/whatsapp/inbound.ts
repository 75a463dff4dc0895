import { sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../platform/env';
import { phoneAddress } from './address';
import { consentStatement } from './consents';
import { applyStatusesStatement, statusEventStatement } from './messages';
import { queueAcknowledgement } from './outbox';
import { whatsappMessages } from './tables';
import { threads } from './threads-port';
import type { IncomingMessage, ReadWebhook } from './webhook-reading';

/**
 * A webhook's items (webhook-reading.ts) applied: each message kept once by its wamid (Meta
 * repeats a webhook until it hears 200: one already kept is skipped, never applied, fetched or
 * stored again) and handed to the guest's thread, each status kept once and the message brought
 * up to it. Two copies of one delivery may arrive at the same time and both find a message new:
 * the insert of one keeps it, stamped with that request's `receipt`, and everything that follows
 * from it (the thread's copy, the staff's push, an opt-out's consent and acknowledgement, the live
 * inbox's event, the medium's fetch) runs only for that request. A message with a medium is kept at once with its medium `pending`; the medium is
 * fetched after the commit (media.ts), so a medium that cannot be fetched never refuses the
 * delivery.
 */

/** Meta retries a webhook for up to seven days: no message it delivers was written earlier. */
const RETRIED_FOR_MS = 7 * 24 * 3600_000;
/** Messages applied per D1 batch (each with its thread's statements, all of one message together). */
const MESSAGES_PER_BATCH = 50;

/**
 * When the guest wrote, as far as this app believes it: Meta's timestamp, but never later than we
 * received it (a clock far in the future would keep WhatsApp's 24-hour window open for ever) nor
 * earlier than Meta could still be retrying it.
 */
export function writtenAt(timestamp: number, receivedAt: Date): Date {
  const at = timestamp * 1000;
  const now = receivedAt.getTime();
  return new Date(Math.min(now, Math.max(now - RETRIED_FOR_MS, Number.isFinite(at) ? at : now)));
}

export type Applied = {
  messages: number;
  statuses: number;
  /**
   * The wamids of the messages this request kept (told to the live inbox after the commit): a
   * message a copy of the delivery kept first is not among them.
   */
  kept: string[];
  /** Those with a medium to fetch. */
  media: string[];
  /** The wamids whose status this request was the first to keep (told to the live inbox too). */
  moved: string[];
};

export async function applyWebhook(db: Db, read: ReadWebhook, receivedAt: Date): Promise<Applied> {
  const ids = read.messages.map((m) => m.wamid);
  const userIds = [...new Set(read.messages.filter((m) => m.from === null).map((m) => m.userId!))];
  // One round trip: the messages kept already, and the phone each id-only sender wrote from before.
  // The ids as JSON lists: a delivery may carry more than the 100 values D1 binds in a statement.
  const [knownRows, phoneRows] = await db.batch([
    db
      .select({ wamid: whatsappMessages.wamid })
      .from(whatsappMessages)
      .where(sql`${whatsappMessages.wamid} in (select value from json_each(${JSON.stringify(ids)}))`),
    db
      .select({ userId: whatsappMessages.userId, phone: whatsappMessages.phone })
      .from(whatsappMessages)
      .where(
        sql`${whatsappMessages.userId} in (select value from json_each(${JSON.stringify(userIds)}))
          and ${whatsappMessages.phone} not glob '*[^0-9]*'`,
      )
      .orderBy(sql`${whatsappMessages.id} desc`),
  ]);
  const known = new Set(knownRows.map((r) => r.wamid));
  const phoneOf = new Map<string, string>();
  for (const r of phoneRows) if (r.userId && !phoneOf.has(r.userId)) phoneOf.set(r.userId, r.phone);

  // This request's mark on the messages it keeps: a copy of the delivery arriving at the same time
  // passes the check above too, but its inserts keep nothing, so nothing follows from them.
  const receipt = crypto.randomUUID();
  const groups: Group[] = [];
  for (const m of read.messages) {
    // Kept already (this delivery is a repeat), or twice in this one: skipped.
    if (known.has(m.wamid)) continue;
    known.add(m.wamid);
    const address = m.from !== null ? phoneAddress(m.from) : (phoneOf.get(m.userId!) ?? m.userId!);
    groups.push({
      statements: messageStatements(db, m, address, writtenAt(m.timestamp, receivedAt), receivedAt, receipt),
      wamid: m.wamid,
      of: m.media ? 'medium' : 'message',
    });
  }
  const statusGroups: Group[] = read.statuses.map((s) => {
    const at = new Date(s.timestamp * 1000);
    const error = s.error?.title ?? null;
    return {
      statements: [
        statusEventStatement(db, {
          wamid: s.wamid,
          status: s.status,
          at,
          errorCode: s.error?.code ?? null,
          errorTitle: error,
        }),
        applyStatusesStatement(db, s.wamid),
        ...threads().status(db, { wamid: s.wamid, status: s.status, at, error }),
      ],
      wamid: s.wamid,
      of: 'status',
    };
  });
  const batches: Group[][] = [];
  for (let i = 0; i < groups.length; i += MESSAGES_PER_BATCH)
    batches.push(groups.slice(i, i + MESSAGES_PER_BATCH));
  // The statuses go with the last batch (a status of a message in this delivery finds it kept).
  if (statusGroups.length) {
    if (batches.length) batches.at(-1)!.push(...statusGroups);
    else batches.push(statusGroups);
  }
  const kept: string[] = [];
  const media: string[] = [];
  const moved: string[] = [];
  for (const batch of batches) {
    const results = await db.batch(
      batch.flatMap((g) => g.statements) as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]],
    );
    // Each group's first statement is its insert (returning the row it kept, none for a copy).
    let at = 0;
    for (const group of batch) {
      const inserted = (results[at] as unknown[]).length > 0;
      at += group.statements.length;
      if (!inserted) continue;
      if (group.of === 'status') moved.push(group.wamid);
      else kept.push(group.wamid);
      if (group.of === 'medium') media.push(group.wamid);
    }
  }
  return { messages: read.messages.length, statuses: read.statuses.length, kept, media, moved };
}

/** One message's (with a medium or not) or one status's statements, its insert first. */
type Group = { statements: BatchItem<'sqlite'>[]; wamid: string; of: 'message' | 'medium' | 'status' };

/** One message's statements: the provider's record, the thread's copy, and an opt-out's consequences. */
function messageStatements(
  db: Db,
  m: IncomingMessage,
  address: string,
  at: Date,
  receivedAt: Date,
  receipt: string,
): BatchItem<'sqlite'>[] {
  // What follows runs only where this request's insert kept the message.
  const mine = sql`exists (select 1 from whatsapp_messages where wamid = ${m.wamid} and receipt = ${receipt})`;
  const statements: BatchItem<'sqlite'>[] = [
    db
      .insert(whatsappMessages)
      .values({
        wamid: m.wamid,
        phone: address,
        userId: m.userId,
        direction: 'in',
        kind: m.kind,
        body: m.body,
        mediaId: m.media?.id ?? null,
        mediaType: m.media?.mimeType ?? null,
        mediaState: m.media ? 'pending' : null,
        mediaNextAt: m.media ? receivedAt : null,
        latitude: m.latitude,
        longitude: m.longitude,
        status: 'received',
        receipt,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning({ wamid: whatsappMessages.wamid }),
    ...threads().inbound(db, {
      phone: address,
      wamid: m.wamid,
      kind: m.kind,
      text: m.body,
      mediaType: m.media?.mimeType ?? null,
      mediaState: m.media ? 'pending' : null,
      details: m.details,
      latitude: m.latitude,
      longitude: m.longitude,
      at,
      profileName: m.profileName ?? m.username,
      onlyIf: mine,
    }),
  ];
  if (m.stop) {
    statements.push(
      // Dated by the message (as the messages that may lift it are): a STOP that Meta delivers after
      // a later message does not silence the guest who wrote since.
      consentStatement(db, { phone: address, optedIn: false, source: 'stop', at }, mine),
      ...queueAcknowledgement(
        db,
        {
          phone: address,
          wamid: m.wamid,
          lang: /[\u0600-\u06ff]/.test(m.body) ? 'ar' : 'en',
          now: receivedAt,
        },
        mine,
      ),
    );
  }
  return statements;
}
