import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { hotelToday } from '@shared/dates';
import { OMAN_DEFAULT_TAXES } from '@shared/taxes';
import {
  businessDateQuery,
  chargeLineValues,
  postedNightSet,
  postedNightsQuery,
  roomNightStatements,
} from './';
import { FOLIO_BALANCE_SIGN, type FolioLineKind } from '@shared/folio';
import { call } from '@worker-test/helpers';
import {
  adminCookie,
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

/**
 * The folio (decision 067): posting room nights and charges through the tax rule, on the open
 * business date, each night once.
 */

const db = drizzle(env.DB);
const inclusive = { pricesIncludeTaxes: true, taxes: OMAN_DEFAULT_TAXES };

/** A stay in room `number` with its nightly prices (baisa), as a booking row. */
async function pricedStay(number: string, from: number, nightPrices: number[], points = false) {
  const id = await stayInRoom(number, day(from), day(from + nightPrices.length));
  await env.DB.prepare(
    'update booking_submissions set total_price = ?, night_prices = ?, is_points_booking = ? where id = ?',
  )
    .bind(
      nightPrices.reduce((a, b) => a + b, 0),
      JSON.stringify(nightPrices),
      points ? 1 : 0,
      id,
    )
    .run();
  return id;
}

const bookingRow = async (id: number) => {
  const b = (await env.DB.prepare(
    `select id, check_in_date, check_out_date, total_price, night_prices, is_points_booking, folio_balance_baisa
     from booking_submissions where id = ?`,
  )
    .bind(id)
    .first<Record<string, unknown>>())!;
  return {
    id: b.id as number,
    checkInDate: b.check_in_date as string,
    checkOutDate: b.check_out_date as string,
    totalPrice: b.total_price as number | null,
    nightPrices: b.night_prices === null ? null : (JSON.parse(b.night_prices as string) as number[]),
    isPointsBooking: Boolean(b.is_points_booking),
    balance: b.folio_balance_baisa as number,
  };
};

const linesOf = async (id: number) =>
  (
    await env.DB.prepare(
      'select kind, department, night, amount_baisa, net_baisa, taxes, business_date from folio_lines where booking_id = ? order by id',
    )
      .bind(id)
      .all<Record<string, unknown>>()
  ).results;

async function postNights(id: number, throughNight: string) {
  const booking = await bookingRow(id);
  const statements = roomNightStatements(db, booking, {
    throughNight,
    businessDate: await businessDateQuery(db),
    user: null,
    settings: inclusive,
  });
  if (statements.length > 0) await db.batch(statements as [(typeof statements)[0]]);
  return statements.length;
}

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

type Line = {
  id: number;
  kind: string;
  department: string | null;
  method: string | null;
  amountBaisa: number;
  netBaisa: number | null;
  taxes: { code: string; amountBaisa: number }[];
  businessDate: string;
  night: string | null;
  correctsLineId: number | null;
  refundsLineId: number | null;
  reason: string | null;
  approvalCode?: string | null;
  invoiceId: number | null;
};
type Posted = { message: string; line: Line; balanceBaisa: number };
type Refusal = {
  error: { code: string; message: string; fields?: Record<string, string>; balanceBaisa?: number };
};

let staff: string;
beforeAll(async () => {
  staff = await staffCookie();
});

const folioPath = (id: number, what = '') => `/api/booking-submissions/${id}/folio${what}`;
const post = (
  id: number,
  what: 'charges' | 'payments' | 'corrections' | 'refunds',
  body: unknown,
  { cookie = staff, key, lang = 'en' }: { cookie?: string; key?: string; lang?: 'ar' | 'en' } = {},
) =>
  call(folioPath(id, `/${what}`), {
    method: 'POST',
    cookie,
    json: body,
    lang,
    headers: key ? { 'idempotency-key': key } : undefined,
  });
const posted = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(201);
  return json<Posted>(res);
};
const refusal = async (res: Response) => ({ status: res.status, ...(await json<Refusal>(res)).error });
const readFolio = async (id: number, cookie = staff) => {
  const res = await call(folioPath(id), { cookie });
  expect(res.status).toBe(200);
  return json<{ balanceBaisa: number; lines: Line[] }>(res);
};
const breakfast = {
  department: 'breakfast',
  description: 'Breakfast for two',
  quantity: 2,
  amountBaisa: 5_250,
};

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

