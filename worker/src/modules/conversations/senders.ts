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
/** A template staff send from the inbox (WhatsApp's approved message outside the window). */
export type TemplateSend = { template: string; language?: string; parameters: string[] };

export type ChannelSender = {
  check?: (db: Db, thread: ConversationThread, env: Env) => Promise<void>;
  /**
   * A template instead of text: checked before anything is stored (approved in that language, its
   * number of parameters: 422; the phone's consent: 409), answering the text the guest will read
   * (the body with its parameters in) and the language it goes in. Without it: 409
   * `channel_unavailable`.
   */
  checkTemplate?: (
    db: Db,
    thread: ConversationThread,
    env: Env,
    template: TemplateSend,
  ) => Promise<{ text: string; language: string }>;
  queueStatements: (
    db: Db,
    reply: {
      thread: ConversationThread;
      messageId: SQL;
      text: string;
      staffUserId: number;
      /** Set when the reply is a template (checked by `checkTemplate`). */
      template?: Required<TemplateSend>;
    },
  ) => BatchItem<'sqlite'>[];
  deliver?: (env: Env, db: Db) => Promise<unknown>;
  /**
   * Whether the guest's phone opted in to the hotel's messages on this channel (a template needs
   * it): the inbox says so before staff type anything.
   */
  consent?: (db: Db, phone: string) => Promise<'opted_in' | 'not_opted_in' | 'opted_out'>;
};

const senders = new Map<Exclude<ConversationChannel, 'app'>, ChannelSender>();

/** Registers the sender of a channel (the entry calls it once, before any request). */
export function registerChannelSender(
  channel: Exclude<ConversationChannel, 'app'>,
  sender: ChannelSender,
): void {
  senders.set(channel, sender);
}

/** Takes a channel's sender away (the module's own tests of the port, beside the entry's sender). */
export function unregisterChannelSender(channel: Exclude<ConversationChannel, 'app'>): void {
  senders.delete(channel);
}

/** The sender of a channel, if one is registered. */
export function channelSender(channel: ConversationChannel): ChannelSender | undefined {
  return channel === 'app' ? undefined : senders.get(channel);
}
