import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { addDays } from '@shared/dates';
import { recordSiteVisit } from './site-visits';
import { call, logIn, signUp } from '@worker-test/helpers';
import { day } from '@worker-test/builders';

/**
 * The rollups of migration 0020 (docs/decisions/026) are kept by triggers: after any series of
 * writes, through the API or straight in SQL, each one equals the same figure recomputed from
 * the raw rows (rows whose figures are all 0 are left out on both sides: a rollup keeps them).
 */
/**
 * Every sold night and its room revenue: the night's own price where the booking keeps one per
 * night (migration 0057), else the total divided by the nights; a points booking's nights count 0.
 */
const STAY_NIGHTS = `with recursive stay(night, i, check_out, nights, total, prices, points) as (
    select check_in_date, 0, check_out_date,
      cast(julianday(check_out_date) - julianday(check_in_date) as integer), total_price, night_prices,
      is_points_booking
    from booking_submissions where status in ('approved', 'confirmed', 'completed')
    union all select date(night, '+1 day'), i + 1, check_out, nights, total, prices, points
    from stay where date(night, '+1 day') < check_out),
  priced as (select night, i, case when points = 1 or total is null then 0
      when json_array_length(prices) = nights then json_extract(prices, '$[' || i || ']')
      else total / nights end as rate from stay)`;

const RECOMPUTED: Record<string, { actual: string; expected: string }> = {
  rollup_nights: {
    actual: `select night, room_nights, revenue from rollup_nights where room_nights != 0 or revenue != 0 order by night`,
    expected: `${STAY_NIGHTS} select night, count(*) as room_nights, sum(rate) as revenue from priced group by night order by night`,
  },
  rollup_months: {
    actual: `select month, room_nights, revenue from rollup_months where room_nights != 0 or revenue != 0 order by month`,
    expected: `${STAY_NIGHTS} select substr(night, 1, 7) as month, count(*) as room_nights, sum(rate) as revenue from priced
      group by month order by month`,
  },
  rollup_booking_days: {
    actual: `select day, source, made, cancelled, lead_days, stay_nights from rollup_booking_days
      where made != 0 or cancelled != 0 or lead_days != 0 or stay_nights != 0 order by day, source`,
    expected: `select date(created_at / 1000, 'unixepoch', '+4 hours') as day,
        case when booking_type = 'channel' then 'channel'
          when is_points_booking = 1 or booking_type = 'free_night' then 'points'
          when booking_type = 'chat_assistant' then 'assistant'
          when created_by_staff_id is not null then 'desk'
          when booking_type = 'quick_management' then 'quick'
          else 'guest_form' end as source,
        count(*) as made, sum(status = 'cancelled') as cancelled,
        coalesce(sum(case when status != 'cancelled' then
          cast(julianday(check_in_date) - julianday(date(created_at / 1000, 'unixepoch', '+4 hours')) as integer) end), 0) as lead_days,
        coalesce(sum(case when status != 'cancelled' then
          cast(julianday(check_out_date) - julianday(check_in_date) as integer) end), 0) as stay_nights
      from booking_submissions group by 1, 2 order by 1, 2`,
    // (By position: booking_submissions has a `source` column of its own, the OTA's name.)
  },
  rollup_bookings: {
    actual: `select status, room_type, bookings, revenue from rollup_bookings
      where bookings != 0 or revenue != 0 order by status, room_type`,
    expected: `select status, room_type, count(*) as bookings,
        coalesce(sum(case when is_points_booking = 0 then coalesce(total_price, 0) else 0 end), 0) as revenue
      from booking_submissions group by status, room_type order by status, room_type`,
  },
  rollup_site_visit_days: {
    actual: `select visit_date, visits from rollup_site_visit_days where visits != 0 order by visit_date`,
    expected: `select visit_date, count(*) as visits from site_visits group by visit_date order by visit_date`,
  },
  rollup_service_visits: {
    actual: `select service_name, service_category, visits from rollup_service_visits where visits != 0
      order by service_name, service_category`,
    expected: `select service_name, service_category, count(*) as visits from service_visits
      group by service_name, service_category order by service_name, service_category`,
  },
  rollup_service_visit_days: {
    actual: `select visit_date, service_name, visits from rollup_service_visit_days where visits != 0
      order by visit_date, service_name`,
    expected: `select visit_date, service_name, count(*) as visits from service_visits
      group by visit_date, service_name order by visit_date, service_name`,
  },
  rollup_reviews: {
    actual: `select status, reviews, stars from rollup_reviews where reviews != 0 or stars != 0 order by status`,
    expected: `select status, count(*) as reviews, sum(star_rating) as stars from reviews group by status order by status`,
  },
  rollup_counts: {
    actual: `select name, value from rollup_counts order by name`,
    expected: `select 'registered_users' as name, count(*) as value from users where role = 'guest' and is_verified = 1`,
  },
};

