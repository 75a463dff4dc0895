import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OnTheBooksReport, PaceReport, PickupReport } from '@shared/books-on-hand';
import { addDays, hotelToday } from '@shared/dates';
import { splitLine, taxesInForce, type Tax } from '@shared/taxes';
import { chargeLineValues, readTaxSettings, type TaxSettings } from '../folio';
import { count, json, one, rows, SEEDED } from '@worker-test/builders';
import { call, logIn } from '@worker-test/helpers';
import { expectNoFullScans, planOf, signInForPlans, through, type Recorded } from '@worker-test/query-plans';
import { booksOnHandIntegrityChecks } from './books-integrity';
import { booksOnHandStatements, netRoomPriceSql } from './books-on-hand';
import { sameDateYearBefore } from './books-reports';

/**
 * The books on hand: three day closes with bookings made and cancelled between them; each close
 * stores its 365 nights ahead once (closing again stores nothing twice), the rows of each night
 * add up to what it counted, and the reports read them: on the books (live and as stored),
 * pickup of each night between the first and the third close, pace against a year before.
 */

const db = drizzle(env.DB);
const T = hotelToday();
const [C1, C2, C3] = [addDays(T, -3), addDays(T, -2), addDays(T, -1)];
const night = (offset: number) => addDays(T, offset);
let manager: string;
let settings: TaxSettings;
let companyId: number;
const net = (price: number, date: string) => chargeLineValues(settings, 'room', date, price).netBaisa;

