import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '@shared/auth-schemas';
import type { ThreadStatus } from '@shared/conversation-schemas';
import { conversationMessages, conversationThreads, type ConversationThread } from './tables';
import { findThread } from './inbox';
import { messageView, storeAnswerIds, type MessageView } from './messages';
import { channelSender } from './senders';
import { replyNoticeStatements } from './guest-notices';
import { guestTags, publishLive } from './live';
import type { Db, Env } from '../../platform/env';
import { ApiError } from '../../platform/api-error';
import { insertWhere } from '../../platform/atomic';
import { notifyStatements } from '../../platform/notify';
import { users } from '../../platform/tables';
import {
  claimKey,
  createOnce,
  storedAnswerQuery,
  type Created,
  type Idempotency,
} from '../../platform/idempotency';

export type StaffReplyAnswer = { message: MessageView };

/** What a staff action needs of its request: the database, the bindings, and work after the answer. */
export type Runtime = { db: Db; env: Env; waitUntil: (work: Promise<unknown>) => void };

/**
 * Staff write on a thread (POST /api/admin/inbox/:threadId/messages). A reply goes back on the
 * channel the guest last wrote on: the app (the guest's push is queued in the batch, their open
 * app hears of it live), or a channel with a registered sender (WhatsApp: its row `queued`, the
 * sender's outbox rows in the same batch; none registered: 409 `channel_unavailable`, nothing
 * stored). A staff note (`internal`) is never sent and never shown to the guest. Replying reads
 * the thread (its unread count goes to nought) and takes an unassigned thread.
 */
export async function staffReply(
  c: Runtime,
  user: SessionUser,
  threadId: number,
  input: StaffMessage,
  idem: Idempotency | null,
): Promise<Created<StaffReplyAnswer>> {
  const { db } = c;
  const stored = idem ? (await storedAnswerQuery(db, idem))[0] : undefined;
  return createOnce(db, idem, stored, async () => {
    const thread = await findThread(db, threadId);
    const { channel, sender, text, template, internal } = await replyRoute(c, thread, input);
    const at = new Date();
    const values = {
      threadId,
      channel,
      direction: 'out' as const,
      authorKind: 'staff' as const,
      authorUserId: user.id,
      body: text,
      deliveryStatus: channel === 'app' ? ('sent' as const) : ('queued' as const),
      internal,
      createdAt: at,
    };
    const mine = sql`conversation_messages.id = (select max(id) from conversation_messages)
      and conversation_messages.thread_id = ${threadId} and conversation_messages.created_at = ${at.getTime()}`;
    const messageId = sql`(select id from conversation_messages where ${mine})`;
    const statements: BatchItem<'sqlite'>[] = [
      insertWhere(db, conversationMessages, values, sql`1`).returning(),
      db
        .update(conversationThreads)
        .set({ unreadStaff: 0, assignedTo: sql`coalesce(${conversationThreads.assignedTo}, ${user.id})` })
        .where(eq(conversationThreads.id, threadId)),
    ];
    if (sender)
      statements.push(
        ...sender.queueStatements(db, { thread, messageId, text, staffUserId: user.id, template }),
      );
    if (!internal && channel === 'app') {
      statements.push(...notifyStatements(db, { kind: 'conversation_reply_sent', where: mine }));
      // The bell's notice, for a guest with an account (the chat button's badge is the thread's count).
      statements.push(
        ...replyNoticeStatements(
          db,
          thread,
          text,
          sql`exists (select 1 from conversation_messages where ${mine})`,
        ),
      );
    }
    const draft: StaffReplyAnswer = {
      message: messageView(
        {
          ...values,
          id: 0,
          kind: 'text',
          mediaKey: null,
          mediaType: null,
          mediaState: null,
          details: null,
          providerMessageId: null,
          deliveryError: null,
          bookingId: null,
        },
        user.fullName,
      ),
    };
    if (idem) {
      statements.unshift(claimKey(db, idem));
      statements.push(storeAnswerIds(db, idem, draft, messageId, sql`${threadId}`));
    }
    const results = await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
    const [row] = results[idem ? 1 : 0] as (typeof conversationMessages.$inferSelect)[];
    if (!row) throw new ApiError(500, 'internal_error');
    c.waitUntil(
      (async () => {
        if (sender?.deliver)
          await sender
            .deliver(c.env, db)
            .catch((err: unknown) =>
              console.log(JSON.stringify({ msg: 'channel-deliver-failed', error: String(err) })),
            );
        await publishLive(c.env, internal ? ['staff'] : ['staff', ...guestTags(thread)], {
          type: 'message',
          threadId,
          messageId: row.id,
          direction: 'out',
        });
      })(),
    );
    return { message: messageView(row, user.fullName) };
  });
}

type StaffMessage =
  { text: string; internal?: boolean } | { template: string; language?: string; parameters: string[] };

/**
 * Where a staff message goes and what it says: a note stays on the thread; a text reply goes back
 * on the channel the guest last wrote on (its sender's check first); a template goes on WhatsApp
 * to the thread's phone whatever the guest last wrote on (its sender checks the template, its
 * parameters and the phone's consent, and renders the text the guest reads).
 */