/** Each rollup as stored and as recomputed from the raw rows. */
async function compare() {
  const out: Record<string, { actual: unknown[]; expected: unknown[] }> = {};
  for (const [name, q] of Object.entries(RECOMPUTED)) {
    const [actual, expected] = await env.DB.batch([env.DB.prepare(q.actual), env.DB.prepare(q.expected)]);
    out[name] = { actual: actual!.results, expected: expected!.results };
  }
  return out;
}
async function expectConsistent() {
  for (const [name, { actual, expected }] of Object.entries(await compare())) {
    expect(actual, name).toEqual(expected);
  }
}

const stay = (i: number, nights: number, extra: Record<string, unknown> = {}) => ({
  fullName: `Rollup Guest ${i}`,
  phoneNumber: `9${String(7700000 + i)}`,
  idNumber: String(12_345_600 + i),
  checkInDate: day(200 + i * 3),
  checkOutDate: day(200 + i * 3 + nights),
  roomType: (['silver', 'gold', 'diamond', 'deluxe'] as const)[i % 4],
  bedType: 'double',
  smokingPreference: 'non_smoking',
  numberOfGuests: 1 + (i % 3),
  ...extra,
});

describe('the statistics rollups (migration 0020)', () => {
  it('start equal to the seed recomputed (the migration backfills)', async () => {
    await expectConsistent();
  });

  it('stay equal through bookings made, moved through every status, deleted and edited by hand', async () => {
    const guest = await signUp('Rollup Guest');
    const staff = (await logIn('staff@example.com', 'change-me-staff')).cookie;
    const admin = (await logIn('admin@example.com', 'change-me-admin')).cookie;
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      // Guests' requests (signed in or not) and desk bookings made by staff; the fifth arrives
      // today, to be completed (a stay is completed from its arrival day).
      const desk = i % 3 === 2;
      const res = await call('/api/booking-submissions', {
        method: 'POST',
        json: stay(i, 1 + (i % 4), {
          ...(desk
            ? { bookingType: 'quick_management', email: 'desk@example.com', deskStatus: 'pending' }
            : {}),
          ...(i === 4 ? { checkInDate: day(0), checkOutDate: day(1) } : {}),
        }),
        cookie: desk ? staff : i % 2 ? guest.cookie : undefined,
        headers: { 'cf-connecting-ip': `10.44.0.${i}` },
      });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { booking: { id: number } }).booking.id);
    }
    const patch = (id: number, status: string, cookie = staff) =>
      call(`/api/booking-submissions/${id}/status`, { method: 'PATCH', json: { status }, cookie });
    expect((await patch(ids[0]!, 'approved')).status).toBe(200);
    expect((await patch(ids[1]!, 'approved')).status).toBe(200);
    expect((await patch(ids[1]!, 'confirmed')).status).toBe(200);
    expect((await patch(ids[2]!, 'approved')).status).toBe(200);
    expect((await patch(ids[2]!, 'cancelled')).status).toBe(200);
    expect((await patch(ids[3]!, 'cancelled', guest.cookie)).status).toBe(200);
    expect((await patch(ids[4]!, 'approved')).status).toBe(200);
    expect((await patch(ids[4]!, 'confirmed')).status).toBe(200);
    const complete = await call(`/api/booking-submissions/${ids[4]}/complete`, {
      method: 'POST',
      cookie: staff,
    });
    expect(complete.status).toBe(200);
    expect((await patch(ids[5]!, 'approved')).status).toBe(200);
    const removed = await call(`/api/booking-submissions/${ids[5]}`, { method: 'DELETE', cookie: admin });
    expect(removed.status).toBe(200);
    await expectConsistent();

    // Straight in SQL: a free night in points, dates and price fixed by hand, a stay across a
    // month's end, a booking made at 23:30 in Muscat (the next day in Muscat, not in UTC).
    await env.DB.prepare(
      `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date, check_out_date,
        room_type, status, total_price, is_points_booking, points_used, booking_type, created_at, updated_at)
       values ('rollup-points', 'P', '95550001', '1', '2041-01-30', '2041-02-02', 'gold', 'approved', 39600, 1, 200,
         'free_night', ?1, ?1),
        ('rollup-late', 'L', '95550002', '1', '2041-03-30', '2041-04-02', 'silver', 'confirmed', 37801, 0, 0,
         'standard', ?2, ?2)`,
    )
      .bind(Date.parse('2041-01-01T10:00:00Z'), Date.parse('2041-03-01T19:30:00Z'))
      .run();
    await env.DB.prepare(
      `update booking_submissions set check_out_date = '2041-04-05', total_price = 60000 where reference = 'rollup-late'`,
    ).run();
    await env.DB.prepare(
      `update booking_submissions set status = 'completed' where reference = 'rollup-points'`,
    ).run();
    await env.DB.prepare(`update booking_submissions set room_type = 'diamond' where id = ?`)
      .bind(ids[1]!)
      .run();
    // A member of staff deleted under their desk booking: its source becomes what it would be
    // without them (the foreign key sets the column to null).
    const { id: temp } = (await env.DB.prepare(
      `insert into users (full_name, email, role, is_verified) values ('Temp Desk', 'temp-desk@example.com', 'staff', 1) returning id`,
    ).first<{ id: number }>())!;
    await env.DB.prepare(
      `update booking_submissions set created_by_staff_id = ? where reference = 'rollup-late'`,
    )
      .bind(temp)
      .run();
    await env.DB.prepare(`delete from users where id = ?`).bind(temp).run();
    expect(
      await env.DB.prepare(
        `select created_by_staff_id from booking_submissions where reference = 'rollup-late'`,
      ).first(),
    ).toEqual({ created_by_staff_id: null });
    await env.DB.prepare(`delete from booking_submissions where reference = 'rollup-points'`).run();
    await expectConsistent();
  });

  it('count each night at its own price where a booking keeps nightly prices', async () => {
    // A Friday (the weekend) at 20.000 and the Saturday at the room type's 12.600.
    let friday = day(320);
    while (new Date(`${friday}T00:00:00Z`).getUTCDay() !== 5) friday = addDays(friday, 1);
    const saturday = addDays(friday, 1);
    await env.DB.prepare(
      `insert into rate_nights (rate_plan, room_type, night, price_baisa) values ('standard', 'silver', ?, 20000)`,
    )
      .bind(friday)
      .run();
    const revenueOf = async (night: string) =>
      (await env.DB.prepare('select coalesce(sum(revenue), 0) as r from rollup_nights where night = ?')
        .bind(night)
        .first<{ r: number }>())!.r;
    const [beforeFriday, beforeSaturday] = [await revenueOf(friday), await revenueOf(saturday)];
    const res = await call('/api/booking-submissions', {
      method: 'POST',
      json: {
        ...stay(40, 2),
        roomType: 'silver',
        numberOfGuests: 2,
        checkInDate: friday,
        checkOutDate: addDays(friday, 2),
      },
      headers: { 'cf-connecting-ip': '10.44.1.1' },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = ((await res.json()) as { booking: { id: number } }).booking;
    const staff = (await logIn('staff@example.com', 'change-me-staff')).cookie;
    const approve = await call(`/api/booking-submissions/${id}/status`, {
      method: 'PATCH',
      json: { status: 'approved' },
      cookie: staff,
    });
    expect(approve.status).toBe(200);
    expect((await revenueOf(friday)) - beforeFriday).toBe(20_000);
    expect((await revenueOf(saturday)) - beforeSaturday).toBe(12_600);
    await expectConsistent();
  });

  it('stay equal through visits, reviews and accounts', async () => {
    const now = new Date();
    for (const [address, at] of [
      ['10.55.0.1', now],
      ['10.55.0.1', now], // the same device the same day: not counted twice
      ['10.55.0.2', now],
      ['10.55.0.1', new Date(now.getTime() - 86_400_000)],
    ] as const) {
      await recordSiteVisit(env, {
        address,
        userAgent: 'Mozilla/5.0 phone',
        sessionToken: undefined,
        now: at,
      });
    }
    for (const [ip, serviceType] of [
      ['10.56.0.1', 'restaurant'],
      ['10.56.0.1', 'restaurant'],
      ['10.56.0.1', 'spa'],
      ['10.56.0.2', 'restaurant'],
    ]) {
      const res = await call('/api/track-service-visit', {
        method: 'POST',
        json: { serviceType },
        headers: { 'cf-connecting-ip': ip!, 'user-agent': 'Mozilla/5.0 phone' },
      });
      expect(res.status).toBe(200);
    }
    await env.DB.prepare(`delete from site_visits where id = (select min(id) from site_visits)`).run();
    await env.DB.prepare(`delete from service_visits where id = (select max(id) from service_visits)`).run();

    // Reviews: written, approved, rejected, changed back, deleted.
    const staff = (await logIn('staff@example.com', 'change-me-staff')).cookie;
    const admin = (await logIn('admin@example.com', 'change-me-admin')).cookie;
    const reviewIds: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await call('/api/reviews', {
        method: 'POST',
        json: { starRating: 2 + i, overallReview: `Review ${i}` },
        headers: { 'cf-connecting-ip': `10.57.0.${i}`, 'x-device-id': crypto.randomUUID() },
      });
      expect(res.status).toBe(201);
      reviewIds.push(((await res.json()) as { id: number }).id);
    }
    const decide = (id: number, isApproved: boolean) =>
      call(`/api/admin/reviews/${id}`, { method: 'PATCH', json: { isApproved }, cookie: staff });
    expect((await decide(reviewIds[0]!, true)).status).toBe(200);
    expect((await decide(reviewIds[1]!, false)).status).toBe(200);
    expect((await decide(reviewIds[2]!, true)).status).toBe(200);
    expect((await decide(reviewIds[2]!, false)).status).toBe(200);
    expect(
      (await call(`/api/admin/reviews/${reviewIds[0]}`, { method: 'DELETE', cookie: admin })).status,
    ).toBe(200);
    // The public count and average read the rollup: the same as counted here.
    const listed = (await (await call('/api/reviews')).json()) as {
      total: number;
      averageRating: number | null;
    };
    const approved = await env.DB.prepare(
      `select count(*) as n, avg(star_rating) as a from reviews where status = 'approved'`,
    ).first<{ n: number; a: number | null }>();
    expect(listed.total).toBe(approved!.n);
    expect(listed.averageRating).toBe(approved!.a === null ? null : Math.round(approved!.a * 10) / 10);

    // Accounts: a verified guest, an unverified one verified later, a guest made staff, one removed.
    await signUp('Rollup Verified');
    await env.DB.prepare(
      `insert into users (full_name, email, role, is_verified) values ('U1', 'rollup-u1@example.com', 'guest', 0),
        ('U2', 'rollup-u2@example.com', 'guest', 1), ('U3', 'rollup-u3@example.com', 'guest', 1)`,
    ).run();
    await env.DB.prepare(`update users set is_verified = 1 where email = 'rollup-u1@example.com'`).run();
    await env.DB.prepare(`update users set role = 'staff' where email = 'rollup-u2@example.com'`).run();
    await env.DB.prepare(`delete from users where email = 'rollup-u3@example.com'`).run();
    await expectConsistent();
  });

  it('the check above notices a missing trigger (here the status-change one, dropped)', async () => {
    await env.DB.prepare(
      `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date, check_out_date,
        room_type, status, total_price) values ('rollup-drop', 'D', '95550009', '1', '2042-05-01', '2042-05-03', 'gold',
        'approved', 26400)`,
    ).run();
    await expectConsistent();
    await env.DB.prepare(`drop trigger rollup_bookings_update`).run();
    await env.DB.prepare(
      `update booking_submissions set status = 'cancelled' where reference = 'rollup-drop'`,
    ).run();
    const drifted = Object.entries(await compare())
      .filter(([, c]) => JSON.stringify(c.actual) !== JSON.stringify(c.expected))
      .map(([name]) => name);
    // Its nights stopped selling and it became a cancellation: four rollups are now wrong.
    expect(drifted).toEqual(['rollup_nights', 'rollup_months', 'rollup_booking_days', 'rollup_bookings']);
  });
});
