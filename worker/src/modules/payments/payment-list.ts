import { sql, type SQL } from 'drizzle-orm';
import { bookingReferenceQuery, formatBookingReference, isBookingReference } from '@shared/booking-reference';
import { addDays } from '@shared/dates';
import { toLatinDigits } from '@shared/digits';
import { omrDecimal } from '@shared/money';
import {
  PAYMENT_ADMIN_RULES,
  type PaymentFlag,
  type PaymentListQuery,
  type PaymentListRow,
  type RefusedPaymentEvent,
} from '@shared/payment-admin-schemas';
import { PAYMENT_PROVIDERS, type PaymentSessionStatus } from '@shared/payments';
import { toCsv } from '../../platform/csv';
import type { Db } from '../../platform/env';
import { paymentFolio } from '../folio';

/**
 * The staff's list of online payments (GET /api/admin/payments, decision 071) and its CSV: the
 * checkout sessions newest first, a page at a time along the creation index (keyset), so a page
 * reads the same rows however long the history. A state is read along its own index; what staff
 * type (a booking reference, the provider's session or payment id, our session's number, a
 * guest's name) is looked up through the index of each, never by reading every session.
 * Each row carries what staff must act on (`flags`).
 */

/** Asia/Muscat has had one offset, +04:00, and no daylight saving, since 1920. */
export const hotelDayStartMs = (date: string) => Date.parse(`${date}T00:00:00+04:00`);
const TRIGRAM = 3;
/** A name is looked for among its newest matching bookings (a common name would read them all). */
const GUEST_MATCHES = 500;
const PROVIDER_LIST = sql.join(
  PAYMENT_PROVIDERS.map((p) => sql`${p}`),
  sql`, `,
);

/**
 * The sessions `q` may mean, as a condition on `s` that each branch of reads through an index:
 * our session's number, the provider's session or payment id, a booking reference (or its first
 * characters), a guest's name.
 */
function searchCondition(typed: string): SQL | null {
  const text = toLatinDigits(typed).trim();
  if (!text) return null;
  const ids: SQL[] = [
    // Along the provider's index: every provider the app has (shared PAYMENT_PROVIDERS), whichever runs.
    sql`s.provider in (${PROVIDER_LIST}) and s.provider_session_id = ${text}`,
    // The provider's payment id is on the payment's folio line (unique); its booking's sessions are few.
    sql`s.booking_id in ${paymentFolio.paymentLineBookingsSql(text)} and s.provider_payment_id = ${text}`,
  ];
  if (/^\d{1,15}$/.test(text)) ids.push(sql`s.id = ${Number(text)}`);
  const reference = bookingReferenceQuery(text);
  if (reference) {
    ids.push(
      isBookingReference(reference)
        ? sql`s.booking_id in (select id from booking_submissions where reference = ${reference})`
        : sql`s.booking_id in (select id from booking_submissions where reference >= ${reference}
            and reference < ${`${reference}~`})`,
    );
  }
  if ([...text].length >= TRIGRAM) {
    const match = `{full_name} : "${text.replace(/"/g, '""')}"`;
    ids.push(
      sql`s.booking_id in (select rowid from booking_search where booking_search match ${match}
        order by rowid desc limit ${GUEST_MATCHES})`,
    );
  }
  // Each branch picks a handful of sessions by its own index; the union is then sorted.
  return sql`s.id in (${sql.join(
    ids.map((c) => sql`select s.id from payment_sessions s where ${c}`),
    sql` union `,
  )})`;
}

function filters(query: Omit<PaymentListQuery, 'cursor' | 'limit'>): { where: SQL[]; searched: boolean } {
  const where: SQL[] = [];
  if (query.booking) where.push(sql`s.booking_id = ${query.booking}`);
  if (query.from) where.push(sql`s.created_at >= ${hotelDayStartMs(query.from)}`);
  if (query.to) where.push(sql`s.created_at < ${hotelDayStartMs(addDays(query.to, 1))}`);
  if (query.status) where.push(sql`s.status = ${query.status}`);
  const search = query.q ? searchCondition(query.q) : null;
  if (search) where.push(search);
  return { where, searched: Boolean(search) || Boolean(query.booking) };
}

export const PAYMENT_ROW_SELECT = sql`select s.id as sessionId, s.booking_id as bookingId, b.reference as bookingReference,
    b.full_name as guestName, b.status as bookingStatus, s.purpose, s.provider,
    s.provider_session_id as providerSessionId, s.provider_payment_id as providerPaymentId,
    s.amount_baisa as amountBaisa, s.status, s.provider_status as providerStatus,
    s.created_at as createdAt, s.settled_at as settledAt, s.payment_line_id as paymentLineId,
    ${paymentFolio.refundedSql(sql`s.payment_line_id`)} as refundedBaisa,
    (select coalesce(sum(q.amount_baisa), 0) from payment_refunds q
      where q.payment_line_id = s.payment_line_id and q.status in ('requested', 'sending', 'sent')) as refundPendingBaisa,
    exists (select 1 from payment_refunds q
      where q.payment_line_id = s.payment_line_id and q.status = 'failed') as refundFailed
  from payment_sessions s join booking_submissions b on b.id = s.booking_id`;

export type PaymentRowRead = Omit<PaymentListRow, 'createdAt' | 'settledAt' | 'flags'> & {
  createdAt: number;
  settledAt: number | null;
  refundFailed: number;
};

