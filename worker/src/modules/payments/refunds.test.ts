import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toArabicIndicDigits } from '@shared/digits';
import { sendDueRefunds } from './refunds';
import { book, json, setBookingStatus, staffCookie, count } from '@worker-test/builders';
import { call, signUp, workerFetch } from '@worker-test/helpers';
import { atFake, fakeControls, webhook } from '@worker-test/payments';
import { installWebhookDispatch } from './payment-config';
import { FAKE_THAWANI } from './providers/fake/constants';
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
 * lost (found again, however long the provider's list of refunds). The provider is the fake,
 * Thawani's stand-in: what it holds is written in its own books, as Thawani's back office would.
 * What a cancellation does to a payment is cancellation.test.ts.
 */

const refund = async (sessionId: number, body: Record<string, unknown>, headers?: Record<string, string>) =>
  call(`/api/admin/payments/${sessionId}/refunds`, {
    method: 'POST',
    json: body,
    cookie: await staffCookie(),
    headers,
  });

/** A refund webhook as Thawani would sign one (it documents none; the adapter checks it with the API). */
const refundWebhook = (refundId: string, options?: { secret?: string }) =>
  webhook({ event_type: 'refund.succeeded', data: { refund_id: refundId } }, options);

/** The provider's payment id of a paid session. */
const paymentIdOf = async (paid: Paid) =>
  (await env.DB.prepare('select provider_payment_id as paymentId from payment_sessions where id = ?')
    .bind(paid.sessionId)
    .first<{ paymentId: string }>())!.paymentId;

/** A refund in the provider's books (Thawani's `Refund_Model`), under our reference when given. */
async function atProvider(
  paid: Paid,
  refundId: string,
  amount: number,
  { reference, status = 'successful' }: { reference?: string; status?: string } = {},
) {
  const metadata = reference === undefined ? {} : { reference, session_id: paid.providerSessionId };
  await env.DB.prepare(
    `insert into fake_thawani_refunds (refund_id, payment_id, amount, reason, status, metadata) values (?, ?, ?, 'test', ?, ?)`,
  )
    .bind(refundId, await paymentIdOf(paid), amount, status, JSON.stringify(metadata))
    .run();
}

/** The refunds the provider made of the paid session's payment. */
const providerRefunds = async (paid: Paid) =>
  count('select count(*) as n from fake_thawani_refunds where payment_id = ?', await paymentIdOf(paid));

/**
 * A refund of the paid session accepted by the provider (in its books, successful unless said),
 * whose confirmation has not come yet.
 */
async function sentRefund(paid: Paid, amountBaisa: number, status = 'successful') {
  const session = await env.DB.prepare('select payment_line_id as lineId from payment_sessions where id = ?')
    .bind(paid.sessionId)
    .first<{ lineId: number }>();
  const providerRefundId = `refund_test_${crypto.randomUUID().slice(0, 12)}`;
  const row = await env.DB.prepare(
    `insert into payment_refunds (session_id, booking_id, payment_line_id, amount_baisa, reason, status, provider_refund_id, sent_at)
     values (?, ?, ?, ?, 'guest asked', 'sent', ?, ?) returning id`,
  )
    .bind(paid.sessionId, paid.booking.id, session!.lineId, amountBaisa, providerRefundId, Date.now())
    .first<{ id: number }>();
  await atProvider(paid, providerRefundId, amountBaisa, { reference: String(row!.id), status });
  return { refundId: row!.id, providerRefundId };
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
    const { refundId, providerRefundId } = await sentRefund(paid, 2_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refundWebhook(providerRefundId)));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    const f = await folio(paid.booking.id);
    expect(f.lines.filter((l) => l.kind === 'refund').map((l) => l.amountBaisa)).toEqual([2_000]);
    expect(f.balanceBaisa).toBe(-(paid.amountBaisa - 2_000));
    expect((await refundsOf(paid.booking.id)).find((r) => r.id === refundId)).toMatchObject({
      status: 'succeeded',
    });
    expect(
      await count(
        "select count(*) as n from payment_events where event_id = ? and outcome = 'applied'",
        `refund.succeeded:${providerRefundId}`,
      ),
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
    // The same refund told again later changes nothing either.
    expect((await refundWebhook(providerRefundId)).status).toBe(200);
    expect((await folio(paid.booking.id)).lines.filter((l) => l.kind === 'refund')).toHaveLength(1);
  });

  it('a forged webhook, or one for a refund we never asked, changes nothing', async () => {
    const paid = await paidOnline();
    const { refundId, providerRefundId } = await sentRefund(paid, 3_000);
    const forged = await refundWebhook(providerRefundId, { secret: 'not-the-key' });
    expect(forged.status).toBe(401);
    // Made in the provider's portal, not by us: traced to our session, but no refund of ours.
    await atProvider(paid, 'refund_portal_never', 2_999);
    expect((await refundWebhook('refund_portal_never')).status).toBe(404);
    // The provider says ours is another amount than we asked.
    await env.DB.prepare('update fake_thawani_refunds set amount = 3001 where refund_id = ?')
      .bind(providerRefundId)
      .run();
    const more = await refundWebhook(providerRefundId);
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
  it("a refund the provider's answer left in process, its webhook never coming, is asked about by the cron and settled", async () => {
    const paid = await paidOnline();
    // Thawani answers a new refund not yet done.
    await fakeControls({ refundStatus: 'inProcess' });
    const asked = await refund(paid.sessionId, { amountBaisa: 1_200, reason: 'not done at once' });
    expect(asked.status, await asked.clone().text()).toBe(202);
    let sent: Awaited<ReturnType<typeof refundsSettle>>[number] | undefined;
    try {
      [sent] = await refundsSettle(paid.booking.id, 'sent');
    } finally {
      await fakeControls({ refundStatus: 'successful' });
    }
    await fiveMinuteCron();
    // Accepted a moment ago: not asked yet.
    expect((await refundsOf(paid.booking.id))[0]).toMatchObject({ status: 'sent' });
    // The provider finishes it; nothing tells us.
    await call(`/api/dev/payments/refunds/${sent!.provider_refund_id}`, {
      method: 'POST',
      json: { status: 'successful' },
    });
    await env.DB.prepare('update payment_refunds set sent_at = ? where id = ?')
      .bind(Date.now() - 11 * 60_000, sent!.id)
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
    expect(await providerRefunds(paid)).toBe(1);
    expect(
      (await folio(paid.booking.id)).lines.filter((l) => l.kind === 'refund').map((l) => l.amountBaisa),
    ).toEqual([1_500]);
    // Two runners at once: each queued refund still goes once.
    const again = await insert('requested', 500);
    await Promise.all([sendDueRefunds(env, drizzle(env.DB)), sendDueRefunds(env, drizzle(env.DB))]);
    expect(await providerRefunds(paid)).toBe(2);
    expect((await refundsOf(paid.booking.id)).find((r) => r.id === again!.id)).toMatchObject({
      status: 'succeeded',
    });
  });
});