async function replyRoute(c: Runtime, thread: ConversationThread, input: StaffMessage) {
  if ('template' in input) {
    const sender = channelSender('whatsapp');
    if (!sender?.checkTemplate || !thread.phone) throw new ApiError(409, 'channel_unavailable');
    const checked = await sender.checkTemplate(c.db, thread, c.env, input);
    const template = { template: input.template, language: checked.language, parameters: input.parameters };
    return { channel: 'whatsapp' as const, sender, text: checked.text, template, internal: false };
  }
  const internal = input.internal === true;
  const channel = internal ? 'app' : thread.lastChannel;
  const sender = internal ? undefined : channelSender(channel);
  if (channel !== 'app' && !sender) throw new ApiError(409, 'channel_unavailable');
  if (sender?.check) await sender.check(c.db, thread, c.env);
  return { channel, sender, text: input.text, template: undefined, internal };
}

/** GET /api/admin/inbox/colleagues: who a thread can be assigned to (front desk, managers, admins). */
export function colleagues(db: Db) {
  return db
    .select({ id: users.id, fullName: users.fullName, role: users.role })
    .from(users)
    .where(and(inArray(users.role, ['staff', 'manager', 'admin']), eq(users.isDisabled, false)))
    .orderBy(users.fullName)
    .limit(200);
}

/**
 * PATCH /api/admin/inbox/:threadId `{ assignedTo?, status?, read? }`: assign to a colleague who
 * works the inbox (front desk, manager or admin, not disabled; else 422 `assignee_invalid`) or to
 * nobody, mark done or open again, mark read. One statement; the screens hear of it live.
 */
export async function patchThread(
  c: Runtime,
  threadId: number,
  input: { assignedTo?: number | null; status?: ThreadStatus; read?: true },
) {
  const { db } = c;
  const thread = await findThread(db, threadId);
  if (input.assignedTo !== undefined && input.assignedTo !== null) {
    const assignee = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.id, input.assignedTo),
          inArray(users.role, ['staff', 'manager', 'admin']),
          eq(users.isDisabled, false),
        ),
      )
      .get();
    if (!assignee) throw new ApiError(422, 'assignee_invalid');
  }
  const [updated] = await db
    .update(conversationThreads)
    .set({
      ...(input.assignedTo !== undefined && { assignedTo: input.assignedTo }),
      ...(input.status !== undefined && { status: input.status }),
      ...(input.read && { unreadStaff: 0 }),
    })
    .where(eq(conversationThreads.id, thread.id))
    .returning();
  c.waitUntil(publishLive(c.env, ['staff'], { type: 'thread', threadId }));
  return {
    id: updated!.id,
    status: updated!.status,
    assignedTo: updated!.assignedTo,
    unread: updated!.unreadStaff,
  };
}

/**
 * POST /api/admin/inbox/:threadId/link `{ profileId }`: a thread that only has a phone number
 * (WhatsApp from a number nobody had) joins a guest profile. If the guest already has a thread,
 * the phone's messages move onto it and the phone's thread goes (one batch); the answer names
 * the thread that remains.
 */
export async function linkThread(c: Runtime, threadId: number, profileId: number) {
  const { db } = c;
  const thread = await findThread(db, threadId);
  if (thread.userId !== null || thread.profileId !== null) throw new ApiError(409, 'thread_already_linked');
  const [profile] = await db.all<{ id: number; userId: number | null; phone: string }>(
    sql`select id, user_id as userId, phone from guest_profiles where id = ${profileId}`,
  );
  if (!profile) throw new ApiError(404, 'guest_not_found');
  const existing = await db
    .select()
    .from(conversationThreads)
    .where(
      sql`(${conversationThreads.profileId} = ${profile.id} and ${conversationThreads.bookingId} is null) or (${profile.userId} is not null and ${conversationThreads.userId} = ${profile.userId})`,
    )
    .get();
  let kept: ConversationThread;
  if (existing) {
    await db.batch([
      db
        .update(conversationMessages)
        .set({ threadId: existing.id })
        .where(eq(conversationMessages.threadId, thread.id)),
      db
        .update(conversationThreads)
        .set({
          unreadStaff: sql`${conversationThreads.unreadStaff} + ${thread.unreadStaff}`,
          lastMessageAt: sql`max(${conversationThreads.lastMessageAt}, ${thread.lastMessageAt.getTime()})`,
          lastChannel:
            (thread.lastGuestMessageAt?.getTime() ?? 0) > (existing.lastGuestMessageAt?.getTime() ?? 0)
              ? thread.lastChannel
              : existing.lastChannel,
          lastGuestMessageAt: sql`max(coalesce(${conversationThreads.lastGuestMessageAt}, 0), ${thread.lastGuestMessageAt?.getTime() ?? 0})`,
          phone: sql`coalesce(${conversationThreads.phone}, ${thread.phone})`,
          status: 'open',
        })
        .where(eq(conversationThreads.id, existing.id)),
      db.delete(conversationThreads).where(eq(conversationThreads.id, thread.id)),
    ]);
    kept = existing;
  } else {
    const [updated] = await db
      .update(conversationThreads)
      .set({ profileId: profile.id, userId: profile.userId })
      .where(and(eq(conversationThreads.id, thread.id), sql`${conversationThreads.profileId} is null`))
      .returning();
    if (!updated) throw new ApiError(409, 'thread_already_linked');
    kept = updated;
  }
  c.waitUntil(publishLive(c.env, ['staff'], { type: 'thread', threadId: kept.id }));
  return { threadId: kept.id };
}