/** A stay in house since `from` days ago until `to`, in room `number`, with its nightly prices. */
async function inHouse(number: string, from: number, nightPrices: number[]) {
  const id = await pricedStay(number, from, nightPrices);
  await env.DB.prepare('update booking_submissions set checked_in_at = ? where id = ?')
    .bind(Date.now() - 3_600_000, id)
    .run();
  return id;
}
const checkOut = (id: number, body?: unknown) =>
  call(`/api/booking-submissions/${id}/check-out`, { method: 'POST', cookie: staff, json: body, lang: 'en' });

describe('check-out and the folio', () => {
  it('posts the nights not yet posted, refuses with the balance until it is paid, then checks out', async () => {
    const id = await inHouse('401', -2, [12_600, 15_000]);
    // The first night was posted by a day close already.
    await postNights(id, day(-2));
    const first = await refusal(await checkOut(id));
    expect(first).toMatchObject({ status: 409, code: 'balance_due', balanceBaisa: 27_600 });
    expect((await readFolio(id)).lines.map((l) => l.night)).toEqual([day(-2), day(-1)]);
    // The desk shows the balance of the stay leaving today.
    type Desk = { departures: { id: number; balanceBaisa: number }[] };
    const deskRes = await call('/api/front-desk', { cookie: staff });
    const desk = await json<Desk>(deskRes);
    expect(deskRes.headers.get('etag')).toBeTruthy();
    expect(desk.departures.find((d) => d.id === id)?.balanceBaisa).toBe(27_600);
    await posted(await post(id, 'payments', { method: 'card', amountBaisa: 27_600 }));
    // The desk's poll sees the payment (the balance's change moves the bookings' version): no 304.
    const polled = await call('/api/front-desk', {
      cookie: staff,
      headers: { 'if-none-match': deskRes.headers.get('etag') ?? '' },
    });
    expect(polled.status).toBe(200);
    expect((await json<Desk>(polled)).departures.find((d) => d.id === id)?.balanceBaisa).toBe(0);
    const out = await checkOut(id);
    expect(out.status, await out.clone().text()).toBe(200);
    expect((await bookingRow(id)).balance).toBe(0);
    expect((await readFolio(id)).lines).toHaveLength(3);
    expect((await refusal(await post(id, 'charges', breakfast))).code).toBe('booking_not_open');
  });

  it('a settled stay checks out at once, its last nights posted in the check-out’s batch', async () => {
    const id = await inHouse('402', -1, [20_000]);
    await posted(await post(id, 'payments', { method: 'cash', amountBaisa: 20_000 }));
    const out = await checkOut(id);
    expect(out.status, await out.clone().text()).toBe(200);
    const folio = await readFolio(id);
    expect(folio.balanceBaisa).toBe(0);
    expect(folio.lines.map((l) => [l.kind, l.night])).toEqual([
      ['payment', null],
      ['charge', day(-1)],
    ]);
    const audit = await env.DB.prepare(
      "select after from audit_log where action = 'booking.check_out' and entity_id = ?",
    )
      .bind(String(id))
      .first<{ after: string }>();
    expect(JSON.parse(audit!.after)).toMatchObject({ nightsPosted: [day(-1)] });
  });

  it('an overpaid stay is refused too (the balance below zero) until the change is refunded', async () => {
    const id = await inHouse('404', -1, [10_000]);
    const paid = await posted(await post(id, 'payments', { method: 'cash', amountBaisa: 12_000 }));
    expect(await refusal(await checkOut(id))).toMatchObject({
      status: 409,
      code: 'balance_in_credit',
      balanceBaisa: -2_000,
    });
    // A company account takes no credit.
    const account = (await env.DB.prepare(
      "insert into city_ledger_accounts (name) values ('Credit LLC') returning id",
    ).first<{ id: number }>())!.id;
    expect((await refusal(await checkOut(id, { cityLedgerAccountId: account }))).code).toBe(
      'balance_in_credit',
    );
    await posted(
      await post(id, 'refunds', { paymentLineId: paid.line.id, amountBaisa: 2_000, reason: 'Change' }),
    );
    expect((await checkOut(id)).status).toBe(200);
  });

  it('moves the balance to a company account within its credit limit, or refuses', async () => {
    const account = async (limit: number | null) =>
      (await env.DB.prepare(
        "insert into city_ledger_accounts (name, credit_limit_baisa) values ('Oman Oil Co', ?) returning id",
      )
        .bind(limit)
        .first<{ id: number }>())!.id;
    const id = await inHouse('403', -1, [30_000]);
    const small = await account(10_000);
    const refused = await refusal(await checkOut(id, { cityLedgerAccountId: small }));
    expect(refused).toMatchObject({ status: 409, code: 'credit_limit_exceeded' });
    expect((await bookingRow(id)).balance).toBe(0);
    expect((await readFolio(id)).lines).toEqual([]);
    expect(await refusal(await checkOut(id, { cityLedgerAccountId: 99_999_999 }))).toMatchObject({
      status: 404,
      code: 'city_ledger_not_found',
    });
    const big = await account(100_000);
    const out = await checkOut(id, { cityLedgerAccountId: big });
    expect(out.status, await out.clone().text()).toBe(200);
    const folio = await readFolio(id);
    expect(folio.balanceBaisa).toBe(0);
    expect(folio.lines.map((l) => [l.kind, l.amountBaisa])).toEqual([
      ['charge', 30_000],
      ['transfer', 30_000],
    ]);
    const balance = await env.DB.prepare('select balance_baisa from city_ledger_accounts where id = ?')
      .bind(big)
      .first<{ balance_baisa: number }>();
    expect(balance!.balance_baisa).toBe(30_000);
    expect((await checkOut(id + 100_000, {})).status).toBe(404);
    expect((await checkOut(id, { cityLedgerAccountId: 'x' })).status).toBe(400);
  });

  it('a booking with a folio is not deleted: 409, not a 500', async () => {
    const b = await approvedBooking();
    await posted(await post(b.id, 'payments', { method: 'cash', amountBaisa: 500 }));
    const res = await call(`/api/booking-submissions/${b.id}`, {
      method: 'DELETE',
      cookie: await adminCookie(),
    });
    expect(await refusal(res)).toMatchObject({ status: 409, code: 'booking_has_folio' });
    const empty = await book();
    const deleted = await call(`/api/booking-submissions/${empty.id}`, {
      method: 'DELETE',
      cookie: await adminCookie(),
    });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
  });
});