describe('a refund whose answer was lost', () => {
  /** A refund of the paid session claimed and sent eleven minutes ago, whose answer never came back. */
  async function sending(paid: Paid, amount: number) {
    const line = (await folio(paid.booking.id)).lines.find((l) => l.kind === 'payment')!;
    return (await env.DB.prepare(
      `insert into payment_refunds (session_id, booking_id, payment_line_id, amount_baisa, reason, status, sent_at)
       values (?, ?, ?, ?, 'answer lost', 'sending', ?) returning id`,
    )
      .bind(paid.sessionId, paid.booking.id, line.id, amount, Date.now() - 11 * 60_000)
      .first<{ id: number }>())!;
  }

  it('is looked for by our reference: named and settled if the provider made it, sent again only if it has none', async () => {
    const paid = await paidOnline();
    const made = await sending(paid, 1_000);
    const providerRefundId = `refund_lost_${made.id}`;
    // It reached the provider, which made it (its own books, under our reference).
    await atProvider(paid, providerRefundId, 1_000, { reference: String(made.id) });
    // This one never reached it.
    const never = await sending(paid, 600);

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
    expect(await providerRefunds(paid)).toBe(1);

    await fiveMinuteCron();
    refunds = await refundsOf(paid.booking.id);
    expect(refunds.find((r) => r.id === never.id)).toMatchObject({ status: 'succeeded' });
    expect(await providerRefunds(paid)).toBe(2);
    const f = await folio(paid.booking.id);
    expect(f.lines.filter((l) => l.kind === 'refund').map((l) => l.amountBaisa)).toEqual([1_000, 600]);
    expect(f.balanceBaisa).toBe(-(paid.amountBaisa - 1_600));
  });

  it('is found among more than a hundred refunds at the provider, its list answered in short pages, and never sent again', async () => {
    const paid = await paidOnline();
    const other = await paidOnline();
    // The provider answers at most 40 a page whatever is asked. Set before the lost refund is
    // written: the app looks for lost refunds after every write.
    await fakeControls({ pageLimit: 40 });
    try {
      const made = await sending(paid, 1_000);
      const providerRefundId = `refund_lost_${made.id}`;
      // Ours reached the provider first; then 150 refunds of another guest's payment came after
      // it (the provider lists its newest first).
      await atProvider(paid, providerRefundId, 1_000, { reference: String(made.id) });
      await env.DB.prepare(
        `with recursive n(i) as (select 1 union all select i + 1 from n where i < 150)
         insert into fake_thawani_refunds (refund_id, payment_id, amount, reason, status, metadata, created_at)
         select 'refund_other_' || ?1 || '_' || i, ?2, 1, 'another guest', 'successful', '{"reference":"elsewhere"}', ?3 + i from n`,
      )
        .bind(made.id, await paymentIdOf(other), Date.now() + 1_000)
        .run();
      expect((await refundsOf(paid.booking.id)).find((r) => r.id === made.id)).toMatchObject({
        status: 'sending',
      });
      await fiveMinuteCron();
      expect((await refundsOf(paid.booking.id)).find((r) => r.id === made.id)).toMatchObject({
        status: 'succeeded',
        provider_refund_id: providerRefundId,
      });
    } finally {
      await fakeControls({ pageLimit: null });
    }
    // Found, not sent again: the provider still holds one refund of this payment.
    expect(await providerRefunds(paid)).toBe(1);
    const f = await folio(paid.booking.id);
    expect(f.lines.filter((l) => l.kind === 'refund').map((l) => l.amountBaisa)).toEqual([1_000]);
  });
});

