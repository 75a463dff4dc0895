import { eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { depositDueBaisa } from '@shared/payments';
import { nightsBetween } from '@shared/money';
import { formatBookingReference } from '@shared/booking-reference';
import type { WhatsAppAutoKind, WhatsAppSend } from '@shared/whatsapp';
import { ApiError } from '../../platform/api-error';
import type { Db, Env } from '../../platform/env';
import { text } from '../../platform/messages';
import { formatDate, formatMoney } from '../../platform/format';
import { bookingLinkPath, bookingRowsQuery } from '../bookings';
import { bookingBillsQuery } from '../folio';
import { ratePlanTermsQuery } from '../rates';
import { configuredProvider } from '../payments';
import { fetchMedia } from './media';
import { extrasOnSaleQuery } from '../extras';
import { whatsappSettings } from './config';
import { consentOf } from './consents';
import { keptStatusesToThread, lastInboundAt } from './messages';
import { automaticSendTime, windowOpen } from './rules';
import { sendToPhone, type SendContent } from './sending';
import { claimDue, queueDatedSends } from './outbox';
import { NAME_OF_PURPOSE, refreshTemplatesIfStale } from './templates';
import { whatsappOutbox, type WhatsAppOutboxRow } from './tables';
import { threads } from './threads-port';

/**
 * Delivery of the WhatsApp outbox (after each mutating answer through waitUntil, and from the
 * cron): the dated sends due today are queued, the templates' approvals read when stale, then the
 * due rows are claimed and each is sent: as text inside the customer service window, else as its
 * approved template; held until 08:00 Muscat time at night unless the guest wrote in the last hour;
 * skipped when the phone no longer consents or there is nothing to say (no deposit due, no
 * invoice); retried with backoff on a provider failure, then failed and shown on the thread.
 */
export const WHATSAPP_BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 6 * 3600_000];

type Booking = Awaited<ReturnType<typeof readBookings>> extends Map<number, infer B> ? B : never;

async function readBookings(db: Db, ids: number[]) {
  const [rows, figures, plans, onSale] = await db.batch([
    bookingRowsQuery(db, ids),
    bookingBillsQuery(db, ids),
    ratePlanTermsQuery(db),
    extrasOnSaleQuery(db),
  ]);
  const figuresOf = new Map(figures.map((f) => [Number(f.id), f]));
  const deposits = new Map(plans.map((p) => [p.code, p.deposit]));
  return new Map(
    rows.map((b) => [
      b.id,
      {
        ...b,
        latestInvoiceId: figuresOf.get(b.id)?.latestInvoiceId ?? null,
        paidNetBaisa: figuresOf.get(b.id)?.paidNetBaisa ?? 0,
        planDeposit: deposits.get(b.ratePlan) ?? null,
        extrasOnSale: onSale.length > 0,
      },
    ]),
  );
}

function depositDue(b: Booking, env: Env): number {
  if (b.isPointsBooking || b.totalPrice === null || !configuredProvider(env)) return 0;
  const due = depositDueBaisa(b.depositRule ?? b.planDeposit, b.cancellationRule, {
    totalBaisa: b.totalPrice,
    nightPrices: b.nightPrices,
    nights: nightsBetween(b.checkInDate, b.checkOutDate),
  });
  return Math.max(0, due - Math.max(0, b.paidNetBaisa));
}

/**
 * What an automatic message says, named (a NAMED template's variables by these names, a positional
 * one's {{1}}, {{2}}… in this order: templates.ts automaticValues), and the same words as text for
 * inside the window (the catalogue's `whatsapp.<kind>` with p1, p2…). Null: nothing to say (skipped).
 */
type Said = [string, string][];

