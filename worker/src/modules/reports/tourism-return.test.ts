import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import type { DayCloseReport } from '@shared/day-close';
import { NATIONALITY_GROUPS, nationalityGroup, type TourismReturn } from '@shared/registration-schemas';
import { hotelInstant } from '@shared/stay-policy';
import { closedDay, json, roomIdOf, rows, SEEDED, uniquePhone } from '@worker-test/builders';
import { call, logIn } from '@worker-test/helpers';
import { patchGuest, profileIdOf } from '@worker-test/guest-profiles';
import { tourismIntegrityChecks } from './tourism';

/**
 * The monthly tourism return (docs/decisions/093): after two days closed with stays of Omani,
 * GCC, European and unknown guests (one of them a corporate stay), the return of each month those
 * days fall in adds up to the closes' rooms sold, rooms for sale and room revenue; every guest
 * night is in exactly one nationality group (or the unknown line), counted here again from the
 * posted room nights; the unknown guest is listed, and completing them while the month is open
 * moves them into their group; a known guest changed afterwards changes nothing; the CSV; who may
 * read it; bad months.
 */

const db = drizzle(env.DB);
const T = hotelToday();
const days = [addDays(T, -2), addDays(T, -1)];
const monthOf = (d: string) => d.slice(0, 7);
let manager: string;
const stays: Record<string, number> = {};

/** A stay checked in from `from` days ago for `nights`, with its nightly prices, its own guest. */
async function stay(room: string, opts: { guests: number; segment?: string; name: string }) {
  const checkIn = addDays(T, -2);
  const nights = 3;
  const prices = new Array<number>(nights).fill(25_000);
  const row = await env.DB.prepare(
    `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date, check_out_date,
       room_type, status, room_id, checked_in_at, total_price, night_prices, number_of_guests, adults, children, segment)
     values (?, ?, ?, 'A1234567', ?, ?, 'silver', 'approved', ?, ?, ?, ?, ?, ?, 0, ?) returning id`,
  )
    .bind(
      `TR${crypto.randomUUID().slice(0, 6).toUpperCase()}`,
      opts.name,
      uniquePhone(),
      checkIn,
      addDays(checkIn, nights),
      await roomIdOf(room),
      hotelInstant(checkIn, '14:00').getTime(),
      prices.reduce((a, b) => a + b, 0),
      JSON.stringify(prices),
      opts.guests,
      opts.guests,
      opts.segment ?? null,
    )
    .first<{ id: number }>();
  return row!.id;
}

const tourism = async (month: string, cookie = manager, format = '') =>
  call(`/api/admin/reports/tourism-return?month=${month}${format}`, { cookie, lang: 'en' });

beforeAll(async () => {
  manager = (await logIn(SEEDED.manager.email, SEEDED.manager.password)).cookie;
  stays.omani = await stay('301', { guests: 2, name: 'Omani Family' });
  stays.gcc = await stay('302', { guests: 1, segment: 'corporate', name: 'Kuwaiti Guest' });
  stays.european = await stay('303', { guests: 3, name: 'German Group' });
  stays.unknown = await stay('304', { guests: 1, name: 'Unknown Guest' });
  // An Omani guest with an Indian companion recorded by the desk: each in their own group.
  stays.mixed = await stay('305', { guests: 2, name: 'Mixed Couple' });
  const companion = await call(`/api/admin/registrations/${stays.mixed}/companions`, {
    method: 'PUT',
    cookie: manager,
    json: {
      companions: [
        {
          fullName: 'Indian Companion',
          nationality: 'IN',
          documentType: 'passport',
          documentNumber: 'M1234567',
          dateOfBirth: '1990-01-01',
        },
      ],
    },
  });
  expect(companion.status).toBe(200);
  for (const [key, nationality] of [
    ['omani', 'OM'],
    ['gcc', 'KW'],
    ['european', 'DE'],
    ['mixed', 'OM'],
  ] as const) {
    const res = await patchGuest(await profileIdOf(stays[key]!), { nationality });
    expect(res.status).toBe(200);
  }
  for (const date of days) await closedDay(date, manager);
});

