import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { toArabicIndicDigits } from '@shared/digits';
import { signWebhook } from './providers/fake';
import { sendDueRefunds } from './refunds';
import { book, json, setBookingStatus, staffCookie, count } from '@worker-test/builders';
import { call, signUp } from '@worker-test/helpers';
import {
  fiveMinuteCron,
  flexiblePlanAsksFirstNight,
  folio,
  paidOnline,
  refundsOf,
  refundsSettle,
  refundStay,
  type Paid,
} from '@worker-test/refunds';

/**
 * Refunds of online payments (decision 071) once asked for: staff's refunds (never above what was
 * paid, once per Idempotency-Key, one of two racing), the provider's confirmation by webhook (one
 * folio line, however often or however many at once; a forged one changes nothing), the cron
 * sending what is left and asking after what was never confirmed, and a refund whose answer was
 * lost. What a cancellation does to a payment is cancellation.test.ts.
 */

const WEBHOOK_SECRET = 'change-me-webhook';

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

beforeAll(flexiblePlanAsksFirstNight);

describe('staff refunding an online payment', () => {
  it('in part (amount in Arabic-Indic digits), then the rest; a third refund is refused 409', async () => {
    const paid = await paidOnline();
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
    const booking = await book({ roomType: 'gold', ...refundStay() }, { cookie: guest.cookie });
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
    const paid = await paidOnline();
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
    const paid = await paidOnline();
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
    const paid = await paidOnline();
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
    const paid = await paidOnline();
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
    const paid = await paidOnline();
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
    const paid = await paidOnline();
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
    const paid = await paidOnline();
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
