import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import type { SessionUser } from '@shared/auth-schemas';
import { hotelInstant, ruleDeadline } from '@shared/stay-policy';
import { cancelOwnBooking } from '../bookings/booking-changes';
import { readSiteSettings } from '../catalog';
import type { Cancellation } from '../../platform/booking-hooks';
import { bookingById, expireStalePending } from '../bookings';
import { closeDay } from '../day-close/day-close';
import { noShow } from '../front-desk/front-desk-day';
import { cancellationMoney } from './cancellation';
import { deliverEmails } from '../messaging/email-delivery';
import type { Env } from '../../platform/env';
import { formatOmr } from '@shared/money';
import { formatBookingReference } from '@shared/booking-reference';
import { json, setBookingStatus, staffCookie, count } from '@worker-test/builders';
import { call } from '@worker-test/helpers';
import {
  fiveMinuteCron,
  flexiblePlanAsksFirstNight,
  folio,
  paidOnline,
  refundsOf,
  refundsSettle,
} from '@worker-test/refunds';

/**
 * What a cancellation does to money paid online (decision 071): a refund queued within the free
 * period, sent after the answer and settled by the provider's answer, the guest told; a cancellation charge
 * and its invoice after it, for a non-refundable plan and for a no-show; a request rejected or
 * expired refunded in full. Staff's refunds, the provider's confirmations and the sending are
 * refunds.test.ts.
 */

const today = hotelToday();

const cancelAsGuest = (id: number, cookie: string) =>
  call(`/api/booking-submissions/${id}/status`, { method: 'PATCH', json: { status: 'cancelled' }, cookie });

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

beforeAll(flexiblePlanAsksFirstNight);

describe('a cancellation and the money paid online', () => {
  it('a guest cancelling a flexible booking within its free period gets a refund: sent, confirmed by the provider, one refund line, the folio back to zero', async () => {
    const paid = await paidOnline();
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
        `select count(*) as n from fake_thawani_refunds
         where payment_id = (select provider_payment_id from payment_sessions where id = ?)`,
        paid.sessionId,
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
      sent = mails.find((m) => m.subject.startsWith('تم الاسترداد:'));
    }
    expect(sent, 'the refund e-mail').toBeDefined();
    expect(sent!.text).toContain('أعدنا إليك دفعتك الإلكترونية');
    expect(sent!.text).toContain(formatOmr(paid.amountBaisa, 'ar'));
  });

  it('staff cancelling after the deadline keep the payment: a cancellation charge equal to it, its invoice, no refund', async () => {
    const paid = await paidOnline({ checkInDate: today, checkOutDate: addDays(today, 2) });
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
    const paid = await paidOnline({ ratePlan: 'non_refundable' });
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
    const rejected = await paidOnline({}, { pending: true });
    await setBookingStatus(rejected.booking.id, 'cancelled', { reason: 'fully booked' });
    expect((await refundsSettle(rejected.booking.id))[0]).toMatchObject({
      reason: 'request_rejected',
      amount_baisa: rejected.amountBaisa,
    });
    expect((await folio(rejected.booking.id)).balanceBaisa).toBe(0);

    const expiring = await paidOnline({}, { pending: true });
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
    const paid = await paidOnline({ checkInDate: today, checkOutDate: addDays(today, 1) });
    const db = drizzle(env.DB);
    const booking = (await bookingById(db, paid.booking.id).get())!;
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

describe('a no-show keeps the payment', () => {
  it('at the desk, and by the day close: a cancellation charge, invoiced by the cron when no request follows', async () => {
    const me = await call('/api/auth/me', { cookie: await staffCookie() });
    const staffUser = (await json<{ user: SessionUser }>(me)).user;
    const atDesk = await paidOnline({ checkInDate: today, checkOutDate: addDays(today, 1) });
    await noShow(drizzle(env.DB), staffUser, atDesk.booking.id, hotelInstant(addDays(today, 1), '09:00'));
    await fiveMinuteCron();
    await chargedAndInvoiced(atDesk.booking.id, atDesk.amountBaisa);
    expect(await refundsOf(atDesk.booking.id)).toEqual([]);

    // The day close of its arrival day, the morning after (the last test: the day is closed for good).
    const closing = await paidOnline({ checkInDate: today, checkOutDate: addDays(today, 2) });
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
