import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import type { DayCloseReport } from '@shared/day-close';
import { hotelInstant } from '@shared/stay-policy';
import { chargeLineValues, readTaxSettings } from '../folio';
import { statisticsDashboard } from '../statistics/dashboard';
import { json, roomIdOf, rows, SEEDED } from '@worker-test/builders';
import { call, logIn, runCron } from '@worker-test/helpers';

/**
 * The day close: a manager closes yesterday (the first close may be any day up to today): the
 * night's room charges are posted for the stays in house (earlier nights not yet posted too), the
 * arrival that never came becomes a no-show, and the stored report equals the sums of the date's
 * lines, computed here from the lines themselves. Closing again changes nothing; a line dated the
 * closed day is refused; days close in order, never in the future; the cron at 03:00 closes the
 * day before; the statistics' room revenue of a night closed by its own close equals the report's.
 */

const db = drizzle(env.DB);
const T = hotelToday();
const D = addDays(T, -1);
let manager: string;
let staff: string;

/** A stay written as the desk leaves it (SQL): its nightly prices, room, and checked in or not. */
async function stay(opts: {
  room: string;
  from: number;
  nights: number;
  prices?: number[];
  checkedIn?: boolean;
  status?: string;
  points?: boolean;
  name?: string;
  /** Checked out on this day. */
  checkedOut?: string;
}) {
  const checkIn = addDays(T, opts.from);
  const checkOut = addDays(T, opts.from + opts.nights);
  const prices = opts.prices ?? new Array<number>(opts.nights).fill(20_000);
  const row = await env.DB.prepare(
    `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date, check_out_date,
       room_type, status, room_id, checked_in_at, checked_out_at, total_price, night_prices, is_points_booking)
     values (?, ?, '91234567', 'A1234567', ?, ?, 'silver', ?, ?, ?, ?, ?, ?, ?) returning id`,
  )
    .bind(
      `DC${crypto.randomUUID().slice(0, 6).toUpperCase()}`,
      opts.name ?? 'Close Guest',
      checkIn,
      checkOut,
      opts.status ?? 'approved',
      await roomIdOf(opts.room),
      opts.checkedIn ? hotelInstant(checkIn, '14:00').getTime() : null,
      opts.checkedOut ? hotelInstant(opts.checkedOut, '11:00').getTime() : null,
      opts.points ? 0 : prices.reduce((a, b) => a + b, 0),
      opts.points ? null : JSON.stringify(prices),
      opts.points ? 1 : 0,
    )
    .first<{ id: number }>();
  return row!.id;
}