/** What staff must act on for one session (see PAYMENT_FLAGS). */
export function paymentFlags(row: {
  status: PaymentSessionStatus;
  providerStatus: PaymentSessionStatus | null;
  bookingStatus: string;
  amountBaisa: number;
  refundedBaisa: number;
  refundPendingBaisa: number;
  refundFailed: boolean;
}): PaymentFlag[] {
  const flags: PaymentFlag[] = [];
  if (row.providerStatus === 'paid' && row.status !== 'paid') flags.push('provider_paid_not_on_folio');
  if (row.status === 'paid' && (row.providerStatus === 'failed' || row.providerStatus === 'expired'))
    flags.push('on_folio_not_paid_at_provider');
  if (row.status === 'paid' && row.providerStatus === 'open') flags.push('paid_here_open_at_provider');
  if (
    row.status === 'paid' &&
    row.bookingStatus === 'cancelled' &&
    row.refundedBaisa + row.refundPendingBaisa < row.amountBaisa
  )
    flags.push('paid_after_cancellation');
  if (row.refundFailed) flags.push('refund_failed');
  return flags;
}

export function toListRow({ refundFailed, ...row }: PaymentRowRead): PaymentListRow {
  return {
    ...row,
    createdAt: new Date(row.createdAt).toISOString(),
    settledAt: row.settledAt === null ? null : new Date(row.settledAt).toISOString(),
    flags: paymentFlags({ ...row, refundFailed: Boolean(refundFailed) }),
  };
}

const whereOf = (where: SQL[]) => (where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``);

/** A page of the list: `{ payments, nextCursor }`, newest first. */
export async function listPayments(
  db: Db,
  query: PaymentListQuery,
): Promise<{ payments: PaymentListRow[]; nextCursor: string | null }> {
  const { where, searched } = filters(query);
  const limit = Math.min(query.limit ?? PAYMENT_ADMIN_RULES.pageSize, PAYMENT_ADMIN_RULES.pageMax);
  if (query.cursor) {
    const [createdAt, id] = query.cursor.split('_') as [string, string];
    where.push(sql`(s.created_at, s.id) < (${Number(createdAt)}, ${Number(id)})`);
  }
  // A search (or one booking) finds a handful of sessions through its own indexes: sorted as
  // they are, not by walking the creation index until they turn up.
  const order = searched
    ? sql`order by +s.created_at desc, s.id desc`
    : sql`order by s.created_at desc, s.id desc`;
  const rows = await db.all<PaymentRowRead>(
    sql`${PAYMENT_ROW_SELECT} ${whereOf(where)} ${order} limit ${limit + 1}`,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    payments: page.map(toListRow),
    nextCursor: rows.length > limit && last ? `${last.createdAt}_${last.sessionId}` : null,
  };
}

const COLUMNS = [
  'session',
  'created_at',
  'settled_at',
  'booking_reference',
  'guest',
  'purpose',
  'provider',
  'provider_session_id',
  'provider_payment_id',
  'status',
  'provider_status',
  'amount_omr',
  'refunded_omr',
  'refund_pending_omr',
  'flags',
] as const;

/** Every session the filters find, oldest first, as CSV (an export reads what it is asked for). */
export async function paymentsCsv(db: Db, query: PaymentListQuery): Promise<string> {
  const { where, searched } = filters(query);
  const order = searched ? sql`order by +s.created_at, s.id` : sql`order by s.created_at, s.id`;
  const rows = (await db.all<PaymentRowRead>(sql`${PAYMENT_ROW_SELECT} ${whereOf(where)} ${order}`)).map(
    toListRow,
  );
  return toCsv(
    [...COLUMNS],
    rows.map((r) => ({
      session: r.sessionId,
      created_at: r.createdAt,
      settled_at: r.settledAt ?? '',
      booking_reference: formatBookingReference(r.bookingReference),
      guest: r.guestName,
      purpose: r.purpose,
      provider: r.provider,
      provider_session_id: r.providerSessionId,
      provider_payment_id: r.providerPaymentId ?? '',
      status: r.status,
      provider_status: r.providerStatus ?? '',
      amount_omr: omrDecimal(r.amountBaisa),
      refunded_omr: omrDecimal(r.refundedBaisa),
      refund_pending_omr: omrDecimal(r.refundPendingBaisa),
      flags: r.flags.join(' '),
    })),
  );
}

type EventRow = Omit<RefusedPaymentEvent, 'receivedAt'> & { receivedAt: number };

/** GET /api/admin/payments/events: the refused webhooks, newest first, a page at a time. */
export async function listRefusedEvents(
  db: Db,
  cursor: string | undefined,
): Promise<{ events: RefusedPaymentEvent[]; nextCursor: string | null }> {
  const limit = PAYMENT_ADMIN_RULES.pageSize;
  const where: SQL[] = [sql`outcome = 'refused'`];
  if (cursor) {
    const [receivedAt, id] = cursor.split('_') as [string, string];
    where.push(sql`(received_at, id) < (${Number(receivedAt)}, ${Number(id)})`);
  }
  const rows = await db.all<EventRow>(sql`select id, received_at as receivedAt, provider, event_id as eventId,
      type, reason, amount_baisa as amountBaisa, session_id as sessionId
    from payment_events ${whereOf(where)} order by received_at desc, id desc limit ${limit + 1}`);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    events: page.map((e) => ({ ...e, receivedAt: new Date(e.receivedAt).toISOString() })),
    nextCursor: rows.length > limit && last ? `${last.receivedAt}_${last.id}` : null,
  };
}
