import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import type { Backtest, Forecast } from '@shared/revenue';
import { approvedBooking, closedDay, json, setBookingStatus, staffAccount } from '@worker-test/builders';
import { call } from '@worker-test/helpers';
import { generateHistory, historyCsv, type HistoryLine } from '../../seed/revenue-history';
import { queueHistoryFile, r2Source, runHistoryImports } from './history-import';
import { foldOwnBooks } from './own-books';

/**
 * The forecast and its backtest (GET /api/admin/revenue/forecast and /backtest; docs/decisions/094),
 * on a generated history of the seeded 60-room hotel imported as a file: on the books as of a past
 * day is what was booked by then and not cancelled by then, counted here from the lines themselves;
 * every night has its band, rooms for sale, room types and reasons in both languages; the rows a
 * forecast reads do not grow with older history; the backtest beats its three baselines at 8-30
 * days; the hotel's own stored closes reach the curves; bad queries are refused.
 */

const TODAY = hotelToday();
const d = (offset: number) => addDays(TODAY, offset);
const db = () => drizzle(env.DB);
let manager = '';
let lines: HistoryLine[] = [];

/** A file imported as an upload is: kept in R2, then read to its end by the minute cron's work. */
async function importFile(name: string, file: HistoryLine[]) {
  await queueHistoryFile(db(), env.IMAGES, null, name, new TextEncoder().encode(historyCsv(file)));
  await runHistoryImports(db(), r2Source(env.IMAGES), { budgetMs: 120_000 });
}

beforeAll(async () => {
  manager = (await staffAccount({ role: 'manager' })).cookie;
  lines = generateHistory({ asOf: TODAY, seed: 11, yearsBack: 2.1 });
  await importFile('generated.csv', lines);
}, 120_000);

const get = async <T>(path: string, lang: 'ar' | 'en' = 'en', headers: Record<string, string> = {}) => {
  const res = await call(path, { cookie: manager, lang, headers });
  return {
    status: res.status,
    body: await json<T>(res),
    rowsRead: Number(res.headers.get('x-d1-rows-read') ?? -1),
  };
};

/** The rooms on the books of `night` as of `asOf`, counted from the generated lines. */
function onTheBooks(night: string, asOf: string) {
  return lines
    .filter(
      (l) =>
        l.arrival <= night &&
        l.departure > night &&
        l.bookedOn <= asOf &&
        !(l.status === 'cancelled' && l.cancelledOn <= asOf),
    )
    .reduce((s, l) => s + Number(l.rooms), 0);
}
const stayed = (night: string) =>
  lines
    .filter((l) => l.arrival <= night && l.departure > night && l.status === 'stayed')
    .reduce((s, l) => s + Number(l.rooms), 0);

describe('the forecast', () => {
  it('counts on the books as of a past day from the booking and cancellation dates', async () => {
    for (const [asOf, from, to] of [
      [d(-200), d(-200), d(-170)],
      [d(-60), d(-45), d(-40)],
      [d(-8), d(-8), d(20)],
    ] as const) {
      const { status, body } = await get<Forecast>(
        `/api/admin/revenue/forecast?from=${from}&to=${to}&asOf=${asOf}`,
      );
      expect(status).toBe(200);
      expect(body.asOf).toBe(asOf);
      for (const night of body.nights) {
        expect(night.onTheBooks, `${night.date} as of ${asOf}`).toBe(onTheBooks(night.date, asOf));
        // What the night sold is known once it is past.
        expect(night.final, night.date).toBe(night.date < TODAY ? stayed(night.date) : null);
      }
    }
  });

  it('gives every night ahead its band, rooms for sale, room types and reasons in both languages', async () => {
    const { body } = await get<Forecast>(`/api/admin/revenue/forecast?from=${TODAY}&to=${d(365)}`);
    expect(body.asOf).toBe(TODAY);
    expect(body.nights).toHaveLength(366);
    for (const night of body.nights) {
      expect(night.capacity).toBe(60);
      expect(night.low).toBeLessThanOrEqual(night.forecast);
      expect(night.high).toBeGreaterThanOrEqual(night.forecast);
      expect(night.forecast).toBeLessThanOrEqual(60);
      expect(Object.keys(night.byType).sort()).toEqual(['deluxe', 'diamond', 'gold', 'silver']);
      const typed = Object.values(night.byType).reduce((s, t) => s + t.onTheBooks, 0);
      expect(typed).toBe(night.onTheBooks);
      expect(night.reasons[0]).toMatchObject({
        code: 'on_the_books',
        values: { rooms: night.onTheBooks, capacity: 60 },
      });
      for (const reason of night.reasons) {
        expect(reason.en).toMatch(/\S/);
        // Arabic sentences in Arabic digits only.
        expect(reason.ar, reason.code).not.toMatch(/[0-9]/);
      }
    }
    // The nights ahead as the generated hotel had them booked today.
    expect(body.nights[10]!.onTheBooks).toBe(onTheBooks(d(10), d(-1)));
    // A lunar event ahead is named, marked as moving a day until it is confirmed.
    const eid = body.nights.find((n) => n.events.includes('eid_al_fitr'))!;
    const reason = eid.reasons.find((r) => r.code === 'event_unconfirmed')!;
    expect(reason.en).toMatch(/^Eid al-Fitr: the date may move a day either way/);
    expect(reason.ar).toMatch(/^عيد الفطر: قد يتقدم التاريخ يومًا/);
  });

  it('reads rows in proportion to the nights it shows, not to the years of history behind them', async () => {
    const path = `/api/admin/revenue/forecast?from=${TODAY}&to=${d(89)}`;
    const before = await get<Forecast>(path, 'en', { 'x-d1-meter': '1' });
    expect(before.rowsRead).toBeGreaterThan(0);
    // Two more years of history, before the first: other references, nights the window does not read.
    const first = lines.reduce((m, l) => (l.arrival < m ? l.arrival : m), TODAY);
    const older = generateHistory({ asOf: addDays(first, -10), seed: 5, yearsBack: 2, demand: 0.3 })
      .filter((l) => l.departure < first && l.bookedOn < first)
      .map((l) => ({ ...l, reference: l.reference.replace('OLD-', 'ANCIENT-') }));
    expect(older.length).toBeGreaterThan(3000);
    await importFile('older.csv', older);
    const after = await get<Forecast>(path, 'en', { 'x-d1-meter': '1' });
    expect(after.rowsRead).toBe(before.rowsRead);
    expect(after.body).toEqual(before.body);
    // The window, last year's and the recent nights' last year: about 570 nights by four types, and a few reads more.
    expect(after.rowsRead).toBeLessThan(600 * 4 + 400);
  });

  it('refuses bad queries in the reader’s language, and an as-of day after today', async () => {
    const refused = async (query: string, lang: 'ar' | 'en' = 'en') => {
      const res = await call(`/api/admin/revenue/forecast?${query}`, { cookie: manager, lang });
      return {
        status: res.status,
        ...(await json<{ error: { code: string; fields?: Record<string, string> } }>(res)).error,
      };
    };
    expect(await refused(`from=${d(5)}&to=${d(1)}`)).toMatchObject({
      status: 400,
      fields: { to: expect.any(String) },
    });
    expect(await refused(`from=${TODAY}&to=${d(400)}`)).toMatchObject({
      status: 400,
      fields: { to: 'The forecast covers 366 nights at most' },
    });
    expect((await refused(`from=${TODAY}&to=${d(400)}`, 'ar')).fields?.to).toBe(
      'تغطي التوقعات ٣٦٦ ليلة على الأكثر',
    );
    expect(await refused(`from=2026-02-30&to=${d(1)}`)).toMatchObject({
      status: 400,
      fields: { from: 'Invalid date (YYYY-MM-DD)' },
    });
    expect(await refused(`from=${TODAY}&to=${d(1)}&asOf=${d(1)}`)).toMatchObject({
      status: 400,
      code: 'forecast_as_of_future',
    });
    expect(await refused(`from=x&to=${'9'.repeat(5000)}`)).toMatchObject({ status: 400 });
  });
});

