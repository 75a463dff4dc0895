import type { InboxFilter, SavedReplyInput, ThreadStatus } from '@shared/conversation-schemas';
import { api, ApiRequestError, readJson } from '@/lib/api-client';

export const inboxKeys = {
  all: ['admin', 'inbox'] as const,
  list: (filter: InboxFilter) => [...inboxKeys.all, 'list', filter] as const,
  thread: (id: number) => [...inboxKeys.all, 'thread', id] as const,
  savedReplies: () => [...inboxKeys.all, 'saved-replies'] as const,
  colleagues: () => [...inboxKeys.all, 'colleagues'] as const,
  templates: () => [...inboxKeys.all, 'whatsapp-templates'] as const,
};

/** GET /api/admin/inbox?filter=: threads newest first with their unread counts (one page). */
export function getInbox(filter: InboxFilter) {
  return readJson(api.admin.inbox.$get({ query: filter === 'all' ? {} : { filter } }));
}
export type InboxPage = Awaited<ReturnType<typeof getInbox>>;
export type InboxThread = InboxPage['threads'][number];

/** GET /api/admin/inbox/:threadId: the thread, a page of its messages and the guest's stays. */
export function getThread(id: number) {
  return readJson(api.admin.inbox[':threadId'].$get({ param: { threadId: String(id) }, query: {} }));
}
export type ThreadDetail = Awaited<ReturnType<typeof getThread>>;
export type StaffMessage = ThreadDetail['messages'][number];

/**
 * GET /api/admin/inbox/:threadId/messages/:messageId/media: a guest's medium, by its address (an
 * <img>, <audio> or <video> reads it with the staff session, by byte range; never cached).
 */
export function messageMediaUrl(threadId: number, messageId: number): string {
  return `/api/admin/inbox/${threadId}/messages/${messageId}/media`;
}
export type GuestStay = ThreadDetail['stays'][number];

/**
 * POST /api/admin/inbox/:threadId/messages (a text or a note, or an approved WhatsApp template with
 * its fields), with an Idempotency-Key made for this one send.
 */
export function sendReply(
  id: number,
  json: { text: string; internal?: boolean } | { template: string; language: string; parameters: string[] },
  key: string,
) {
  return readJson(
    api.admin.inbox[':threadId'].messages.$post(
      { param: { threadId: String(id) }, json },
      { headers: { 'Idempotency-Key': key } },
    ),
  );
}

/** PATCH /api/admin/inbox/:threadId. */
export function patchThread(
  id: number,
  json: { assignedTo?: number | null; status?: ThreadStatus; read?: true },
) {
  return readJson(api.admin.inbox[':threadId'].$patch({ param: { threadId: String(id) }, json }));
}

export function getSavedReplies() {
  return readJson(api.admin.inbox['saved-replies'].$get());
}
export type SavedReply = Awaited<ReturnType<typeof getSavedReplies>>['replies'][number];

export function createSavedReply(json: SavedReplyInput) {
  return readJson(api.admin.inbox['saved-replies'].$post({ json }));
}

export async function deleteSavedReply(id: number) {
  const res = await api.admin.inbox['saved-replies'][':id'].$delete({ param: { id: String(id) } });
  if (!res.ok) throw ApiRequestError.of(res.status, await res.json().catch(() => null));
}

/** GET /api/admin/inbox/colleagues: who a thread can be assigned to. */
export function getColleagues() {
  return readJson(api.admin.inbox.colleagues.$get());
}

/** GET /api/admin/guests?q= (staff): the profiles a phone-only thread may be linked to. */
export async function findProfiles(q: string) {
  return (await readJson(api.admin.guests.$get({ query: { q } }))).guests;
}

/** POST /api/admin/inbox/:threadId/link `{ profileId }`: answers the thread that remains. */
export function linkThread(id: number, profileId: number) {
  return readJson(
    api.admin.inbox[':threadId'].link.$post({ param: { threadId: String(id) }, json: { profileId } }),
  );
}

/** GET /api/admin/whatsapp/templates: the hotel's templates with their approval (the picker keeps the approved). */
export function getTemplates() {
  return readJson(api.admin.whatsapp.templates.$get());
}
