import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Context } from 'hono';
import {
  CONVERSATION_LIMITS,
  type GuestMessageInput,
  type MessageDetails,
} from '@shared/conversation-schemas';
import { conversationMessages, conversationThreads, type ConversationMessage } from './tables';
import { appendInboundStatements, phoneKey, threadIdOf, type GuestKey } from './threads';
import { publishLive } from './live';
import { mediumResponse } from './media';
import type { AppEnv, Db, Env } from '../../platform/env';
import { assistantAnswersQuery } from '../assistant';
import { findOwnedBooking } from '../bookings';
import { ApiError } from '../../platform/api-error';
import { readSession } from '../../platform/session-cookies';
import { hit, LIMITS, retryAfterSeconds } from '../../platform/rate-limit';
import { requestDeviceId } from '../../platform/device-id';
import { idempotencyKeys, users } from '../../platform/tables';
import {
  claimKey,
  createOnce,
  storedAnswerQuery,
  type Created,
  type Idempotency,
} from '../../platform/idempotency';

/** A message's details as kept (JSON), or null when it has none or they cannot be read. */
function detailsOf(json: string | null): MessageDetails | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as MessageDetails) : null;
  } catch {
    return null;
  }
}

/** A message as the guest's chat and the staff inbox show it. */
export function messageView(m: ConversationMessage, authorName: string | null = null) {
  return {
    id: m.id,
    threadId: m.threadId,
    channel: m.channel,
    direction: m.direction,
    author: m.authorKind,
    authorName,
    kind: m.kind,
    text: m.body,
    hasMedia: m.mediaKey !== null,
    /** A medium: its type, and whether it is there (`stored`), still coming, or never will be. */
    media: m.mediaState ? { type: m.mediaType, state: m.mediaState } : null,
    details: detailsOf(m.details),
    status: m.deliveryStatus,
    error: m.deliveryError,
    internal: m.internal,
    bookingId: m.bookingId,
    createdAt: m.createdAt.toISOString(),
  };
}
export type MessageView = ReturnType<typeof messageView>;

/** The guest a request speaks for: its thread's key and the booking it wrote from. */
export type GuestSide = { key: GuestKey; bookingId: number | null; tags: string[] };

/**
 * Who is writing: with `bookingId`, for a caller who may manage the booking (anyone else 404, as
 * for a booking that does not exist): its signed-in account speaks on the account's thread; anyone
 * else who holds it (its link or its reference and phone on this device) speaks on the booking's
 * own thread, and reads nothing else: neither the account's thread nor that of the guest profile
 * other bookings share through a typed phone. Without one, the signed-in account (401
 * if signed out). Staff signed in read and write their own account's thread here, as any guest.
 */
export async function guestSideOf(c: Context<AppEnv>, bookingId?: number): Promise<GuestSide> {
  if (bookingId !== undefined) {
    const booking = await findOwnedBooking(c, bookingId);
    const session = booking.userId !== null ? await readSession(c) : null;
    const key: GuestKey =
      session && session.user.id === booking.userId
        ? {
            userId: session.user.id,
            profileId: booking.profileId,
            phone: booking.phoneNumber,
            name: booking.fullName,
          }
        : { bookingId: booking.id, profileId: booking.profileId, name: booking.fullName };
    return { key, bookingId: booking.id, tags: tagsOfKey(key) };
  }
  const session = await readSession(c);
  if (!session) throw new ApiError(401, 'not_signed_in');
  const key: GuestKey = { userId: session.user.id, name: session.user.fullName };
  return { key, bookingId: null, tags: tagsOfKey(key) };
}

/** The live sockets' tags of a guest key (live.ts `guestTags` gives a thread's). */
function tagsOfKey(key: GuestKey): string[] {
  if ('bookingId' in key) return [`booking:${key.bookingId}`];
  if ('userId' in key) return [`user:${key.userId}`];
  if ('profileId' in key) return [`profile:${key.profileId}`];
  return [];
}

