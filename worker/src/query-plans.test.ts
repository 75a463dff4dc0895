import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { day } from '@worker-test/builders';
import {
  expectNoFullScans,
  fullScans,
  planOf,
  planReads,
  signInForPlans,
  through,
  type Recorded,
} from '@worker-test/query-plans';

/**
 * Costs that do not grow with history (docs/decisions/026): every routine call of a guest, a
 * staff tablet or an admin (the calls of `npm run bench:rows`) goes through the app with a D1
 * binding that records each statement it prepares; each statement's EXPLAIN QUERY PLAN, with
 * the values it was bound to, must not scan a table that grows with history: no `SCAN <table>`
 * without an index, and no scan of such a table along an index unless the statement stops at a
 * LIMIT (a page, newest first). Exports and the nightly integrity check read everything on
 * purpose and are not here.
 *
 * The calls that change things (an erasure, rate edits, a booking by chat, an undo, the folio's
 * postings, a staff edit) are query-plans-changes.test.ts; the check itself is
 * worker/test/query-plans.ts.
 */

let guestEmail: string;
let profileId: number;

beforeAll(async () => {
  const guest = await signInForPlans();
  guestEmail = guest.email;
  const profile = await env.DB.prepare(
    "insert into guest_profiles (full_name, phone, name_key) values ('Plan Profile', '99887766', 'plan profile') returning id",
  ).first<{ id: number }>();
  profileId = profile!.id;
  // A history import to read (its refused lines by import, a page).
  await env.DB.prepare(
    "insert into revenue_imports (id, file_key, file_name, file_bytes, columns) values (1, 'revenue-history/plan.csv', 'plan.csv', 1, '{}')",
  ).run();
  const gate = await through('/api/admin/statistics/access', 'admin', {
    method: 'POST',
    body: JSON.stringify({ password: 'change-me-stats' }),
  });
  expect(gate.status).toBe(200);
});