async function contentOf(row: WhatsAppOutboxRow, b: Booking | undefined, env: Env): Promise<Said | null> {
  if (row.kind === 'opt_out_ack') return [];
  if (!b) return null;
  const link = `${env.APP_ORIGIN}${await bookingLinkPath(b.reference, b.checkOutDate, env.PASSWORD_PEPPER)}`;
  const reference = formatBookingReference(b.reference);
  const name = b.fullName.split(/\s+/)[0] ?? b.fullName;
  switch (row.kind as WhatsAppAutoKind) {
    case 'confirmation':
      return [
        ['guest_name', name],
        ['booking_reference', reference],
        ['check_in_date', formatDate(b.checkInDate, row.lang)],
        ['check_out_date', formatDate(b.checkOutDate, row.lang)],
        ['booking_link', link],
      ];
    case 'pre_arrival':
      return [
        ['guest_name', name],
        ['check_in_date', formatDate(b.checkInDate, row.lang)],
        ['check_in_link', link],
      ];
    case 'deposit': {
      const due = depositDue(b, env);
      return due > 0
        ? [
            ['guest_name', name],
            ['amount_due', formatMoney(due, row.lang)],
            ['payment_link', link],
          ]
        : null;
    }
    case 'invoice': {
      if (b.latestInvoiceId === null) return null;
      const token = new URL(link).searchParams.get('t');
      return [
        ['guest_name', name],
        ['invoice_link', `${env.APP_ORIGIN}/invoices/${b.latestInvoiceId}?t=${token}`],
      ];
    }
    case 'review_request':
      return [
        ['guest_name', name],
        ['review_link', `${env.APP_ORIGIN}/reviews`],
      ];
    case 'extras_offer': {
      // Nothing on sale: nothing to say. The link opens the stay's extras, marked as the message's.
      if (!b.extrasOnSale) return null;
      const token = new URL(link).searchParams.get('t');
      return [
        ['guest_name', name],
        ['check_in_date', formatDate(b.checkInDate, row.lang)],
        ['extras_link', `${env.APP_ORIGIN}/booking/${b.reference}/extras?t=${token}&via=whatsapp`],
      ];
    }
    default:
      return null;
  }
}

function textOf(row: WhatsAppOutboxRow, said: Said): string {
  const values = Object.fromEntries(said.map(([, value], i) => [`p${i + 1}`, value]));
  return text(row.lang, `whatsapp.${row.kind}`, values);
}

/** The row's outcome, with what the thread is told of it (a failure given up) in the same batch. */
async function settle(
  db: Db,
  row: WhatsAppOutboxRow,
  set: Partial<typeof whatsappOutbox.$inferInsert>,
  thread: BatchItem<'sqlite'>[] = [],
) {
  await db.batch([
    db
      .update(whatsappOutbox)
      .set({ ...set, claimToken: null, updatedAt: new Date() })
      .where(eq(whatsappOutbox.id, row.id)),
    ...thread,
  ]);
}

/** A staff message's content: its text, or the template it was checked as (reply-sender.ts). */
function replyContent(row: WhatsAppOutboxRow): WhatsAppSend {
  if (row.kind !== 'staff_template') return { text: row.body ?? '' };
  const { template, parameters, language } = JSON.parse(row.body ?? '{}') as {
    template: string;
    parameters: string[];
    /** The template's own language code (`en_GB`…); rows queued before it was kept: the row's. */
    language?: string;
  };
  return { template, language: language ?? row.lang, parameters };
}

/** What the thread hears of an error: the provider's own words when it refused, else the code. */
function errorText(err: unknown): string {
  const provider = (err as { providerError?: { title?: string } }).providerError;
  if (provider?.title) return provider.title;
  return err instanceof ApiError ? err.code : String(err);
}

/** A staff reply on a WhatsApp thread: text, at once (a person wrote it; the window was checked when they did). */
async function deliverReply(env: Env, db: Db, row: WhatsAppOutboxRow, now: Date) {
  const messageId = row.conversationMessageId!;
  const tell = async (statements: ReturnType<ReturnType<typeof threads>['replySent']>) => {
    if (statements.length) await db.batch(statements as [(typeof statements)[0], ...typeof statements]);
  };
  try {
    // The message is on the thread already (the inbox wrote it): only its outcome is told.
    const { wamid } = await sendToPhone(env, db, row.phone, replyContent(row), {
      now,
      language: row.lang,
      thread: { success: false, failure: false },
    });
    // A status the webhook brought before the copy had its wamid is applied with it.
    await tell([...threads().replySent(db, messageId, wamid), ...keptStatusesToThread(db, wamid)]);
    return await settle(db, row, {
      status: 'sent',
      wamid,
      sentAt: now,
      attempts: row.attempts + 1,
      lastError: null,
    });
  } catch (err) {
    const code = err instanceof ApiError ? err.code : String(err);
    const attempts = row.attempts + 1;
    const retryable = !(err instanceof ApiError) || (err as { retryable?: boolean }).retryable === true;
    if (retryable && attempts <= WHATSAPP_BACKOFF_MS.length) {
      return settle(db, row, {
        status: 'queued',
        attempts,
        lastError: code,
        nextAttemptAt: new Date(now.getTime() + WHATSAPP_BACKOFF_MS[attempts - 1]!),
      });
    }
    return settle(db, row, { status: 'failed', attempts, lastError: code }, [
      ...threads().replyFailed(db, messageId, errorText(err)),
    ]);
  }
}

