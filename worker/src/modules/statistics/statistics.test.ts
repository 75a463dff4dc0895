import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOM_TYPES } from '../../seed/spec-room-types';
import { recordSiteVisit } from './site-visits';
import { statisticsDashboard, type StatisticsDashboard } from './dashboard';
import { call, logIn } from '@worker-test/helpers';

/**
 * Every figure of the dashboard against a fixture computed by hand. The fixture
 * lives in March 2040 (a leap year), far from the seed's bookings, so the period figures are
 * the fixture's alone; the all-time figures are checked as the change the fixture makes.
 *
 * "Now" is 2040-03-15 10:00 in Muscat (06:00 UTC).
 */
const NOW = new Date('2040-03-15T06:00:00Z');
const db = drizzle(env.DB);
/** A moment given in Muscat time (UTC+4). */
const muscat = (local: string) => Date.parse(`${local}+04:00`);

type Fixture = {
  ref: string;
  room: string;
  status: string;
  checkIn: string;
  checkOut: string;
  total: number;
  points?: boolean;
  type?: string;
  desk?: boolean;
  created: number;
  updated?: number;
};
const FIXTURE: Fixture[] = [
  // A: 3 nights across the end of February (28, 29, 1 March), 12.600 a night; the guest form.
  {
    ref: 'fx-a',
    room: 'silver',
    status: 'confirmed',
    checkIn: '2040-02-28',
    checkOut: '2040-03-02',
    total: 37_800,
    type: 'standard',
    created: muscat('2040-02-10T12:00:00'),
  },
  // B: 2 nights (14 and 15 March), 15.200 a night (3 guests); made at the desk at 02:00 on
  // the 14th in Muscat, which is still the 13th in UTC.
  {
    ref: 'fx-b',
    room: 'gold',
    status: 'completed',
    checkIn: '2040-03-14',
    checkOut: '2040-03-16',
    total: 30_400,
    type: 'quick_management',
    desk: true,
    created: muscat('2040-03-14T02:00:00'),
  },
  // C: cancelled today: no revenue, no nights; a guest's quick booking.
  {
    ref: 'fx-c',
    room: 'diamond',
    status: 'cancelled',
    checkIn: '2040-03-15',
    checkOut: '2040-03-18',
    total: 48_600,
    type: 'quick_management',
    created: muscat('2040-03-15T08:00:00'),
    updated: muscat('2040-03-15T09:30:00'),
  },
  // D: a free night in points tonight: a sold room-night, no revenue.
  {
    ref: 'fx-d',
    room: 'deluxe',
    status: 'approved',
    checkIn: '2040-03-15',
    checkOut: '2040-03-16',
    total: 17_300,
    points: true,
    type: 'free_night',
    created: muscat('2040-03-15T09:00:00'),
  },
  // E: pending (holds, sells nothing); the assistant's, at 00:30 today in Muscat = yesterday in UTC.
  {
    ref: 'fx-e',
    room: 'silver',
    status: 'pending',
    checkIn: '2040-03-20',
    checkOut: '2040-03-23',
    total: 37_800,
    type: 'chat_assistant',
    created: muscat('2040-03-15T00:30:00'),
  },
];

let before: StatisticsDashboard;
let after: StatisticsDashboard;
let rooms: number;
let staffId: number;