/**
 * The guest's own thread, newest page first (`before`: an older page), staff notes left out; two
 * reads in one round trip. Reading it marks staff replies read (the thread's `unread_guest`).
 *
 * What came or went on WhatsApp is the phone's: a phone typed into a booking or a profile proves
 * nothing, so those messages are shown only when `mayReadPhone` says the reader proved the thread's
 * phone (on this device or on their account); otherwise the page is read again with the app's
 * messages alone (docs/security/attack-2026-11-27.md).
 */
export async function guestMessages(
  db: Db,
  side: GuestSide,
  before: number | undefined,
  mayReadPhone: (phone: string) => Promise<boolean>,
) {
  const threadId = threadIdOf(side.key);
  const page = (appOnly: boolean) =>
    db
      .select({ m: conversationMessages, staffName: users.fullName })
      .from(conversationMessages)
      .leftJoin(users, eq(users.id, conversationMessages.authorUserId))
      .where(
        and(
          sql`${conversationMessages.threadId} = ${threadId}`,
          eq(conversationMessages.internal, false),
          appOnly ? eq(conversationMessages.channel, 'app') : undefined,
          before !== undefined ? lt(conversationMessages.id, before) : undefined,
        ),
      )
      .orderBy(desc(conversationMessages.id))
      .limit(CONVERSATION_LIMITS.pageMax);
  const [threadRows, read] = await db.batch([
    db
      .select({
        id: conversationThreads.id,
        unreadGuest: conversationThreads.unreadGuest,
        phone: conversationThreads.phone,
      })
      .from(conversationThreads)
      .where(sql`${conversationThreads.id} = ${threadId}`),
    page(false),
  ]);
  const thread = threadRows[0] ?? null;
  let messages = read;
  if (messages.some((r) => r.m.channel !== 'app') && !(thread?.phone && (await mayReadPhone(thread.phone)))) {
    messages = await page(true);
  }
  if (thread && thread.unreadGuest > 0) {
    await db.update(conversationThreads).set({ unreadGuest: 0 }).where(eq(conversationThreads.id, thread.id));
  }
  // Oldest first, as a chat reads.
  const oldestFirst = messages.reverse();
  // A reaction is shown on the message it is on, when that message is on this page (as the inbox does).
  const byProviderId = new Map(
    oldestFirst.flatMap((r) => (r.m.providerMessageId ? [[r.m.providerMessageId, r.m.id] as const] : [])),
  );
  return {
    threadId: thread?.id ?? null,
    messages: oldestFirst.map((r) => {
      const view = messageView(r.m, r.m.authorKind === 'staff' ? r.staffName : null);
      const target = r.m.kind === 'reaction' ? view.details?.reactsTo : undefined;
      return { ...view, reactsTo: target ? (byProviderId.get(target) ?? null) : null };
    }),
    hasMore: messages.length === CONVERSATION_LIMITS.pageMax,
  };
}

/**
 * GET /api/messages/:messageId/media: a medium (a picture, voice note, video, sticker or document
 * the guest sent on WhatsApp) on the guest's own thread, under the rule of their chat: never a
 * staff note, and what came on WhatsApp only to a reader who proved the thread's phone. 404 for
 * anything else (another guest's message, one without a medium), as for one that does not exist.
 */
export async function guestMessageMedia(
  db: Db,
  images: R2Bucket,
  side: GuestSide,
  messageId: number,
  range: string | undefined,
  mayReadPhone: (phone: string) => Promise<boolean>,
): Promise<Response> {
  const [row] = await db
    .select({
      key: conversationMessages.mediaKey,
      type: conversationMessages.mediaType,
      details: conversationMessages.details,
      channel: conversationMessages.channel,
      phone: conversationThreads.phone,
    })
    .from(conversationMessages)
    .innerJoin(conversationThreads, eq(conversationThreads.id, conversationMessages.threadId))
    .where(
      and(
        eq(conversationMessages.id, messageId),
        sql`${conversationMessages.threadId} = ${threadIdOf(side.key)}`,
        eq(conversationMessages.internal, false),
      ),
    )
    .limit(1);
  if (row && row.channel !== 'app' && !(row.phone && (await mayReadPhone(row.phone)))) {
    throw new ApiError(404, 'media_not_found');
  }
  return mediumResponse(images, row, range);
}

