import type { GuestMessageInput } from '@shared/conversation-schemas';
import { api, readJson } from '@/lib/api-client';

/** The guest's thread (its booking's, or their account's). */
export const guestChatKeys = {
  of: (bookingId: number | null) => ['conversations', 'mine', bookingId ?? 'account'] as const,
  /** The staff's replies not read yet (the chat button's badge), of every thread the device reads. */
  unreadAll: ['conversations', 'unread'] as const,
  unread: (bookingId: number | null) => ['conversations', 'unread', bookingId ?? 'account'] as const,
};

/** GET /api/messages/unread: the staff's replies the guest has not read, without reading them. */
export function getGuestUnread(bookingId: number | null) {
  return readJson(
    api.messages.unread.$get({ query: bookingId === null ? {} : { bookingId: String(bookingId) } }),
  );
}

/** GET /api/messages: the guest's own thread, oldest first (a page of the newest). */
export function getGuestMessages(bookingId: number | null) {
  return readJson(api.messages.$get({ query: bookingId === null ? {} : { bookingId: String(bookingId) } }));
}
export type GuestThread = Awaited<ReturnType<typeof getGuestMessages>>;
export type ChatMessageView = GuestThread['messages'][number];

/**
 * GET /api/messages/:messageId/media: a medium the guest sent on WhatsApp, on their own thread (the
 * booking's page asks with its `bookingId`), by its address: an <img>, <audio> or <video> reads it
 * with the guest's session, by byte range; never cached.
 */
export function guestMediaUrl(messageId: number, bookingId: number | null): string {
  return `/api/messages/${messageId}/media${bookingId === null ? '' : `?bookingId=${bookingId}`}`;
}

/**
 * POST /api/messages with the message's own `Idempotency-Key` (its id in the device's queue): a
 * retry after a lost answer, or after the device was offline, is the same message on the server.
 */
export function sendGuestMessage({ key, ...json }: GuestMessageInput & { key: string }) {
  return readJson(api.messages.$post({ json }, { headers: { 'Idempotency-Key': key } }));
}
