import { sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { pushOutbox } from './push-tables';
import type { Db } from '../../platform/env';
import { insertWhere } from '../../platform/atomic';
import type { Channel, NotifyEvent } from '../../platform/notify';
import { bookingRowsQuery } from '../bookings';
import { entryMessageRows } from '../draws';
import { reviewMessageRows } from '../reviews';
import { conversationMessageRows } from '../conversations';
import { roomFieldSql } from '../inventory';
import { roomTypeFieldSql } from '../catalog';

/**
 * Web Push through the outbox (docs/decisions/038-web-push.md).
 *
 * Queueing (`pushChannel`, platform/notify.ts): one `INSERT … SELECT` per audience into
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
export const AUDIENCE: Partial<Record<NotifyEvent['kind'], Audience>> = {
  booking_received: 'staff',
  free_night_booked: 'staff',
  booking_changed: 'staff',
  booking_checked_in_online: 'staff',
  channel_booking_flagged: 'staff',
  channel_booking_changed: 'staff',
  channel_booking_cancelled: 'staff',
  entry_received: 'staff',
  booking_approved: 'guest',
  booking_cancelled: 'guest',
  booking_rejected: 'guest',
  booking_expired: 'guest',
  booking_edited: 'guest',
  entry_approved: 'guest',
  entry_rejected: 'guest',
  review_approved: 'guest',
  stay_request_received: 'staff',
  conversation_message_received: 'staff',
  conversation_reply_sent: 'guest',
  payment_received: 'guest',
  payment_refunded: 'guest',
};

/**
 * The event's rows, with what a message names, as a subquery `t`: the rows the raising module
 * offers for its condition (`bookingRowsQuery`, `entryMessageRows`, `reviewMessageRows`).
 */
function subjectRows(db: Db, event: NotifyEvent): SQL {
  if (event.kind === 'conversation_message_received' || event.kind === 'conversation_reply_sent') {
    return sql`select m.id as id, null as reference, m.user_id as user_id, m.device_id as device_id,
        m.details as details from ${conversationMessageRows(db, event.where)} as m`;
  }
  if (event.kind === 'stay_request_received') {
    // The request, its booking's reference and the room it is in.
    return sql`select stay_requests.id as id, b.reference as reference, null as user_id, null as device_id,
        json_object('requestType', stay_requests.type, 'room', ${roomFieldSql('number', sql`b.room_id`)},
          'requestedTime', stay_requests.requested_time) as details
      from stay_requests join booking_submissions b on b.id = stay_requests.booking_id
      where ${event.where}`;
  }
  if (event.kind === 'review_approved' || 'entry' in event) {
    const rows =
      event.kind === 'review_approved'
        ? reviewMessageRows(db, event.where)
        : entryMessageRows(db, event.entry, event.where);
    return sql`select r.id as id, null as reference, r.user_id as user_id, r.device_id as device_id, null as details
      from ${rows} as r`;
  }
  return sql`select b.id as id, b.reference as reference, b.user_id as user_id, b.device_id as device_id,
      json_object('roomType', b.room_type, 'checkIn', b.check_in_date, 'checkOut', b.check_out_date,
        'reason', ${'reason' in event ? (event.reason ?? null) : null},
        'roomNameAr', ${roomTypeFieldSql('nameAr', sql`b.room_type`)},
        'roomNameEn', ${roomTypeFieldSql('name', sql`b.room_type`)}) as details
    from ${bookingRowsQuery(db, event.where)} as b`;
}

/** The subscriptions that hear of a row `t`. */
function audienceJoin(audience: Audience): SQL {
  return audience === 'guest'
    ? sql`join push_subscriptions s
        on (t.user_id is not null and s.user_id = t.user_id)
        or (t.device_id is not null and s.device_id = t.device_id)`
    : sql`join push_subscriptions s on s.role <> 'guest'
        join users u on u.id = s.user_id and u.role in ('staff', 'manager', 'admin') and u.is_disabled = 0`;
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
      sql`(${subjectRows(db, event)}) as t ${audienceJoin(audience)}`,
    ),
  ];
};