export type GuestMessageAnswer = { message: MessageView };

/** The create's answer kept under its key, the message's and the thread's ids filled in inside the batch. */
export function storeAnswerIds(db: Db, idem: Idempotency, draft: unknown, messageId: SQL, threadId: SQL) {
  return db
    .update(idempotencyKeys)
    .set({
      statusCode: 201,
      responseBody: sql`json_set(${JSON.stringify(draft)}, '$.message.id', ${messageId}, '$.message.threadId', ${threadId})`,
      updatedAt: new Date(),
    })
    .where(and(eq(idempotencyKeys.scope, idem.scope), eq(idempotencyKeys.key, idem.key)));
}

/** Whose messages count together against LIMITS.guestMessages: the guest's account, profile or phone. */
function guestLimitKey(key: GuestKey): string {
  if ('bookingId' in key) return `booking:${key.bookingId}`;
  if ('userId' in key) return `user:${key.userId}`;
  if ('profileId' in key) return `profile:${key.profileId}`;
  return `phone:${phoneKey(key.phone)}`;
}

type HandoverTurn = NonNullable<GuestMessageInput['handover']>[number];

/**
 * The assistant's turns as one message the desk reads above the guest's own (no words to
 * translate): one line a turn, its speaker's mark first. A turn's own line breaks are folded, so
 * no text of a turn can start a line that reads as another speaker's.
 */
export function handoverText(turns: HandoverTurn[]): string {
  return turns
    .map((t) => `${t.role === 'guest' ? '👤' : '🤖'} ${t.text.replace(/\s+/g, ' ').trim()}`)
    .join('\n');
}

/** A text as a turn is compared: trimmed, as long as a turn may be. */
const asTurn = (text: string) => text.trim().slice(0, CONVERSATION_LIMITS.handoverTurnMax);

/**
 * The handover as the desk may read it: a turn the app says the assistant wrote is kept only if
 * the assistant did write it in this device's conversation (`assistantSession`, read along its
 * index: what the assistant answered, modules/assistant), so a guest cannot put words in the
 * assistant's mouth; the guest's own turns are theirs whatever they say.
 */
async function checkedHandover(
  c: Context<AppEnv>,
  turns: HandoverTurn[] | undefined,
  assistantSession: string | undefined,
): Promise<HandoverTurn[]> {
  if (!turns || turns.length === 0) return [];
  if (!turns.some((t) => t.role === 'assistant')) return turns;
  let said = new Set<string>();
  if (assistantSession) {
    const session = await readSession(c);
    const answers = await assistantAnswersQuery(c.get('db'), session?.user.id ?? null, assistantSession);
    said = new Set(answers.map((a) => asTurn(a.message)));
  }
  return turns.filter((t) => t.role === 'guest' || said.has(asTurn(t.text)));
}

/**
 * The guest writes to the front desk (POST /api/messages): the thread made if it has none, the
 * message, the assistant's conversation so far when it hands over, the thread's unread count
 * (trigger), the staff's push and the idempotency key's answer, in ONE batch. An
 * `Idempotency-Key` (the app's offline queue) makes a retry answer the first message, not a second.
 */