const window = () => `from=${day(3)}&to=${day(10)}`;
const window62 = () => `from=${day(1)}&to=${day(63)}`;
const CALLS: [string, () => string, 'guest' | 'staff' | 'admin' | null][] = [
  ['rooms', () => '/api/rooms', null],
  ['offers', () => '/api/offers', null],
  ['services', () => '/api/services', null],
  ['vip cards', () => '/api/vip-cards', null],
  ['site settings', () => '/api/site-settings', null],
  ['room inventory tonight', () => '/api/room-inventory', null],
  ['room inventory, a window', () => `/api/room-inventory?${window()}`, null],
  ['bed inventory, a window', () => `/api/room-bed-inventory?${window()}`, null],
  ['smoking inventory, a window', () => `/api/room-smoking-inventory?${window()}`, null],
  ['availability calendar, two months', () => `/api/availability?roomType=gold&${window62()}`, null],
  ['public reviews', () => '/api/reviews', null],
  ['my bookings', () => '/api/booking-submissions', 'guest'],
  ['my notifications', () => '/api/notifications/mine', 'guest'],
  ['my notifications, the next page', () => `/api/notifications/mine?cursor=${Date.now()}_999999`, 'guest'],
  ['my unread notifications', () => '/api/notifications/mine/unread', 'guest'],
  ['staff alerts', () => '/api/notifications/staff', 'staff'],
  ['staff alerts, the next page', () => `/api/notifications/staff?cursor=${Date.now()}_999999`, 'staff'],
  ['staff unread alerts (the badge)', () => '/api/notifications/staff/unread', 'staff'],
  ['my points', () => `/api/user-points/${encodeURIComponent(guestEmail)}`, 'guest'],
  // A guest's own data (docs/decisions/043): everything of one account, found through indexes.
  ['my data, the export', () => '/api/account/export', 'guest'],
  ['staff booking list', () => '/api/booking-submissions', 'staff'],
  ['the desk, pending, a page', () => '/api/booking-submissions?status=pending&limit=25', 'staff'],
  [
    'the desk, active, the next page',
    () => `/api/booking-submissions?status=approved,confirmed&limit=25&cursor=${Date.now()}_999999`,
    'staff',
  ],
  ['the desk, counts per status', () => '/api/booking-submissions/counts', 'staff'],
  ['the desk search, a name', () => '/api/booking-submissions?q=Salim', 'staff'],
  [
    'the desk search, a phone',
    () => `/api/booking-submissions?q=${encodeURIComponent('+968 9123')}`,
    'staff',
  ],
  ['the front desk, today', () => '/api/front-desk', 'staff'],
  ['events management overview', () => '/api/event-settings/overview', 'staff'],
  ['photography entries', () => '/api/photography-submissions', 'staff'],
  ['google review entries', () => '/api/google-review-submissions', 'staff'],
  ['location sharing entries', () => '/api/location-sharing-submissions', 'staff'],
  ['review moderation', () => '/api/admin/reviews', 'staff'],
  ['the housekeeping board', () => '/api/admin/housekeeping', 'staff'],
  // Housekeeping's tasks of a day (the board's every task, the housekeepers by their index).
  ['housekeeping tasks, today', () => `/api/housekeeping/tasks?date=${day(0)}`, 'staff'],
  // The open business day's (no date: the last closed day read first, its primary key).
  ['housekeeping tasks, the open day', () => '/api/housekeeping/tasks', 'staff'],
  // The guests' in-stay requests, open ones and today's finished ones.
  ['in-stay requests, the staff queue', () => '/api/admin/stay-requests', 'staff'],
  // Guest profiles: a prefix of the name, phone, e-mail or document along their indexes.
  ['guest search, a name', () => '/api/admin/guests?q=Salim', 'staff'],
  ['guest search, a phone', () => `/api/admin/guests?q=${encodeURIComponent('9988')}`, 'staff'],
  ['guest search, an e-mail', () => `/api/admin/guests?q=${encodeURIComponent('salim@ex')}`, 'staff'],
  ['guest search, an Arabic name', () => `/api/admin/guests?q=${encodeURIComponent('أحمد')}`, 'staff'],
  ['guest search, two letters', () => `/api/admin/guests?q=${encodeURIComponent('Sa')}`, 'staff'],
  ['a guest profile and its stays', () => `/api/admin/guests/${profileId}`, 'staff'],
  ['the registration list, today', () => `/api/admin/registrations?date=${day(0)}`, 'staff'],
  ['the registration list, CSV', () => `/api/admin/registrations?date=${day(0)}&format=csv`, 'staff'],
  // The police registrations (docs/decisions/093): a day's and the unsent along their indexes.
  ['the registrations incomplete', () => `/api/admin/registrations?date=${day(0)}&state=incomplete`, 'staff'],
  ["the day's police file", () => `/api/admin/registrations/export?date=${day(0)}`, 'staff'],
  [
    'the tourism return, last month',
    () => `/api/admin/reports/tourism-return?month=${day(-31).slice(0, 7)}`,
    'admin',
  ],
  [
    'the tourism return, CSV',
    () => `/api/admin/reports/tourism-return?month=${day(0).slice(0, 7)}&format=csv`,
    'admin',
  ],
  ["a guest's own profile", () => '/api/account/guest-profile', 'guest'],
  ['statistics, today', () => `/api/statistics/dashboard?from=${day(0)}&to=${day(0)}`, 'admin'],
  [
    'statistics, this month',
    () => `/api/statistics/dashboard?from=${day(0).slice(0, 7)}-01&to=${day(0)}`,
    'admin',
  ],
  ['statistics, 30 days', () => `/api/statistics/dashboard?from=${day(-29)}&to=${day(0)}`, 'admin'],
  ['statistics, a year', () => `/api/statistics/dashboard?from=${day(-365)}&to=${day(0)}`, 'admin'],
  // The day close: a day's figures from that day's lines, the stays in house, the accounts.
  ['the day close, yesterday', () => `/api/admin/day-close/${day(-1)}`, 'admin'],
  ['the day close, today so far', () => `/api/admin/day-close/${day(0)}`, 'admin'],
  // The flash (the close's report and the day's movements along date indexes) and production (the
  // period's folio lines along the business-date index, each booking by key; cancellations along check-in).
  ['the flash report, yesterday', () => `/api/admin/reports/flash?date=${day(-1)}`, 'admin'],
  ['the flash report, today so far', () => `/api/admin/reports/flash?date=${day(0)}&format=csv`, 'admin'],
  ...(['company', 'travelAgent', 'source', 'segment', 'nationality', 'roomType'] as const).map(
    (by): [string, () => string, 'admin'] => [
      `production by ${by}, 30 days`,
      () => `/api/admin/reports/production?from=${day(-30)}&to=${day(-1)}&by=${by}`,
      'admin',
    ],
  ),
  ['company accounts', () => '/api/admin/city-ledger', 'staff'],
  // Revenue (docs/decisions/094): the nights' curves along their primary key, the calendar's year,
  // the imports and an import's refused lines (by import, a page).
  ['the forecast, 90 nights', () => `/api/admin/revenue/forecast?from=${day(0)}&to=${day(89)}`, 'admin'],
  [
    'the forecast as of a past day, a year',
    () => `/api/admin/revenue/forecast?from=${day(-30)}&to=${day(334)}&asOf=${day(-30)}`,
    'admin',
  ],
  ['the backtest, 30 days', () => `/api/admin/revenue/backtest?from=${day(-30)}&to=${day(-1)}`, 'admin'],
  ['the events of a year', () => `/api/admin/revenue/events?year=${day(0).slice(0, 4)}`, 'admin'],
  ['the history imports', () => '/api/admin/revenue/history', 'admin'],
  ['a history import', () => '/api/admin/revenue/history/1', 'admin'],
  // The extras (decision 101): the requests waiting for the desk, the offers report of a month.
  ['extras requests waiting', () => '/api/admin/extra-purchases', 'staff'],
  ['the offers report, 30 days', () => `/api/admin/reports/extras?from=${day(-30)}&to=${day(0)}`, 'admin'],
  // The price suggestions (docs/decisions/101): the forecast's reads, the rate calendar's window,
  // the window's locks and applied suggestions along their keys, the latest autopilot runs.
  [
    'the price suggestions, 90 nights',
    () => `/api/admin/revenue/suggestions?from=${day(0)}&to=${day(89)}`,
    'admin',
  ],
  ['the price settings', () => '/api/admin/revenue/settings', 'admin'],
];