async function deliverRow(env: Env, db: Db, row: WhatsAppOutboxRow, b: Booking | undefined, now: Date) {
  if (row.kind === 'staff_reply' || row.kind === 'staff_template') return deliverReply(env, db, row, now);
  const ack = row.kind === 'opt_out_ack';
  const [consent, last] = await Promise.all([consentOf(db, row.phone), lastInboundAt(db, row.phone)]);
  if (!ack && !consent?.optedIn) return settle(db, row, { status: 'skipped', lastError: 'not_opted_in' });
  const sendAt = ack ? now : automaticSendTime(now, last);
  if (sendAt > now) return settle(db, row, { status: 'queued', nextAttemptAt: sendAt });
  const said = await contentOf(row, b, env);
  if (said === null) return settle(db, row, { status: 'skipped', lastError: 'nothing_to_send' });
  const content: SendContent =
    ack || windowOpen(last, now)
      ? { text: textOf(row, said) }
      : { template: NAME_OF_PURPOSE[row.kind as WhatsAppAutoKind], language: row.lang, said };
  try {
    const { wamid } = await sendToPhone(env, db, row.phone, content, {
      now,
      language: row.lang,
      acknowledgement: ack,
      // A failure reaches the thread once, when it is given up (below), not at every try.
      thread: { success: true, failure: false },
    });
    return await settle(db, row, {
      status: 'sent',
      wamid,
      sentAt: now,
      attempts: row.attempts + 1,
      lastError: null,
    });
  } catch (err) {
    const code = err instanceof ApiError ? err.code : String(err);
    const attempts = row.attempts + 1;
    // A template not approved yet may be soon; the provider's trouble passes: both are tried again.
    const retryable =
      (err instanceof ApiError &&
        (code === 'template_not_approved' || (err as { retryable?: boolean }).retryable === true)) ||
      !(err instanceof ApiError);
    if (retryable && attempts <= WHATSAPP_BACKOFF_MS.length) {
      return settle(db, row, {
        status: 'queued',
        attempts,
        lastError: code,
        nextAttemptAt: new Date(now.getTime() + WHATSAPP_BACKOFF_MS[attempts - 1]!),
      });
    }
    // Given up: on the guest's thread with its error, in the batch of the row's outcome.
    return settle(
      db,
      row,
      { status: 'failed', attempts, lastError: code },
      threads().outbound(db, {
        phone: row.phone,
        wamid: null,
        kind: 'template' in content ? 'template' : 'text',
        text: textOf(row, said),
        at: now,
        status: 'failed',
        error: errorText(err),
      }),
    );
  }
}

const DATED_EVERY_MS = 5 * 60_000;
let lastDatedRun = 0;

/** Sends what is due (the NotifyChannel's deliverer). */
export async function deliverWhatsApp(env: Env, db: Db, now = new Date()): Promise<{ sent: number }> {
  const settings = whatsappSettings(env);
  if (!settings) return { sent: 0 };
  // The dated sends and the templates' approvals change by the hour: read at most every five
  // minutes per isolate, not after every request that delivers what it queued.
  if (Math.abs(now.getTime() - lastDatedRun) >= DATED_EVERY_MS) {
    lastDatedRun = now.getTime();
    await queueDatedSends(env, db, now);
    await refreshTemplatesIfStale(env, db, settings, now).catch((err: unknown) =>
      console.log(JSON.stringify({ msg: 'whatsapp-templates-failed', error: String(err) })),
    );
    // Guests' media a first try could not fetch, tried again (media.ts).
    await fetchMedia(env, db, settings, now)
      .then((done) => (done.length ? threads().published(env, db, done) : undefined))
      .catch((err: unknown) =>
        console.log(JSON.stringify({ msg: 'whatsapp-media-failed', error: String(err) })),
      );
  }
  const rows = await claimDue(db, now);
  if (!rows.length) return { sent: 0 };
  const ids = [...new Set(rows.map((r) => r.bookingId).filter((id): id is number => id !== null))];
  const bookings = ids.length ? await readBookings(db, ids) : new Map<number, Booking>();
  let sent = 0;
  for (const row of rows) {
    await deliverRow(env, db, row, row.bookingId === null ? undefined : bookings.get(row.bookingId), now);
    sent++;
  }
  return { sent };
}
