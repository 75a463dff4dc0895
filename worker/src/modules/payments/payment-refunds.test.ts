import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import { toArabicIndicDigits } from '@shared/digits';
import type { SessionUser } from '@shared/auth-schemas';
import { hotelInstant, ruleDeadline } from '@shared/stay-policy';
import { eq } from 'drizzle-orm';
import { bookingSubmissions } from '../bookings/tables';
import { cancelOwnBooking } from '../bookings/booking-changes';
import { readSiteSettings } from '../catalog';
import type { Cancellation } from '../../platform/booking-hooks';
import worker from '../../index';
import { expireStalePending } from '../bookings';
import { closeDay } from '../day-close/day-close';
import { noShow } from '../front-desk/front-desk-day';
import { cancellationMoney } from './cancellation';
import { signWebhook } from './providers/fake';
import { sendDueRefunds } from './refunds';
import { deliverEmails } from '../messaging/email-delivery';
import type { Env } from '../../platform/env';
import { formatOmr } from '@shared/money';
import { formatBookingReference } from '@shared/booking-reference';
import {
  book,
  json,
  paidBooking as paidBookingOf,
  setBookingStatus,
  staffCookie,
  stays,
  type Booking,
  count,
} from '@worker-test/builders';
import { call, signUp } from '@worker-test/helpers';

/**
 * Refunds of online payments (decision 071): what a cancellation does to money paid online (a
 * refund queued within the free period, a cancellation charge and its invoice after it), the
 * refund sent to the provider after the answer or by the cron and settled by its webhook (one
 * folio line, however often or however many at once), staff's refunds (never above what was
 * paid), and a forged webhook that changes nothing. Payments go through the real flow: the
 * guest's checkout, the fake provider's Pay, its signed webhook through the whole app.
 */

const stay = stays({ from: 500, every: 3 });
const today = hotelToday();
const WEBHOOK_SECRET = 'change-me-webhook';

type FolioLine = {
  id: number;
  kind: string;
  department: string | null;
  method: string | null;
  amountBaisa: number;
  description: string;
  invoiceId: number | null;
  refundsLineId: number | null;
};
type Folio = { balanceBaisa: number; lines: FolioLine[] };
type Refund = {
  id: number;
  status: string;
  amount_baisa: number;
  reason: string;
  provider_refund_id: string | null;
};

const folio = async (id: number) => {
  const res = await call(`/api/booking-submissions/${id}/folio`, { cookie: await staffCookie() });
  expect(res.status).toBe(200);
  return json<Folio>(res);
};
const refundsOf = async (bookingId: number) =>
  (
    await env.DB.prepare('select * from payment_refunds where booking_id = ? order by id')
      .bind(bookingId)
      .all<Refund>()
  ).results;
type Paid = {
  booking: Booking;
  cookie: string;
  email: string;
  sessionId: number;
  providerSessionId: string;
  amountBaisa: number;
};

/** A guest's booking (approved unless `pending`), its deposit paid online through the fake provider's page. */
async function paidBooking(
  over: Record<string, unknown> = {},
  { pending = false }: { pending?: boolean } = {},
): Promise<Paid> {
  const paid = await paidBookingOf(
    { roomType: 'gold', ...stay(), ...over },
    { pending, guestName: 'Refund Guest' },
  );
  expect((await folio(paid.booking.id)).lines.filter((l) => l.kind === 'payment')).toHaveLength(1);
  return paid;
}

/** Waits for the booking's refunds to reach `status` (they are sent after the answer). */
const refundsSettle = (bookingId: number, status = 'succeeded') =>
  vi.waitFor(
    async () => {
      const refunds = await refundsOf(bookingId);
      expect(refunds.length).toBeGreaterThan(0);
      expect(refunds.map((r) => r.status)).toEqual(refunds.map(() => status));
      return refunds;
    },
    { timeout: 10_000, interval: 50 },
  );

const cancelAsGuest = (id: number, cookie: string) =>
  call(`/api/booking-submissions/${id}/status`, { method: 'PATCH', json: { status: 'cancelled' }, cookie });

const refund = async (sessionId: number, body: Record<string, unknown>, headers?: Record<string, string>) =>
  call(`/api/admin/payments/${sessionId}/refunds`, {
    method: 'POST',
    json: body,
    cookie: await staffCookie(),
    headers,
  });