describe('the routine calls read growing tables by index only', () => {
  it.each(CALLS)('%s', async (_name, path, who) => {
    const log: Recorded[] = [];
    const res = await through(path(), who, {}, log);
    expect(res.status).toBe(200);
    await expectNoFullScans(log);
  });

  it('an idle poll reads the change counter only', async () => {
    const first = await through('/api/booking-submissions', 'staff');
    const log: Recorded[] = [];
    const idle = await through(
      '/api/booking-submissions',
      'staff',
      { headers: { 'if-none-match': first.headers.get('etag') ?? '' } },
      log,
    );
    expect(idle.status).toBe(304);
    await expectNoFullScans(log);
  });

  it.each([
    ['a window', `from=${day(-400)}&to=${day(-380)}`],
    ['approved stays in a window', `status=approved,confirmed&from=${day(3)}&to=${day(10)}&limit=25`],
  ])('the desk, %s: read along the stay dates, not the whole creation index', async (_name, query) => {
    // A page of a window far back used to walk the creation (or status) index from the newest
    // booking down and skip every stay outside the window, reading the whole history.
    const log: Recorded[] = [];
    const res = await through(`/api/booking-submissions?${query}`, 'staff', {}, log);
    expect(res.status).toBe(200);
    const list = log.find((s) => /from "booking_submissions"/.test(s.sql) && /check_in_date/.test(s.sql))!;
    const reads = await planReads(list, /booking_submissions/);
    expect(reads).toEqual([
      expect.stringMatching(
        /^SEARCH booking_submissions USING INDEX booking_submissions_check_in_idx \(check_in_date>\? AND check_in_date<\?\)$/,
      ),
    ]);
  });

  it('the desk search finds the bookings through the full-text index, then each by its id', async () => {
    const log: Recorded[] = [];
    const res = await through(
      `/api/booking-submissions?q=${encodeURIComponent('Salim 9123')}`,
      'staff',
      {},
      log,
    );
    expect(res.status).toBe(200);
    const list = log.find((s) => /from "booking_submissions"/.test(s.sql) && /booking_search/.test(s.sql))!;
    const reads = await planReads(list, /booking_submissions|booking_search/);
    expect(reads).toEqual([
      expect.stringMatching(/^SEARCH booking_submissions USING INTEGER PRIMARY KEY \(rowid=\?\)$/),
      expect.stringMatching(/^SCAN booking_search VIRTUAL TABLE INDEX 0:M/),
    ]);
  });

  it.each([
    ['a family name', 'Harthy'],
    ['a part of a phone', '8877'],
    ['a part of a document number', 'A 1234'],
  ])(
    'the guest search finds %s through the full-text index, a page of the newest, then each profile by its id',
    async (_name, q) => {
      const log: Recorded[] = [];
      const res = await through(`/api/admin/guests?q=${encodeURIComponent(q)}`, 'staff', {}, log);
      expect(res.status).toBe(200);
      const list = log.find((s) => /from "guest_profiles"/.test(s.sql) && /guest_search/.test(s.sql))!;
      expect(list.sql).toMatch(/match \? order by rowid desc limit \?/);
      const reads = await planReads(list, /guest_profiles|guest_search|booking_submissions/);
      expect(reads).toEqual([
        expect.stringMatching(/^SEARCH guest_profiles USING INTEGER PRIMARY KEY \(rowid=\?\)$/),
        // 192: FTS5 gives the matches in its own order, rowid descending (no sort of them all).
        expect.stringMatching(/^SCAN guest_search VIRTUAL TABLE INDEX 192:M/),
        // Each profile's stays counted along the profile's index.
        expect.stringMatching(
          /^SEARCH booking_submissions USING INDEX booking_submissions_profile_id_idx \(profile_id=\?\)$/,
        ),
      ]);
    },
  );

  it('the availability calendar counts the holds of its window along the room type and night index', async () => {
    const log: Recorded[] = [];
    const res = await through(`/api/availability?roomType=diamond&${window62()}`, null, {}, log);
    expect(res.status).toBe(200);
    // The stays' holds, as bookings' holds port writes them inside the inventory's statement.
    const holds = log.filter((s) => /from booking_nights bn/.test(s.sql));
    expect(holds).toHaveLength(1);
    expect(await planReads(holds[0]!, /\b(bn|booking_nights)\b/)).toEqual([
      expect.stringMatching(
        /^SEARCH bn USING (COVERING )?INDEX booking_nights_room_type_night_idx \(room_type=\? AND night>\? AND night<\?\)$/,
      ),
    ]);
  });

  it('the quote, the calendar and the public pages’ prices read rate nights along the primary key', async () => {
    const log: Recorded[] = [];
    const stay = `checkInDate=${day(40)}&checkOutDate=${day(43)}`;
    expect(
      (await through(`/api/quote?roomType=gold&ratePlan=non_refundable&${stay}`, null, {}, log)).status,
    ).toBe(200);
    expect(
      (
        await through(
          `/api/availability?roomType=gold&${window62()}&ratePlan=bed_and_breakfast`,
          null,
          {},
          log,
        )
      ).status,
    ).toBe(200);
    const reads = log.filter((s) => /from "rate_nights"/.test(s.sql));
    expect(reads.length).toBeGreaterThanOrEqual(2);
    for (const read of reads) {
      expect(await planReads(read, /rate_nights/)).toEqual([
        expect.stringMatching(
          /^SEARCH rate_nights USING PRIMARY KEY \(rate_plan=\? AND room_type=\? AND night>\? AND night<\?\)$/,
        ),
      ]);
    }
  });

  it("the housekeeping board reads the day's room nights along the night index, in one round trip", async () => {
    const log: Recorded[] = [];
    const res = await through(`/api/admin/housekeeping?date=${day(2)}`, 'staff', {}, log);
    expect(res.status).toBe(200);
    const nights = log.filter((s) => /from "room_nights"/.test(s.sql));
    expect(nights).toHaveLength(1);
    expect(await planOf(nights[0]!)).toEqual([
      expect.stringMatching(/^SEARCH room_nights USING INDEX room_nights_night_idx \(night=\?\)$/),
      expect.stringMatching(/^SEARCH room_blocks USING INTEGER PRIMARY KEY \(rowid=\?\)( LEFT-JOIN)?$/),
      expect.stringMatching(
        /^SEARCH booking_submissions USING INTEGER PRIMARY KEY \(rowid=\?\)( LEFT-JOIN)?$/,
      ),
    ]);
    // The rooms and their nights, two statements of one batch, after the session and the change
    // counters (drizzle's batch prepares a statement twice: counted once).
    const reads = new Set(
      log.map((s) => s.sql).filter((sql) => /from "(hotel_rooms|room_nights)"/.test(sql)),
    );
    expect(reads.size).toBe(2);
  });

  it.each([
    ['today', 0],
    ['a later day', 2],
    ['an earlier day', -2],
  ])(
    "the front desk's day, %s: each list along an index whose rows do not grow with history",
    async (_name, offset) => {
      const log: Recorded[] = [];
      const res = await through(`/api/front-desk?date=${day(offset)}`, 'staff', {}, log);
      expect(res.status).toBe(200);
      const lists = log.filter((s) => /"desk_room_number"/.test(s.sql));
      expect(lists).toHaveLength(6);
      const reads = [];
      for (const list of lists) {
        reads.push(await planReads(list, /booking_submissions|hotel_rooms/));
      }
      // Each guest's earlier stays are counted along the profile's index (rows of that guest only).
      const earlierStays = expect.stringMatching(
        /^SEARCH earlier USING INDEX booking_submissions_profile_id_idx \(profile_id=\?\)$/,
      );
      // The stay's room (its number and its status, the inventory's) by its primary key.
      const byKey = expect.stringMatching(/^SEARCH hotel_rooms USING INTEGER PRIMARY KEY \(rowid=\?\)$/);
      const room = [byKey, byKey];
      const along = (index: RegExp) => [expect.stringMatching(index), ...room, earlierStays];
      expect(reads).toEqual([
        // The day's arrivals, today's late ones (booked, not arrived), and its departures.
        along(
          /^SEARCH booking_submissions USING INDEX booking_submissions_check_in_idx \(check_in_date=\?\)$/,
        ),
        [
          expect.stringMatching(/^SEARCH booking_submissions USING INTEGER PRIMARY KEY \(rowid=\?\)$/),
          expect.stringMatching(
            /^SEARCH l USING INDEX booking_submissions_unarrived_idx \(check_in_date>\? AND check_in_date<\?\)$/,
          ),
          ...room,
          earlierStays,
        ],
        along(
          /^SEARCH booking_submissions USING INDEX booking_submissions_check_out_idx \(check_out_date=\? AND status=\?\)$/,
        ),
        // Today: the guests in house now (at most the hotel's rooms); another day: that night's stays.
        offset === 0
          ? along(
              /^SEARCH booking_submissions USING INDEX booking_submissions_in_house_idx \(check_in_date<\?\)$/,
            )
          : along(
              /^SEARCH booking_submissions USING INDEX booking_submissions_check_in_idx \(check_in_date>\? AND check_in_date<\?\)$/,
            ),
        // The check-outs of the day, along their time.
        along(
          /^SEARCH booking_submissions USING INDEX booking_submissions_checked_out_at_idx \(checked_out_at>\? AND checked_out_at<\?\)$/,
        ),
        // The OTA bookings still to place: flagged and open only, then each by its id.
        [
          expect.stringMatching(/^SEARCH booking_submissions USING INTEGER PRIMARY KEY \(rowid=\?\)$/),
          expect.stringMatching(/^SCAN f USING INDEX booking_submissions_channel_flag_idx$/),
          ...room,
          earlierStays,
        ],
      ]);
    },
  );

  it('the police registrations and the tourism return search their aliased tables along indexes', async () => {
    // Their SQL names the tables by alias (SQLite's plan then says `SCAN s`), and the day's list
    // stops at a cap, not at a page: no table of theirs is scanned at all, even along an index,
    // limit or not (docs/decisions/093).
    const scanned = /^SCAN (s|g|b|p|u|stay_registrations|day_close_guest_nights|day_closes)\b/;
    const calls: [string, 'staff' | 'admin'][] = [
      [`/api/admin/registrations?date=${day(0)}`, 'staff'],
      [`/api/admin/registrations/export?date=${day(0)}`, 'staff'],
      [`/api/admin/reports/tourism-return?month=${day(0).slice(0, 7)}`, 'admin'],
    ];
    for (const [path, who] of calls) {
      const log: Recorded[] = [];
      expect((await through(path, who, {}, log)).status).toBe(200);
      const ours = log.filter((st) => /stay_registrations|day_close_guest_nights|day_closes/.test(st.sql));
      expect(ours.length, path).toBeGreaterThan(0);
      for (const statement of ours) {
        const plan = await planOf(statement);
        expect(
          plan.filter((line) => scanned.test(line)),
          plan.join(' | '),
        ).toEqual([]);
      }
    }
  });

  it('the check finds a full scan when an index it relies on is gone', async () => {
    const statement = {
      sql: `select id from photography_submissions order by submission_date desc, id desc limit ?`,
      params: [500],
    };
    expect(await fullScans(statement)).toEqual([]);
    await env.DB.prepare(`drop index photography_submissions_submission_date_idx`).run();
    expect(await fullScans(statement)).toEqual(['SCAN photography_submissions']);
  });
});