describe('the integrity check', () => {
  it('finds a folio whose balance is not the sum of its lines, and a company account not its entries', async () => {
    type Report = { violations: { check: string; detail: Record<string, unknown> }[] };
    const run = async () =>
      (
        await json<{ report: Report }>(
          await call('/api/admin/integrity/run', { method: 'POST', cookie: await adminCookie() }),
        )
      ).report.violations.filter((v) => v.check.startsWith('folio') || v.check.startsWith('city_ledger'));
    // Everything posted so far in this file adds up.
    expect(await run()).toEqual([]);
    const b = await approvedBooking();
    await posted(await post(b.id, 'charges', breakfast));
    await posted(await post(b.id, 'payments', { method: 'cash', amountBaisa: 1_000 }));
    expect(await run()).toEqual([]);
    // A balance written by hand, not by a line.
    await env.DB.prepare(
      'update booking_submissions set folio_balance_baisa = folio_balance_baisa + 7 where id = ?',
    )
      .bind(b.id)
      .run();
    const account = (await env.DB.prepare(
      "insert into city_ledger_accounts (name, balance_baisa) values ('Drifted LLC', 500) returning id",
    ).first<{ id: number }>())!.id;
    expect(await run()).toEqual([
      { check: 'folio_balance_not_lines', detail: { bookingId: b.id, balance: 4_257, lines: 4_250 } },
      {
        check: 'city_ledger_balance_not_entries',
        detail: { accountId: account, balance: 500, transfers: 0, payments: 0 },
      },
    ]);
  });
});

describe('the open business date', () => {
  // Last in the file: a closed day cannot be reopened.
  it('is today, or the day after the last closed one', async () => {
    expect(await businessDateQuery(db)).toBe(hotelToday());
    await env.DB.prepare("insert into day_closes (date, report) values (?, '{}')").bind(day(-1)).run();
    expect(await businessDateQuery(db)).toBe(hotelToday());
    await env.DB.prepare("insert into day_closes (date, report) values (?, '{}')").bind(day(0)).run();
    expect(await businessDateQuery(db)).toBe(day(1));
    // A line posted once today is closed goes on the next business date, never on the closed day.
    const b = await approvedBooking();
    const late = await posted(await post(b.id, 'payments', { method: 'cash', amountBaisa: 700 }));
    expect(late.line.businessDate).toBe(day(1));
    // The database refuses a line dated a closed day, whoever writes it.
    const direct = env.DB.prepare(
      "insert into folio_lines (booking_id, kind, method, amount_baisa, business_date) values (?, 'payment', 'cash', 1, ?)",
    )
      .bind(b.id, day(0))
      .run();
    await expect(direct).rejects.toThrow(/day_closed/);
  });
});

