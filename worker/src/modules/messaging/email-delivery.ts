import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Language } from '@shared/constants';
import { emailOutbox, type EmailOutboxRow } from './email-outbox-tables';
import { reviewMessageRows } from '../reviews';
import { lostItemMessageRows } from '../lost-found';
import { autopilotRunMessageRows } from '../revenue';
import { type BookingSubmission, bookingLinkPath, bookingRowsQuery } from '../bookings';
import { entryMessageRows } from '../draws';
import type { Db, Env } from '../../platform/env';
import type { MailContent, MailHotelInfo, MailKind } from './email-templates';
import { sendMail } from '../../platform/mail';
import { PhoneMessageRefused, sendPhoneMessage } from '../../platform/phone-messages';
import { bookingDetails, text } from '../../platform/messages';
import { refText } from './email-parts';
import { formatBookingReference } from '@shared/booking-reference';
import type { EntryKind } from '../../platform/notify';
import { readSiteSettings, roomTypesQuery } from '../catalog';
import { ratePlanTermsQuery } from '../rates';
import { STANDARD_RATE_PLAN, type DepositRule } from '@shared/rates';
import { depositDueBaisa, isNonRefundable } from '@shared/payments';
import { nightsBetween } from '@shared/money';
import { configuredProvider } from '../payments';
import { bookingBillsQuery } from '../folio';

/** Waits after the 1st, 2nd, … failed try; after the last one the row is `failed`. */
export const EMAIL_BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 6 * 3600_000];

/** The most rows one delivery claims (each is rendered and sent in turn). */
const CLAIM_BATCH = 20;

/** A claim older than this belongs to a delivery that died. */
const STALE_CLAIM_MS = 10 * 60_000;

/** Booking events whose e-mail carries the stay's calendar file. */
const WITH_CALENDAR = new Set<MailKind>(['booking_approved', 'booking_confirmed', 'free_night_booked']);

/** The hotel as an e-mail (or a calendar file) shows it, in the message's language. */
export function hotelInfo(
  settings: Awaited<ReturnType<typeof readSiteSettings>>,
  env: Env,
  lang: Language,
): MailHotelInfo {
  return {
    name: lang === 'ar' ? settings.siteNameAr : settings.siteName,
    address: lang === 'ar' ? settings.addressAr || settings.address : settings.address || settings.addressAr,
    phone: settings.contactPhone,
    email: settings.contactEmail,
    checkInTime: settings.checkInTime,
    checkOutTime: settings.checkOutTime,
    origin: env.APP_ORIGIN,
  };
}

/** The rows the claimed messages are about, read in one batch. */
async function readSubjects(db: Db, rows: EmailOutboxRow[]) {
  const ids = (type: string) => [
    ...new Set(rows.filter((r) => r.entityType === type).map((r) => r.entityId)),
  ];
  const bookingIds = ids('booking');
  const reviewIds = ids('review');
  const entryKinds: EntryKind[] = ['photography', 'google_review', 'location_sharing'];
  const [bookings, figures, plans, types, reviewRows, lostItems, runs, ...entries] = await db.batch([
    bookingRowsQuery(db, bookingIds),
    // The stays' latest tax invoices, for the check-out e-mail's link, and what their folios were
    // paid, net of refunds, for the deposit still due.
    bookingBillsQuery(db, bookingIds),
    // The plans' names (a handful of rows), for the plan a booking was sold on.
    ratePlanTermsQuery(db),
    // The room types (one row each): their names and the points a stay earns.
    roomTypesQuery(db),
    reviewMessageRows(db, reviewIds),
    lostItemMessageRows(db, ids('lost_item')),
    autopilotRunMessageRows(db, ids('revenue_autopilot_run')),
    ...entryKinds.map((kind) => entryMessageRows(db, kind, ids(kind))),
  ]);
  const figuresOf = new Map(figures.map((f) => [f.id, f]));
  return {
    booking: new Map(
      bookings.map((b) => [
        b.id,
        {
          ...b,
          latestInvoiceId: figuresOf.get(b.id)?.latestInvoiceId ?? null,
          paidNetBaisa: figuresOf.get(b.id)?.paidNetBaisa ?? 0,
        },
      ]),
    ),
    plans: new Map(plans.map((p) => [p.code, { ar: p.nameAr, en: p.nameEn }])),
    roomTypes: new Map(
      types.map((t) => [
        t.roomType,
        { names: { code: t.roomType, nameAr: t.nameAr, nameEn: t.name }, pointsPerStay: t.pointsPerStay },
      ]),
    ),
    deposits: new Map(plans.map((p) => [p.code, p.deposit])),
    // The plans that confirm a request as soon as what they ask in advance is paid (decision 071).
    confirmOnPayment: new Set(plans.filter((p) => p.confirmOnDeposit).map((p) => p.code)),
    review: new Map(reviewRows.map((r) => [r.id, r])),
    lostItem: new Map(lostItems.map((i) => [i.id, i])),
    autopilotRun: new Map(runs.map((r) => [r.id, r])),
    entry: Object.fromEntries(
      entryKinds.map((kind, i) => [
        kind,
        new Map(
          (entries[i] as { id: number; submissionDate: Date; notes: string | null }[]).map((e) => [e.id, e]),
        ),
      ]),
    ) as Record<EntryKind, Map<number, { id: number; submissionDate: Date; notes: string | null }>>,
  };
}