beforeAll(async () => {
  staffId = (await env.DB.prepare(`select id from users where email = 'staff@example.com'`).first<{
    id: number;
  }>())!.id;
  rooms = (await env.DB.prepare(`select sum(total_count) as n from room_inventory`).first<{ n: number }>())!
    .n;
  before = await statisticsDashboard(db, { now: NOW });
  let phone = 95_000_000;
  for (const b of FIXTURE) {
    await env.DB.prepare(
      `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date, check_out_date,
        room_type, status, total_price, is_points_booking, points_used, booking_type, created_by_staff_id,
        created_at, updated_at)
       values (?, 'Fixture Guest', ?, '12345678', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
      .bind(
        b.ref,
        String((phone += 1)),
        b.checkIn,
        b.checkOut,
        b.room,
        b.status,
        b.total,
        b.points ? 1 : 0,
        b.points ? 200 : 0,
        b.type ?? null,
        b.desk ? staffId : null,
        b.created,
        b.updated ?? b.created,
      )
      .run();
  }
  // Service visits as the worker writes them: per device, day and service.
  const serviceVisit = (day: string, hash: string, name = 'omani-restaurant') =>
    env.DB.prepare(
      `insert into service_visits (service_name, service_category, visit_date, visitor_hash) values (?, 'restaurant', ?, ?)`,
    )
      .bind(name, day, hash)
      .run();
  await serviceVisit('2040-03-15', 'd1');
  await serviceVisit('2040-03-15', 'd2');
  await serviceVisit('2040-03-02', 'd1');
  await serviceVisit('2040-02-20', 'd1');
  await serviceVisit('2040-03-15', 'd1', 'unknown-place');
  await serviceVisit('2040-03-15', 'd3', 'restaurant');
  // Site visits: two devices today (one of them twice), one yesterday.
  const device = (address: string, userAgent: string, now = NOW) =>
    recordSiteVisit(env, { address, userAgent, sessionToken: undefined, now });
  await device('10.1.1.1', 'Mozilla/5.0 phone');
  await device('10.1.1.1', 'Mozilla/5.0 phone');
  await device('10.1.1.2', 'Mozilla/5.0 phone');
  await device('10.1.1.1', 'Mozilla/5.0 phone', new Date('2040-03-14T06:00:00Z'));
  after = await statisticsDashboard(db, { now: NOW });
});

describe('the spec figures', () => {
  it('today: bookings made today in Muscat, site visits, room revenue of tonight', () => {
    expect(before.today).toBe('2040-03-15');
    // C, D and E (E was made at 00:30 in Muscat, still the 14th in UTC); B was made the 14th.
    expect(after.daily).toEqual({ bookings: 3, siteVisits: 2, revenue: 15_200 });
  });

  it('month and year: revenue per night stayed, across the month end; points and cancelled add 0', () => {
    // March: A's night of 1 March (12.600) + B's nights of 14 and 15 March (30.400).
    expect(after.monthly.revenue).toBe(43_000);
    // 2040: A's three nights + B's two.
    expect(after.yearly.revenue).toBe(68_200);
  });

  it('totals, registered users, by status and the most booked rooms', async () => {
    expect(after.totals.bookings - before.totals.bookings).toBe(5);
    expect(after.totals.revenue - before.totals.revenue).toBe(68_200);
    const delta = Object.fromEntries(
      after.bookingsByStatus.map((s, i) => [s.status, s.count - before.bookingsByStatus[i]!.count]),
    );
    expect(delta).toEqual({ pending: 1, approved: 1, confirmed: 1, completed: 1, cancelled: 1 });
    const guests = await env.DB.prepare(
      `select count(*) as n from users where role = 'guest' and is_verified = 1`,
    ).first<{ n: number }>();
    expect(after.registeredUsers).toBe(guests!.n);
    // The top 4 room types among bookings that were not cancelled, counted here row by row.
    const all = await env.DB.prepare(`select room_type, status from booking_submissions`).all<{
      room_type: string;
      status: string;
    }>();
    const counts = ROOM_TYPES.map((roomType) => ({
      roomType,
      count: all.results.filter((r) => r.room_type === roomType && r.status !== 'cancelled').length,
    }))
      .filter((r) => r.count > 0)
      .sort((a, b) => b.count - a.count || a.roomType.localeCompare(b.roomType));
    expect(after.mostBookedRooms).toEqual(counts.slice(0, 4));
  });

  it('active (first 5, newest) and cancelled (first 5, latest) bookings', () => {
    expect(after.activeBookings.length).toBeLessThanOrEqual(5);
    expect(after.activeBookings.slice(0, 3).map((b) => b.reference)).toEqual(['fx-d', 'fx-e', 'fx-a']);
    expect(after.activeBookings[0]).toMatchObject({
      roomType: 'deluxe',
      status: 'approved',
      isPointsBooking: true,
    });
    expect(after.cancelledBookings[0]).toMatchObject({ reference: 'fx-c', status: 'cancelled' });
    expect(after.cancelledBookings.length).toBeLessThanOrEqual(5);
  });

  it('nearby service visits per day, month and all time, with the service named', () => {
    const omani = after.nearbyServicesVisits.find((s) => s.serviceKey === 'omani-restaurant');
    expect(omani).toMatchObject({
      serviceName: 'Omani Heritage Restaurant',
      category: 'restaurant',
      dailyVisits: 2,
      monthlyVisits: 3,
      visits: 4,
    });
    expect(omani!.serviceNameAr).not.toBe('omani-restaurant');
    expect(omani!.description.length).toBeGreaterThan(0);
    // Visits counted per service type (as the worker writes them) are named by the type, in both languages.
    const restaurants = after.nearbyServicesVisits.find((s) => s.serviceKey === 'restaurant');
    expect(restaurants).toMatchObject({ serviceName: 'Restaurants', serviceNameAr: 'المطاعم' });
    // A name no service has keeps its own name and category.
    expect(after.nearbyServicesVisits.find((s) => s.serviceKey === 'unknown-place')).toMatchObject({
      serviceName: 'unknown-place',
      category: 'restaurant',
      dailyVisits: 1,
    });
  });
});

describe('the hotel KPIs', () => {
  it('tonight: occupancy, ADR and RevPAR', () => {
    // B and D hold tonight; only B earns (15.200).
    expect(after.kpis.today).toEqual({
      from: '2040-03-15',
      to: '2040-03-15',
      nights: 1,
      availableRoomNights: rooms,
      soldRoomNights: 2,
      roomRevenue: 15_200,
      occupancy: 2 / rooms,
      adr: 7_600,
      revpar: Math.round(15_200 / rooms),
    });
  });

  it('this month: 31 nights of the allotment', () => {
    expect(after.kpis.month).toMatchObject({
      from: '2040-03-01',
      to: '2040-03-31',
      nights: 31,
      availableRoomNights: rooms * 31,
      soldRoomNights: 4, // A on the 1st, B on the 14th and 15th, D on the 15th
      roomRevenue: 43_000,
      adr: 10_750,
    });
  });

  it('a chosen range: February 2040 (29 nights) holds two of A nights', async () => {
    const feb = await statisticsDashboard(db, { now: NOW, from: '2040-02-01', to: '2040-02-29' });
    expect(feb.kpis.range).toEqual({
      from: '2040-02-01',
      to: '2040-02-29',
      nights: 29,
      availableRoomNights: rooms * 29,
      soldRoomNights: 2,
      roomRevenue: 25_200,
      occupancy: 2 / (rooms * 29),
      adr: 12_600,
      revpar: Math.round(25_200 / (rooms * 29)),
    });
    // Made in February: A only (lead 18 days, 3 nights, guest form).
    expect(feb.range).toMatchObject({
      bookings: 1,
      cancelled: 0,
      cancellationRate: 0,
      leadTimeDays: 18,
      averageLengthOfStay: 3,
    });
  });

  it('bookings made in a range: lead time, length of stay, cancellation rate, source', async () => {
    const march = await statisticsDashboard(db, { now: NOW, from: '2040-03-01', to: '2040-03-15' });
    // B, C, D, E made in the range; C cancelled. Kept: B (lead 0, 2 nights), D (0, 1), E (5, 3).
    expect(march.range).toEqual({
      from: '2040-03-01',
      to: '2040-03-15',
      bookings: 4,
      cancelled: 1,
      cancellationRate: 0.25,
      leadTimeDays: 5 / 3,
      averageLengthOfStay: 2,
      sources: [
        { source: 'guest_form', count: 0 },
        { source: 'quick', count: 1 },
        { source: 'desk', count: 1 },
        { source: 'assistant', count: 1 },
        { source: 'points', count: 1 },
        { source: 'channel', count: 0 },
      ],
    });
  });

  it('counts a booking an OTA sold under its own source, not the guest booking form', async () => {
    await env.DB.prepare(
      `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date, check_out_date,
        room_type, status, total_price, booking_type, source, channel_booking_id, channel_reference, payment_collect,
        created_at, updated_at)
       values ('fx-ota', 'OTA Guest', '95999999', '', '2040-04-20', '2040-04-22', 'gold', 'confirmed', 30400,
        'channel', 'booking.com', 'chx-fx-ota', 'BDC-40', 'ota', ?, ?)`,
    )
      .bind(muscat('2040-04-05T11:00:00'), muscat('2040-04-05T11:00:00'))
      .run();
    const april = await statisticsDashboard(db, { now: NOW, from: '2040-04-01', to: '2040-04-10' });
    expect(april.range.bookings).toBe(1);
    expect(april.range.sources).toContainEqual({ source: 'channel', count: 1 });
    expect(april.range.sources).toContainEqual({ source: 'guest_form', count: 0 });
  });
});

describe('the series', () => {
  it('the last 30 days: bookings made, revenue of the night, site visits', () => {
    expect(after.daySeries).toHaveLength(30);
    expect(after.daySeries[0]!.date).toBe('2040-02-15');
    const day = (date: string) => after.daySeries.find((d) => d.date === date);
    expect(day('2040-02-28')).toEqual({ date: '2040-02-28', bookings: 0, revenue: 12_600, siteVisits: 0 });
    expect(day('2040-02-29')).toMatchObject({ revenue: 12_600 });
    expect(day('2040-03-01')).toMatchObject({ revenue: 12_600 });
    expect(day('2040-03-02')).toMatchObject({ revenue: 0 });
    expect(day('2040-03-14')).toEqual({ date: '2040-03-14', bookings: 1, revenue: 15_200, siteVisits: 1 });
    expect(day('2040-03-15')).toEqual({ date: '2040-03-15', bookings: 3, revenue: 15_200, siteVisits: 2 });
    expect(after.daySeries.reduce((s, d) => s + d.revenue, 0)).toBe(68_200);
  });

  it('occupancy for tonight and the next 29 nights', () => {
    expect(after.occupancySeries).toHaveLength(30);
    expect(after.occupancySeries[0]).toEqual({
      date: '2040-03-15',
      soldRoomNights: 2,
      roomsForSale: rooms,
      occupancy: 2 / rooms,
    });
    // E is pending: its nights (20-22 March) are not sold.
    expect(after.occupancySeries.find((n) => n.date === '2040-03-20')).toMatchObject({ soldRoomNights: 0 });
  });
});

describe('rooms out of order', () => {
  it('take their nights off the rooms available: occupancy and RevPAR of a period, the series', async () => {
    const room = (await env.DB.prepare('select id from hotel_rooms order by id limit 1').first<{
      id: number;
    }>())!;
    // Out of order for the nights of 10 and 11 April 2040 (back in service on the 12th).
    await env.DB.prepare(
      `insert into room_blocks (room_id, from_date, to_date, reason, created_at, updated_at)
       values (?, '2040-04-10', '2040-04-12', 'Leak', 0, 0)`,
    )
      .bind(room.id)
      .run();
    const april = await statisticsDashboard(db, {
      now: new Date('2040-04-10T06:00:00Z'),
      from: '2040-04-01',
      to: '2040-04-30',
    });
    expect(april.kpis.today).toMatchObject({ availableRoomNights: rooms - 1, occupancy: 0 });
    expect(april.kpis.month.availableRoomNights).toBe(rooms * 30 - 2);
    expect(april.kpis.range.availableRoomNights).toBe(rooms * 30 - 2);
    expect(april.occupancySeries.slice(0, 3).map((n) => n.roomsForSale)).toEqual([
      rooms - 1,
      rooms - 1,
      rooms,
    ]);
    // A period that only touches the block's first night, and one that ends before it.
    const one = await statisticsDashboard(db, { now: NOW, from: '2040-04-05', to: '2040-04-10' });
    expect(one.kpis.range.availableRoomNights).toBe(rooms * 6 - 1);
    const none = await statisticsDashboard(db, { now: NOW, from: '2040-04-01', to: '2040-04-09' });
    expect(none.kpis.range.availableRoomNights).toBe(rooms * 9);
    await env.DB.prepare("delete from room_blocks where reason = 'Leak' and from_date = '2040-04-10'").run();
  });
});

describe('site visits', () => {
  it('one row per device per day, no address kept', async () => {
    const rows = await env.DB.prepare(
      `select visit_date, visitor_hash, ip_address, user_agent from site_visits where visit_date >= '2040-01-01' order by visit_date`,
    ).all<{ visit_date: string; visitor_hash: string; ip_address: null; user_agent: null }>();
    expect(rows.results.map((r) => r.visit_date)).toEqual(['2040-03-14', '2040-03-15', '2040-03-15']);
    for (const r of rows.results) {
      expect(r).toMatchObject({ ip_address: null, user_agent: null });
      expect(r.visitor_hash).toMatch(/^[0-9a-f]{32}$/);
    }
    // The same device on two days is not linkable: the hashes differ.
    expect(new Set(rows.results.map((r) => r.visitor_hash)).size).toBe(3);
  });

  it('a guest page load counts once a day; staff, bots, API calls and files do not', async () => {
    const today = async () =>
      (await env.DB.prepare(`select count(*) as n from site_visits where visit_date = ?`)
        .bind(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Muscat' }).format(new Date()))
        .first<{ n: number }>())!.n;
    const page = (path: string, headers: Record<string, string>, cookie?: string) =>
      call(path, { headers: { 'sec-fetch-dest': 'document', accept: 'text/html', ...headers }, cookie });
    const waitFor = async (n: number) => {
      // Counted after the answer (waitUntil): up to 10 s on a busy machine.
      for (const end = Date.now() + 10_000; Date.now() < end && (await today()) !== n;)
        await new Promise((r) => setTimeout(r, 20));
      return today();
    };
    const start = await today();
    const phone = { 'user-agent': 'Mozilla/5.0 (iPhone) Safari', 'cf-connecting-ip': '10.9.9.1' };
    // (The built app may be absent in tests; the visit is counted from the request alone.)
    await page('/', phone);
    expect(await waitFor(start + 1)).toBe(start + 1);
    await page('/rooms', phone);
    await page('/?lang=en', phone);
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const admin = await logIn('admin@example.com', 'change-me-admin');
    await page('/', { ...phone, 'cf-connecting-ip': '10.9.9.2' }, staff.cookie);
    await page('/', { ...phone, 'cf-connecting-ip': '10.9.9.3' }, admin.cookie);
    await page('/', { 'user-agent': 'Googlebot/2.1', 'cf-connecting-ip': '10.9.9.4' });
    await page('/', { 'user-agent': 'Mozilla/5.0 HeadlessChrome/140', 'cf-connecting-ip': '10.9.9.5' });
    await call('/api/rooms', { headers: { ...phone, 'cf-connecting-ip': '10.9.9.6' } });
    await page('/manifest.webmanifest', { ...phone, 'cf-connecting-ip': '10.9.9.7' });
    // A second device (another address) counts.
    await page('/', { ...phone, 'cf-connecting-ip': '10.9.9.8' });
    expect(await waitFor(start + 2)).toBe(start + 2);
    await new Promise((r) => setTimeout(r, 200));
    expect(await today()).toBe(start + 2);
  });
});
