import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { hotelToday } from '@shared/dates';
import { chargeLineValues, postedNightSet, postedNightsQuery } from './';
import { FOLIO_BALANCE_SIGN, type FolioLineKind } from '@shared/folio';
import { call } from '@worker-test/helpers';
import {
  approvedBooking,
  book,
  grantCookie,
  guest,
  json,
  setBookingStatus,
  staffAccount,
  staffCookie,
  stayInRoom,
  day,
} from '@worker-test/builders';
import {
  bookingRow,
  breakfast,
  folioPath,
  inclusive,
  post,
  posted,
  postNights,
  pricedStay,
  readFolio,
  refusal,
  type Posted,
} from '@worker-test/folio';

/**
 * The folio (decision 067): posting room nights and charges through the tax rule, on the open
 * business date, each night once; the folio's API (charges, payments, corrections, refunds).
 * Check-out and what follows it: folio-check-out.test.ts.
 */

const db = drizzle(env.DB);

const linesOf = async (id: number) =>
  (
    await env.DB.prepare(
      'select kind, department, night, amount_baisa, net_baisa, taxes, business_date from folio_lines where booking_id = ? order by id',
    )
      .bind(id)
      .all<Record<string, unknown>>()
  ).results;

describe('posting', () => {
  it('splits a charge by the taxes in force: inclusive prices keep the amount, exclusive ones add the taxes', () => {
    // 12.600 OMR a night, taxes included: 11.538 net + 0.462 levy + 0.600 VAT.
    expect(chargeLineValues(inclusive, 'room', '2026-11-26', 12_600)).toEqual({
      amountBaisa: 12_600,
      netBaisa: 11_538,
      taxes: [
        { code: 'tourism_levy', amountBaisa: 462 },
        { code: 'vat', amountBaisa: 600 },
      ],
    });
    // Without taxes in the price: 12.000 net, the levy 0.480 and VAT 0.624 (on the levy too) on top.
    expect(
      chargeLineValues({ ...inclusive, pricesIncludeTaxes: false }, 'room', '2026-11-26', 12_000),
    ).toEqual({
      amountBaisa: 13_104,
      netBaisa: 12_000,
      taxes: [
        { code: 'tourism_levy', amountBaisa: 480 },
        { code: 'vat', amountBaisa: 624 },
      ],
    });
    // Laundry bears VAT only.
    expect(chargeLineValues(inclusive, 'laundry', '2026-11-26', 2_100).taxes).toEqual([
      { code: 'vat', amountBaisa: 100 },
    ]);
  });

  it('posts each room night once, at its own price, up to the night asked; reposting is a no-op', async () => {
    const id = await pricedStay('301', -2, [12_600, 15_000, 20_000]);
    expect(await postNights(id, day(-2))).toBe(1);
    // Through yesterday: the first night is skipped (already posted), the second posted.
    await postNights(id, day(-1));
    // The same nights again, as a racing day close would: nothing moves.
    await postNights(id, day(-1));
    await postNights(id, day(-1));
    const lines = await linesOf(id);
    expect(lines.map((l) => [l.night, l.amount_baisa])).toEqual([
      [day(-2), 12_600],
      [day(-1), 15_000],
    ]);
    expect(lines[0]).toMatchObject({
      kind: 'charge',
      department: 'room',
      net_baisa: 11_538,
      business_date: hotelToday(),
    });
    expect(JSON.parse(lines[0]!.taxes as string)).toEqual([
      { code: 'tourism_levy', amountBaisa: 462 },
      { code: 'vat', amountBaisa: 600 },
    ]);
    // The whole stay, twice at once: the last night once.
    await Promise.all([postNights(id, day(5)), postNights(id, day(5))]);
    const all = await linesOf(id);
    expect(all.map((l) => l.night)).toEqual([day(-2), day(-1), day(0)]);
    expect((await bookingRow(id)).balance).toBe(12_600 + 15_000 + 20_000);
    expect(postedNightSet(await postedNightsQuery(db, id))).toEqual(new Set([day(-2), day(-1), day(0)]));
  });

  it('spreads the total of a booking without nightly prices; a points stay posts nothing', async () => {
    const old = await stayInRoom('302', day(-3), day(0));
    await env.DB.prepare('update booking_submissions set total_price = 10000 where id = ?').bind(old).run();
    await postNights(old, day(-1));
    expect((await linesOf(old)).map((l) => l.amount_baisa)).toEqual([3_334, 3_333, 3_333]);
    expect((await bookingRow(old)).balance).toBe(10_000);

    const points = await pricedStay('303', -1, [12_600], true);
    expect(await postNights(points, day(0))).toBe(0);
    expect(await linesOf(points)).toEqual([]);
  });
});

