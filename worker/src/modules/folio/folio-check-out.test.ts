import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { hotelToday } from '@shared/dates';
import { businessDateQuery } from './';
import { call } from '@worker-test/helpers';
import {
  adminCookie,
  approvedBooking,
  book,
  json,
  markCheckedIn,
  staffAccount,
  staffCookie,
  day,
} from '@worker-test/builders';
import {
  bookingRow,
  breakfast,
  folioPath,
  post,
  posted,
  postNights,
  pricedStay,
  readFolio,
  refusal,
} from '@worker-test/folio';

/**
 * The folio (decision 067) at check-out: the nights posted, the balance settled or moved to a
 * company account; the integrity check, the open business date, an early departure from a
 * non-refundable stay and the nights still to come. Posting and the folio's API:
 * folio-posting.test.ts.
 */

const db = drizzle(env.DB);

let staff: string;
beforeAll(async () => {
  staff = await staffCookie();
});

/** A stay in house since `from` days ago until `to`, in room `number`, with its nightly prices. */
async function inHouse(number: string, from: number, nightPrices: number[]) {
  const id = await pricedStay(number, from, nightPrices);
  await markCheckedIn(id, Date.now() - 3_600_000);
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