/** A booking's plan's names, unless it is the standard rate (or a plan since removed). */
function planName(plans: ReadonlyMap<string, { ar: string; en: string }>, code: string) {
  return code === STANDARD_RATE_PLAN ? null : (plans.get(code) ?? null);
}

/**
 * The deposit a booking's plan asks for and the folio has not been paid yet (0 without a payment
 * provider: the e-mail then says nothing of paying online). The rule kept with the booking, or
 * its plan's rule now for a booking made before rules were kept.
 */
function dueNowOfBooking(
  b: BookingSubmission & { paidNetBaisa: number },
  deposits: ReadonlyMap<string, DepositRule>,
  env: Env,
): number {
  if (b.isPointsBooking || b.totalPrice === null || !configuredProvider(env)) return 0;
  const nights = nightsBetween(b.checkInDate, b.checkOutDate);
  const deposit = depositDueBaisa(b.depositRule ?? deposits.get(b.ratePlan), b.cancellationRule, {
    totalBaisa: b.totalPrice,
    nightPrices: b.nightPrices,
    nights,
  });
  return Math.max(0, deposit - Math.max(0, b.paidNetBaisa));
}

/** What a row's message says, from the row it is about (null: that row is gone). */
async function contentOf(
  row: EmailOutboxRow,
  subjects: Awaited<ReturnType<typeof readSubjects>>,
  env: Env,
): Promise<MailContent | null> {
  if (row.entityType === 'booking') {
    const b = subjects.booking.get(row.entityId);
    if (!b) return null;
    const link = await bookingLinkPath(b.reference, b.checkOutDate, env.PASSWORD_PEPPER);
    return {
      kind: row.kind as Extract<MailContent, { booking: unknown }>['kind'],
      reason: row.reason,
      booking: {
        reference: b.reference,
        fullName: b.fullName,
        phoneNumber: b.phoneNumber,
        roomType: b.roomType,
        roomNames: subjects.roomTypes.get(b.roomType)?.names,
        pointsPerStay: subjects.roomTypes.get(b.roomType)?.pointsPerStay ?? 0,
        checkInDate: b.checkInDate,
        checkOutDate: b.checkOutDate,
        numberOfGuests: b.numberOfGuests,
        totalPrice: b.totalPrice,
        ratePlanName: planName(subjects.plans, b.ratePlan),
        isPointsBooking: b.isPointsBooking,
        pointsUsed: b.pointsUsed,
        hasAccount: b.userId !== null,
        // Signed with the booking's check-out date as it is now, when the e-mail is written; the
        // guest's e-mails only (staff open the back office).
        manageUrl: row.kind.startsWith('staff_') ? null : `${env.APP_ORIGIN}${link}`,
        // The check-out's tax invoice, opened with the same signed link's token.
        invoiceUrl:
          row.kind === 'booking_completed' && b.latestInvoiceId !== null
            ? `${env.APP_ORIGIN}/invoices/${b.latestInvoiceId}?t=${new URL(link, env.APP_ORIGIN).searchParams.get('t')}`
            : null,
        dueNowBaisa: row.kind.startsWith('staff_') ? 0 : dueNowOfBooking(b, subjects.deposits, env),
        prepaysWholeStay: isNonRefundable(b.cancellationRule),
        confirmsOnPayment: subjects.confirmOnPayment.has(b.ratePlan),
      },
    };
  }
  if (row.entityType === 'review') {
    const r = subjects.review.get(row.entityId);
    return r ? { kind: 'review_approved', review: { name: r.name, starRating: r.starRating } } : null;
  }
  if (row.entityType === 'lost_item') {
    const i = subjects.lostItem.get(row.entityId);
    return i ? { kind: 'lost_item_found', item: i } : null;
  }
  if (row.entityType === 'revenue_autopilot_run') {
    const r = subjects.autopilotRun.get(row.entityId);
    if (!r) return null;
    const roomNames = new Map([...subjects.roomTypes].map(([code, t]) => [code, t.names]));
    return {
      kind: 'revenue_autopilot_applied',
      run: { closeDate: r.closeDate, changes: r.changes, roomNames },
    };
  }
  const kind = row.entityType as EntryKind;
  const e = subjects.entry[kind]?.get(row.entityId);
  if (!e) return null;
  return {
    kind: row.kind as Extract<MailContent, { entry: unknown }>['kind'],
    entry: { kind, submissionDate: e.submissionDate, notes: e.notes },
  };
}

