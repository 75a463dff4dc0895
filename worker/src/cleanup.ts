import { lt } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { CHAT_RULES } from '@shared/chat-rules';
import { purgeConversationsBefore } from './modules/assistant';
import { purgeSettledOutboxes } from './modules/messaging';
import { sweepUnattachedUploads } from './modules/draws';
import { idempotencyKeys } from './platform/tables';
import type { Env } from './platform/env';
import { purgeExpiredIdData, sweepOrphanIdDocuments } from './modules/privacy';
import { sweepOrphanMedia } from './modules/catalog';
import { purgeExpiredRegistrations } from './modules/guests';

const DAY = 24 * 60 * 60_000;
/** Uploads never attached to an entry are kept this long (a device sends its entry right after). */
export const UNATTACHED_UPLOAD_TTL = 7 * DAY;
/** Stored first answers of Idempotency-Keys are kept this long. */
export const IDEMPOTENCY_TTL = 30 * DAY;
/** The assistant's conversations (messages and booking drafts) are kept this long. */
export const CHAT_HISTORY_TTL = CHAT_RULES.historyDays * DAY;

/**
 * The daily clean-up (wrangler.toml [triggers]): images uploaded but never
 * made part of an entry (the guest removed a refused entry, or gave up) go
 * from R2 and D1; old idempotency answers and the assistant's conversations older
 * than 30 days (and push messages and e-mails sent or given up) go from D1; staff photos' R2 objects without a row go from R2;
 * guests' ID photos and numbers are deleted and masked past their retention (modules/privacy/id-retention.ts),
 * and their registration data past its own (modules/guests/registrations.ts).
 */
export async function cleanUp(env: Env, now = Date.now()) {
  const db = drizzle(env.DB);
  const uploadsRemoved = await sweepUnattachedUploads(db, env.IMAGES, new Date(now - UNATTACHED_UPLOAD_TTL));
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_TTL)));
  // Push messages and e-mails sent or given up (modules/messaging) are kept as long, then go.
  await purgeSettledOutboxes(db, new Date(now - IDEMPOTENCY_TTL));
  const chatMessagesRemoved = await purgeConversationsBefore(db, new Date(now - CHAT_HISTORY_TTL));
  // Staff photos' R2 objects left without a row by a failed upload or delete (modules/catalog/media.ts).
  const orphanMediaRemoved = await sweepOrphanMedia(env, now);
  // ID photos and numbers past their retention after check-out (modules/privacy/id-retention.ts), and ID
  // photos a cut-off upload left without a booking.
  const idRetention = await purgeExpiredIdData(db, env.IMAGES, new Date(now));
  const orphanIdDocumentsRemoved = await sweepOrphanIdDocuments(db, env.IMAGES, now);
  // Guests' registration data past its own retention after their last departure (modules/guests/registrations.ts).
  const registrationRetention = await purgeExpiredRegistrations(db, env, new Date(now));
  return {
    uploadsRemoved,
    orphanMediaRemoved,
    ...idRetention,
    orphanIdDocumentsRemoved,
    ...registrationRetention,
    chatMessagesRemoved,
  };
}