/** A `refund.succeeded` webhook as the fake provider signs it (a forger does not know the key). */
async function refundWebhook(
  data: { sessionId: string; paymentId: string; amountBaisa: number; refundId: string },
  { id = `evt_${crypto.randomUUID()}`, secret = WEBHOOK_SECRET } = {},
) {
  const rawBody = JSON.stringify({ id, type: 'refund.succeeded', data });
  const timestamp = String(Math.floor(Date.now() / 1000));
  return call('/api/payments/webhooks/fake', {
    method: 'POST',
    body: rawBody,
    headers: {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': await signWebhook(secret, rawBody, timestamp),
    },
  });
}

/** A refund of the paid session accepted by the provider, whose confirmation has not come yet. */
async function sentRefund(paid: Paid, amountBaisa: number) {
  const session = await env.DB.prepare(
    'select provider_payment_id as paymentId, payment_line_id as lineId from payment_sessions where id = ?',
  )
    .bind(paid.sessionId)
    .first<{ paymentId: string; lineId: number }>();
  const providerRefundId = `fake_ref_test_${crypto.randomUUID()}`;
  const row = await env.DB.prepare(
    `insert into payment_refunds (session_id, booking_id, payment_line_id, amount_baisa, reason, status, provider_refund_id, sent_at)
     values (?, ?, ?, ?, 'guest asked', 'sent', ?, ?) returning id`,
  )
    .bind(paid.sessionId, paid.booking.id, session!.lineId, amountBaisa, providerRefundId, Date.now())
    .first<{ id: number }>();
  return {
    refundId: row!.id,
    data: {
      sessionId: paid.providerSessionId,
      paymentId: session!.paymentId,
      amountBaisa,
      refundId: providerRefundId,
    },
  };
}

/** A cancellation charge of `amountBaisa` on the folio, and its invoice (issued after the batch). */
const chargedAndInvoiced = (bookingId: number, amountBaisa: number) =>
  vi.waitFor(
    async () => {
      const f = await folio(bookingId);
      const charges = f.lines.filter((l) => l.kind === 'charge');
      expect(charges.map((l) => [l.department, l.amountBaisa])).toEqual([['other', amountBaisa]]);
      expect(charges[0]!.invoiceId).toBeTypeOf('number');
      expect(f.balanceBaisa).toBe(0);
      return f;
    },
    { timeout: 10_000, interval: 50 },
  );