/** A booking of silver rooms with its held nights, written as the booking paths leave them. */
async function booking(opts: {
  from: number;
  prices: number[];
  status?: string;
  source?: string;
  segment?: string;
  companyId?: number;
  channel?: string;
  groupId?: number;
  spread?: boolean;
}) {
  const checkIn = night(opts.from);
  const checkOut = night(opts.from + opts.prices.length);
  const row = await env.DB.prepare(
    `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date, check_out_date,
       room_type, status, total_price, night_prices, source, segment, company_id, channel_booking_id, group_id)
     values (?, 'Books Guest', '91234567', 'A1234567', ?, ?, 'silver', ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
  )
    .bind(
      `BH${crypto.randomUUID().slice(0, 5).toUpperCase()}`,
      checkIn,
      checkOut,
      opts.status ?? 'approved',
      opts.prices.reduce((a, b) => a + b, 0),
      opts.spread ? null : JSON.stringify(opts.prices),
      opts.source ?? null,
      opts.segment ?? null,
      opts.companyId ?? null,
      opts.channel ?? null,
      opts.groupId ?? null,
    )
    .first<{ id: number }>();
  for (let i = 0; i < opts.prices.length; i++) {
    await env.DB.prepare(
      `insert into booking_nights (booking_id, night, room_type, group_id) values (?, ?, 'silver', ?)`,
    )
      .bind(row!.id, night(opts.from + i), opts.groupId ?? null)
      .run();
  }
  return row!.id;
}

async function cancel(id: number) {
  await env.DB.batch([
    env.DB.prepare(`update booking_submissions set status = 'cancelled' where id = ?`).bind(id),
    env.DB.prepare(`delete from booking_nights where booking_id = ?`).bind(id),
  ]);
}

const close = (date: string) =>
  call('/api/admin/day-close', { method: 'POST', cookie: manager, lang: 'en', json: { date } });

const get = async <T>(path: string, cookie = manager) => {
  const res = await call(`/api/admin/reports/${path}`, { cookie, lang: 'en' });
  expect(res.status, await res.clone().text()).toBe(200);
  return json<T>(res);
};

let spread: number;
let groupId: number;

beforeAll(async () => {
  manager = (await logIn(SEEDED.manager.email, SEEDED.manager.password)).cookie;
  settings = await readTaxSettings(db);
  companyId = (await env.DB.prepare(
    `insert into city_ledger_accounts (name) values ('=HYPERLINK("x")') returning id`,
  ).first<{ id: number }>())!.id;

  // Before the first close: a leisure stay of three nights from T+5 (no segment, no source).
  const first = await booking({ from: 5, prices: [10_000, 20_000, 30_000] });
  expect((await close(C1)).status).toBe(200);

  // Between the first and the second: a pending corporate request and an OTA's booking whose
  // total is spread over its nights.
  await booking({
    from: 6,
    prices: [15_000],
    status: 'pending',
    source: 'phone',
    segment: 'corporate',
    companyId,
  });
  spread = await booking({
    from: 5,
    prices: [20_001, 20_000],
    status: 'confirmed',
    source: 'booking.com',
    channel: 'CH1',
    spread: true,
  });
  expect((await close(C2)).status).toBe(200);

  // Between the second and the third: the first stay cancelled; a definite group block of three
  // silver rooms on T+9 with one member picked up.
  await cancel(first);
  groupId = (await env.DB.prepare(
    `insert into group_blocks (name, company_id, rate_plan, status, release_date) values ('Delegation', ?, 'standard', 'definite', ?) returning id`,
  )
    .bind(companyId, night(8))
    .first<{ id: number }>())!.id;
  await env.DB.prepare(
    `insert into group_block_nights (group_id, room_type, night, held) values (?, 'silver', ?, 3)`,
  )
    .bind(groupId, night(9))
    .run();
  await booking({ from: 9, prices: [25_000], groupId, companyId, source: 'group' });
  expect((await close(C3)).status).toBe(200);
});

describe('the books on hand stored by the day close', () => {
  it('stores each close once: its 365 nights ahead, and the rows by room type, segment, source and company', async () => {
    for (const date of [C1, C2, C3]) {
      const nights = await rows<{ n: number; first: string; last: string }>(
        `select count(*) as n, min(night) as first, max(night) as last from books_on_hand_nights where close_date = ?`,
        date,
      );
      expect(nights[0]).toEqual({ n: 365, first: addDays(date, 1), last: addDays(date, 365) });
    }
    expect(
      await rows(
        `select night, segment, source, company_id as companyId, definite_rooms as rooms, definite_revenue_baisa as revenue,
           tentative_rooms as tentative from books_on_hand where close_date = ? order by night`,
        C1,
      ),
    ).toEqual([
      {
        night: night(5),
        segment: 'leisure',
        source: 'website',
        companyId: 0,
        rooms: 1,
        revenue: net(10_000, night(5)),
        tentative: 0,
      },
      {
        night: night(6),
        segment: 'leisure',
        source: 'website',
        companyId: 0,
        rooms: 1,
        revenue: net(20_000, night(6)),
        tentative: 0,
      },
      {
        night: night(7),
        segment: 'leisure',
        source: 'website',
        companyId: 0,
        rooms: 1,
        revenue: net(30_000, night(7)),
        tentative: 0,
      },
    ]);
    // The third close: the OTA's nights (its total spread, the odd baisa on the first night),
    // the request awaiting an answer pending (not tentative: no group holds it), the block's
    // member and its two unpicked rooms definite.
    expect(
      await rows(
        `select night, segment, source, company_id as companyId, definite_rooms as rooms, definite_revenue_baisa as revenue,
           tentative_rooms as tentative, tentative_revenue_baisa as tentativeRevenue,
           pending_rooms as pending, pending_revenue_baisa as pendingRevenue
         from books_on_hand where close_date = ? order by night, segment, source`,
        C3,
      ),
    ).toEqual([
      {
        night: night(5),
        segment: 'ota',
        source: 'booking.com',
        companyId: 0,
        rooms: 1,
        revenue: net(20_001, night(5)),
        tentative: 0,
        tentativeRevenue: 0,
        pending: 0,
        pendingRevenue: 0,
      },
      {
        night: night(6),
        segment: 'corporate',
        source: 'phone',
        companyId,
        rooms: 0,
        revenue: 0,
        tentative: 0,
        tentativeRevenue: 0,
        pending: 1,
        pendingRevenue: net(15_000, night(6)),
      },
      {
        night: night(6),
        segment: 'ota',
        source: 'booking.com',
        companyId: 0,
        rooms: 1,
        revenue: net(20_000, night(6)),
        tentative: 0,
        tentativeRevenue: 0,
        pending: 0,
        pendingRevenue: 0,
      },
      {
        night: night(9),
        segment: 'group',
        source: 'group',
        companyId,
        rooms: 3,
        revenue: net(25_000, night(9)),
        tentative: 0,
        tentativeRevenue: 0,
        pending: 0,
        pendingRevenue: 0,
      },
    ]);
    expect(spread).toBeGreaterThan(0);
  });

  it('closing a closed day again stores nothing twice', async () => {
    const before = await count(`select count(*) as n from books_on_hand`);
    const res = await close(C3);
    expect(res.status).toBe(200);
    expect((await json<{ alreadyClosed: boolean }>(res)).alreadyClosed).toBe(true);
    expect(await count(`select count(*) as n from books_on_hand`)).toBe(before);
    expect(await count(`select count(*) as n from books_on_hand_nights`)).toBe(3 * 365);
  });

  it('the integrity check finds each stored night adding up, and a night that does not', async () => {
    const run = () => Promise.all(booksOnHandIntegrityChecks(50).map((c) => db.all(c.query)));
    expect(await run()).toEqual([[], [], []]);
    await env.DB.prepare(
      `update books_on_hand set definite_rooms = definite_rooms + 1 where close_date = ? and night = ?`,
    )
      .bind(C3, night(5))
      .run();
    const [broken] = await run();
    expect(broken).toEqual([
      expect.objectContaining({ closeDate: C3, night: night(5), rooms: 1, rowRooms: 2 }),
    ]);
    await env.DB.prepare(
      `update books_on_hand set definite_rooms = definite_rooms - 1 where close_date = ? and night = ?`,
    )
      .bind(C3, night(5))
      .run();
  });
});

describe('the reports on the books', () => {
  it('pickup: each night between the first and the third close', async () => {
    const report = await get<PickupReport>(
      `pickup?asOf=${C3}&compareTo=${C1}&from=${night(5)}&to=${night(9)}`,
    );
    expect(report.live).toBe(false);
    expect(report.rows.map((r) => [r.date, r.rooms, r.compareRooms, r.pickupRooms])).toEqual([
      [night(5), 1, 1, 0],
      [night(6), 1, 1, 0],
      [night(7), 0, 1, -1],
      [night(8), 0, 0, 0],
      [night(9), 3, 0, 3],
    ]);
    expect(report.rows[0]!.pickupRevenueBaisa).toBe(net(20_001, night(5)) - net(10_000, night(5)));
    expect(report.rows[2]!.pickupRevenueBaisa).toBe(-net(30_000, night(7)));
  });

  it('on the books: live equals the last close until a booking changes it; the stored close stays', async () => {
    const path = (asOf?: string) =>
      `on-the-books?from=${night(5)}&to=${night(9)}&by=segment${asOf ? `&asOf=${asOf}` : ''}`;
    const stored = await get<OnTheBooksReport>(path(C3));
    const live = await get<OnTheBooksReport>(path());
    expect(live.live).toBe(true);
    expect(stored.asOf).toBe(C3);
    expect(live.rows).toEqual(stored.rows);
    expect(stored.rows.map((r) => [r.date, r.key, r.rooms, r.pendingRooms, r.tentativeRooms])).toEqual([
      [night(5), 'ota', 1, 0, 0],
      [night(6), 'corporate', 0, 1, 0],
      [night(6), 'ota', 1, 0, 0],
      [night(9), 'group', 3, 0, 0],
    ]);
    // Every night of the window, those with nothing on the books too (night 7 and 8).
    expect(stored.nights.map((n) => n.date)).toEqual([night(5), night(6), night(7), night(8), night(9)]);
    expect(new Set(stored.nights.map((n) => n.roomsForSale)).size).toBe(1);
    const forSale = await count(`select sum(total_count) as n from room_inventory`);
    expect(stored.rows[0]!.occupancy).toBeCloseTo(1 / forSale, 6);

    await booking({ from: 8, prices: [18_000], source: 'walk_in' });
    const after = await get<OnTheBooksReport>(path());
    expect(after.rows.find((r) => r.date === night(8))).toMatchObject({
      key: 'leisure',
      rooms: 1,
      revenueBaisa: net(18_000, night(8)),
    });
    expect((await get<OnTheBooksReport>(path(C3))).rows).toEqual(stored.rows);
    // Today's pickup against the third close: live.
    const pickup = await get<PickupReport>(
      `pickup?asOf=${T}&compareTo=${C3}&from=${night(8)}&to=${night(8)}`,
    );
    expect(pickup).toMatchObject({
      live: true,
      rows: [{ date: night(8), rooms: 1, compareRooms: 0, pickupRooms: 1 }],
    });
  });

  it('names each figure by what it is: a request awaiting an answer is pending, a tentative block’s rooms tentative', async () => {
    const tentative = (await env.DB.prepare(
      `insert into group_blocks (name, rate_plan, status, release_date) values ('Wedding', 'standard', 'tentative', ?) returning id`,
    )
      .bind(night(11))
      .first<{ id: number }>())!.id;
    await env.DB.prepare(
      `insert into group_block_nights (group_id, room_type, night, held) values (?, 'silver', ?, 2)`,
    )
      .bind(tentative, night(12))
      .run();
    await booking({ from: 12, prices: [16_000], status: 'pending', source: 'website' });
    const report = await get<OnTheBooksReport>(`on-the-books?from=${night(12)}&to=${night(12)}&by=segment`);
    expect(
      report.rows.map((r) => [r.key, r.rooms, r.pendingRooms, r.pendingRevenueBaisa, r.tentativeRooms]),
    ).toEqual([
      ['group', 0, 0, 0, 2],
      ['leisure', 0, 1, net(16_000, night(12)), 0],
    ]);
    expect(report.nights).toEqual([{ date: night(12), roomsForSale: expect.any(Number) }]);
  });

  it('as CSV: headers and keys’ names in the request’s language, no code repeated', async () => {
    const csv = async (path: string, lang: 'ar' | 'en') => {
      const res = await call(`/api/admin/reports/${path}&format=csv`, { cookie: manager, lang });
      expect(res.status).toBe(200);
      return (await res.text()).replace(/^\uFEFF/, '').split('\r\n');
    };
    const silver = await one<{ ar: string; en: string }>(
      `select name_ar as ar, name as en from rooms where room_type = 'silver'`,
    );
    const byType = `on-the-books?from=${night(5)}&to=${night(9)}&by=roomType&asOf=${C3}`;
    const ar = await csv(byType, 'ar');
    expect(ar[0]).toBe(
      'الليلة,نوع الغرفة,الغرف المحجوزة,إيرادات الغرف دون الضرائب (ر.ع.),نسبة الإشغال (٪),طلبات بانتظار الموافقة (غرف),طلبات بانتظار الموافقة: إيرادات الغرف دون الضرائب (ر.ع.),كتل مجموعات مبدئية: غرف لم تُستلم',
    );
    expect(ar[1]!.split(',').slice(0, 3)).toEqual([night(5), silver!.ar, '1']);
    expect(ar.join('\n')).not.toMatch(/(^|,)silver(,|$)/m);
    // Night 6: the OTA's room and the request awaiting an answer.
    expect(ar[2]!.split(',').slice(5, 7)).toEqual(['1', (net(15_000, night(6)) / 1000).toFixed(3)]);
    const en = await csv(byType, 'en');
    expect(en[0]).toBe(
      'Night,Room type,Rooms booked,Room revenue without taxes (OMR),Occupancy (%),Requests awaiting approval (rooms),Requests awaiting approval: room revenue without taxes (OMR),Tentative group blocks: rooms not picked up',
    );
    expect(en[1]!.split(',')[1]).toBe(silver!.en);
    const bySegment = await csv(`on-the-books?from=${night(5)}&to=${night(9)}&by=segment&asOf=${C3}`, 'en');
    expect(bySegment.slice(1, -1).map((line) => line.split(',')[1])).toEqual([
      'Online travel agencies',
      'Corporate',
      'Online travel agencies',
      'Group',
    ]);
    const pickup = await csv(`pickup?asOf=${C3}&compareTo=${C1}&from=${night(5)}&to=${night(5)}`, 'ar');
    expect(pickup[0]).toBe(
      'الليلة,الغرف المحجوزة,الغرف المحجوزة عند الإغلاق السابق,الحجوزات المستجدة (غرف),إيرادات الغرف دون الضرائب (ر.ع.),إيرادات الغرف عند الإغلاق السابق (ر.ع.),الإيرادات المستجدة (ر.ع.)',
    );
    const pace = await csv(`pace?asOf=${C3}&from=${night(5)}&to=${night(5)}`, 'en');
    expect(pace[0]).toBe(
      'Night,Rooms booked,Room revenue without taxes (OMR),Same night a year before,Rooms booked a year before,Room revenue a year before (OMR)',
    );
  });

  it('reads dates typed in Arabic-Indic digits', async () => {
    const arabic = (date: string) => date.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const report = await get<OnTheBooksReport>(
      `on-the-books?from=${encodeURIComponent(arabic(night(9)))}&to=${encodeURIComponent(arabic(night(9)))}&asOf=${encodeURIComponent(arabic(C3))}`,
    );
    expect(report).toMatchObject({ asOf: C3, rows: [{ date: night(9), key: 'silver', rooms: 3 }] });
  });

  it('by company names the company; as CSV its formula-like name is neutralised', async () => {
    const report = await get<OnTheBooksReport>(
      `on-the-books?from=${night(9)}&to=${night(9)}&by=company&asOf=${C3}`,
    );
    expect(report.rows).toEqual([
      expect.objectContaining({ date: night(9), key: String(companyId), label: '=HYPERLINK("x")', rooms: 3 }),
    ]);
    const res = await call(
      `/api/admin/reports/on-the-books?from=${night(9)}&to=${night(9)}&by=company&asOf=${C3}&format=csv`,
      { cookie: manager },
    );
    expect(res.headers.get('content-type')).toContain('text/csv');
    const text = await res.text();
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(text).not.toMatch(/,=HYPERLINK/);
  });

  it('pace: against the close of the same date a year before, null where none was stored', async () => {
    const path = `pace?asOf=${C3}&from=${night(9)}&to=${night(10)}`;
    const none = await get<PaceReport>(path);
    expect(none).toMatchObject({ asOf: C3, lastYearAsOf: sameDateYearBefore(C3), lastYearStored: false });
    expect(none.rows[0]).toMatchObject({ date: night(9), rooms: 3, lastYearRooms: null });
    // A close a year before, as it would have stored its books (its nights; one night with rooms).
    const lastYear = sameDateYearBefore(C3);
    await env.DB.prepare(
      `insert into books_on_hand_nights (close_date, night, rooms, revenue_baisa) values (?, ?, 2, 50000)`,
    )
      .bind(lastYear, sameDateYearBefore(night(9)))
      .run();
    await env.DB.prepare(
      `insert into books_on_hand (close_date, night, room_type, segment, source, company_id, definite_rooms, definite_revenue_baisa)
       values (?, ?, 'silver', 'leisure', 'website', 0, 2, 50000)`,
    )
      .bind(lastYear, sameDateYearBefore(night(9)))
      .run();
    const pace = await get<PaceReport>(path);
    expect(pace.lastYearStored).toBe(true);
    expect(pace.rows).toEqual([
      {
        date: night(9),
        rooms: 3,
        revenueBaisa: net(25_000, night(9)),
        lastYearDate: sameDateYearBefore(night(9)),
        lastYearRooms: 2,
        lastYearRevenueBaisa: 50_000,
      },
      {
        date: night(10),
        rooms: 0,
        revenueBaisa: 0,
        lastYearDate: sameDateYearBefore(night(10)),
        lastYearRooms: 0,
        lastYearRevenueBaisa: 0,
      },
    ]);
  });

  it('refuses a day closed without books, a window backwards, and anyone but a manager', async () => {
    const missing = await call(
      `/api/admin/reports/on-the-books?from=${night(1)}&to=${night(2)}&asOf=${addDays(T, -30)}`,
      {
        cookie: manager,
        lang: 'en',
      },
    );
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'books_not_stored' } });
    const backwards = await call(
      `/api/admin/reports/pickup?asOf=${C3}&compareTo=${C3}&from=${night(2)}&to=${night(1)}`,
      {
        cookie: manager,
        lang: 'ar',
      },
    );
    expect(backwards.status).toBe(400);
    const staff = (await logIn(SEEDED.staff.email, SEEDED.staff.password)).cookie;
    const res = await call(`/api/admin/reports/on-the-books?from=${night(1)}&to=${night(2)}`, {
      cookie: staff,
    });
    expect(res.status).toBe(403);
  });
});

describe('the net of a night in SQL', () => {
  it('equals the folio split, also across a new rate within the nights', async () => {
    const taxes: Tax[] = [
      {
        code: 'tourism_levy',
        nameAr: 'س',
        nameEn: 'L',
        rateBp: 400,
        departments: ['room'],
        onEarlierTaxes: false,
        active: true,
        effectiveFrom: '2021-01-01',
      },
      {
        code: 'vat',
        nameAr: 'ض',
        nameEn: 'V',
        rateBp: 500,
        departments: ['room'],
        onEarlierTaxes: true,
        active: true,
        effectiveFrom: '2021-01-01',
      },
      {
        code: 'vat',
        nameAr: 'ض',
        nameEn: 'V',
        rateBp: 777,
        departments: ['room'],
        onEarlierTaxes: true,
        active: true,
        effectiveFrom: night(20),
      },
    ];
    const rule = { pricesIncludeTaxes: true, taxes };
    for (const date of [night(5), night(19), night(20), night(30)]) {
      for (const price of [1, 13, 999, 10_000, 12_345, 99_999, 1_234_567]) {
        const row = await db.get<{ net: number }>(
          sql`select ${netRoomPriceSql(sql`${price}`, sql`${date}`, rule, night(1), night(40))} as net`,
        );
        expect(row.net, `${price} on ${date}`).toBe(
          splitLine(price, taxesInForce(taxes, 'room', date)).netBaisa,
        );
      }
    }
    const exclusive = await db.get<{ net: number }>(
      sql`select ${netRoomPriceSql(sql`${12_345}`, sql`${night(5)}`, { pricesIncludeTaxes: false, taxes }, night(1), night(40))} as net`,
    );
    expect(exclusive.net).toBe(12_345);
  });
});

describe('what the store and the reports read', () => {
  it('follows the indexes of the nights ahead: no full read of a table that grows with history', async () => {
    await signInForPlans();
    const statements = booksOnHandStatements(db, { date: T, closedAt: 1, settings });
    const recorded: Recorded[] = statements.map((s) => {
      const q = (s as unknown as { toSQL(): { sql: string; params: unknown[] } }).toSQL();
      return { sql: q.sql, params: q.params };
    });
    for (const path of [
      `on-the-books?from=${night(1)}&to=${night(90)}&by=source`,
      `on-the-books?from=${night(1)}&to=${night(90)}&by=company&asOf=${C3}`,
      `pickup?asOf=${T}&compareTo=${C1}&from=${night(1)}&to=${night(90)}`,
      `pace?from=${night(1)}&to=${night(90)}`,
    ]) {
      const res = await through(`/api/admin/reports/${path}`, 'admin', {}, recorded);
      expect(res.status, path).toBe(200);
    }
    await expectNoFullScans(recorded);
    for (const statement of recorded) {
      const details = await planOf(statement);
      expect(
        details.filter((d) => /^SCAN (books_on_hand|group_block_nights)\b/.test(d)),
        statement.sql,
      ).toEqual([]);
      // The booked nights along their (room type, night) index, each booking by its key: never
      // every live booking first (a stale approved one from years ago would be read too).
      if (statement.sql.includes('from booking_nights bn'))
        expect(details, statement.sql).toContain(
          'SEARCH bn USING INDEX booking_nights_room_type_night_idx (room_type=? AND night>? AND night<?)',
        );
    }
  });
});
