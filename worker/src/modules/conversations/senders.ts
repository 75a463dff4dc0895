import type { SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { ConversationChannel } from '@shared/conversation-schemas';
import type { Db, Env } from '../../platform/env';
import type { ConversationThread } from './tables';

/**
 * Door port (c), decision 088: how a staff reply reaches a guest on a channel other than the
 * app. When staff answer a thread whose guest last wrote on WhatsApp, the conversations module
 * asks the sender registered for `whatsapp`:
 *
 * 1. `check(db, thread, env)` before anything is written: it may refuse (throw an ApiError, e.g.
 *    409 `window_closed` outside WhatsApp's 24-hour window); nothing is stored then.
 * 2. `queueStatements(db, reply)` inside the reply's own batch, right after the message row
 *    (inserted with delivery status `queued`): the sender's outbox rows. `reply.messageId` is a
 *    subquery that finds the new message's id inside the batch.
 * 3. `deliver(env, db)` after the answer has gone (`waitUntil`): it sends what its outbox holds,
 *    then records the outcome with `messageSentStatement` / `messageFailedStatement`.
 *
 * With no sender registered for the channel, the reply is refused with 409 `channel_unavailable`
 * and nothing is stored.
 */
export type ChannelSender = {
  check?: (db: Db, thread: ConversationThread, env: Env) => Promise<void>;
  queueStatements: (
    db: Db,
    reply: { thread: ConversationThread; messageId: SQL; text: string; staffUserId: number },
  ) => BatchItem<'sqlite'>[];
  deliver?: (env: Env, db: Db) => Promise<unknown>;
};

const senders = new Map<Exclude<ConversationChannel, 'app'>, ChannelSender>();

/** Registers the sender of a channel (the entry calls it once, before any request). */
export function registerChannelSender(
  channel: Exclude<ConversationChannel, 'app'>,
  sender: ChannelSender,
): void {
  senders.set(channel, sender);
}

/** The sender of a channel, if one is registered. */
export function channelSender(channel: ConversationChannel): ChannelSender | undefined {
  return channel === 'app' ? undefined : senders.get(channel);
}