/** Claims what is due for this delivery; answers the claimed rows (only this delivery's). */
async function claimDue(db: Db, now: number): Promise<EmailOutboxRow[]> {
  const token = crypto.randomUUID();
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'queued'), sql`${emailOutbox.nextAttemptAt} <= ${now}`))
    .orderBy(emailOutbox.nextAttemptAt)
    .limit(CLAIM_BATCH);
  const [, claimed] = await db.batch([
    // A claim a dead delivery left: perhaps sent, so never sent again.
    db
      .update(emailOutbox)
      .set({ status: 'failed', lastError: 'delivery interrupted (not resent)', updatedAt: new Date(now) })
      .where(and(eq(emailOutbox.status, 'sending'), sql`${emailOutbox.claimedAt} < ${now - STALE_CLAIM_MS}`)),
    db
      .update(emailOutbox)
      .set({
        status: 'sending',
        claimToken: token,
        claimedAt: new Date(now),
        attempts: sql`${emailOutbox.attempts} + 1`,
        updatedAt: new Date(now),
      })
      // Still queued when this statement runs: a delivery that claimed it first has made it `sending`.
      .where(and(inArray(emailOutbox.id, due), eq(emailOutbox.status, 'queued')))
      .returning(),
  ]);
  return claimed;
}

/**
 * Sends the e-mails and text messages that are due (platform/notify.ts DELIVERERS); answers how many were sent and how
 * many failed this time.
 */