describe('the monthly tourism return', () => {
  it("adds up to the day closes' rooms and revenue, with every guest night in exactly one group", async () => {
    const reports = await Promise.all(
      days.map(async (d) =>
        json<DayCloseReport>(await call(`/api/admin/day-close/${d}`, { cookie: manager })),
      ),
    );
    for (const month of new Set(days.map(monthOf))) {
      const res = await tourism(month);
      expect(res.status).toBe(200);
      const r = await json<TourismReturn>(res);
      const closed = reports.filter((c) => monthOf(c.date) === month);
      expect(r.month).toBe(month);
      expect(r.closedDays).toBe(closed.length);
      expect(r.roomsSold).toBe(closed.reduce((a, c) => a + c.roomsSold, 0));
      expect(r.roomsAvailable).toBe(closed.reduce((a, c) => a + c.roomsForSale, 0));
      expect(r.roomRevenueBaisa).toBe(closed.reduce((a, c) => a + (c.revenueBaisa.room ?? 0), 0));
      expect(r.roomsSold).toBeGreaterThan(0);
      expect(r.occupancy).toBeCloseTo(r.roomsSold / r.roomsAvailable, 10);

      // Counted again from the posted room nights of the closed days and each guest's nationality
      // (the companions recorded under their own, the stay's other guests under the lead guest's).
      const companions = await rows<{ booking: number; nationality: string | null }>(
        `select booking_id as booking, nationality from stay_companions where booking_id in (${Object.values(stays).join(',')})`,
      );
      const lines = await rows<{
        booking: number;
        guests: number;
        nationality: string | null;
        first: number;
      }>(
        `select l.booking_id as booking, b.number_of_guests as guests, p.nationality as nationality,
           (l.night = b.check_in_date) as first
         from folio_lines l join booking_submissions b on b.id = l.booking_id
         left join guest_profiles p on p.id = b.profile_id
         where l.business_date >= ? and l.business_date <= ? and l.kind = 'charge' and l.night is not null`,
        `${month}-01`,
        `${month}-31`,
      );
      expect(lines.length).toBe(r.roomsSold);
      const expected = new Map<string, { arrivals: number; guestNights: number }>();
      const count = (nationality: string | null, guests: number, first: number) => {
        const key = nationalityGroup(nationality) ?? 'unknown';
        const e = expected.get(key) ?? { arrivals: 0, guestNights: 0 };
        e.guestNights += guests;
        if (first) e.arrivals += guests;
        expected.set(key, e);
      };
      for (const l of lines) {
        const own = companions.filter((c) => c.booking === l.booking).slice(0, l.guests - 1);
        count(l.nationality, l.guests - own.length, l.first);
        for (const c of own) count(c.nationality, 1, l.first);
      }
      for (const g of r.groups)
        expect(g, g.group).toMatchObject(expected.get(g.group) ?? { arrivals: 0, guestNights: 0 });
      expect(r.unknown).toEqual(expected.get('unknown') ?? { arrivals: 0, guestNights: 0 });
      const inGroups = r.groups.reduce((a, g) => a + g.guestNights, 0) + r.unknown.guestNights;
      expect(inGroups).toBe(r.guestNights);
      expect(r.guestNights).toBe(lines.reduce((a, l) => a + l.guests, 0));
      expect(r.omani.guestNights + r.nonOmani.guestNights + r.unknown.guestNights).toBe(r.guestNights);
      expect(r.purposes.reduce((a, p) => a + p.guestNights, 0)).toBe(r.guestNights);
      expect(r.groups.map((g) => g.group)).toEqual([...NATIONALITY_GROUPS]);
    }
    // The first night's month has each stay's arrival; the corporate stay has its purpose.
    const first = await json<TourismReturn>(await tourism(monthOf(days[0]!)));
    expect(first.groups.find((g) => g.group === 'omani')?.arrivals).toBeGreaterThanOrEqual(2);
    expect(first.purposes.find((p) => p.purpose === 'corporate')?.arrivals).toBeGreaterThanOrEqual(1);
    expect(first.unknownNationality.map((u) => u.bookingId)).toContain(stays.unknown);
    // The couple: the Omani guest under omani, the Indian companion under asian, each night.
    const stored = await rows<{ nationality: string; guestNights: number; arrivals: number }>(
      `select nationality, guest_nights as guestNights, arrivals from day_close_guest_nights where booking_id = ?
       union all
       select nationality, guest_nights, arrivals from day_close_companion_nights where booking_id = ?
       order by 1`,
      stays.mixed,
      stays.mixed,
    );
    expect(stored).toHaveLength(4);
    const byNationality = (n: string) => stored.filter((s) => s.nationality === n);
    for (const n of ['IN', 'OM']) {
      expect(
        byNationality(n).map((s) => s.guestNights),
        n,
      ).toEqual([1, 1]);
      expect(
        byNationality(n).reduce((a, s) => a + s.arrivals, 0),
        n,
      ).toBe(1);
    }
    // The nightly check finds the latest close's guest nights equal to its rooms sold.
    for (const check of tourismIntegrityChecks(50)) expect(await db.all(check.query)).toEqual([]);
  });

  it('moves a guest completed while the month is open into their group; a known one changed later changes nothing', async () => {
    const month = monthOf(days[1]!);
    const before = await json<TourismReturn>(await tourism(month));
    const unknownNights = before.unknown.guestNights;
    expect(unknownNights).toBeGreaterThan(0);
    await patchGuest(await profileIdOf(stays.unknown!), { nationality: 'IN' });
    await patchGuest(await profileIdOf(stays.european!), { nationality: 'FR' });
    await patchGuest(await profileIdOf(stays.omani!), { nationality: 'US' });
    const after = await json<TourismReturn>(await tourism(month));
    const g = (r: TourismReturn, group: string) => r.groups.find((x) => x.group === group)!.guestNights;
    // The month of yesterday is open (today is not closed): the unknown went to Asian.
    expect(after.unknown.guestNights).toBe(0);
    expect(g(after, 'asian')).toBe(g(before, 'asian') + unknownNights);
    expect(after.unknownNationality.map((u) => u.bookingId)).not.toContain(stays.unknown);
    // Known nationalities stay as the closes stored them.
    expect(g(after, 'omani')).toBe(g(before, 'omani'));
    expect(g(after, 'american')).toBe(g(before, 'american'));
    expect(after.roomsSold).toBe(before.roomsSold);
  });

  it('answers a month with nothing closed as empty and not complete, and a CSV in the language asked', async () => {
    // February of next year: the last year a return may be asked for, nothing closed in it yet.
    const year = Number(hotelToday().slice(0, 4)) + 1;
    const february = `${year}-02`;
    const length = new Date(Date.UTC(year, 2, 0)).getUTCDate();
    const empty = await json<TourismReturn>(await tourism(february));
    expect(empty).toMatchObject({
      month: february,
      days: length,
      closedDays: 0,
      complete: false,
      roomsSold: 0,
    });
    expect(empty.occupancy).toBeNull();
    const csv = await call(`/api/admin/reports/tourism-return?month=${monthOf(days[1]!)}&format=csv`, {
      cookie: manager,
      lang: 'ar',
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain(`tourism-return-${monthOf(days[1]!)}.csv`);
    const body = await csv.text();
    expect(body).toContain('ليالي النزلاء');
    expect(body).toContain('عماني');
    // Arabic-Indic digits are read as Latin ones.
    const arabic = monthOf(days[1]!).replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);
    expect((await tourism(encodeURIComponent(arabic))).status).toBe(200);
  });

  it("is the manager's and the admin's; front desk refused; bad months 400", async () => {
    const staff = (await logIn(SEEDED.staff.email, SEEDED.staff.password)).cookie;
    const admin = (await logIn(SEEDED.admin.email, SEEDED.admin.password)).cookie;
    expect((await tourism('2026-01', staff)).status).toBe(403);
    expect((await tourism('2026-01', admin)).status).toBe(200);
    for (const month of ['2026-13', '2026-1', 'march', '', '2026-01-01']) {
      const res = await tourism(month);
      expect(res.status, month).toBe(400);
    }
    expect((await tourism('2026-01', manager, '&format=pdf')).status).toBe(400);
  });

  it('refuses a month outside 2000 to next year with 400, in both languages', async () => {
    const last = `${Number(hotelToday().slice(0, 4)) + 1}-12`;
    const after = `${Number(hotelToday().slice(0, 4)) + 2}-01`;
    for (const month of ['0000-01', '1900-01', '1999-12', '9999-12', after]) {
      for (const format of ['', '&format=csv']) {
        const res = await tourism(month, manager, format);
        expect(res.status, month + format).toBe(400);
        const body = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
        expect(body.error.fields.month).toBe('Choose a month from January 2000 to December of next year');
      }
    }
    const ar = await call('/api/admin/reports/tourism-return?month=١٩٠٠-٠١', { cookie: manager, lang: 'ar' });
    expect(ar.status).toBe(400);
    expect(((await ar.json()) as { error: { fields: Record<string, string> } }).error.fields.month).toBe(
      'اختر شهرًا من يناير ٢٠٠٠ إلى ديسمبر من العام القادم',
    );
    for (const month of ['2000-01', last]) expect((await tourism(month)).status, month).toBe(200);
  });
});
