import { sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { emailOutbox } from './email-outbox-tables';
import { bookingRowsQuery } from '../bookings';
import { entryMessageRows } from '../draws';
import { reviewMessageRows } from '../reviews';
import { lostItemMessageRows } from '../lost-found';
import { autopilotRunMessageRows } from '../revenue';
import { siteSettingFieldSql } from '../catalog';
import type { Db } from '../../platform/env';
import { insertWhere } from '../../platform/atomic';
import type { BookingEventKind, Channel, NotifyEvent } from '../../platform/notify';
import { ERASED_MARK } from '@shared/account-schemas';

/**
 * The e-mail channel of platform/notify.ts (docs/decisions/037-email-outbox.md).
 *
 * Queueing: `emailChannel` gives, for an event, the `INSERT … SELECT … FROM (<the rows the event
 * names>)` statements that write one `email_outbox` row per message (the rows are a query the
 * raising module offers, `bookingRowsQuery` and the like, over `event.where`), for the state
 * change's own batch: nothing is queued when the change did not happen, and a committed change
 * always has its rows. A row names what it is about (kind, entity) and whom, in which language;
 * the message itself is rendered at delivery from the current rows and site settings, so the
 * batch stays small and a hotel's corrected address shows in the mails still waiting.
 *
 * Delivery (`deliverEmails`, after a mutating answer through waitUntil and from the cron): one
 * conditional UPDATE claims the due rows for this delivery (a fresh token; status `sending`),
 * then only the rows carrying that token are sent, so two deliveries running at once never send
 * one row twice. A provider failure puts the row back with a later `next_attempt_at` (1, 5, 30
 * minutes, 2 and 6 hours), then `failed`. A row left `sending` by a delivery that died is never
 * sent again (at most once: the provider may have taken it): it becomes `failed`.
 */

/**
 * The booking events a guest without an e-mail address hears of by a text message to the booking's
 * phone: that it arrived (its reference and the link to manage it), and the hotel's decision.
 */
export const TEXTED_BOOKING_EVENTS = new Set<BookingEventKind>([
  'booking_received',
  'booking_approved',
  'booking_confirmed',
  'booking_rejected',
  'booking_cancelled',
  'booking_expired',
  'booking_edited',
]);

/** Booking events only staff hear of (platform/notify.ts StaffBookingEventKind): no e-mail. */
const STAFF_ONLY = new Set<NotifyEvent['kind']>([
  'booking_checked_in_online',
  'channel_booking_flagged',
  'channel_booking_changed',
  'channel_booking_cancelled',
]);

function queued(now: number) {
  return { status: 'queued' as const, attempts: 0, nextAttemptAt: new Date(now), createdAt: new Date(now) };
}

/**
 * The price autopilot changed prices (modules/revenue): every manager and admin, in Arabic (as the
 * staff's booking alerts).
 */
function autopilotEmails(db: Db, where: Parameters<typeof autopilotRunMessageRows>[1], now: number) {
  return [
    insertWhere(
      db,
      emailOutbox,
      {
        kind: 'revenue_autopilot_applied',
        recipient: sql`u.email`,
        lang: 'ar',
        entityType: 'revenue_autopilot_run',
        entityId: sql`t.id`,
        ...queued(now),
      },
      sql`u.role in ('manager', 'admin') and u.is_disabled = 0`,
      sql`${autopilotRunMessageRows(db, where)} as t join users u`,
    ),
  ];
}

/** The statements that queue an event's e-mails, for the event's own batch. */
export const emailChannel: Channel = (db: Db, event: NotifyEvent): BatchItem<'sqlite'>[] => {
  const now = Date.now();
  // The guest did it themselves, or it is for staff only (what an OTA did): nothing to e-mail
  // (staff hear of it in the app and by push).
  if (STAFF_ONLY.has(event.kind)) return [];
  // A guest's in-stay request: the staff's bell and push, no e-mail.
  if (event.kind === 'stay_request_received') return [];
  // A found item matched to a stay: its guest, at the stay's address (modules/lost-found).
  if (event.kind === 'lost_item_found')
    return [
      insertWhere(
        db,
        emailOutbox,
        {
          kind: event.kind,
          recipient: sql`t.address`,
          lang: sql`t.lang`,
          entityType: 'lost_item',
          entityId: sql`t.id`,
          ...queued(now),
        },
        sql`t.address is not null`,
        sql`${lostItemMessageRows(db, event.where)} as t`,
      ),
    ];
  if (event.kind === 'revenue_autopilot_applied') return autopilotEmails(db, event.where, now);
  // A conversation's message: the thread, the live socket and push (modules/conversations), no e-mail.
  if (event.kind === 'conversation_message_received' || event.kind === 'conversation_reply_sent') return [];
  if (event.kind === 'review_approved' || 'entry' in event) {
    const rows =
      event.kind === 'review_approved'
        ? reviewMessageRows(db, event.where)
        : entryMessageRows(db, event.entry, event.where);
    // Only a signed-in guest has an address (an entry's phone is never matched to an account).
    const account = sql`(select u.email from users u where u.id = t.user_id)`;
    return [
      insertWhere(
        db,
        emailOutbox,
        {
          kind: event.kind,
          recipient: account,
          lang: sql`t.lang`,
          entityType: event.kind === 'review_approved' ? 'review' : event.entry,
          entityId: sql`t.id`,
          ...queued(now),
        },
        sql`${account} is not null`,
        sql`${rows} as t`,
      ),
    ];
  }
  // A booking: the address given for its confirmation, or its account's (`address`).
  const booking = sql`${bookingRowsQuery(db, event.where)} as t`;
  const forBooking = {
    lang: sql`t.lang`,
    entityType: 'booking',
    entityId: sql`t.id`,
    reason: event.reason ?? sql`t.status_reason`,
    ...queued(now),
  };
  // A booking an OTA sold (the channel manager brought it): its cancellation is between the OTA
  // and its guest, who hears of it from the OTA; we send no e-mail and no text message of our own.
  const ours = event.kind === 'booking_cancelled' ? sql` and t.channel_booking_id is null` : sql``;
  const statements: BatchItem<'sqlite'>[] = [
    insertWhere(
      db,
      emailOutbox,
      { kind: event.kind, recipient: sql`t.address`, ...forBooking },
      sql`t.address is not null${ours}`,
      booking,
    ),
  ];
  if (TEXTED_BOOKING_EVENTS.has(event.kind as BookingEventKind)) {
    // No address to write to: the booking's phone gets a text message instead.
    statements.push(
      insertWhere(
        db,
        emailOutbox,
        { kind: event.kind, recipient: sql`t.phone_number`, channel: 'sms', ...forBooking },
        sql`t.address is null and t.phone_number <> ${ERASED_MARK}${ours}`,
        booking,
      ),
    );
  }
  if (event.kind === 'booking_received' || event.kind === 'booking_changed') {
    // Staff hear of a new request, or a guest's change to approve again, at the address in site
    // settings, when there is one.
    const alert = siteSettingFieldSql('bookingAlertEmail');
    statements.push(
      insertWhere(
        db,
        emailOutbox,
        {
          kind: event.kind === 'booking_changed' ? 'staff_booking_changed' : 'staff_booking_alert',
          recipient: alert,
          lang: 'ar',
          entityType: 'booking',
          entityId: sql`t.id`,
          ...queued(now),
        },
        sql`coalesce(${alert}, '') <> ''`,
        booking,
      ),
    );
  }
  return statements;
};
