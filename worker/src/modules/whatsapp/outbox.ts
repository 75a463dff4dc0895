import { and, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { addDays, hotelToday } from '@shared/dates';
import { WHATSAPP_EXTRAS_DAYS, WHATSAPP_PRE_ARRIVAL_DAYS, type WhatsAppAutoKind } from '@shared/whatsapp';
import type { Language } from '@shared/constants';
import type { Db, Env } from '../../platform/env';
import { insertWhere } from '../../platform/atomic';
import type { BookingEventKind, Channel, NotifyEvent } from '../../platform/notify';
import { bookingRowsQuery } from '../bookings';
import { whatsappSettings } from './config';
import { consentedSql } from './consents';
import { whatsappConsents, whatsappOutbox } from './tables';

/**
 * The WhatsApp channel of platform/notify.ts: what the hotel sends by itself, once per stay and
 * kind (the outbox's `dedupe_key`), to a phone that consented. The booking's own events queue in
 * the change's batch (the booking's consent first, then its confirmation or deposit request or
 * invoice); the dated ones (pre-arrival two days before, the extras' offer three days before,
 * review request the day after departure)
 * are queued by the delivery (after each change and from the cron) from the day's arrivals and
 * departures. Delivery is whatsapp-delivery.ts.
 */

/** The events that make a booking (its `whatsappOptIn` becomes the phone's consent, dated by the booking). */
const MADE: ReadonlySet<NotifyEvent['kind']> = new Set([
  'booking_received',
  'booking_approved',
  'free_night_booked',
]);

/** The automatic sends a booking event queues. */
const SENDS_OF: Partial<Record<BookingEventKind, WhatsAppAutoKind[]>> = {
  booking_approved: ['confirmation', 'deposit'],
  booking_confirmed: ['confirmation'],
  free_night_booked: ['confirmation'],
  booking_completed: ['invoice'],
};

function queuedRow(kind: string, now: number) {
  return {
    dedupeKey: sql`'booking:' || t.id || ':' || ${kind}`,
    kind,
    bookingId: sql`t.id`,
    phone: sql`t.phone_number`,
    lang: sql`t.lang`,
    status: 'queued' as const,
    attempts: 0,
    nextAttemptAt: new Date(now),
  };
}

function queueBookingSends(
  db: Db,
  kinds: readonly WhatsAppAutoKind[],
  from: ReturnType<typeof sql>,
  now: number,
  extra = sql``,
) {
  return kinds.map(
    (kind) =>
      insertWhere(
        db,
        whatsappOutbox,
        queuedRow(kind, now),
        sql`${consentedSql(sql`t.phone_number`)}${extra}`,
        from,
      ).onConflictDoNothing() as BatchItem<'sqlite'>,
  );
}

export const whatsappChannel: Channel = (db: Db, event: NotifyEvent): BatchItem<'sqlite'>[] => {
  if (
    !('where' in event) ||
    'entry' in event ||
    event.kind === 'review_approved' ||
    event.kind === 'stay_request_received'
  ) {
    return [];
  }
  const now = Date.now();
  const booking = sql`${bookingRowsQuery(db, event.where)} as t`;
  const statements: BatchItem<'sqlite'>[] = [];
  if (MADE.has(event.kind)) {
    // The consent given with the booking, dated by it: a later word (a STOP, the profile) stands.
    // A STOP stands against any booking: the booking's phone is typed, proven by nothing, and only
    // its owner turns updates on again (their profile, for the phone they proved).
    statements.push(
      insertWhere(
        db,
        whatsappConsents,
        {
          phone: sql`t.phone_number`,
          optedIn: true,
          source: 'booking',
          bookingId: sql`t.id`,
          userId: sql`t.user_id`,
          changedAt: sql`t.created_at`,
        },
        sql`t.whatsapp_opt_in = 1`,
        booking,
      ).onConflictDoUpdate({
        target: whatsappConsents.phone,
        set: {
          optedIn: true,
          source: 'booking',
          bookingId: sql`excluded.booking_id`,
          userId: sql`excluded.user_id`,
          changedAt: sql`excluded.changed_at`,
          updatedAt: sql`(cast(unixepoch('subsec') * 1000 as integer))`,
        },
        setWhere: sql`excluded.changed_at > ${whatsappConsents.changedAt} and ${whatsappConsents.source} <> 'stop'`,
      }) as BatchItem<'sqlite'>,
    );
  }
  const kinds = SENDS_OF[event.kind as BookingEventKind];
  // An OTA's booking: its guest hears from the OTA (as for its e-mails).
  if (kinds)
    statements.push(...queueBookingSends(db, kinds, booking, now, sql` and t.channel_booking_id is null`));
  return statements;
};

/** The acknowledgement of a STOP (the guest just wrote: inside the window, sent as text). */
export function queueAcknowledgement(
  db: Db,
  ack: { phone: string; wamid: string; lang: Language; now: Date },
  /** Queued only if this holds when the batch reaches it (the webhook request kept the STOP). */
  onlyIf: SQL = sql`1`,
): BatchItem<'sqlite'>[] {
  return [
    insertWhere(
      db,
      whatsappOutbox,
      {
        dedupeKey: `stop:${ack.wamid}`,
        kind: 'opt_out_ack',
        phone: ack.phone,
        lang: ack.lang,
        status: 'queued',
        attempts: 0,
        nextAttemptAt: ack.now,
      },
      onlyIf,
    ).onConflictDoNothing(),
  ];
}

/** Queues the dated sends due today (Muscat's date): pre-arrival and review request. */
export async function queueDatedSends(env: Env, db: Db, now: Date) {
  const today = hotelToday(now);
  const arriving = bookingRowsQuery(
    db,
    sql`check_in_date > ${today} and check_in_date <= ${addDays(today, WHATSAPP_PRE_ARRIVAL_DAYS)} and status in ('approved', 'confirmed')`,
  );
  // The extras the stay may buy, three days before (and until) arrival: once per stay (its key).
  const extrasDue = bookingRowsQuery(
    db,
    sql`check_in_date > ${today} and check_in_date <= ${addDays(today, WHATSAPP_EXTRAS_DAYS)} and status in ('approved', 'confirmed')`,
  );
  const departed = bookingRowsQuery(
    db,
    sql`check_out_date >= ${addDays(today, -2)} and check_out_date <= ${addDays(today, -1)} and status = 'completed'`,
  );
  await db.batch([
    ...queueBookingSends(
      db,
      ['pre_arrival'],
      sql`${arriving} as t`,
      now.getTime(),
      sql` and t.channel_booking_id is null`,
    ),
    ...queueBookingSends(
      db,
      ['extras_offer'],
      sql`${extrasDue} as t`,
      now.getTime(),
      sql` and t.channel_booking_id is null`,
    ),
    ...queueBookingSends(
      db,
      ['review_request'],
      sql`${departed} as t`,
      now.getTime(),
      sql` and t.channel_booking_id is null`,
    ),
  ] as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  void env;
}

/** A claim older than this belongs to a delivery that died: at most once, so it becomes failed. */
const STALE_CLAIM_MS = 10 * 60_000;
const CLAIM_BATCH = 20;

/** Claims the due rows for one delivery (a fresh token), so two deliveries never send one twice. */
export async function claimDue(db: Db, now: Date) {
  const token = crypto.randomUUID();
  const o = whatsappOutbox;
  await db.batch([
    db
      .update(o)
      .set({ status: 'failed', lastError: 'claim_lost' })
      .where(and(eq(o.status, 'sending'), lte(o.claimedAt, new Date(now.getTime() - STALE_CLAIM_MS)))),
    db
      .update(o)
      .set({ status: 'sending', claimToken: token, claimedAt: now })
      .where(
        inArray(
          o.id,
          db
            .select({ id: o.id })
            .from(o)
            .where(and(eq(o.status, 'queued'), lte(o.nextAttemptAt, now)))
            .orderBy(o.nextAttemptAt)
            .limit(CLAIM_BATCH),
        ),
      ),
  ]);
  return db.select().from(o).where(eq(o.claimToken, token));
}

/** Whether WhatsApp runs at all (else nothing is queued for delivery work). */
export function whatsappRuns(env: Env) {
  return whatsappSettings(env) !== null;
}
