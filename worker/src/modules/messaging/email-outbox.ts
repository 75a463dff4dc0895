import { sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { emailOutbox } from './email-outbox-tables';
import { googleReviewSubmissions, locationSharingSubmissions, photographySubmissions } from '../draws/tables';
import { reviews } from '../reviews/tables';
import { bookingSubmissions } from '../bookings/tables';
import type { Db } from '../../platform/env';
import { insertWhere } from '../../platform/atomic';
import type { BookingEventKind, Channel, EntryKind, NotifyEvent } from '../../platform/notify';
import { ERASED_MARK } from '@shared/account-schemas';

/**
 * The e-mail channel of platform/notify.ts (docs/decisions/037-email-outbox.md).
 *
 * Queueing: `emailChannel` gives, for an event, the `INSERT … SELECT … FROM <table> WHERE
 * <event.where>` statements that write one `email_outbox` row per message, for the state
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

export const ENTRY_TABLES = {
  photography: photographySubmissions,
  google_review: googleReviewSubmissions,
  location_sharing: locationSharingSubmissions,
} satisfies Record<EntryKind, unknown>;

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

/** The statements that queue an event's e-mails, for the event's own batch. */
export const emailChannel: Channel = (db: Db, event: NotifyEvent): BatchItem<'sqlite'>[] => {
  const now = Date.now();
  // The guest did it themselves, or it is for staff only (what an OTA did): nothing to e-mail
  // (staff hear of it in the app and by push).
  if (STAFF_ONLY.has(event.kind)) return [];
  // A guest's in-stay request: the staff's bell and push, no e-mail.
  if (event.kind === 'stay_request_received') return [];
  if (event.kind === 'review_approved') {
    const account = sql`(select u.email from users u where u.id = ${reviews.userId})`;
    return [
      insertWhere(
        db,
        emailOutbox,
        {
          kind: event.kind,
          recipient: account,
          lang: sql`${reviews.lang}`,
          entityType: 'review',
          entityId: sql`${reviews.id}`,
          ...queued(now),
        },
        sql`(${event.where}) and ${account} is not null`,
        sql`${reviews}`,
      ),
    ];
  }
  if ('entry' in event) {
    const table = ENTRY_TABLES[event.entry];
    // Only a signed-in entrant has an address (the entry's phone is never matched to an account).
    const account = sql`(select u.email from users u where u.id = ${table.userId})`;
    return [
      insertWhere(
        db,
        emailOutbox,
        {
          kind: event.kind,
          recipient: account,
          lang: sql`${table.lang}`,
          entityType: event.entry,
          entityId: sql`${table.id}`,
          ...queued(now),
        },
        sql`(${event.where}) and ${account} is not null`,
        sql`${table}`,
      ),
    ];
  }
  // A booking: the address given for its confirmation, or its account's.
  const guest = sql`coalesce(${bookingSubmissions.email}, ${bookingSubmissions.userEmail})`;
  // A booking an OTA sold (the channel manager brought it): its cancellation is between the OTA
  // and its guest, who hears of it from the OTA; we send no e-mail and no text message of our own.
  const ours =
    event.kind === 'booking_cancelled' ? sql` and ${bookingSubmissions.channelBookingId} is null` : sql``;
  const statements: BatchItem<'sqlite'>[] = [
    insertWhere(
      db,
      emailOutbox,
      {
        kind: event.kind,
        recipient: guest,
        lang: sql`${bookingSubmissions.lang}`,
        entityType: 'booking',
        entityId: sql`${bookingSubmissions.id}`,
        reason: event.reason ?? sql`${bookingSubmissions.statusReason}`,
        ...queued(now),
      },
      sql`(${event.where}) and ${guest} is not null${ours}`,
      sql`${bookingSubmissions}`,
    ),
  ];
  if (TEXTED_BOOKING_EVENTS.has(event.kind as BookingEventKind)) {
    // No address to write to: the booking's phone gets a text message instead.
    statements.push(
      insertWhere(
        db,
        emailOutbox,
        {
          kind: event.kind,
          recipient: sql`${bookingSubmissions.phoneNumber}`,
          channel: 'sms',
          lang: sql`${bookingSubmissions.lang}`,
          entityType: 'booking',
          entityId: sql`${bookingSubmissions.id}`,
          reason: event.reason ?? sql`${bookingSubmissions.statusReason}`,
          ...queued(now),
        },
        sql`(${event.where}) and ${guest} is null and ${bookingSubmissions.phoneNumber} <> ${ERASED_MARK}${ours}`,
        sql`${bookingSubmissions}`,
      ),
    );
  }
  if (event.kind === 'booking_received' || event.kind === 'booking_changed') {
    // Staff hear of a new request, or a guest's change to approve again, at the address in site
    // settings, when there is one.
    const alert = sql`(select s.booking_alert_email from site_settings s where s.id = 1)`;
    statements.push(
      insertWhere(
        db,
        emailOutbox,
        {
          kind: event.kind === 'booking_changed' ? 'staff_booking_changed' : 'staff_booking_alert',
          recipient: alert,
          lang: 'ar',
          entityType: 'booking',
          entityId: sql`${bookingSubmissions.id}`,
          ...queued(now),
        },
        sql`(${event.where}) and coalesce(${alert}, '') <> ''`,
        sql`${bookingSubmissions}`,
      ),
    );
  }
  return statements;
};
