import type { SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { MessageDetails } from '@shared/conversation-schemas';
import type { WhatsAppMediaState, WhatsAppMessageKind } from '@shared/whatsapp';
import type { Db, Env } from '../../platform/env';

/**
 * Where WhatsApp's messages meet the conversations (the inbox module's threads, one per guest):
 * this module keeps the provider's record (whatsapp_messages: wamid, delivery state) and hands
 * each message to the thread through this port, in the same batch. The entry installs the inbox's
 * statements once (worker/src/index.ts), as it installs the notification channels; until then
 * nothing is appended anywhere else (the port answers no statements).
 */
export type ThreadMessage = {
  /** The guest's WhatsApp address (address.ts: their phone, or their business-scoped user id). */
  phone: string;
  wamid: string | null;
  kind: WhatsAppMessageKind;
  text: string | null;
  mediaKey?: string | null;
  /** A medium's MIME type and whether it is fetched yet (inbound). */
  mediaType?: string | null;
  mediaState?: WhatsAppMediaState | null;
  /** What else the kind carries (a place, a card, the message a reaction is on…). */
  details?: MessageDetails | null;
  latitude?: number | null;
  longitude?: number | null;
  at: Date;
  /** The name the guest's WhatsApp profile shows (inbound only). */
  profileName?: string | null;
  /**
   * Inbound: appended, and staff told, only if this holds in the batch (the webhook request's own
   * insert kept the message: a copy of the delivery arriving at the same time does nothing).
   */
  onlyIf?: SQL;
  /** Outbound: `accepted` when the provider took it, `failed` with its error otherwise. */
  status?: 'accepted' | 'failed';
  error?: string | null;
  /** Outbound: the staff member who sent it (null: the hotel by itself). */
  staffUserId?: number | null;
};

export type ThreadStatus = {
  wamid: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  at: Date;
  /** The failure's words (or an SQL expression of them, read in the batch). */
  error?: string | SQL | null;
  /** Applied only if this holds in the batch (a status kept before the thread's copy existed). */
  onlyIf?: SQL;
};

export type WhatsAppThreadsPort = {
  inbound(db: Db, message: ThreadMessage): BatchItem<'sqlite'>[];
  outbound(db: Db, message: ThreadMessage): BatchItem<'sqlite'>[];
  status(db: Db, status: ThreadStatus): BatchItem<'sqlite'>[];
  /** A staff reply the provider took: the conversation message gets its wamid. */
  replySent(db: Db, conversationMessageId: number, wamid: string): BatchItem<'sqlite'>[];
  /** A staff reply that could not be sent: the conversation message shows why. */
  replyFailed(db: Db, conversationMessageId: number, error: string): BatchItem<'sqlite'>[];
  /** A guest's medium fetched (its R2 key and type), or given up with why. */
  media(
    db: Db,
    wamid: string,
    outcome: { key: string; type: string } | { error: string },
  ): BatchItem<'sqlite'>[];
  /** After a commit: the open inboxes hear of these messages (by wamid) at once. */
  published(env: Env, db: Db, wamids: string[]): Promise<void>;
};

const none: WhatsAppThreadsPort = {
  inbound: () => [],
  outbound: () => [],
  status: () => [],
  replySent: () => [],
  replyFailed: () => [],
  media: () => [],
  published: async () => undefined,
};
let port: WhatsAppThreadsPort = none;

/** Sets the threads' statements (the entry calls it once, before any request). */
export function installWhatsAppThreads(threads: WhatsAppThreadsPort): void {
  port = threads;
}

export function threads(): WhatsAppThreadsPort {
  return port;
}