describe('a non-refundable stay checked out early', () => {
  let managerCookie: string;
  beforeAll(async () => {
    managerCookie = (await staffAccount({ role: 'manager' })).cookie;
  });
  const nonRefundable = (id: number) =>
    env.DB.prepare(
      `update booking_submissions set cancellation_rule = '{"kind":"non_refundable"}' where id = ?`,
    )
      .bind(id)
      .run();

  it('keeps the unused prepaid nights as a cancellation charge and checks out on a zero balance, invoiced with the night stayed', async () => {
    // Booked three nights from yesterday, paid in full, leaving after the first.
    const id = await inHouse('405', -1, [10_000, 11_000, 12_000]);
    await nonRefundable(id);
    await posted(await post(id, 'payments', { method: 'card', amountBaisa: 33_000 }));
    const res = await checkOut(id);
    expect(res.status, await res.clone().text()).toBe(200);
    const { invoiceId } = await json<{ invoiceId: number }>(res);
    const folio = await readFolio(id);
    expect(folio.balanceBaisa).toBe(0);
    expect(folio.lines.map((l) => [l.kind, l.department, l.night, l.amountBaisa])).toEqual([
      ['payment', null, null, 33_000],
      ['charge', 'room', day(-1), 10_000],
      ['charge', 'other', null, 23_000],
    ]);
    expect(folio.lines.filter((l) => l.kind === 'charge').map((l) => l.invoiceId)).toEqual([
      invoiceId,
      invoiceId,
    ]);
  });

  it('a manager may refund the unused nights instead, with a reason; the credit is then named as a credit, in both languages', async () => {
    const id = await inHouse('406', -1, [10_000, 11_000]);
    await nonRefundable(id);
    await posted(await post(id, 'payments', { method: 'card', amountBaisa: 21_000 }));
    const decision = { refundUnusedNights: { reason: 'Family emergency' } };
    // Staff below manager may not decide it.
    expect((await refusal(await checkOut(id, decision))).status).toBe(403);
    const refused = await refusal(
      await call(`/api/booking-submissions/${id}/check-out`, {
        method: 'POST',
        cookie: managerCookie,
        json: decision,
        lang: 'en',
      }),
    );
    expect(refused).toMatchObject({ status: 409, code: 'balance_in_credit', balanceBaisa: -11_000 });
    expect(refused.message).not.toMatch(/not settled/);
    const arabic = await refusal(
      await call(`/api/booking-submissions/${id}/check-out`, {
        method: 'POST',
        cookie: managerCookie,
        json: decision,
        lang: 'ar',
      }),
    );
    expect(arabic.code).toBe('balance_in_credit');
    expect(arabic.message).toMatch(/[\u0600-\u06FF]/);
    expect((await readFolio(id)).lines.filter((l) => l.department === 'other')).toEqual([]);
  });
});

describe('the nights still to come', () => {
  it('the folio and the desk show the balance the stay is expected to end on: a guest just arrived owes the stay, one who paid it in advance owes nothing more', async () => {
    // Arrived today, two nights at 13.200, nothing posted yet.
    const id = await inHouse('407', 0, [13_200, 13_200]);
    const before = await json<{
      balanceBaisa: number;
      nightsToCome: { night: string; amountBaisa: number }[];
      expectedBalanceBaisa: number;
    }>(await call(folioPath(id), { cookie: staff }));
    expect(before).toMatchObject({
      balanceBaisa: 0,
      nightsToCome: [
        { night: day(0), amountBaisa: 13_200 },
        { night: day(1), amountBaisa: 13_200 },
      ],
      expectedBalanceBaisa: 26_400,
    });
    type Desk = { inHouse: { id: number; balanceBaisa: number; expectedBalanceBaisa: number }[] };
    const desk = async () =>
      (await json<Desk>(await call('/api/front-desk', { cookie: staff }))).inHouse.find((b) => b.id === id);
    expect(await desk()).toMatchObject({ balanceBaisa: 0, expectedBalanceBaisa: 26_400 });
    // Paid in advance, and the first night posted by a day close: the rest is charged against it.
    await posted(await post(id, 'payments', { method: 'cash', amountBaisa: 26_400 }));
    await postNights(id, day(0));
    const after = await readFolio(id);
    expect(after).toMatchObject({
      balanceBaisa: -13_200,
      nightsToCome: [{ night: day(1), amountBaisa: 13_200 }],
      expectedBalanceBaisa: 0,
    });
    expect(await desk()).toMatchObject({ balanceBaisa: -13_200, expectedBalanceBaisa: 0 });
  });
});
