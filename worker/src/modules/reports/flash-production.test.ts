import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { DayCloseReport } from '@shared/day-close';
import type { FlashReport, ProductionReport } from '@shared/flash-production';
import { hotelInstant } from '@shared/stay-policy';
import {
  SEEDED,
  closedDay,
  day,
  json,
  one,
  roomIdOf,
  staffAccount,
  staffCookie,
} from '@worker-test/builders';
import { call, logIn, signUp } from '@worker-test/helpers';
import { drizzle } from 'drizzle-orm/d1';
import { translate } from '../../platform/messages';
import { keyNamer } from './report-csv';

/**
 * The flash and production reports: a closed date's flash is its day close's stored figures (not
 * a second computation), the open day's is the day close's figures so far with the day's
 * movements; production per company, travel agent, source, segment, nationality and room type
 * adds up to the day close's rooms sold, room revenue and ADR; each as CSV with a company's name a
 * spreadsheet could run neutralised; bad dates refused in both languages; managers only.
 */
const D = day(-1);
const T = day(0);
let managerCookie: Promise<string> | undefined;
const manager = () =>
  (managerCookie ??= logIn(SEEDED.manager.email, SEEDED.manager.password).then((r) => r.cookie));

const HYPERLINK = '=HYPERLINK("http://evil.example","Oman LNG")';

async function account(name: string, kind: 'company' | 'travel_agent') {
  return (await one<{ id: number }>(
    'insert into city_ledger_accounts (name, kind) values (?, ?) returning id',
    name,
    kind,
  ))!.id;
}

async function profile(nationality: string) {
  const name = `Guest ${nationality} ${crypto.randomUUID().slice(0, 4)}`;
  return (await one<{ id: number }>(
    `insert into guest_profiles (full_name, phone, name_key, nationality) values (?, ?, ?, ?) returning id`,
    name,
    `9${Math.floor(Math.random() * 1e7)}`,
    name.toLowerCase(),
    nationality,
  ))!.id;
}

type Stay = {
  from: string;
  to: string;
  roomType?: string;
  room?: string;
  price?: number;
  status?: string;
  statusReason?: string | null;
  checkedIn?: boolean;
  companyId?: number | null;
  travelAgentId?: number | null;
  source?: string | null;
  segment?: string | null;
  channelBookingId?: string | null;
  profileId?: number | null;
};

/** A booking row written in SQL (a stay checked in, an arrival, a cancellation), with its company, source and guest. */
async function stay(s: Stay) {
  const nights = Math.round((Date.parse(s.to) - Date.parse(s.from)) / 86_400_000);
  const price = s.price ?? 20_000;
  return (await one<{ id: number }>(
    `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date, check_out_date,
       room_type, status, status_reason, room_id, checked_in_at, total_price, night_prices, is_points_booking,
       company_id, travel_agent_id, source, segment, channel_booking_id, profile_id)
     values (?, 'Report Guest', '91234567', 'A1234567', ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?) returning id`,
    `RP${crypto.randomUUID().slice(0, 6).toUpperCase()}`,
    s.from,
    s.to,
    s.roomType ?? 'silver',
    s.status ?? 'approved',
    s.statusReason ?? null,
    s.room ? await roomIdOf(s.room) : null,
    s.checkedIn ? hotelInstant(s.from, '14:00').getTime() : null,
    nights * price,
    JSON.stringify(new Array<number>(nights).fill(price)),
    s.companyId ?? null,
    s.travelAgentId ?? null,
    s.source ?? null,
    s.segment ?? null,
    s.channelBookingId ?? null,
    s.profileId ?? null,
  ))!.id;
}