export async function postGuestMessage(
  c: Context<AppEnv>,
  side: GuestSide,
  input: { text: string; handover?: GuestMessageInput['handover']; assistantSession?: string },
  idem: Idempotency | null,
): Promise<Created<GuestMessageAnswer>> {
  const db = c.get('db');
  const stored = idem ? (await storedAnswerQuery(db, idem))[0] : undefined;
  const outcome = await createOnce(db, idem, stored, async () => {
    const handover = await checkedHandover(c, input.handover, input.assistantSession);
    // A new message counts against the guest's limit (a replay of a kept one never gets here).
    if (
      (await hit(db, `guest-messages:${guestLimitKey(side.key)}`, LIMITS.guestMessages)) >
      LIMITS.guestMessages.max
    ) {
      throw new ApiError(429, 'too_many_requests', undefined, undefined, {
        'Retry-After': String(retryAfterSeconds(LIMITS.guestMessages)),
      });
    }
    const at = new Date();
    const deviceId = requestDeviceId(c);
    const statements: BatchItem<'sqlite'>[] = [];
    if (handover.length > 0) {
      // The assistant's turns first, a millisecond earlier, so the guest's message reads after them.
      const appended = appendInboundStatements(db, {
        key: side.key,
        channel: 'app',
        author: 'system',
        text: handoverText(handover),
        bookingId: side.bookingId,
        at: new Date(at.getTime() - 1),
        notify: false,
      });
      statements.push(...appended.statements.slice(0, -1));
    }
    const append = appendInboundStatements(db, {
      key: side.key,
      channel: 'app',
      text: input.text,
      bookingId: side.bookingId,
      deviceId: 'userId' in side.key ? null : deviceId,
      at,
    });
    statements.push(...append.statements);
    const mine: SQL = sql`(select max(id) from conversation_messages where thread_id = ${append.threadId})`;
    const draft: GuestMessageAnswer = {
      message: messageView({
        id: 0,
        threadId: 0,
        channel: 'app',
        direction: 'in',
        authorKind: 'guest',
        authorUserId: null,
        body: input.text,
        kind: 'text',
        mediaKey: null,
        mediaType: null,
        mediaState: null,
        details: null,
        providerMessageId: null,
        deliveryStatus: 'delivered',
        deliveryError: null,
        internal: false,
        bookingId: side.bookingId,
        createdAt: at,
      }),
    };
    if (idem) {
      statements.unshift(claimKey(db, idem));
      statements.push(storeAnswerIds(db, idem, draft, mine, append.threadId));
    }
    const results = await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
    const ids = results[statements.length - 1 - (idem ? 1 : 0)] as { threadId: number; messageId: number }[];
    const row = ids[0];
    if (!row?.messageId) throw new ApiError(500, 'internal_error');
    const answer: GuestMessageAnswer = {
      message: { ...draft.message, id: row.messageId, threadId: row.threadId },
    };
    // Staff tablets and the guest's other devices hear of it after the answer.
    c.executionCtx.waitUntil(
      publishLive(c.env, ['staff', ...side.tags], {
        type: 'message',
        threadId: row.threadId,
        messageId: row.messageId,
        direction: 'in',
      }),
    );
    return answer;
  });
  return outcome;
}

/**
 * Tells the open staff inboxes of messages a channel's webhook committed (by their provider ids:
 * a guest's WhatsApp messages, a medium fetched, a status), after the commit: one event per
 * thread, its newest of them; the screens read what changed through the API.
 */
export async function publishProviderMessages(env: Env, db: Db, providerIds: string[]): Promise<void> {
  if (!providerIds.length) return;
  const rows = await db
    .select({
      threadId: conversationMessages.threadId,
      messageId: sql<number>`max(${conversationMessages.id})`,
      direction: conversationMessages.direction,
    })
    .from(conversationMessages)
    .where(
      sql`${conversationMessages.providerMessageId} in (select value from json_each(${JSON.stringify(providerIds)}))`,
    )
    .groupBy(conversationMessages.threadId);
  await Promise.all(
    rows.map((r) =>
      publishLive(env, ['staff'], {
        type: 'message',
        threadId: r.threadId,
        messageId: r.messageId,
        direction: r.direction,
      }),
    ),
  );
}