/** The five-minute cron, run as the platform runs it. */
async function fiveMinuteCron() {
  const ctx = createExecutionContext();
  await worker.scheduled!(
    { cron: '*/5 * * * *', scheduledTime: Date.now(), noRetry: () => undefined } as ScheduledController,
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
}

beforeAll(async () => {
  // The flexible plan asks for its first night now (its free cancellation: 24 hours before arrival).
  await env.DB.prepare(
    `update rate_plans set deposit = '{"kind":"first_night"}', cancellation = '{"kind":"free_until","hours":24}' where code = 'standard'`,
  ).run();
});

describe('a cancellation and the money paid online', () => {
  it('a guest cancelling a flexible booking within its free period gets a refund: sent, confirmed by webhook, one refund line, the folio back to zero', async () => {
    const paid = await paidBooking();
    expect((await folio(paid.booking.id)).balanceBaisa).toBe(-paid.amountBaisa);
    const res = await cancelAsGuest(paid.booking.id, paid.cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    const [settled] = await refundsSettle(paid.booking.id);
    expect(settled).toMatchObject({
      amount_baisa: paid.amountBaisa,
      reason: 'cancelled_free_period',
    });
    const after = await folio(paid.booking.id);
    const refunds = after.lines.filter((l) => l.kind === 'refund');
    expect(refunds).toEqual([expect.objectContaining({ method: 'online', amountBaisa: paid.amountBaisa })]);
    expect(after.lines.filter((l) => l.kind === 'charge')).toEqual([]);
    expect(after.balanceBaisa).toBe(0);
    // The provider refunded exactly once, and the guest was told, in both languages.
    expect(
      await count(
        'select count(*) as n from fake_provider_refunds where session_id = ?',
        paid.providerSessionId,
      ),
    ).toBe(1);
    const notice = await env.DB.prepare(
      "select message, message_ar as messageAr from notifications where booking_id = ? and type = 'payment_refunded'",
    )
      .bind(paid.booking.id)
      .all<{ message: string; messageAr: string }>();
    expect(notice.results).toHaveLength(1);
    expect(notice.results[0]!.message).toContain(formatBookingReference(paid.booking.reference));
    expect(notice.results[0]!.messageAr).toMatch(/[٠-٩]/);
    // And by e-mail, with the amount as the event's reason.
    const mail = await env.DB.prepare(
      "select reason from email_outbox where kind = 'payment_refunded' and entity_type = 'booking' and entity_id = ?",
    )
      .bind(paid.booking.id)
      .all<{ reason: string }>();
    expect(mail.results).toEqual([{ reason: String(paid.amountBaisa) }]);
    let sent: { subject: string; text: string } | undefined;
    for (const end = Date.now() + 15_000; !sent && Date.now() < end;) {
      // The deliveries started after each answer may be cut when the test's request ends: sent here.
      await env.DB.prepare(
        `update email_outbox set status = 'queued', claim_token = null where status = 'sending'`,
      ).run();
      await deliverEmails(env as unknown as Env, drizzle(env.DB));
      const mails = await json<{ subject: string; text: string }[]>(
        await call(`/api/dev/mailbox?to=${encodeURIComponent(paid.email)}`),
      );
      // In the booking's language (Arabic, the hotel's default).
      sent = mails.find((m) => m.subject.startsWith('تم الاسترداد ·'));
    }
    expect(sent, 'the refund e-mail').toBeDefined();
    expect(sent!.text).toContain('أعدنا إليك دفعتك الإلكترونية');
    expect(sent!.text).toContain(formatOmr(paid.amountBaisa, 'ar'));
  });

  it('staff cancelling after the deadline keep the payment: a cancellation charge equal to it, its invoice, no refund', async () => {
    const paid = await paidBooking({ checkInDate: today, checkOutDate: addDays(today, 2) });
    await setBookingStatus(paid.booking.id, 'cancelled');
    const invoiced = await vi.waitFor(
      async () => {
        const f = await folio(paid.booking.id);
        const charge = f.lines.find((l) => l.kind === 'charge');
        expect(charge?.invoiceId).toBeTypeOf('number');
        return f;
      },
      { timeout: 10_000, interval: 50 },
    );
    const charges = invoiced.lines.filter((l) => l.kind === 'charge');
    expect(charges).toEqual([
      expect.objectContaining({
        department: 'other',
        amountBaisa: paid.amountBaisa,
        description: expect.stringContaining('Cancellation charge'),
      }),
    ]);
    expect(invoiced.balanceBaisa).toBe(0);
    expect(await refundsOf(paid.booking.id)).toEqual([]);
    const invoice = await env.DB.prepare('select total_baisa as total from invoices where id = ?')
      .bind(charges[0]!.invoiceId)
      .first<{ total: number }>();
    expect(invoice!.total).toBe(paid.amountBaisa);
    expect(
      await count(
        'select count(*) as n from folio_lines where id = ? and created_by is not null',
        charges[0]!.id,
      ),
    ).toBe(1);
  });

  it('a guest cancelling a non-refundable booking keeps nothing back: a cancellation charge of all that was paid, invoiced', async () => {
    const paid = await paidBooking({ ratePlan: 'non_refundable' });
    const res = await cancelAsGuest(paid.booking.id, paid.cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    const f = await vi.waitFor(
      async () => {
        const f = await folio(paid.booking.id);
        expect(f.lines.find((l) => l.kind === 'charge')?.invoiceId).toBeTypeOf('number');
        return f;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(f.lines.filter((l) => l.kind === 'charge').map((l) => l.amountBaisa)).toEqual([paid.amountBaisa]);
    expect(f.balanceBaisa).toBe(0);
    // Posted by the guest's own cancellation: by nobody on the staff.
    expect(
      await count(
        "select count(*) as n from folio_lines where booking_id = ? and kind = 'charge' and created_by is null",
        paid.booking.id,
      ),
    ).toBe(1);
    expect(await refundsOf(paid.booking.id)).toEqual([]);
  });

  it('a request the hotel rejects, and one whose hold runs out, are refunded in full', async () => {
    const rejected = await paidBooking({}, { pending: true });
    await setBookingStatus(rejected.booking.id, 'cancelled', { reason: 'fully booked' });
    expect((await refundsSettle(rejected.booking.id))[0]).toMatchObject({
      reason: 'request_rejected',
      amount_baisa: rejected.amountBaisa,
    });
    expect((await folio(rejected.booking.id)).balanceBaisa).toBe(0);

    const expiring = await paidBooking({}, { pending: true });
    await expireStalePending(drizzle(env.DB), 60_000, Date.now() + 3_600_000);
    const [queued] = await refundsOf(expiring.booking.id);
    expect(queued).toMatchObject({
      status: 'requested',
      reason: 'request_expired',
      amount_baisa: expiring.amountBaisa,
    });
    // The cron that expired it sends it.
    await fiveMinuteCron();
    await refundsSettle(expiring.booking.id);
    expect((await folio(expiring.booking.id)).balanceBaisa).toBe(0);
  });

  it('judges a guest’s cancellation at one instant: allowed a second before the deadline, and refunded', async () => {
    const paid = await paidBooking({ checkInDate: today, checkOutDate: addDays(today, 1) });
    const db = drizzle(env.DB);
    const booking = (
      await db.select().from(bookingSubmissions).where(eq(bookingSubmissions.id, paid.booking.id))
    )[0]!;
    const site = await readSiteSettings(db);
    const { deadline } = ruleDeadline(
      booking.checkInDate,
      site.checkInTime,
      booking.cancellationRule,
      site.freeCancellationHours,
    );
    // The deadline is past by the clock: judged a second before it, the cancellation refunds.
    await cancelOwnBooking(db, booking, null, site, { now: new Date(deadline.getTime() - 1000) });
    expect(await refundsOf(paid.booking.id)).toEqual([
      expect.objectContaining({ status: 'requested', reason: 'cancelled_free_period' }),
    ]);
    await fiveMinuteCron();
    await refundsSettle(paid.booking.id);
    expect((await folio(paid.booking.id)).balanceBaisa).toBe(0);
  });

  it('decides on plain values: the deadline, a non-refundable plan, a no-show, a pending request', () => {
    const settings = { checkInTime: '14:00', freeCancellationHours: 24 };
    const booking = { id: 1, status: 'approved' as const, checkInDate: '2030-03-10', cancellationRule: null };
    const at = (iso: string, over: Partial<Cancellation> = {}): Cancellation => ({
      booking,
      kind: 'cancelled',
      actor: null,
      now: new Date(iso),
      ...over,
    });
    // 14:00 Muscat is 10:00 UTC; the deadline is 24 hours before.
    expect(cancellationMoney(at('2030-03-09T10:00:00Z'), settings)).toBe('refund');
    expect(cancellationMoney(at('2030-03-09T10:00:01Z'), settings)).toBe('keep');
    expect(
      cancellationMoney(
        at('2030-03-09T08:00:00Z', {
          booking: { ...booking, cancellationRule: { kind: 'free_until', hours: 72 } },
        }),
        settings,
      ),
    ).toBe('keep');
    expect(
      cancellationMoney(
        at('2030-01-01T00:00:00Z', { booking: { ...booking, cancellationRule: { kind: 'non_refundable' } } }),
        settings,
      ),
    ).toBe('keep');
    expect(cancellationMoney(at('2030-01-01T00:00:00Z', { kind: 'no_show' }), settings)).toBe('keep');
    expect(
      cancellationMoney(at('2030-03-11T00:00:00Z', { booking: { ...booking, status: 'pending' } }), settings),
    ).toBe('refund');
    expect(
      cancellationMoney(
        at('2030-03-11T00:00:00Z', { kind: 'expired', booking: { ...booking, status: 'pending' } }),
        settings,
      ),
    ).toBe('refund');
  });
});

describe('staff refunding an online payment', () => {
  it('in part (amount in Arabic-Indic digits), then the rest; a third refund is refused 409', async () => {
    const paid = await paidBooking();
    const part = 5_000;
    const first = await refund(paid.sessionId, {
      amountBaisa: toArabicIndicDigits(String(part)),
      reason: 'room not ready',
    });
    expect(first.status, await first.clone().text()).toBe(202);
    expect(await json(first)).toMatchObject({
      message: expect.any(String),
      refund: { id: expect.any(Number), amountBaisa: part, status: 'requested' },
    });
    await refundsSettle(paid.booking.id);
    expect((await folio(paid.booking.id)).balanceBaisa).toBe(-(paid.amountBaisa - part));

    const rest = await refund(paid.sessionId, {
      amountBaisa: paid.amountBaisa - part,
      reason: 'stay cancelled',
    });
    expect(rest.status, await rest.clone().text()).toBe(202);
    await refundsSettle(paid.booking.id);
    const f = await folio(paid.booking.id);
    expect(f.lines.filter((l) => l.kind === 'refund').map((l) => l.amountBaisa)).toEqual([
      part,
      paid.amountBaisa - part,
    ]);
    expect(f.balanceBaisa).toBe(0);

    const third = await refund(paid.sessionId, { amountBaisa: 1, reason: 'one more' });
    expect(third.status).toBe(409);
    expect(await json(third)).toMatchObject({ error: { code: 'refund_exceeds_payment' } });
    expect(
      await count(
        "select count(*) as n from audit_log where action = 'payment.refund_requested' and entity_id = ?",
        String(paid.sessionId),
      ),
    ).toBe(2);
  });

  it('refuses what is not a paid online payment, and anyone but staff', async () => {
    expect((await refund(999_999, { amountBaisa: 100, reason: 'x' })).status).toBe(404);
    const guest = await signUp('Open Checkout');
    const booking = await book({ roomType: 'gold', ...stay() }, { cookie: guest.cookie });
    await setBookingStatus(booking.id, 'approved');
    const opened = await call(`/api/booking-submissions/${booking.id}/payments`, {
      method: 'POST',
      json: { purpose: 'deposit' },
      cookie: guest.cookie,
    });
    const { sessionId } = await json<{ sessionId: number }>(opened);
    const open = await refund(sessionId, { amountBaisa: 100, reason: 'not paid yet' });
    expect(open.status).toBe(409);
    expect(await json(open)).toMatchObject({ error: { code: 'payment_not_refundable' } });
    const asGuest = await call(`/api/admin/payments/${sessionId}/refunds`, {
      method: 'POST',
      json: { amountBaisa: 100, reason: 'mine' },
      cookie: guest.cookie,
    });
    expect([401, 403]).toContain(asGuest.status);
    const invalid = await refund(sessionId, { amountBaisa: 0, reason: '' });
    expect(invalid.status).toBe(400);
  });

  it('an Idempotency-Key makes a request sent again one refund', async () => {
    const paid = await paidBooking();
    const key = crypto.randomUUID();
    const body = { amountBaisa: 1_000, reason: 'retried' };
    const a = await refund(paid.sessionId, body, { 'idempotency-key': key });
    const b = await refund(paid.sessionId, body, { 'idempotency-key': key });
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    expect((await json<{ refund: { id: number } }>(b)).refund.id).toBe(
      (await json<{ refund: { id: number } }>(a)).refund.id,
    );
    expect(await refundsOf(paid.booking.id)).toHaveLength(1);
  });

  it('two refunds racing for the whole amount: one', async () => {
    const paid = await paidBooking();
    const results = await Promise.all(
      [1, 2].map(() => refund(paid.sessionId, { amountBaisa: paid.amountBaisa, reason: 'race' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([202, 409]);
    await refundsSettle(paid.booking.id);
    expect(await refundsOf(paid.booking.id)).toHaveLength(1);
    expect((await folio(paid.booking.id)).lines.filter((l) => l.kind === 'refund')).toHaveLength(1);
  });
});

describe('the provider confirming a refund', () => {
  it('a webhook repeated twenty times at once posts one refund line', async () => {
    const paid = await paidBooking();
    const { refundId, data } = await sentRefund(paid, 2_000);
    const id = `evt_${crypto.randomUUID()}`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => refundWebhook(data, { id })));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    const f = await folio(paid.booking.id);
    expect(f.lines.filter((l) => l.kind === 'refund').map((l) => l.amountBaisa)).toEqual([2_000]);
    expect(f.balanceBaisa).toBe(-(paid.amountBaisa - 2_000));
    expect((await refundsOf(paid.booking.id)).find((r) => r.id === refundId)).toMatchObject({
      status: 'succeeded',
    });
    expect(
      await count("select count(*) as n from payment_events where event_id = ? and outcome = 'applied'", id),
    ).toBe(1);
    expect(
      await count(
        "select count(*) as n from audit_log where action = 'payment.refund_succeeded' and entity_id = ?",
        String(paid.sessionId),
      ),
    ).toBe(1);
    expect(
      await count(
        "select count(*) as n from email_outbox where kind = 'payment_refunded' and entity_id = ?",
        paid.booking.id,
      ),
    ).toBe(1);
    expect(
      await count(
        "select count(*) as n from notifications where booking_id = ? and type = 'payment_refunded'",
        paid.booking.id,
      ),
    ).toBe(1);
    // The same refund told again under another event id changes nothing either.
    expect((await refundWebhook(data)).status).toBe(200);
    expect((await folio(paid.booking.id)).lines.filter((l) => l.kind === 'refund')).toHaveLength(1);
  });

  it('a forged webhook, or one for a refund we never asked, changes nothing', async () => {
    const paid = await paidBooking();
    const { refundId, data } = await sentRefund(paid, 3_000);
    const forged = await refundWebhook(data, { secret: 'not-the-key' });
    expect(forged.status).toBe(401);
    const unknown = await refundWebhook({ ...data, refundId: 'fake_ref_never', amountBaisa: 2_999 });
    expect(unknown.status).toBe(404);
    const more = await refundWebhook({ ...data, amountBaisa: 3_001 });
    expect(more.status).toBe(409);
    expect((await folio(paid.booking.id)).lines.filter((l) => l.kind === 'refund')).toEqual([]);
    expect((await refundsOf(paid.booking.id)).find((r) => r.id === refundId)).toMatchObject({
      status: 'sent',
    });
    expect(
      await count(
        "select count(*) as n from payment_events where outcome = 'refused' and reason = 'refund_unknown'",
      ),
    ).toBeGreaterThan(0);
  });
});

describe('sending refunds', () => {
  it('a refund the provider accepted and never confirmed is asked about by the cron, and settled', async () => {
    const paid = await paidBooking();
    const { refundId, data } = await sentRefund(paid, 1_200);
    // The provider made it (its own books); its webhook never came.
    await env.DB.prepare(
      `insert into fake_provider_refunds (id, session_id, payment_id, amount_baisa, reference, status)
       values (?, ?, ?, ?, ?, 'succeeded')`,
    )
      .bind(data.refundId, paid.providerSessionId, data.paymentId, 1_200, String(refundId))
      .run();
    await fiveMinuteCron();
    // Accepted a moment ago: not asked yet.
    expect((await refundsOf(paid.booking.id))[0]).toMatchObject({ status: 'sent' });
    await env.DB.prepare('update payment_refunds set sent_at = ? where id = ?')
      .bind(Date.now() - 11 * 60_000, refundId)
      .run();
    await fiveMinuteCron();
    expect((await refundsOf(paid.booking.id))[0]).toMatchObject({ status: 'succeeded' });
    const f = await folio(paid.booking.id);
    expect(f.lines.filter((l) => l.kind === 'refund').map((l) => l.amountBaisa)).toEqual([1_200]);
    expect(f.balanceBaisa).toBe(-(paid.amountBaisa - 1_200));
  });

  it('the cron sends a refund left requested, and never sends again one left sending', async () => {
    const paid = await paidBooking();
    const line = (await folio(paid.booking.id)).lines.find((l) => l.kind === 'payment')!;
    const insert = (status: string, amount: number, sentAt: number | null = null) =>
      env.DB.prepare(
        `insert into payment_refunds (session_id, booking_id, payment_line_id, amount_baisa, reason, status, sent_at)
         values (?, ?, ?, ?, 'left for the cron', ?, ?) returning id`,
      )
        .bind(paid.sessionId, paid.booking.id, line.id, amount, status, sentAt)
        .first<{ id: number }>();
    const left = await insert('requested', 1_500);
    // Being sent a moment ago (its answer not back yet): not looked for, not sent again.
    const lost = await insert('sending', 700, Date.now());
    await fiveMinuteCron();
    const refunds = await refundsOf(paid.booking.id);
    expect(refunds.find((r) => r.id === left!.id)).toMatchObject({
      status: 'succeeded',
      provider_refund_id: expect.any(String),
    });
    expect(refunds.find((r) => r.id === lost!.id)).toMatchObject({
      status: 'sending',
      provider_refund_id: null,
    });
    expect(
      await count(
        'select count(*) as n from fake_provider_refunds where session_id = ?',
        paid.providerSessionId,
      ),
    ).toBe(1);
    expect(
      (await folio(paid.booking.id)).lines.filter((l) => l.kind === 'refund').map((l) => l.amountBaisa),
    ).toEqual([1_500]);
    // Two runners at once: each queued refund still goes once.
    const again = await insert('requested', 500);
    await Promise.all([sendDueRefunds(env, drizzle(env.DB)), sendDueRefunds(env, drizzle(env.DB))]);
    expect(
      await count(
        'select count(*) as n from fake_provider_refunds where session_id = ?',
        paid.providerSessionId,
      ),
    ).toBe(2);
    expect((await refundsOf(paid.booking.id)).find((r) => r.id === again!.id)).toMatchObject({
      status: 'succeeded',
    });
  });
});

describe('a refund whose answer was lost', () => {
  it('is looked for by our reference: named and settled if the provider made it, sent again only if it has none', async () => {
    const paid = await paidBooking();
    const line = (await folio(paid.booking.id)).lines.find((l) => l.kind === 'payment')!;
    const { paymentId } = (await env.DB.prepare(
      'select provider_payment_id as paymentId from payment_sessions where id = ?',
    )
      .bind(paid.sessionId)
      .first<{ paymentId: string }>())!;
    // Claimed and sent eleven minutes ago; no answer came back.
    const sending = (amount: number) =>
      env.DB.prepare(
        `insert into payment_refunds (session_id, booking_id, payment_line_id, amount_baisa, reason, status, sent_at)
         values (?, ?, ?, ?, 'answer lost', 'sending', ?) returning id`,
      )
        .bind(paid.sessionId, paid.booking.id, line.id, amount, Date.now() - 11 * 60_000)
        .first<{ id: number }>();
    const made = (await sending(1_000))!;
    const providerRefundId = `fake_ref_lost_${made.id}`;
    // It reached the provider, which made it (its own books, under our reference).
    await env.DB.prepare(
      `insert into fake_provider_refunds (id, session_id, payment_id, amount_baisa, reference, status)
       values (?, ?, ?, 1000, ?, 'succeeded')`,
    )
      .bind(providerRefundId, paid.providerSessionId, paymentId, String(made.id))
      .run();
    // This one never reached it.
    const never = (await sending(600))!;
    const providerRefunds = () =>
      count('select count(*) as n from fake_provider_refunds where session_id = ?', paid.providerSessionId);

    await fiveMinuteCron();
    let refunds = await refundsOf(paid.booking.id);
    expect(refunds.find((r) => r.id === made.id)).toMatchObject({
      status: 'succeeded',
      provider_refund_id: providerRefundId,
    });
    expect(refunds.find((r) => r.id === never.id)).toMatchObject({
      status: 'requested',
      provider_refund_id: null,
    });
    expect(await providerRefunds()).toBe(1);

    await fiveMinuteCron();
    refunds = await refundsOf(paid.booking.id);
    expect(refunds.find((r) => r.id === never.id)).toMatchObject({ status: 'succeeded' });
    expect(await providerRefunds()).toBe(2);
    const f = await folio(paid.booking.id);
    expect(f.lines.filter((l) => l.kind === 'refund').map((l) => l.amountBaisa)).toEqual([1_000, 600]);
    expect(f.balanceBaisa).toBe(-(paid.amountBaisa - 1_600));
  });
});

describe('a no-show keeps the payment', () => {
  it('at the desk, and by the day close: a cancellation charge, invoiced by the cron when no request follows', async () => {
    const me = await call('/api/auth/me', { cookie: await staffCookie() });
    const staffUser = (await json<{ user: SessionUser }>(me)).user;
    const atDesk = await paidBooking({ checkInDate: today, checkOutDate: addDays(today, 1) });
    await noShow(drizzle(env.DB), staffUser, atDesk.booking.id, hotelInstant(addDays(today, 1), '09:00'));
    await fiveMinuteCron();
    await chargedAndInvoiced(atDesk.booking.id, atDesk.amountBaisa);
    expect(await refundsOf(atDesk.booking.id)).toEqual([]);

    // The day close of its arrival day, the morning after (the last test: the day is closed for good).
    const closing = await paidBooking({ checkInDate: today, checkOutDate: addDays(today, 2) });
    await closeDay(drizzle(env.DB), null, today, hotelInstant(addDays(today, 1), '03:00'));
    expect(
      (await env.DB.prepare('select status_reason as r from booking_submissions where id = ?')
        .bind(closing.booking.id)
        .first<{ r: string }>())!.r,
    ).toBe('no_show');
    await fiveMinuteCron();
    await chargedAndInvoiced(closing.booking.id, closing.amountBaisa);
  });
});