const flash = async (date: string, cookie: string) => {
  const res = await call(`/api/admin/reports/flash?date=${date}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return json<FlashReport>(res);
};
const production = async (query: string, cookie: string) => {
  const res = await call(`/api/admin/reports/production?${query}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return json<ProductionReport>(res);
};

/** What the flash takes from the day close, as the day close answers it. */
const closeFigures = (r: DayCloseReport) => ({
  date: r.date,
  closed: r.closed,
  roomsSold: r.roomsSold,
  roomsForSale: r.roomsForSale,
  occupancy: r.occupancy,
  adrBaisa: r.adrBaisa,
  revenueBaisa: r.revenueBaisa,
  paymentsBaisa: r.paymentsBaisa,
  refundsBaisa: r.refundsBaisa,
  noShows: r.noShows,
});

describe('the flash and production reports', () => {
  let company = 0;
  let agent = 0;
  let withCompany = 0;
  let throughAgent = 0;

  it('production of a closed day per each dimension adds up to its day close', async () => {
    const cookie = await manager();
    company = await account(HYPERLINK, 'company');
    agent = await account('Gulf Travels', 'travel_agent');
    // Two stays arriving on D, checked in (the close posts their night D): one for the company,
    // booked by phone, an Omani guest in silver; one through the agent from an OTA, an Indian guest in gold.
    withCompany = await stay({
      from: D,
      to: day(1),
      checkedIn: true,
      companyId: company,
      source: 'phone',
      profileId: await profile('OM'),
    });
    throughAgent = await stay({
      from: D,
      to: day(1),
      roomType: 'gold',
      price: 30_000,
      checkedIn: true,
      travelAgentId: agent,
      source: 'booking.com',
      channelBookingId: `CB-${crypto.randomUUID().slice(0, 6)}`,
      profileId: await profile('IN'),
    });
    // The company's cancelled arrival and its arrival that never came (the close records the no-show).
    await stay({ from: D, to: T, status: 'cancelled', statusReason: 'guest_request', companyId: company });
    await stay({ from: D, to: T, companyId: company, source: 'phone' });

    const report = await closedDay<DayCloseReport>(D, cookie);
    expect(report.closed).toBe(true);
    const net = async (id: number) =>
      (await one<{ net: number }>(
        'select net_baisa as net from folio_lines where booking_id = ? and night = ?',
        id,
        D,
      ))!.net;
    const [companyNet, agentNet] = [await net(withCompany), await net(throughAgent)];

    const byCompany = await production(`from=${D}&to=${D}&by=company`, cookie);
    expect(byCompany.rows.find((r) => r.key === String(company))).toEqual({
      key: String(company),
      label: HYPERLINK,
      roomNights: 1,
      revenueBaisa: companyNet,
      adrBaisa: companyNet,
      cancellations: 1,
      noShows: 1,
    });
    const byAgent = await production(`from=${D}&to=${D}&by=travelAgent`, cookie);
    expect(byAgent.rows.find((r) => r.key === String(agent))).toMatchObject({
      label: 'Gulf Travels',
      roomNights: 1,
      revenueBaisa: agentNet,
    });
    const bySource = await production(`from=${D}&to=${D}&by=source`, cookie);
    expect(bySource.rows.find((r) => r.key === 'booking.com')).toMatchObject({
      roomNights: 1,
      revenueBaisa: agentNet,
    });
    expect(bySource.rows.find((r) => r.key === 'phone')).toMatchObject({ roomNights: 1, noShows: 1 });
    // No segment kept yet: an OTA's booking is 'ota', a company's 'corporate'.
    const bySegment = await production(`from=${D}&to=${D}&by=segment`, cookie);
    expect(bySegment.rows.find((r) => r.key === 'ota')).toMatchObject({
      roomNights: 1,
      revenueBaisa: agentNet,
    });
    expect(bySegment.rows.find((r) => r.key === 'corporate')).toMatchObject({
      roomNights: 1,
      revenueBaisa: companyNet,
      cancellations: 1,
      noShows: 1,
    });
    const byNationality = await production(`from=${D}&to=${D}&by=nationality`, cookie);
    expect(byNationality.rows.find((r) => r.key === 'OM')).toMatchObject({ label: 'OM', roomNights: 1 });
    expect(byNationality.rows.find((r) => r.key === 'IN')).toMatchObject({
      roomNights: 1,
      revenueBaisa: agentNet,
    });
    const byRoomType = await production(`from=${D}&to=${D}&by=roomType`, cookie);
    expect(byRoomType.rows.find((r) => r.key === 'gold')!.roomNights).toBeGreaterThanOrEqual(1);

    // Every dimension's total is the day close's rooms sold, room revenue and ADR.
    for (const r of [byCompany, byAgent, bySource, bySegment, byNationality, byRoomType]) {
      expect(r.total, r.by).toMatchObject({
        roomNights: report.roomsSold,
        revenueBaisa: report.revenueBaisa.room ?? 0,
        adrBaisa: report.adrBaisa,
      });
      expect(
        r.rows.reduce((s, row) => s + row.roomNights, 0),
        r.by,
      ).toBe(report.roomsSold);
    }
  });

  it('the flash of a closed date is its day close, even after a room goes out of order on it', async () => {
    const cookie = await manager();
    const stored = await json<DayCloseReport>(await call(`/api/admin/day-close/${D}`, { cookie }));
    // A room blocked on the closed date afterwards: the close's rooms for sale stay as they were.
    await env.DB.prepare(
      `insert into room_blocks (room_id, from_date, to_date, reason) values (?, ?, ?, 'Late leak')`,
    )
      .bind(await roomIdOf('110'), D, T)
      .run();
    const report = await flash(D, cookie);
    expect(report).toMatchObject(closeFigures(stored));
    expect(report.closedAt).toBe(stored.closedAt);
    expect(report.totalRevenueBaisa).toBe(Object.values(stored.revenueBaisa).reduce((a, b) => a + b, 0));
    expect(report.revparBaisa).toBe(
      stored.roomsForSale > 0 ? Math.round((stored.adrBaisa * stored.roomsSold) / stored.roomsForSale) : 0,
    );
    // The day's movements: the two stays arrived and are in house; the company's no-show.
    expect(report.arrived).toBeGreaterThanOrEqual(2);
    expect(report.inHouse).toBeGreaterThanOrEqual(2);
    expect(report.noShows).toBeGreaterThanOrEqual(1);
  });

  it('the open day’s flash is the day close’s figures so far with the day’s movements', async () => {
    const cookie = await manager();
    const before = await flash(T, cookie);
    await stay({ from: T, to: day(2), room: '103', checkedIn: true });
    await stay({ from: T, to: day(2) });
    await stay({ from: day(-3), to: T, room: '104', checkedIn: true });
    await stay({ from: day(5), to: day(7), status: 'cancelled', statusReason: 'guest_request' });
    await stay({ from: day(5), to: day(7), status: 'cancelled', statusReason: 'no_show' });
    await env.DB.prepare(
      `insert into room_blocks (room_id, from_date, to_date, reason) values (?, ?, ?, 'Paint')`,
    )
      .bind(await roomIdOf('105'), T, day(1))
      .run();
    const after = await flash(T, cookie);
    const soFar = await json<DayCloseReport>(await call(`/api/admin/day-close/${T}`, { cookie }));
    expect(after).toMatchObject(closeFigures(soFar));
    expect(after.closed).toBe(false);
    expect({
      arrivals: after.arrivals - before.arrivals,
      arrived: after.arrived - before.arrived,
      departures: after.departures - before.departures,
      departed: after.departed - before.departed,
      inHouse: after.inHouse - before.inHouse,
      cancellations: after.cancellations - before.cancellations,
      outOfOrder: after.outOfOrder - before.outOfOrder,
    }).toEqual({
      arrivals: 2,
      arrived: 1,
      departures: 1,
      departed: 0,
      inHouse: 1,
      cancellations: 1,
      outOfOrder: 1,
    });
  });

  it('production over two closed days adds up to both closes; a night corrected in the period leaves its ADR', async () => {
    const cookie = await manager();
    // The company's night of D taken off on T (a correction dated the open day), then T closed.
    await env.DB.prepare(
      `insert into folio_lines (booking_id, kind, department, description, quantity, amount_baisa, net_baisa, taxes,
         business_date, corrects_line_id, reason)
       select booking_id, 'correction', department, description, quantity, -amount_baisa, -net_baisa,
         (select json_group_array(json_object('code', json_extract(t.value, '$.code'),
           'amountBaisa', -json_extract(t.value, '$.amountBaisa'))) from json_each(taxes) t),
         ?, id, 'Night waived'
       from folio_lines where booking_id = ? and night = ?`,
    )
      .bind(T, withCompany, D)
      .run();
    const closes = [
      await json<DayCloseReport>(await call(`/api/admin/day-close/${D}`, { cookie })),
      await closedDay<DayCloseReport>(T, cookie),
    ];
    const both = await production(`from=${D}&to=${T}&by=company`, cookie);
    expect(both.total).toMatchObject({
      roomNights: closes[0]!.roomsSold + closes[1]!.roomsSold,
      revenueBaisa: (closes[0]!.revenueBaisa.room ?? 0) + (closes[1]!.revenueBaisa.room ?? 0),
    });
    // The company's two nights (D waived, T posted by T's close): revenue is T's night only, and
    // the ADR counts the one night still sold, never the waived one at zero.
    const row = both.rows.find((r) => r.key === String(company))!;
    const tNight = (await one<{ net: number }>(
      'select net_baisa as net from folio_lines where booking_id = ? and night = ?',
      withCompany,
      T,
    ))!.net;
    expect(row).toMatchObject({ roomNights: 2, revenueBaisa: tNight, adrBaisa: tNight });
    // T alone: its close's figures, the correction of an earlier night in its revenue, not its ADR.
    const t = await production(`from=${T}&to=${T}&by=segment`, cookie);
    expect(t.total).toMatchObject({
      roomNights: closes[1]!.roomsSold,
      revenueBaisa: closes[1]!.revenueBaisa.room ?? 0,
      adrBaisa: closes[1]!.adrBaisa,
    });
  });

  it('answers CSV with a company name a spreadsheet could run neutralised', async () => {
    const cookie = await manager();
    const res = await call(`/api/admin/reports/production?from=${D}&to=${D}&by=company&format=csv`, {
      cookie,
      lang: 'en',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const text = await res.text();
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Company,Room nights,Room revenue without taxes (OMR),Average daily rate (OMR),Cancellations,No-shows',
    );
    // The company by its name alone (not its id beside it), neutralised.
    expect(text).toContain(`\r\n"'=HYPERLINK(""http://evil.example"",""Oman LNG"")",1,`);
    expect(text).not.toMatch(/(^|,)"?=HYPERLINK/m);
    expect(text).toMatch(/\r\nTotal,/);
    const flashCsv = await call(`/api/admin/reports/flash?date=${D}&format=csv`, { cookie, lang: 'en' });
    expect(flashCsv.status).toBe(200);
    expect(flashCsv.headers.get('content-disposition')).toContain(`flash-${D}.csv`);
    const flash = await flashCsv.text();
    expect(flash.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Figure,Detail,Value');
    expect(flash).toContain('\r\nRooms sold,,');
    expect(flash).toMatch(/\r\nRevenue without taxes \(OMR\),Room,\d+\.\d{3}\r\n/);
  });

  it('names a CSV row’s key in the request’s language: a country, a room type, a source, none', async () => {
    const db = drizzle(env.DB);
    const country = await keyNamer(db, 'ar', 'nationality');
    expect(country({ key: 'OM', label: 'OM' })).toBe('عُمان');
    expect(country({ key: '', label: '' })).toBe('بدون');
    expect((await keyNamer(db, 'en', 'nationality'))({ key: 'DE', label: 'DE' })).toBe('Germany');
    const gold = await env.DB.prepare(`select name_ar as ar from rooms where room_type = 'gold'`).first<{
      ar: string;
    }>();
    expect((await keyNamer(db, 'ar', 'roomType'))({ key: 'gold', label: 'gold' })).toBe(gold!.ar);
    const source = await keyNamer(db, 'ar', 'source');
    expect(source({ key: 'walk_in', label: 'walk_in' })).toBe('حضور مباشر');
    // An OTA's name as it came.
    expect(source({ key: 'Booking.com', label: 'Booking.com' })).toBe('Booking.com');
  });

  it('as CSV in Arabic: headers, figures and keys by their names, never their codes', async () => {
    const cookie = await manager();
    const lines = async (path: string) => {
      const res = await call(`/api/admin/reports/${path}&format=csv`, { cookie, lang: 'ar' });
      expect(res.status).toBe(200);
      return (await res.text()).replace(/^\uFEFF/, '').split('\r\n');
    };
    const bySegment = await lines(`production?from=${D}&to=${D}&by=segment`);
    expect(bySegment[0]).toBe(
      'الشريحة,ليالي الغرف,إيرادات الغرف دون الضرائب (ر.ع.),متوسط سعر الليلة (ر.ع.),الإلغاءات,عدم الحضور',
    );
    const keys = bySegment.slice(1, -1).map((line) => line.split(',')[0]);
    expect(keys.at(-1)).toBe('المجموع');
    expect(keys.filter((k) => /^[a-z_]+$/.test(k!))).toEqual([]);
    const flash = await lines(`flash?date=${D}`);
    expect(flash[0]).toBe('البند,التفصيل,القيمة');
    expect(flash).toContain(`التاريخ,,${D}`);
    expect(flash.some((line) => line.startsWith('الإيرادات دون الضرائب (ر.ع.),الغرفة,'))).toBe(true);
    expect(flash.join('\n')).not.toMatch(/roomsSold|revenueOmr|inHouse/);
  });

  it('refuses bad dates, periods and groupings in Arabic and English', async () => {
    const cookie = await manager();
    for (const [path, field, code] of [
      ['/api/admin/reports/flash?date=2026-02-30', 'date', 'invalid_date'],
      ['/api/admin/reports/flash', 'date', 'invalid_date'],
      ['/api/admin/reports/flash?date=tomorrow', 'date', 'invalid_date'],
      [`/api/admin/reports/flash?date=${D}&format=xls`, 'format', 'invalid_format'],
      [`/api/admin/reports/production?from=${T}&to=${D}`, 'to', 'range_end_before_start'],
      [`/api/admin/reports/production?from=${day(-400)}&to=${T}`, 'to', 'report_too_long'],
      [`/api/admin/reports/production?from=${D}&to=${T}&by=planet`, 'by', 'report_key_invalid'],
      [`/api/admin/reports/production?from=2026-13-01&to=${T}`, 'from', 'invalid_date'],
    ] as const) {
      for (const lang of ['en', 'ar'] as const) {
        const res = await call(path, { cookie, lang });
        expect(res.status, path).toBe(400);
        const error = (await json<{ error: { code: string; fields: Record<string, string> } }>(res)).error;
        expect(error.fields[field], `${path} ${JSON.stringify(error)}`).toBe(translate(code, lang));
      }
      expect(translate(code, 'ar')).toMatch(/[\u0600-\u06FF]/);
    }
    expect(translate('report_too_long', 'en')).toContain('366');
    // Arabic-Indic digits are dates too.
    const arabicDigits = D.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    expect(
      (await call(`/api/admin/reports/flash?date=${encodeURIComponent(arabicDigits)}`, { cookie })).status,
    ).toBe(200);
  });

  it('is for managers: guests, housekeepers and the front desk are refused', async () => {
    const paths = [
      `/api/admin/reports/flash?date=${D}`,
      `/api/admin/reports/production?from=${D}&to=${D}&by=segment`,
    ];
    const housekeeper = (await staffAccount({ role: 'housekeeper' })).cookie;
    const guest = (await signUp()).cookie;
    for (const path of paths) {
      expect((await call(path)).status, path).toBe(401);
      for (const cookie of [guest, housekeeper, await staffCookie()])
        expect((await call(path, { cookie })).status, path).toBe(403);
      const admin = (await logIn(SEEDED.admin.email, SEEDED.admin.password)).cookie;
      expect((await call(path, { cookie: admin })).status, path).toBe(200);
    }
  });
});