/** A line written straight into the folio (as the folio's routes would post it), dated `date`. */
async function line(bookingId: number, date: string, values: Record<string, unknown>) {
  const v: Record<string, unknown> = { kind: 'charge', quantity: 1, taxes: '[]', ...values };
  return env.DB.prepare(
    `insert into folio_lines (booking_id, kind, department, method, amount_baisa, net_baisa, taxes, business_date,
       corrects_line_id, refunds_line_id, city_ledger_account_id, reason)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
  )
    .bind(
      bookingId,
      v.kind,
      v.department ?? null,
      v.method ?? null,
      v.amountBaisa,
      v.netBaisa ?? null,
      v.taxes,
      date,
      v.correctsLineId ?? null,
      v.refundsLineId ?? null,
      v.accountId ?? null,
      v.reason ?? null,
    )
    .first<{ id: number }>()
    .then((r) => r!.id);
}

async function charge(bookingId: number, date: string, department: string, price: number) {
  const values = chargeLineValues(await readTaxSettings(db), department as 'room', date, price);
  return line(bookingId, date, { department, ...values, taxes: JSON.stringify(values.taxes) });
}

/** The report's figures, summed here from the date's lines and company payments. */
async function sumsOfLines(date: string) {
  const lines = await rows<{
    kind: string;
    department: string | null;
    method: string | null;
    amount_baisa: number;
    net_baisa: number | null;
    taxes: string;
    night: string | null;
  }>('select * from folio_lines where business_date = ?', date);
  const add = (to: Record<string, number>, key: string, n: number) => {
    to[key] = (to[key] ?? 0) + n;
  };
  const revenue: Record<string, number> = {};
  const taxes: Record<string, number> = {};
  const payments: Record<string, number> = {};
  const refunds: Record<string, number> = {};
  let transfers = 0;
  let roomsSold = 0;
  let roomCharges = 0;
  for (const l of lines) {
    if (l.kind === 'charge' || l.kind === 'correction') {
      add(revenue, l.department!, l.net_baisa!);
      for (const t of JSON.parse(l.taxes) as { code: string; amountBaisa: number }[])
        add(taxes, t.code, t.amountBaisa);
      if (l.department === 'room') roomCharges += l.amount_baisa;
      if (l.kind === 'charge' && l.night) roomsSold += 1;
    }
    if (l.kind === 'payment') add(payments, l.method!, l.amount_baisa);
    if (l.kind === 'refund') add(refunds, l.method!, l.amount_baisa);
    if (l.kind === 'transfer') transfers += l.amount_baisa;
  }
  const companyPayments: Record<string, number> = {};
  for (const p of await rows<{ method: string; amount_baisa: number }>(
    'select method, amount_baisa from city_ledger_payments where business_date = ?',
    date,
  ))
    add(companyPayments, p.method, p.amount_baisa);
  return { revenue, taxes, payments, refunds, transfers, roomsSold, roomCharges, companyPayments };
}

const close = (date: string, cookie = manager) =>
  call('/api/admin/day-close', { method: 'POST', cookie, lang: 'en', json: { date } });
const report = async (date: string) =>
  json<DayCloseReport>(await call(`/api/admin/day-close/${date}`, { cookie: manager }));

let inHouse: number;
let noShow: number;
let departed: number;
let onPoints: number;
let accountId: number;

beforeAll(async () => {
  manager = (await logIn(SEEDED.manager.email, SEEDED.manager.password)).cookie;
  staff = (await logIn(SEEDED.staff.email, SEEDED.staff.password)).cookie;
  // In house since the day before yesterday until tomorrow: nights D-1 and D (not posted yet) are
  // posted by the close of D, dated D; the night of today by today's close.
  inHouse = await stay({
    room: '101',
    from: -2,
    nights: 3,
    prices: [12_600, 13_000, 14_000],
    checkedIn: true,
  });
  // Arriving yesterday, never came.
  noShow = await stay({ room: '102', from: -1, nights: 2, name: 'Never Came' });
  // Left already (checked out): nothing more is posted for it.
  departed = await stay({
    room: '103',
    from: -3,
    nights: 2,
    status: 'completed',
    checkedIn: true,
    checkedOut: D,
  });
  // A free night on points, in house: nothing is owed, nothing posted.
  onPoints = await stay({ room: '104', from: -1, nights: 2, checkedIn: true, points: true });

  // The day's other lines: dinner and laundry, a correction of the laundry, cash, a card payment
  // partly refunded, the rest moved to a company, and the company's payment; and lines of other days.
  await charge(inHouse, D, 'restaurant', 8_400);
  const laundry = await charge(inHouse, D, 'laundry', 3_150);
  const laundryLine = (
    await rows<{ amount_baisa: number; net_baisa: number; taxes: string }>(
      'select amount_baisa, net_baisa, taxes from folio_lines where id = ?',
      laundry,
    )
  )[0]!;
  await line(inHouse, D, {
    kind: 'correction',
    department: 'laundry',
    amountBaisa: -laundryLine.amount_baisa,
    netBaisa: -laundryLine.net_baisa,
    taxes: JSON.stringify(
      (JSON.parse(laundryLine.taxes) as { code: string; amountBaisa: number }[]).map((t) => ({
        ...t,
        amountBaisa: -t.amountBaisa,
      })),
    ),
    correctsLineId: laundry,
    reason: 'not ours',
  });
  await line(inHouse, D, { kind: 'payment', method: 'cash', amountBaisa: 5_000 });
  const card = await line(inHouse, D, { kind: 'payment', method: 'card', amountBaisa: 10_000 });
  await line(inHouse, D, { kind: 'refund', method: 'card', amountBaisa: 1_500, refundsLineId: card });
  const account = await json<{ account: { id: number } }>(
    await call('/api/admin/city-ledger', {
      method: 'POST',
      cookie: manager,
      json: {
        name: 'Muscat Trading LLC',
        vatNumber: 'OM1234567890',
        address: 'Ruwi',
        creditLimitBaisa: null,
      },
    }),
  );
  accountId = account.account.id;
  await line(departed, D, { kind: 'transfer', amountBaisa: 2_000, accountId });
  await env.DB.prepare(
    `insert into city_ledger_payments (account_id, method, amount_baisa, reference, business_date) values (?, 'bank_transfer', 700, 'TT-1', ?)`,
  )
    .bind(accountId, D)
    .run();
  await charge(departed, addDays(T, -3), 'minibar', 1_000);
  await charge(inHouse, T, 'spa', 25_000);
});

describe('closing a day', () => {
  it('is for managers; never a day after today', async () => {
    expect((await close(D, staff)).status).toBe(403);
    const future = await close(addDays(T, 1));
    expect(future.status).toBe(400);
    expect((await json<{ error: { code: string } }>(future)).error.code).toBe('day_close_future');
    expect((await rows('select * from day_closes')).length).toBe(0);
  });

  it('an open day answers the figures so far, closed: false', async () => {
    const open = await report(T);
    expect(open).toMatchObject({ date: T, closed: false, closedAt: null });
    expect(open.revenueBaisa.spa).toBe((await sumsOfLines(T)).revenue.spa);
  });

  it('posts the night, records the no-show, and stores a report equal to the sums of its lines', async () => {
    const res = await close(D);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await json<{ message: string; alreadyClosed: boolean; report: DayCloseReport }>(res);
    expect(body.alreadyClosed).toBe(false);
    expect(body.message).toContain('closed');

    // The in-house stay's nights up to D, each once, at its own price, dated D, net + taxes = amount.
    const nights = await rows<{
      night: string;
      amount_baisa: number;
      net_baisa: number;
      taxes: string;
      business_date: string;
    }>(
      `select night, amount_baisa, net_baisa, taxes, business_date from folio_lines
       where booking_id = ? and night is not null order by night`,
      inHouse,
    );
    expect(nights.map((n) => [n.night, n.amount_baisa, n.business_date])).toEqual([
      [addDays(T, -2), 12_600, D],
      [D, 13_000, D],
    ]);
    for (const n of nights) {
      const taxes = (JSON.parse(n.taxes) as { amountBaisa: number }[]).reduce((a, t) => a + t.amountBaisa, 0);
      expect(n.net_baisa + taxes).toBe(n.amount_baisa);
    }
    // Nothing for the departed stay, nor for the free night on points.
    expect(
      await rows(
        'select id from folio_lines where night is not null and booking_id in (?, ?)',
        departed,
        onPoints,
      ),
    ).toEqual([]);
    // The arrival that never came is a no-show.
    const [never] = await rows<{ status: string; status_reason: string }>(
      'select status, status_reason from booking_submissions where id = ?',
      noShow,
    );
    expect(never).toEqual({ status: 'cancelled', status_reason: 'no_show' });

    const stored = body.report;
    const sums = await sumsOfLines(D);
    expect(stored).toMatchObject({
      date: D,
      closed: true,
      closedBy: SEEDED.manager.email,
      revenueBaisa: sums.revenue,
      taxesBaisa: sums.taxes,
      paymentsBaisa: sums.payments,
      refundsBaisa: sums.refunds,
      transfersBaisa: sums.transfers,
      cityLedgerPaymentsBaisa: sums.companyPayments,
      roomsSold: sums.roomsSold,
      roomChargesBaisa: sums.roomCharges,
      noShows: 1,
    });
    // The figures are the day's own: the spa of today and the minibar of D-2 are not in them.
    expect(Object.keys(stored.revenueBaisa).sort()).toEqual(['laundry', 'restaurant', 'room']);
    expect(stored.revenueBaisa.laundry).toBe(0);
    expect(stored.roomsSold).toBe(2);
    expect(stored.adrBaisa).toBe(Math.round(sums.revenue.room! / 2));
    expect(stored.occupancy).toBeCloseTo(2 / stored.roomsForSale, 10);
    const [balance] = await rows<{ b: number }>(
      'select folio_balance_baisa as b from booking_submissions where id = ?',
      inHouse,
    );
    expect(stored.inHouseBalanceBaisa).toBe(balance!.b);
    expect(stored.cityLedgerBalanceBaisa).toBe(2_000 - 700);
    // The audit log says who closed it.
    expect(await rows('select action, entity_id from audit_log where action = ?', 'day_close.close')).toEqual(
      [{ action: 'day_close.close', entity_id: D }],
    );
  });

  it('run twice, changes nothing and answers the stored report', async () => {
    const lines = await rows('select id from folio_lines');
    const first = await report(D);
    const again = await close(D);
    expect(again.status).toBe(200);
    const body = await json<{ alreadyClosed: boolean; report: DayCloseReport }>(again);
    expect(body.alreadyClosed).toBe(true);
    expect(body.report).toEqual(first);
    expect(await rows('select id from folio_lines')).toEqual(lines);
    expect((await rows('select * from day_closes')).length).toBe(1);
    expect((await rows('select id from audit_log where action = ?', 'day_close.close')).length).toBe(1);
  });

  it('refuses any line or company payment dated the closed day', async () => {
    await expect(charge(inHouse, D, 'minibar', 1_000)).rejects.toThrow(/day_closed/);
    await expect(
      env.DB.prepare(
        `insert into city_ledger_payments (account_id, method, amount_baisa, business_date) values (?, 'cash', 1, ?)`,
      )
        .bind(accountId, D)
        .run(),
    ).rejects.toThrow(/day_closed/);
    // A stored report never moves: the figures of D are as they were.
    expect((await report(D)).revenueBaisa).toEqual((await sumsOfLines(D)).revenue);
  });

  it('closes days in order', async () => {
    const earlier = await close(addDays(D, -1));
    expect(earlier.status).toBe(409);
    expect((await json<{ error: { code: string } }>(earlier)).error.code).toBe('day_close_order');
  });

  it('answers the report as CSV', async () => {
    const res = await call(`/api/admin/day-close.csv?date=${D}`, { cookie: manager });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const text = await res.text();
    expect(text).toContain(`roomsSold,,2`);
    expect(text).toContain(`revenueOmr,room,`);
  });
});

describe('the cron', () => {
  it('at 03:00 Asia/Muscat closes the day before, once; its room revenue is the statistics’ for that night', async () => {
    const run = (at: Date) => runCron('0 23 * * *', at.getTime());
    // The next morning at 03:00 hotel time: today (T) is the day before.
    const next = addDays(T, 1);
    await run(hotelInstant(next, '03:00'));
    const closed = await report(T);
    expect(closed).toMatchObject({ date: T, closed: true, closedBy: null, roomsSold: 1 });
    expect(
      await rows<{ night: string; business_date: string }>(
        'select night, business_date from folio_lines where booking_id = ? and night = ?',
        inHouse,
        T,
      ),
    ).toEqual([{ night: T, business_date: T }]);
    const sums = await sumsOfLines(T);
    expect(closed.revenueBaisa).toEqual(sums.revenue);
    expect(closed.roomChargesBaisa).toBe(14_000);

    // Run again (a retried cron): nothing changes.
    const lines = await rows('select id from folio_lines');
    await run(hotelInstant(next, '03:00'));
    expect(await rows('select id from folio_lines')).toEqual(lines);
    expect(
      (await rows('select date from day_closes order by date')).map((r) => (r as { date: string }).date),
    ).toEqual([D, T]);

    // The statistics' room revenue of the night T (the prices of the nights sold, with taxes) is the report's.
    const stats = await statisticsDashboard(db, { now: hotelInstant(next, '09:00') });
    expect(stats.daySeries.find((d) => d.date === T)?.revenue).toBe(closed.roomChargesBaisa);
  });
});

describe('the tax report', () => {
  it('answers each tax’s base and amount by month, equal to the lines’; VAT’s base includes the levy', async () => {
    const months = [...new Set([addDays(T, -3), D, T].map((d) => d.slice(0, 7)))].sort();
    const res = await call(`/api/admin/tax-report?from=${months[0]}&to=${months.at(-1)}`, {
      cookie: manager,
    });
    expect(res.status).toBe(200);
    const body = await json<{
      rows: { month: string; code: string; baseBaisa: number; amountBaisa: number }[];
    }>(res);
    const expected = new Map<string, { base: number; amount: number }>();
    const lines = await rows<{ business_date: string; net_baisa: number; taxes: string }>(
      `select business_date, net_baisa, taxes from folio_lines where kind in ('charge', 'correction')`,
    );
    for (const l of lines) {
      let earlier = 0;
      for (const t of JSON.parse(l.taxes) as { code: string; amountBaisa: number }[]) {
        const key = `${l.business_date.slice(0, 7)}|${t.code}`;
        const e = expected.get(key) ?? { base: 0, amount: 0 };
        // VAT is charged on the net and the levy before it; the levy on the net.
        e.base += l.net_baisa + (t.code === 'vat' ? earlier : 0);
        e.amount += t.amountBaisa;
        expected.set(key, e);
        earlier += t.amountBaisa;
      }
    }
    expect(body.rows.length).toBeGreaterThan(0);
    expect(
      Object.fromEntries(
        body.rows.map((r) => [`${r.month}|${r.code}`, { base: r.baseBaisa, amount: r.amountBaisa }]),
      ),
    ).toEqual(Object.fromEntries(expected));
    const vat = body.rows.find((r) => r.code === 'vat')!;
    expect(Math.abs(vat.amountBaisa - Math.round(vat.baseBaisa * 0.05))).toBeLessThanOrEqual(lines.length);

    const csv = await call(`/api/admin/tax-report.csv?from=${months[0]}&to=${months.at(-1)}`, {
      cookie: manager,
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(await csv.text()).toContain(`${vat.month},vat,`);
    // Bad months, a range backwards or too long, and staff: refused.
    for (const query of ['from=2026-13&to=2026-12', 'from=2026-05&to=2026-04', 'from=2020-01&to=2026-01'])
      expect((await call(`/api/admin/tax-report?${query}`, { cookie: manager })).status).toBe(400);
    expect((await call(`/api/admin/tax-report?from=2026-01&to=2026-01`, { cookie: staff })).status).toBe(403);
  });
});

describe('the integrity check', () => {
  it('finds a closed day whose stored report is not its lines, and no other', async () => {
    type Report = { violations: { check: string; detail: Record<string, unknown> }[] };
    const admin = (await logIn(SEEDED.admin.email, SEEDED.admin.password)).cookie;
    const run = async () =>
      (
        await json<{ report: Report }>(
          await call('/api/admin/integrity/run', { method: 'POST', cookie: admin }),
        )
      ).report.violations.filter((v) => v.check === 'day_close_report_not_lines');
    // The days this file closed (by a manager and by the cron) add up.
    expect(await run()).toEqual([]);
    // A report written by hand, not by a close: 5 baisa of room revenue no line has.
    await env.DB.prepare(`insert into day_closes (date, report) values ('2020-01-01', ?)`)
      .bind(JSON.stringify({ revenueBaisa: { room: 5 }, roomsSold: 1 }))
      .run();
    expect(await run()).toEqual([
      {
        check: 'day_close_report_not_lines',
        detail: { date: '2020-01-01', stored: '[5,0,0,0,0,0,1,0]', lines: '[0,0,0,0,0,0,0,0]' },
      },
    ]);
  });
});