describe('a refund sent, its answer lost on the way back', () => {
  /**
   * How many of the next refunds' answers are lost: the request reaches the provider (the fake,
   * through the whole app, as every call of the adapter does), which makes the refund, and the
   * connection drops before its answer is read.
   */
  let answersToLose = 0;
  beforeAll(() =>
    installWebhookDispatch(async (request, workerEnv, ctx) => {
      const res = await workerFetch(request, workerEnv, ctx);
      const lost =
        answersToLose > 0 &&
        request.method === 'POST' &&
        new URL(request.url).pathname === `${FAKE_THAWANI.apiPath}/refunds`;
      if (!lost) return res;
      answersToLose -= 1;
      await res.arrayBuffer();
      throw new TypeError('Network connection lost.');
    }),
  );
  afterAll(() => installWebhookDispatch(workerFetch));

  it('is found at the provider by its own reference ten minutes later and settled: one refund at the provider, never two', async () => {
    const paid = await paidOnline();
    const paymentId = await paymentIdOf(paid);
    /** The refunds of the payment as the provider keeps them (Thawani's Payment_Model `refunds`). */
    const atProviderNow = async () =>
      (
        await atFake<{
          refunds:
            { refund_id: string; amount: number; status: string; metadata: Record<string, unknown> }[] | null;
        }>(`/payments/${paymentId}`)
      ).refunds ?? [];
    // A first refund goes through as usual.
    const first = await refund(paid.sessionId, { amountBaisa: 1_000, reason: 'Late check-in' });
    expect(first.status, await first.clone().text()).toBe(202);
    const [firstRefund] = await refundsSettle(paid.booking.id);

    // The second is sent after the answer; the provider makes it; its answer never comes back.
    answersToLose = 1;
    const second = await refund(paid.sessionId, { amountBaisa: 1_300, reason: 'Goodwill' });
    expect(second.status, await second.clone().text()).toBe(202);
    expect(answersToLose).toBe(0);
    const lost = (await refundsOf(paid.booking.id)).find((r) => r.id !== firstRefund!.id)!;
    expect(lost).toMatchObject({ status: 'sending', provider_refund_id: null });
    // The provider holds it under the refund's own reference (not the booking's, not the first
    // refund's), as the adapter's request put it in Thawani's metadata.
    const made = await atProviderNow();
    expect(made).toHaveLength(2);
    const madeLost = made.find((r) => r.refund_id !== firstRefund!.provider_refund_id)!;
    expect(madeLost).toMatchObject({
      amount: 1_300,
      status: 'successful',
      metadata: { reference: String(lost.id), session_id: paid.providerSessionId },
    });
    expect(made.find((r) => r.refund_id === firstRefund!.provider_refund_id)!.metadata).toMatchObject({
      reference: String(firstRefund!.id),
    });

    // The sender runs again at once (the cron; it runs after every write too): too soon to ask
    // the provider, and never sent again.
    await fiveMinuteCron();
    expect((await atProviderNow()).map((r) => r.amount)).toEqual(made.map((r) => r.amount));
    expect((await refundsOf(paid.booking.id)).find((r) => r.id === lost.id)).toMatchObject({
      status: 'sending',
    });

    // Ten minutes pass; the cron runs, and runs again.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 11 * 60_000);
      await fiveMinuteCron();
      await fiveMinuteCron();
    } finally {
      vi.useRealTimers();
    }
    // Still one refund of it at the provider: the guest is not refunded twice.
    expect((await atProviderNow()).map((r) => r.amount)).toEqual(made.map((r) => r.amount));
    expect((await refundsOf(paid.booking.id)).find((r) => r.id === lost.id)).toMatchObject({
      status: 'succeeded',
      provider_refund_id: madeLost.refund_id,
    });
    const f = await folio(paid.booking.id);
    expect(f.lines.filter((l) => l.kind === 'refund').map((l) => l.amountBaisa)).toEqual([1_000, 1_300]);
    expect(f.balanceBaisa).toBe(-(paid.amountBaisa - 2_300));
    // And later runs leave it so.
    await fiveMinuteCron();
    expect(await atProviderNow()).toHaveLength(2);
  });
});
