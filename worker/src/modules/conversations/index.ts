/**
 * conversations: guests and the hotel talk (docs/decisions/088-conversations.md).
 *
 * Owns: the threads (one per guest: their account, their guest profile, or a phone number that
 * matches nobody yet), their messages from every channel (the app's chat, WhatsApp), the desk's
 * saved replies; their tables (tables.ts, migration 0086); the hotel's live inbox (the Durable
 * Object `ConversationHub` holding the tablets' and guest apps' WebSockets, live.ts).
 * Offers: the routes the entry mounts (the guest's chat, the staff inbox, the live socket); the
 * Durable Object's class for the entry to export; for a channel's adapter (modules/whatsapp):
 * `appendInboundStatements` (a guest's message, idempotent on the provider's id),
 * `appendOutboundStatements` (what the channel sent by itself, on the guest's thread),
 * `deliveryStatusStatement` (a status, only forwards), `messageSentStatement` and
 * `messageFailedStatement` (an outbound message's outcome), `messageMediaStatement` (a guest's
 * medium arrived, or never will), `registerChannelSender` (the port a staff reply goes out
 * through), `publishLive` and `publishProviderMessages` (tell the screens after a commit); for the
 * entry, `closeEndedSessions` (a session's sockets closed when it ends, platform/session-hooks.ts);
 * the messages as the push channel reads them (`conversationMessageRows`); its part of a guest's data.
 * Never: hands out its tables; sends a push itself (it raises events through platform/notify.ts);
 * talks to a provider (a channel's sender does).
 * Imports: accounts (a phone’s proof), assistant (what it answered, to check a handover), bookings,
 * inventory (a stay’s room number), outlets (who works at an outlet: its tablet's socket).
 */
export { guestMessageRoutes } from './routes/messages';
export { inboxAdmin } from './routes/admin/inbox';
export { liveRoutes } from './routes/live';
export { ConversationHub, publishLive, guestTags, closeEndedSessions } from './live';
export {
  appendInboundStatements,
  appendOutboundStatements,
  deliveryStatusStatement,
  messageFailedStatement,
  messageMediaStatement,
  messageSentStatement,
  phoneKey,
  type GuestKey,
  type InboundMessage,
  type OutboundMessage,
} from './threads';
export { registerChannelSender, type ChannelSender } from './senders';
// A channel's webhook tells the open inboxes after its commit.
export { publishProviderMessages } from './messages';
export { type ConversationThread } from './tables';
// The messages as the push channel reads them (modules/messaging).
export { conversationMessageRows } from './message-rows';
// Its part of a guest's export and erasure (modules/privacy).
export { conversationsGuestData } from './guest-data';
