import { and, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { PushMessage } from '../../../shared/src/push-schemas';
import type { RoomType } from '../../../shared/src/constants';
import { pushOutbox, pushSubscriptions } from '../db/schema/push';
import type { Db, Env } from '../env';
import { toArabicIndicDigits } from '../../../shared/src/digits';
import { formatDay, isolateLtr } from './assistant-facts';
import { insertWhere } from './atomic';
import { ROOM_TIER_NAME, text } from './messages';
import type { Channel, EntryKind, NotifyEvent } from './notify';
import { endpointAllowed, vapidPublicKey } from './push-subscriptions';

/**
 * Web Push through the outbox (issue 29 section 2; docs/decisions/038-web-push.md).
 *
 * Queueing (`pushChannel`, lib/notify.ts): one `INSERT … SELECT` per audience into
 * `push_outbox`, in the state change's own batch, over the event's rows (`where`) joined to the
 * subscriptions that should hear of it: a guest's (the row's account, or the device that sent
 * it) for their booking approved, cancelled, declined or released, their entry decided and their
 * review approved; every staff and admin subscription (the account still staff, not disabled) for
 * a new booking request or entry.
 *
 * Sending (`deliverPush`): rows are claimed (`pending` -> `sending`) by one UPDATE before any is
 * sent, so two deliveries at once never send one twice; each is encrypted (RFC 8291 aes128gcm)
 * to its subscription's keys and signed (RFC 8292 VAPID) with @block65/webcrypto-web-push, and
 * POSTed with `TTL`, `Urgency` and `Topic`. 2xx: sent. 404/410: the subscription is gone and is
 * deleted (with its queued rows). Anything else: tried again later (backoff), a few times.
 */

type Audience = 'guest' | 'staff';

/** Who hears of each event (kinds not listed tell nobody by push). */
const AUDIENCE: Partial<Record<NotifyEvent['kind'], Audience>> = {
  booking_received: 'staff',
  free_night_booked: 'staff',
  booking_changed: 'staff',
  booking_checked_in_online: 'staff',
  entry_received: 'staff',
  booking_approved: 'guest',
  booking_cancelled: 'guest',
  booking_rejected: 'guest',
  booking_expired: 'guest',
  entry_approved: 'guest',
  entry_rejected: 'guest',
  review_approved: 'guest',
  stay_request_received: 'staff',
};

const ENTRY_TABLE: Record<EntryKind, string> = {
  photography: 'photography_submissions',
  google_review: 'google_review_submissions',
  location_sharing: 'location_sharing_submissions',
};

/** The event's rows, with what a message names, as a subquery `t` (its `where` over its own table). */
function subjectRows(event: NotifyEvent): SQL {
  if (event.kind === 'stay_request_received') {
    // The request, its booking's reference and the room it is in.
    return sql`select stay_requests.id as id, b.reference as reference, null as user_id, null as device_id,
        json_object('requestType', stay_requests.type, 'room', h.number,
          'requestedTime', stay_requests.requested_time) as details
      from stay_requests join booking_submissions b on b.id = stay_requests.booking_id
      left join hotel_rooms h on h.id = b.room_id
      where ${event.where}`;
  }
  if (event.kind === 'review_approved') {
    return sql`select id, null as reference, user_id, device_id, null as details from reviews where ${event.where}`;
  }
  if ('entry' in event) {
    const table = sql.raw(ENTRY_TABLE[event.entry]);
    return sql`select id, null as reference, user_id, device_id, null as details from ${table} where ${event.where}`;
  }
  return sql`select id, reference, user_id, device_id,
      json_object('roomType', room_type, 'checkIn', check_in_date, 'checkOut', check_out_date,
        'reason', ${event.reason ?? null}) as details
    from booking_submissions where ${event.where}`;
}

/** The subscriptions that hear of a row `t`. */
function audienceJoin(audience: Audience): SQL {
  return audience === 'guest'
    ? sql`join push_subscriptions s
        on (t.user_id is not null and s.user_id = t.user_id)
        or (t.device_id is not null and s.device_id = t.device_id)`
    : sql`join push_subscriptions s on s.role <> 'guest'
        join users u on u.id = s.user_id and u.role in ('staff', 'admin') and u.is_disabled = 0`;
}

export const pushChannel: Channel = (db: Db, event: NotifyEvent): BatchItem<'sqlite'>[] => {
  const audience = AUDIENCE[event.kind];
  if (!audience) return [];
  return [
    insertWhere(
      db,
      pushOutbox,
      {
        subscriptionId: sql`s.id`,
        kind: event.kind,
        entryKind: 'entry' in event ? event.entry : null,
        subjectId: sql`t.id`,
        reference: sql`t.reference`,
        details: sql`t.details`,
      },
      sql`1`,
      sql`(${subjectRows(event)}) as t ${audienceJoin(audience)}`,
    ),
  ];
};

type Lang = 'ar' | 'en';
type OutboxRow = typeof pushOutbox.$inferSelect;

const GUEST_BOOKING_KINDS = new Set([
  'booking_approved',
  'booking_cancelled',
  'booking_rejected',
  'booking_expired',
]);
const STAFF_ENTRY_SCREEN: Record<EntryKind, string> = {
  photography: '/photography-admin',
  google_review: '/rating-admin',
  location_sharing: '/location-admin',
};
/** The request types a staff push names (the web's words: entities/admin/stay-requests). */
const STAY_REQUEST_TYPES = new Set(['towels', 'cleaning', 'late_checkout', 'maintenance', 'other']);

/** "Guest request: Late check-out until 13:00" and "Room 204 · Reference K7MQ4PX". */
function stayRequestMessage(row: OutboxRow, lang: Lang): PushMessage {
  const d = row.details ?? {};
  const type = STAY_REQUEST_TYPES.has(d.requestType ?? '') ? d.requestType! : 'other';
  const name = text(lang, `push.stay_request_type.${type}`);
  const request = d.requestedTime
    ? text(lang, 'push.stay_request_until', {
        request: name,
        time: isolateLtr(lang === 'ar' ? toArabicIndicDigits(d.requestedTime) : d.requestedTime),
      })
    : name;
  const parts: string[] = [];
  if (d.room) parts.push(text(lang, 'push.room', { room: isolateLtr(d.room) }));
  if (row.reference) parts.push(text(lang, 'push.reference', { reference: isolateLtr(row.reference) }));
  return {
    title: text(lang, 'push.stay_request', { request }),
    body: parts.join(' · '),
    url: '/admin/stay-requests',
    tag: `staff-stay-request-${row.subjectId}`,
    lang,
  };
}

/** "Gold · 12 December 2026 – 14 December 2026 · Reference K7MQ4PX" in the language, dates via the one formatter. */
function bookingLine(row: OutboxRow, lang: Lang): string {
  const d = row.details ?? {};
  const parts: string[] = [];
  if (d.roomType && d.roomType in ROOM_TIER_NAME[lang])
    parts.push(ROOM_TIER_NAME[lang][d.roomType as RoomType]);
  if (d.checkIn && d.checkOut) {
    parts.push(
      text(lang, 'push.dates', {
        checkIn: formatDay(d.checkIn, lang),
        checkOut: formatDay(d.checkOut, lang),
      }),
    );
  }
  if (row.reference) parts.push(text(lang, 'push.reference', { reference: isolateLtr(row.reference) }));
  const line = parts.join(' · ');
  const reason =
    d.reason && d.reason !== 'expired' ? `\n${text(lang, 'push.reason', { reason: d.reason })}` : '';
  return line + reason;
}

/** The notification a queued row becomes, in the subscription's language. */
export function pushMessageOf(row: OutboxRow, lang: Lang): PushMessage {
  const entry = row.entryKind as EntryKind | null;
  switch (row.kind) {
    case 'booking_received':
    case 'free_night_booked':
    case 'booking_changed':
    case 'booking_checked_in_online':
      return {
        title: text(lang, `push.staff.${row.kind}`),
        body: bookingLine(row, lang),
        url: '/admin/bookings',
        tag: `staff-booking-${row.subjectId}`,
        lang,
      };
    case 'entry_received':
      return {
        title: text(lang, `push.staff_entry.${entry ?? 'photography'}`),
        body: text(lang, 'push.moderate'),
        url: STAFF_ENTRY_SCREEN[entry ?? 'photography'],
        tag: `staff-entry-${entry}-${row.subjectId}`,
        lang,
      };
    case 'entry_approved':
    case 'entry_rejected': {
      const decision = `entry_decision.${entry === 'google_review' ? 'google_review' : 'photography'}.${row.kind === 'entry_approved' ? 'approved' : 'rejected'}`;
      return {
        title: text(lang, `${decision}.title`),
        body: text(lang, `${decision}.message`),
        url: '/?events=true',
        tag: `entry-${entry}-${row.subjectId}`,
        lang,
      };
    }
    case 'stay_request_received':
      return stayRequestMessage(row, lang);
    case 'review_approved':
      return {
        title: text(lang, 'push.review'),
        body: text(lang, 'push.review_body'),
        url: '/',
        tag: `review-${row.subjectId}`,
        lang,
      };
    default:
      return {
        title: text(lang, `push.guest.${GUEST_BOOKING_KINDS.has(row.kind) ? row.kind : 'booking_approved'}`),
        body: bookingLine(row, lang),
        url: '/?bookings=true',
        tag: `booking-${row.subjectId}`,
        lang,
      };
  }
}

/** Seconds a push service keeps an undelivered message: staff alerts half a day, a guest's a day. */
const TTL_SECONDS = { staff: 12 * 60 * 60, guest: 24 * 60 * 60 };
/** Rows claimed per delivery (each one HTTP request; Workers allow 50 subrequests on the free plan). */
const BATCH_SIZE = 25;
/** Tries before a message is given up, and the waits between them (1 min, 5 min, 30 min, 2 h). */
export const PUSH_MAX_ATTEMPTS = 5;
const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
const SEND_TIMEOUT_MS = 10_000;

type Outcome = { row: OutboxRow; result: 'sent' | 'gone' | 'retry' | 'failed'; error?: string };

async function send(
  env: Env,
  row: OutboxRow,
  subscription: typeof pushSubscriptions.$inferSelect,
): Promise<Outcome> {
  const audience = AUDIENCE[row.kind as NotifyEvent['kind']] ?? 'guest';
  const message = pushMessageOf(row, subscription.lang);
  if (!endpointAllowed(subscription.endpoint, env.ENVIRONMENT)) {
    return { row, result: 'failed', error: 'endpoint not allowed' };
  }
  // The library signs and encrypts for https endpoints only (RFC 8030); a development receiver
  // on http://127.0.0.1 is addressed as its https twin (the JWT's `aud`) and reached over http.
  const url = new URL(subscription.endpoint);
  const signedFor = url.protocol === 'http:' ? `https://${url.host}${url.pathname}${url.search}` : url.href;
  let request;
  try {
    // Loaded with the first push an isolate sends, not with every request.
    const { buildPushPayload } = await import('@block65/webcrypto-web-push');
    request = await buildPushPayload(
      {
        data: message,
        options: {
          ttl: TTL_SECONDS[audience],
          urgency: audience === 'staff' ? 'high' : 'normal',
          topic: message.tag,
        },
      },
      {
        endpoint: signedFor,
        expirationTime: null,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      { subject: env.VAPID_SUBJECT!, publicKey: env.VAPID_PUBLIC_KEY!, privateKey: env.VAPID_PRIVATE_KEY! },
    );
  } catch (err) {
    return { row, result: 'failed', error: `build: ${(err as Error).message}`.slice(0, 200) };
  }
  try {
    const res = await fetch(subscription.endpoint, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (res.ok) return { row, result: 'sent' };
    if (res.status === 404 || res.status === 410) return { row, result: 'gone' };
    return { row, result: 'retry', error: `HTTP ${res.status}` };
  } catch (err) {
    return { row, result: 'retry', error: `${(err as Error).name}: ${(err as Error).message}`.slice(0, 200) };
  }
}

/**
 * Sends what is due (lib/notify.ts DELIVERERS; after the answer and from the cron). Answers
 * how many were sent, dropped with their subscription, put back for later and given up.
 */
export async function deliverPush(env: Env, db: Db, now = Date.now()) {
  const counts = { sent: 0, gone: 0, retry: 0, failed: 0 };
  if (!vapidPublicKey(env)) return counts;
  const due = db
    .select({ id: pushOutbox.id })
    .from(pushOutbox)
    .where(and(eq(pushOutbox.state, 'pending'), lte(pushOutbox.nextAttemptAt, new Date(now))))
    .orderBy(pushOutbox.nextAttemptAt)
    .limit(BATCH_SIZE);
  // The claim: one statement, so a row is claimed by one delivery only (sent at most once).
  const claimed = await db
    .update(pushOutbox)
    .set({ state: 'sending', claimedAt: new Date(now), attempts: sql`${pushOutbox.attempts} + 1` })
    .where(and(inArray(pushOutbox.id, due), eq(pushOutbox.state, 'pending')))
    .returning();
  if (claimed.length === 0) return counts;
  const subscriptions = await db
    .select()
    .from(pushSubscriptions)
    .where(
      inArray(
        pushSubscriptions.id,
        claimed.map((row) => row.subscriptionId),
      ),
    );
  const byId = new Map(subscriptions.map((s) => [s.id, s]));
  const outcomes = await Promise.all(
    claimed.map((row) => {
      const subscription = byId.get(row.subscriptionId);
      return subscription ? send(env, row, subscription) : Promise.resolve<Outcome>({ row, result: 'gone' });
    }),
  );

  const statements: BatchItem<'sqlite'>[] = [];
  const sent = outcomes.filter((o) => o.result === 'sent');
  if (sent.length > 0) {
    statements.push(
      db
        .update(pushOutbox)
        .set({ state: 'sent', sentAt: new Date(now), lastError: null })
        .where(
          inArray(
            pushOutbox.id,
            sent.map((o) => o.row.id),
          ),
        ),
      db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: new Date(now) })
        .where(
          inArray(
            pushSubscriptions.id,
            sent.map((o) => o.row.subscriptionId),
          ),
        ),
    );
  }
  const gone = outcomes.filter((o) => o.result === 'gone');
  if (gone.length > 0) {
    // Its queued rows go with it (on delete cascade).
    statements.push(
      db.delete(pushSubscriptions).where(
        inArray(
          pushSubscriptions.id,
          gone.map((o) => o.row.subscriptionId),
        ),
      ),
    );
  }
  for (const o of outcomes) {
    if (o.result !== 'retry' && o.result !== 'failed') continue;
    const giveUp = o.result === 'failed' || o.row.attempts >= PUSH_MAX_ATTEMPTS;
    const wait = BACKOFF_MS[Math.min(o.row.attempts - 1, BACKOFF_MS.length - 1)]!;
    statements.push(
      db
        .update(pushOutbox)
        .set({
          state: giveUp ? 'failed' : 'pending',
          nextAttemptAt: new Date(now + wait),
          lastError: o.error ?? null,
        })
        .where(eq(pushOutbox.id, o.row.id)),
    );
  }
  for (const o of outcomes)
    counts[o.result === 'retry' && o.row.attempts >= PUSH_MAX_ATTEMPTS ? 'failed' : o.result]++;
  if (statements.length > 0) await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return counts;
}