describe('the backtest', () => {
  it('measures each lead bucket against the three baselines, and the forecast beats them at 8-30 days', async () => {
    const { status, body } = await get<Backtest>(`/api/admin/revenue/backtest?from=${d(-90)}&to=${d(-1)}`);
    expect(status).toBe(200);
    expect(body.days).toHaveLength(90);
    expect(body.summary.map((b) => b.bucket)).toEqual([
      '0-3',
      '4-7',
      '8-14',
      '15-30',
      '31-60',
      '61-90',
      '91+',
    ]);
    for (const bucket of body.summary.filter((b) => b.bucket === '8-14' || b.bucket === '15-30')) {
      expect(bucket.nights).toBeGreaterThan(300);
      for (const baseline of [bucket.onTheBooks, bucket.lastYearFinal, bucket.lastYearPickup]) {
        expect(bucket.forecast.mae, bucket.bucket).toBeLessThan(baseline.mae);
      }
      expect(bucket.forecast.wape).toBeGreaterThan(0);
    }
    // A day's nights are its own: the first day's 0-3 bucket holds its nights 0 to 3.
    expect(body.days[0]!.buckets[0]).toMatchObject({ bucket: '0-3', nights: 4 });
  });

  it('takes only days before today', async () => {
    const res = await call(`/api/admin/revenue/backtest?from=${d(-3)}&to=${TODAY}`, {
      cookie: manager,
      lang: 'en',
    });
    expect(res.status).toBe(400);
    expect((await json<{ error: { code: string } }>(res)).error.code).toBe('backtest_not_past');
  });
});

describe('the hotel’s own books', () => {
  it('reach the curves from the stored close, and stay as they were that day after a cancellation', async () => {
    const night = d(30);
    const path = (asOf: string) => `/api/admin/revenue/forecast?from=${night}&to=${night}&asOf=${asOf}`;
    const history = onTheBooks(night, d(-1));
    const booking = await approvedBooking({ checkInDate: night, checkOutDate: d(31), roomType: 'gold' });
    // Today, live: the history's rooms and the new stay.
    expect((await get<Forecast>(path(TODAY))).body.nights[0]!.onTheBooks).toBe(history + 1);
    // The close of yesterday stores the books as they are; the fold takes them into the curves.
    await closedDay(d(-1), manager);
    expect((await foldOwnBooks(db())).folded).toEqual([d(-1)]);
    await setBookingStatus(booking.id, 'cancelled', { cookie: manager });
    // Today the stay is gone; as of yesterday it was on the books (the stored close), whatever happened since.
    expect((await get<Forecast>(path(TODAY))).body.nights[0]!.onTheBooks).toBe(history);
    expect((await get<Forecast>(path(d(-1)))).body.nights[0]!.onTheBooks).toBe(history + 1);
    // Folding again changes nothing.
    expect((await foldOwnBooks(db())).folded).toEqual([]);
  });
});
