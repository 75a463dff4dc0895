import { and, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { hotelToday } from '@shared/dates';
import { isWhatsAppUserId, WHATSAPP_WINDOW_MS } from '@shared/whatsapp';
import { CONVERSATION_LIMITS, type InboxFilter } from '@shared/conversation-schemas';
import { conversationMessages, conversationThreads, type ConversationThread } from './tables';
import { messageView } from './messages';
import { mediumResponse } from './media';
import { channelSender } from './senders';
import type { Db } from '../../platform/env';
import { ApiError } from '../../platform/api-error';
import { users } from '../../platform/tables';
import { dayStays } from '../bookings';
import { roomFieldSql } from '../inventory';

const t = conversationThreads;

/**
 * The name the desk sees: a booking's thread its booking's (the profile may be another guest's who
 * typed the same phone), else the profile's, the account's, WhatsApp's profile name, or the phone.
 */
const guestNameSql = sql<string | null>`coalesce(
  case when ${t.bookingId} is not null then ${t.guestName} end,
  (select gp.full_name from guest_profiles gp where gp.id = ${t.profileId}),
  (select u.full_name from users u where u.id = ${t.userId}), ${t.guestName})`;
const vipSql = sql<number>`coalesce((select gp.vip from guest_profiles gp where gp.id = ${t.profileId}), 0)`;

/** The threads whose guest has a booking among `bookings` (a subquery of booking rows). */
function threadsOfBookings(bookings: SQL): SQL {
  return sql`${t.id} in (select th.id from (${bookings}) b join conversation_threads th
    on (b.profile_id is not null and th.profile_id = b.profile_id)
    or (b.user_id is not null and th.user_id = b.user_id) or th.booking_id = b.id)`;
}

/** The inbox's condition for a filter (`all`: every thread). */
function filterSql(db: Db, filter: InboxFilter, userId: number): SQL | undefined {
  const today = hotelToday();
  switch (filter) {
    case 'open':
      return eq(t.status, 'open');
    case 'mine':
      return eq(t.assignedTo, userId);
    case 'unassigned':
      return and(isNull(t.assignedTo), eq(t.status, 'open'));
    case 'in_house':
      return threadsOfBookings(sql`${dayStays.inHouseOnNightQuery(db, today, ['approved', 'confirmed'])}`);
    case 'arriving':
      return threadsOfBookings(sql`${dayStays.unarrivedOnQuery(db, today, ['approved', 'confirmed'])}`);
    default:
      return undefined;
  }
}

/**
 * GET /api/admin/inbox: threads newest first (by their last message), one page along the index of
 * the filter (`before` is the last row's `lastMessageAt:id`), with their unread counts. Reads the
 * page's rows and, for in house and arriving, the day's bookings: nothing that grows with history.
 */
export async function listInbox(
  db: Db,
  userId: number,
  query: { filter?: InboxFilter; before?: string; limit?: number },
) {
  const limit = query.limit ?? CONVERSATION_LIMITS.inboxPageMax;
  let page: SQL | undefined;
  if (query.before) {
    const [ms, id] = query.before.split(':').map(Number) as [number, number];
    page = or(lt(t.lastMessageAt, new Date(ms)), and(eq(t.lastMessageAt, new Date(ms)), lt(t.id, id)));
  }
  const [rows, totals] = await db.batch([
    db
      .select({
        id: t.id,
        guestName: guestNameSql,
        phone: t.phone,
        linked: sql<number>`${t.userId} is not null or ${t.profileId} is not null`,
        vip: vipSql,
        status: t.status,
        assignedTo: t.assignedTo,
        assignedName: users.fullName,
        lastMessageAt: t.lastMessageAt,
        lastChannel: t.lastChannel,
        lastPreview: t.lastPreview,
        unread: t.unreadStaff,
      })
      .from(t)
      .leftJoin(users, eq(users.id, t.assignedTo))
      .where(and(filterSql(db, query.filter ?? 'all', userId), page))
      .orderBy(desc(t.lastMessageAt), desc(t.id))
      .limit(limit),
    unreadTotalQuery(db),
  ]);
  return {
    threads: rows.map((r) => ({
      ...r,
      linked: Boolean(r.linked),
      vip: Boolean(r.vip),
      lastMessageAt: r.lastMessageAt.toISOString(),
    })),
    unreadThreads: totals[0]?.count ?? 0,
    next: rows.length === limit ? `${rows.at(-1)!.lastMessageAt.getTime()}:${rows.at(-1)!.id}` : null,
  };
}

/**
 * The open threads with unread messages (the admin menu's badge), along the status index; bounded
 * by the open threads, which staff close.
 */
export function unreadTotalQuery(db: Db) {
  return db
    .select({ count: sql<number>`count(*)` })
    .from(t)
    .where(and(eq(t.status, 'open'), sql`${t.unreadStaff} > 0`));
}

/** A thread by id, or 404 `thread_not_found`. */
export async function findThread(db: Db, id: number): Promise<ConversationThread> {
  const thread = await db.select().from(t).where(eq(t.id, id)).get();
  if (!thread) throw new ApiError(404, 'thread_not_found');
  return thread;
}

/**
 * The guest's bookings beside the thread: the newest ten, with what the desk needs at a glance; a
 * booking's thread its own booking first, then its profile's others (the desk sees the guest's
 * stays together; the guest never does).
 */
function staysQuery(
  db: Db,
  thread: { userId: number | null; profileId: number | null; bookingId: number | null },
) {
  const byProfile = thread.profileId !== null ? sql`b.profile_id = ${thread.profileId}` : sql`0`;
  const byAccount = thread.userId !== null ? sql`b.user_id = ${thread.userId}` : sql`0`;
  const byBooking = thread.bookingId !== null ? sql`b.id = ${thread.bookingId}` : sql`0`;
  return db
    .select({
      id: sql<number>`b.id`,
      reference: sql<string>`b.reference`,
      checkIn: sql<string>`b.check_in_date`,
      checkOut: sql<string>`b.check_out_date`,
      roomType: sql<string>`b.room_type`,
      room: roomFieldSql('number', sql`b.room_id`),
      status: sql<string>`b.status`,
      checkedIn: sql<number>`b.checked_in_at is not null`,
      checkedOut: sql<number>`b.checked_out_at is not null`,
      balanceBaisa: sql<number>`b.folio_balance_baisa`,
      requests: sql<string | null>`b.check_in_requests`,
      adults: sql<number>`b.adults`,
      children: sql<number>`b.children`,
      openRequests: sql<number>`(select count(*) from stay_requests s where s.booking_id = b.id
        and s.status in ('new', 'in_progress'))`,
    })
    .from(sql`booking_submissions b`)
    .where(sql`${byProfile} or ${byAccount} or ${byBooking}`)
    .orderBy(
      thread.bookingId !== null
        ? sql`b.id = ${thread.bookingId} desc, b.check_in_date desc, b.id desc`
        : sql`b.check_in_date desc, b.id desc`,
    )
    .limit(10);
}

/**
 * The guest's name, phone, e-mail and VIP mark: a booking's thread its booking's (the profile may
 * be shared by a typed phone), else their profile's, else their account's, else the thread's.
 */
function guestQuery(db: Db, thread: ConversationThread) {
  return db
    .select({
      name: sql<string | null>`coalesce(b.full_name, gp.full_name, u.full_name, ${thread.guestName})`,
      vip: sql<number>`coalesce(gp.vip, 0)`,
      phone: sql<string | null>`coalesce(b.phone_number, gp.phone, ${thread.phone})`,
      email: sql<string | null>`coalesce(b.email, gp.email, u.email)`,
    })
    .from(
      sql`(select 1) as one left join guest_profiles gp on gp.id = ${thread.profileId}
        left join users u on u.id = ${thread.userId}
        left join booking_submissions b on b.id = ${thread.bookingId}`,
    );
}

/**
 * GET /api/admin/inbox/:threadId: the thread, a page of its messages (staff notes included) and
 * the guest's stays beside it, in one round trip.
 */
/**
 * Whether the thread can reach WhatsApp (it has a phone) and until when free text may go
 * (24 hours after the guest's last WhatsApp message; after it, only a template).
 */
function whatsappWindow(thread: ConversationThread, now = Date.now()) {
  const last = thread.lastChannel === 'whatsapp' ? thread.lastGuestMessageAt : null;
  const until = last ? last.getTime() + WHATSAPP_WINDOW_MS : null;
  return {
    phone: thread.phone !== null,
    windowOpen: until !== null && until > now,
    windowUntil: until !== null ? new Date(until).toISOString() : null,
  };
}

export async function threadDetail(db: Db, id: number, before?: number) {
  const thread = await findThread(db, id);
  const sender = channelSender('whatsapp');
  // The phone's consent to a template (read beside the batch, not after it).
  const consent = thread.phone && sender?.consent ? sender.consent(db, thread.phone) : Promise.resolve(null);
  const [[profile, messages, stays], whatsappConsent] = await Promise.all([
    db.batch([
      guestQuery(db, thread),
      db
        .select({ m: conversationMessages, staffName: users.fullName })
        .from(conversationMessages)
        .leftJoin(users, eq(users.id, conversationMessages.authorUserId))
        .where(
          and(
            eq(conversationMessages.threadId, id),
            before !== undefined ? lt(conversationMessages.id, before) : undefined,
          ),
        )
        .orderBy(desc(conversationMessages.id))
        .limit(CONVERSATION_LIMITS.pageMax),
      staysQuery(db, thread),
    ]),
    consent,
  ]);
  const guest = profile[0];
  // A guest known only by their WhatsApp user id (a username, no phone shared) has no phone to show.
  const userId = guest?.phone && isWhatsAppUserId(guest.phone) ? guest.phone : null;
  const page = messages.reverse();
  // A reaction is shown on the message it is on, when that message is on this page.
  const byProviderId = new Map(
    page.flatMap((r) => (r.m.providerMessageId ? [[r.m.providerMessageId, r.m.id] as const] : [])),
  );
  return {
    thread: {
      id: thread.id,
      status: thread.status,
      assignedTo: thread.assignedTo,
      lastChannel: thread.lastChannel,
      lastGuestMessageAt: thread.lastGuestMessageAt?.toISOString() ?? null,
      whatsapp: { ...whatsappWindow(thread), consent: whatsappConsent },
      unread: thread.unreadStaff,
      linked: thread.userId !== null || thread.profileId !== null,
      bookingId: thread.bookingId,
      guest: {
        name: guest?.name ?? null,
        phone: userId ? null : (guest?.phone ?? null),
        whatsappUserId: userId,
        email: guest?.email ?? null,
        vip: Boolean(guest?.vip),
        profileId: thread.profileId,
      },
    },
    messages: page.map((r) => {
      const view = messageView(r.m, r.staffName);
      const target = r.m.kind === 'reaction' ? view.details?.reactsTo : undefined;
      return { ...view, reactsTo: target ? (byProviderId.get(target) ?? null) : null };
    }),
    hasMore: messages.length === CONVERSATION_LIMITS.pageMax,
    stays: stays.map(({ checkedIn, checkedOut, ...s }) => ({
      ...s,
      inHouse: Boolean(checkedIn) && !checkedOut,
    })),
  };
}

/**
 * GET /api/admin/inbox/:threadId/messages/:messageId/media: a guest's medium (a WhatsApp picture,
 * voice note, video, sticker or document, kept in R2), to the staff who may read the thread
 * (media.ts serves it). 404 when the message is not on that thread or has no medium.
 */
export async function messageMedia(
  db: Db,
  images: R2Bucket,
  threadId: number,
  messageId: number,
  range: string | undefined,
): Promise<Response> {
  const [row] = await db
    .select({
      key: conversationMessages.mediaKey,
      type: conversationMessages.mediaType,
      details: conversationMessages.details,
    })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.id, messageId), eq(conversationMessages.threadId, threadId)))
    .limit(1);
  return mediumResponse(images, row, range);
}