let staff: string;
beforeAll(async () => {
  staff = await staffCookie();
});

/** The balance recomputed from the lines, as the integrity check does. */
async function balanceFromLines(id: number) {
  const lines = (
    await env.DB.prepare('select kind, amount_baisa from folio_lines where booking_id = ?')
      .bind(id)
      .all<{ kind: FolioLineKind; amount_baisa: number }>()
  ).results;
  return lines.reduce((sum, l) => sum + FOLIO_BALANCE_SIGN[l.kind] * l.amount_baisa, 0);
}

describe('the folio API', () => {
  it('staff post a charge (Arabic-Indic digits read), split by the taxes, with its audit line; the folio lists it', async () => {
    const b = await approvedBooking();
    const line = await posted(
      await post(b.id, 'charges', { ...breakfast, quantity: '٢', amountBaisa: '٥٢٥٠' }, { lang: 'ar' }),
    );
    expect(line.message).toBe('سُجّلت الرسوم');
    expect(line.balanceBaisa).toBe(5_250);
    expect(line.line).toMatchObject({
      kind: 'charge',
      department: 'breakfast',
      amountBaisa: 5_250,
      netBaisa: 4_808,
      taxes: [
        { code: 'tourism_levy', amountBaisa: 192 },
        { code: 'vat', amountBaisa: 250 },
      ],
      businessDate: hotelToday(),
      invoiceId: null,
    });
    const folio = await readFolio(b.id);
    expect(folio.balanceBaisa).toBe(5_250);
    expect(folio.lines).toEqual([expect.objectContaining({ id: line.line.id, quantity: 2 })]);
    const audit = await env.DB.prepare(
      "select action, after from audit_log where entity_type = 'booking' and entity_id = ? and action like 'folio.%'",
    )
      .bind(String(b.id))
      .all<{ action: string; after: string }>();
    expect(audit.results.map((a) => a.action)).toEqual(['folio.charge']);
    expect(JSON.parse(audit.results[0]!.after)).toMatchObject({
      department: 'breakfast',
      amountBaisa: 5_250,
    });
  });

  it('refuses bad amounts, departments and texts with 400 and the field, each in both languages', async () => {
    const b = await approvedBooking();
    for (const amountBaisa of [0, -5, 1.5, '12.5', 100_000_001, 'abc', null]) {
      const res = await post(b.id, 'payments', { method: 'cash', amountBaisa });
      expect(res.status, String(amountBaisa)).toBe(400);
      expect((await refusal(res)).fields).toEqual({
        amountBaisa: 'Enter an amount above zero, in whole baisa',
      });
    }
    const ar = await refusal(await post(b.id, 'charges', { ...breakfast, amountBaisa: 0 }, { lang: 'ar' }));
    expect(ar.fields).toEqual({ amountBaisa: 'أدخل مبلغاً أكبر من صفر، بالبيسة الكاملة' });
    const bad = await refusal(
      await post(b.id, 'charges', { department: 'room', description: ' ', quantity: 1000, amountBaisa: 1 }),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.fields!).sort()).toEqual(['department', 'description', 'quantity']);
    expect(bad.fields!.quantity).toBe('The quantity is a whole number from 1 to 999');
    const online = await refusal(await post(b.id, 'payments', { method: 'online', amountBaisa: 100 }));
    expect(online.fields).toHaveProperty('method');
    expect(await balanceFromLines(b.id)).toBe(0);
    expect((await readFolio(b.id)).lines).toEqual([]);
  });

  it('keeps a card payment’s approval code (Arabic-Indic digits read) on its line, in the folio and the audit; refuses a bad one', async () => {
    const b = await approvedBooking();
    const card = await posted(
      await post(
        b.id,
        'payments',
        { method: 'card', amountBaisa: 1_000, approvalCode: ' ab١٢٣٤ ' },
        { lang: 'ar' },
      ),
    );
    expect(card.line).toMatchObject({ kind: 'payment', method: 'card', approvalCode: 'AB1234' });
    const cash = await posted(
      await post(b.id, 'payments', { method: 'cash', amountBaisa: 500, approvalCode: '' }),
    );
    expect(cash.line.approvalCode).toBeNull();
    const folio = await readFolio(b.id);
    expect(folio.lines.map((l) => l.approvalCode)).toEqual(['AB1234', null]);
    const stored = await env.DB.prepare(
      'select approval_code from folio_lines where booking_id = ? order by id',
    )
      .bind(b.id)
      .all<{ approval_code: string | null }>();
    expect(stored.results.map((r) => r.approval_code)).toEqual(['AB1234', null]);
    const audit = await env.DB.prepare(
      "select after from audit_log where entity_type = 'booking' and entity_id = ? and action = 'folio.payment' order by id",
    )
      .bind(String(b.id))
      .first<{ after: string }>();
    expect(JSON.parse(audit!.after)).toMatchObject({ method: 'card', approvalCode: 'AB1234' });
    // Too long, not letters and digits, or on a cash payment: 400 on the field, in both languages.
    for (const approvalCode of ['A', 'ABCDEFGHIJKLM', 'AB-12', 'رمز12', 12]) {
      const res = await post(b.id, 'payments', { method: 'card', amountBaisa: 100, approvalCode });
      expect(res.status, String(approvalCode)).toBe(400);
      expect((await refusal(res)).fields).toEqual({
        approvalCode: "An approval code is 2 to 12 letters and digits, as on the terminal's slip",
      });
    }
    const onCash = await refusal(
      await post(
        b.id,
        'payments',
        { method: 'cash', amountBaisa: 100, approvalCode: '123456' },
        { lang: 'ar' },
      ),
    );
    expect(onCash.fields).toEqual({ approvalCode: 'رمز الموافقة للدفع بالبطاقة فقط' });
    expect((await readFolio(b.id)).lines).toHaveLength(2);
  });

  it('is staff’s to post: a housekeeper 403, a guest 401; an unknown booking 404', async () => {
    const b = await approvedBooking();
    const housekeeper = await staffAccount({ role: 'housekeeper' });
    expect(
      (await post(b.id, 'payments', { method: 'cash', amountBaisa: 100 }, { cookie: housekeeper.cookie }))
        .status,
    ).toBe(403);
    expect((await call(folioPath(b.id), { cookie: housekeeper.cookie })).status).toBe(404);
    expect((await post(b.id, 'payments', { method: 'cash', amountBaisa: 100 }, { cookie: '' })).status).toBe(
      401,
    );
    expect(
      (await refusal(await post(99_999_999, 'payments', { method: 'cash', amountBaisa: 100 }))).code,
    ).toBe('booking_not_found');
    expect(
      (await call(folioPath(b.id, '/charges'), { method: 'POST', cookie: staff, json: {} })).status,
    ).toBe(400);
  });

  it('a guest reads their own folio (account or device grant); another guest, or nobody, 404', async () => {
    const owner = await guest();
    const b = await book({}, { cookie: owner.cookie });
    await setBookingStatus(b.id, 'approved');
    await posted(await post(b.id, 'charges', breakfast));
    const mine = await readFolio(b.id, owner.cookie);
    expect(mine.balanceBaisa).toBe(5_250);
    expect(mine.lines).toHaveLength(1);
    const device = await readFolio(b.id, await grantCookie(b));
    expect(device.lines).toHaveLength(1);
    const other = await guest();
    expect((await call(folioPath(b.id), { cookie: other.cookie })).status).toBe(404);
    expect((await call(folioPath(b.id))).status).toBe(404);
    // A guest never posts, even on their own folio.
    expect(
      (await post(b.id, 'payments', { method: 'cash', amountBaisa: 100 }, { cookie: owner.cookie })).status,
    ).toBe(403);
  });

  it('a cancelled booking takes no charge or payment, but a refund and a cancellation charge; a completed one nothing', async () => {
    const b = await approvedBooking();
    const payment = await posted(await post(b.id, 'payments', { method: 'card', amountBaisa: 20_000 }));
    await setBookingStatus(b.id, 'cancelled', { reason: 'guest_request' });
    const charge = await refusal(await post(b.id, 'charges', breakfast));
    expect(charge).toMatchObject({ status: 409, code: 'booking_not_open' });
    expect((await refusal(await post(b.id, 'payments', { method: 'cash', amountBaisa: 1 }))).code).toBe(
      'booking_not_open',
    );
    await posted(
      await post(b.id, 'charges', {
        department: 'other',
        description: 'Cancellation fee',
        amountBaisa: 5_000,
      }),
    );
    const refund = await posted(
      await post(b.id, 'refunds', {
        paymentLineId: payment.line.id,
        amountBaisa: 15_000,
        reason: 'Cancelled',
      }),
    );
    expect(refund.line).toMatchObject({ kind: 'refund', method: 'card', refundsLineId: payment.line.id });
    expect(refund.balanceBaisa).toBe(0);
    expect(await balanceFromLines(b.id)).toBe(0);
  });

  it('corrects a charge exactly once, also when corrections race; never a payment or a correction', async () => {
    const b = await approvedBooking();
    const charge = await posted(await post(b.id, 'charges', breakfast));
    const payment = await posted(await post(b.id, 'payments', { method: 'cash', amountBaisa: 1_000 }));
    const tries = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(b.id, 'corrections', { lineId: charge.line.id, reason: 'Posted twice' }),
      ),
    );
    const statuses = tries.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const res of tries.filter((r) => r.status === 409))
      expect((await refusal(res)).code).toBe('already_corrected');
    const folio = await readFolio(b.id);
    const correction = folio.lines.find((l) => l.kind === 'correction')!;
    expect(correction).toMatchObject({
      amountBaisa: -5_250,
      netBaisa: -4_808,
      taxes: [
        { code: 'tourism_levy', amountBaisa: -192 },
        { code: 'vat', amountBaisa: -250 },
      ],
      correctsLineId: charge.line.id,
      reason: 'Posted twice',
    });
    expect(folio.balanceBaisa).toBe(-1_000);
    expect(
      (await refusal(await post(b.id, 'corrections', { lineId: correction.id, reason: 'x' }))).code,
    ).toBe('correction_not_allowed');
    expect(
      (await refusal(await post(b.id, 'corrections', { lineId: payment.line.id, reason: 'x' }))).code,
    ).toBe('correction_not_allowed');
    // Another booking's line is not this folio's.
    const other = await approvedBooking();
    const foreign = await posted(await post(other.id, 'charges', breakfast));
    expect(
      await refusal(await post(b.id, 'corrections', { lineId: foreign.line.id, reason: 'x' })),
    ).toMatchObject({
      status: 404,
      code: 'folio_line_not_found',
    });
    expect(await balanceFromLines(b.id)).toBe(folio.balanceBaisa);
  });

  it('refunds a payment up to what it left, also when refunds race; never a charge', async () => {
    const b = await approvedBooking();
    const payment = await posted(await post(b.id, 'payments', { method: 'cash', amountBaisa: 10_000 }));
    const charge = await posted(await post(b.id, 'charges', breakfast));
    const over = await refusal(
      await post(b.id, 'refunds', {
        paymentLineId: payment.line.id,
        amountBaisa: 10_001,
        reason: 'Too much',
      }),
    );
    expect(over).toMatchObject({ status: 409, code: 'refund_exceeds_payment' });
    expect(
      (
        await refusal(
          await post(b.id, 'refunds', { paymentLineId: charge.line.id, amountBaisa: 1, reason: 'x' }),
        )
      ).code,
    ).toBe('folio_line_not_found');
    // Three refunds of 4.000 at once on a payment of 10.000: two fit, the third is refused.
    const race = await Promise.all(
      Array.from({ length: 3 }, () =>
        post(b.id, 'refunds', { paymentLineId: payment.line.id, amountBaisa: 4_000, reason: 'Change' }),
      ),
    );
    expect(race.map((r) => r.status).sort()).toEqual([201, 201, 409]);
    for (const res of race.filter((r) => r.status === 409))
      expect((await refusal(res)).code).toBe('refund_exceeds_payment');
    const refunded = await env.DB.prepare(
      'select sum(amount_baisa) as s from folio_lines where refunds_line_id = ?',
    )
      .bind(payment.line.id)
      .first<{ s: number }>();
    expect(refunded!.s).toBe(8_000);
    expect((await readFolio(b.id)).balanceBaisa).toBe(5_250 - 10_000 + 8_000);
    expect(await balanceFromLines(b.id)).toBe(5_250 - 10_000 + 8_000);
  });

  it('twenty identical payments with one Idempotency-Key post one line; the key on another body is refused', async () => {
    const b = await approvedBooking();
    const key = `pay-${b.id}-cash-12000`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(b.id, 'payments', { method: 'cash', amountBaisa: 12_000 }, { key }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 201));
    const bodies = await Promise.all(answers.map((r) => json<Posted>(r)));
    expect(new Set(bodies.map((x) => x.line.id)).size).toBe(1);
    expect(new Set(bodies.map((x) => x.balanceBaisa))).toEqual(new Set([-12_000]));
    expect(answers.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);
    const folio = await readFolio(b.id);
    expect(folio.lines).toHaveLength(1);
    expect(folio.balanceBaisa).toBe(-12_000);
    expect(folio.lines[0]!.id).toBe(bodies[0]!.line.id);
    const reused = await post(b.id, 'payments', { method: 'cash', amountBaisa: 13_000 }, { key });
    expect(reused.status).toBe(422);
    // A refusal lets the key go: the same key, once the booking is open again, posts.
    const later = await approvedBooking();
    await setBookingStatus(later.id, 'cancelled', { reason: 'guest_request' });
    const refusedKey = `pay-${later.id}-refused`;
    expect(
      (await post(later.id, 'payments', { method: 'cash', amountBaisa: 1 }, { key: refusedKey })).status,
    ).toBe(409);
    expect(
      (await post(later.id, 'payments', { method: 'cash', amountBaisa: 1 }, { key: refusedKey })).status,
    ).toBe(409);
  });
});