export async function deliverEmails(env: Env, db: Db, now = Date.now()) {
  const rows = await claimDue(db, now);
  if (rows.length === 0) return { sent: 0, failed: 0 };
  const [subjects, settings] = await Promise.all([readSubjects(db, rows), readSiteSettings(db)]);
  let sent = 0;
  let failed = 0;
  for (const row of rows) {
    const mine = and(eq(emailOutbox.id, row.id), eq(emailOutbox.claimToken, row.claimToken!));
    try {
      const delivered =
        row.channel === 'sms'
          ? await sendText(
              row,
              subjects,
              env,
              db,
              row.lang === 'ar' ? settings.siteNameAr : settings.siteName,
            )
          : await sendEmail(row, subjects, env, db, hotelInfo(settings, env, row.lang));
      if (!delivered) {
        await db
          .update(emailOutbox)
          .set({ status: 'failed', lastError: `${row.entityType} ${row.entityId} is gone`, claimToken: null })
          .where(mine);
        failed++;
        continue;
      }
      await db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: new Date(), claimToken: null, lastError: null })
        .where(mine);
      sent++;
    } catch (err) {
      // Refused by WhatsApp's rules (no opt-in, a STOP): failed once, with why, never tried again.
      const wait = err instanceof PhoneMessageRefused ? undefined : EMAIL_BACKOFF_MS[row.attempts - 1];
      const error = String((err as Error)?.message ?? err).slice(0, 500);
      await db
        .update(emailOutbox)
        .set(
          wait === undefined
            ? { status: 'failed', lastError: error, claimToken: null }
            : { status: 'queued', lastError: error, claimToken: null, nextAttemptAt: new Date(now + wait) },
        )
        .where(mine);
      console.log(
        JSON.stringify({ msg: `${row.channel}-failed`, id: row.id, attempts: row.attempts, error }),
      );
      failed++;
    }
  }
  return { sent, failed };
}

type Subjects = Awaited<ReturnType<typeof readSubjects>>;

/** Renders and sends a row's e-mail; false when what it is about is gone. */
async function sendEmail(row: EmailOutboxRow, subjects: Subjects, env: Env, db: Db, hotel: MailHotelInfo) {
  const content = await contentOf(row, subjects, env);
  if (!content) return false;
  // React Email and the calendar library load with the first e-mail an isolate sends, not with
  // every request (they are most of the worker's code: every test file loaded them too).
  const [{ stayCalendar }, { renderMail }] = await Promise.all([
    import('./calendar'),
    import('./email-templates'),
  ]);
  const attachments =
    WITH_CALENDAR.has(row.kind as MailKind) && 'booking' in content
      ? [stayCalendar(content.booking, hotel, row.lang)]
      : [];
  const mail = await renderMail(content, hotel, row.lang, { attachment: attachments.length > 0 });
  await sendMail(env, db, {
    to: row.recipient,
    ...mail,
    attachments,
    idempotencyKey: `email-outbox-${row.id}`,
  });
  return true;
}

/**
 * Sends a row's text message (channel `sms`, a booking whose guest gave no e-mail): what happened,
 * its reference, room and dates, and the signed link to its page; false when the booking is gone.
 */
async function sendText(row: EmailOutboxRow, subjects: Subjects, env: Env, db: Db, hotel: string) {
  const b = row.entityType === 'booking' ? subjects.booking.get(row.entityId) : undefined;
  if (!b) return false;
  // The cron's code for an expired hold is said by the message itself, not as a reason.
  const reason = row.reason && row.reason !== 'expired' ? row.reason : null;
  // A request on a plan that confirms on payment, with something to pay: said so, not "soon".
  const onPayment =
    row.kind === 'booking_received' &&
    subjects.confirmOnPayment.has(b.ratePlan) &&
    dueNowOfBooking(b, subjects.deposits, env) > 0;
  const link = `${env.APP_ORIGIN}${await bookingLinkPath(b.reference, b.checkOutDate, env.PASSWORD_PEPPER)}`;
  const message = text(row.lang, onPayment ? 'sms.booking_received_on_payment' : `sms.${row.kind}`, {
    hotel,
    // The reference's left-to-right isolates matter only inside Arabic text.
    reference: row.lang === 'ar' ? refText(b.reference) : formatBookingReference(b.reference),
    details: bookingDetails(row.lang, { ...b, roomNames: subjects.roomTypes.get(b.roomType)?.names }, reason),
    link,
  });
  await sendPhoneMessage(env, db, {
    to: row.recipient,
    text: message,
    language: row.lang,
    // On WhatsApp outside the guest's window: its template's values (the reference and the link).
    said: [
      ['booking_reference', formatBookingReference(b.reference)],
      ['booking_link', link],
    ],
  });
  return true;
}
