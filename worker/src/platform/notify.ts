import type { SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db, Env } from './env';

/**
 * What the hotel tells people when something happens: one call per state change,
 * `notifyStatements(db, event)`, gives the statements that queue every message the change
 * causes (an e-mail, a Web Push message) as outbox rows. They go into the state change's own
 * D1 batch, after the change, so a change cut off midway queues nothing and a committed one
 * is never silent. Delivery runs after the answer (`waitUntil`) and from the cron, each row
 * claimed before it is sent, so it is sent at most once.
 *
 * An event names its rows by a condition (`where`) over its own table, evaluated when the
 * batch reaches the outbox insert: `id = 7 and change_token = '…'` for one move, the stale
 * pending rows for the hold's expiry, `reference = 'K7MQ4PX'` for a booking inserted earlier
 * in the same batch. A channel inserts with `INSERT … SELECT … FROM <table> WHERE <where>`,
 * so nothing is queued when no row matches.
 */
export type BookingEventKind =
  /** A request arrived (any way: app, offline outbox, assistant, desk walk-in, free night). */
  | 'booking_received'
  | 'booking_approved'
  | 'booking_confirmed'
  /** Cancelled by staff or by the guest (`reason` says why, when given). */
  | 'booking_cancelled'
  | 'booking_rejected'
  /** Released by the cron after the pending hold ran out. */
  | 'booking_expired'
  /** The stay completed (points earned, a link to write a review). */
  | 'booking_completed'
  /** A free night booked with points (approved at once). */
  | 'free_night_booked'
  /** The guest changed their booking: staff approve it again; the guest has a record. */
  | 'booking_changed'
  /** Staff changed the booking (its dates, guest, price…): the guest is told. */
  | 'booking_edited'
  /** A payment arrived online (modules/payments): `reason` carries its amount in baisa. */
  | 'payment_received'
  /** A refund of an online payment was made (modules/payments): `reason` carries its amount in baisa. */
  | 'payment_refunded';

/** Booking events only staff hear of (no e-mail to the guest, who did it themselves). */
export type StaffBookingEventKind =
  /** The guest checked in online (modules/bookings/online-check-in.ts). */
  | 'booking_checked_in_online'
  /**
   * An OTA's booking the hotel could not place (sold out, a room type not mapped, …): staff place
   * it by hand (modules/channel). `reason` carries its channel flag.
   */
  | 'channel_booking_flagged'
  /** An OTA changed one of its bookings (dates, guests, room type, prices): staff hear of it. */
  | 'channel_booking_changed'
  /** An OTA cancelled one of its bookings: staff hear of it. */
  | 'channel_booking_cancelled';

export type EntryEventKind = 'entry_received' | 'entry_approved' | 'entry_rejected';

/** The prize-draw entry kinds (modules/draws/entries.ts `Kind`) and their tables. */
export type EntryKind = 'photography' | 'google_review' | 'location_sharing';

export type NotifyEvent =
  /** `where` is over `booking_submissions`. */
  | { kind: BookingEventKind; where: SQL; reason?: string }
  /** `where` is over `booking_submissions`; told to staff by push only (`reason`: a channel flag). */
  | { kind: StaffBookingEventKind; where: SQL; reason?: string }
  /** `where` is over the entry's table (`photography_submissions`, …). */
  | { kind: EntryEventKind; entry: EntryKind; where: SQL }
  /** `where` is over `reviews`. */
  | { kind: 'review_approved'; where: SQL }
  /** A guest in house asked for something (modules/front-desk/stay-requests.ts); `where` is over `stay_requests`; staff hear of it by push. */
  | { kind: 'stay_request_received'; where: SQL }
  /** The guest of a found item's stay is told of it (modules/lost-found); `where` is over `lost_found_items`. */
  | { kind: 'lost_item_found'; where: SQL }
  /**
   * A guest wrote to the hotel (staff hear of it by push), or staff answered them (the guest
   * does): `where` is over `conversation_messages` (modules/conversations).
   */
  | { kind: 'conversation_message_received'; where: SQL }
  | { kind: 'conversation_reply_sent'; where: SQL }
  /** The price autopilot changed prices after a close (modules/revenue): `where` is over `revenue_autopilot_runs`; managers hear of it by e-mail. */
  | { kind: 'revenue_autopilot_applied'; where: SQL };

/** A channel queues its messages for an event (statements for the event's batch). */
export type Channel = (db: Db, event: NotifyEvent) => BatchItem<'sqlite'>[];

/** A channel's delivery: sends what is due, claiming each row first (at most once). */
export type Deliverer = (env: Env, db: Db) => Promise<unknown>;

/** A way of telling people: queueing an event's messages, and sending what is due. */
export type NotifyChannel = { queue: Channel; deliver: Deliverer };

// The channels (e-mail, Web Push: modules/messaging) read the tables of the modules that raise
// events, so those modules cannot import them; the entry installs them once (worker/src/index.ts).
const channels: NotifyChannel[] = [];

/** Sets the channels every event goes to (the entry calls it once, before any request). */
export function installChannels(list: NotifyChannel[]): void {
  channels.splice(0, channels.length, ...list);
}

function installed(): NotifyChannel[] {
  // A state change that queued nothing would be silent for good: refuse rather than lose it.
  if (channels.length === 0) throw new Error('No notification channels installed (worker/src/index.ts).');
  return channels;
}

/** Every outbox row an event queues, for the event's own batch. */
export function notifyStatements(db: Db, event: NotifyEvent): BatchItem<'sqlite'>[] {
  return installed().flatMap((channel) => channel.queue(db, event));
}

/** Sends whatever is due on every channel; one channel's failure does not stop another's. */
export async function deliverNotifications(env: Env, db: Db): Promise<void> {
  await Promise.allSettled(installed().map((channel) => channel.deliver(env, db)));
}
