import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, logIn } from '@worker-test/helpers';

/**
 * The desk's search (GET /api/booking-submissions?q=) along the full-text index of migration
 * 0041: by reference, name (Arabic too), phone (any part, in any of the forms people type) and
 * e-mail, and the index follows every change of a booking, its erasure included.
 */
type Listed = { id: number; reference: string };

let staffCookie = '';
const ids: Record<string, number> = {};

async function insert(key: string, values: Record<string, string | null>) {
  const row = await env.DB.prepare(
    `insert into booking_submissions (reference, full_name, phone_number, user_email, email, id_number,
       check_in_date, check_out_date, room_type, number_of_guests, total_price, status, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, '2031-02-01', '2031-02-03', 'gold', 2, 26400, 'pending', ?, ?) returning id`,
  )
    .bind(
      values.reference,
      values.fullName,
      values.phone,
      values.userEmail ?? null,
      values.email ?? null,
      values.idNumber ?? 'SEARCH-ID',
      Date.now(),
      Date.now(),
    )
    .first<{ id: number }>();
  ids[key] = row!.id;
}

async function search(q: string): Promise<number[]> {
  const res = await call(`/api/booking-submissions?q=${encodeURIComponent(q)}`, { cookie: staffCookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as Listed[]).map((b) => b.id);
}

beforeAll(async () => {
  staffCookie = (await logIn('staff@example.com', 'change-me-staff')).cookie;
  await insert('arabic', {
    reference: 'QW7RT5K',
    fullName: 'سالم بن راشد الحارثي',
    phone: '+968 9345 6781',
    userEmail: 'salim.harthi@example.com',
    idNumber: 'OM8812345',
  });
  await insert('latin', {
    reference: 'ZX4CV6B',
    fullName: 'Fatma Al Lawati',
    phone: '0096872223334',
    email: 'Fatma.Lawati@Example.org',
  });
});

describe('the desk search', () => {
  it('finds a booking by its reference, in any case, with or without the dash', async () => {
    expect(await search('QW7RT5K')).toEqual([ids.arabic]);
    expect(await search('qw7-rt5k')).toEqual([ids.arabic]);
    expect(await search('RT5')).toContain(ids.arabic);
  });

  it('finds a booking by any part of the name, Arabic or Latin, in any case', async () => {
    expect(await search('راشد الحار')).toEqual([ids.arabic]);
    expect(await search('lawati')).toEqual([ids.latin]);
    expect(await search('FATMA AL')).toEqual([ids.latin]);
  });

  it('finds a booking by part of its phone, typed with +968, spaces or Arabic-Indic digits', async () => {
    expect(await search('93456781')).toEqual([ids.arabic]);
    expect(await search('+968 9345 6781')).toEqual([ids.arabic]);
    expect(await search('٩٣٤٥ ٦٧٨')).toEqual([ids.arabic]);
    // Stored as 00968…: kept in the one local form, so the local number finds it.
    expect(await search('7222 3334')).toEqual([ids.latin]);
    expect(await search('22333')).toEqual([ids.latin]);
  });

  it("finds a booking by the account's e-mail or the one on the form", async () => {
    expect(await search('salim.harthi@')).toEqual([ids.arabic]);
    expect(await search('fatma.lawati@example.org')).toEqual([ids.latin]);
  });

  it('finds nothing with fewer than three characters, and takes quotes and operators as text', async () => {
    expect(await search('سا')).toEqual([]);
    expect(await search('QW')).toEqual([]);
    expect(await search('"Fatma" OR *')).toEqual([]);
    expect(await search('NEAR(a b)')).toEqual([]);
  });

  it('follows a change, an anonymisation and a deletion of the booking', async () => {
    await insert('changing', { reference: 'HJ3KM8N', fullName: 'Changing Guestname', phone: '91112223' });
    expect(await search('Guestname')).toEqual([ids.changing]);
    await env.DB.prepare(`update booking_submissions set full_name = 'Renamed Visitor' where id = ?`)
      .bind(ids.changing)
      .run();
    expect(await search('Guestname')).toEqual([]);
    expect(await search('Renamed Visitor')).toEqual([ids.changing]);
    // What erasing an account does to its bookings: name, phone and ID replaced, e-mail gone.
    await env.DB.prepare(
      `update booking_submissions set full_name = 'erased', phone_number = '00000000', id_number = 'erased',
         user_email = null, email = null where id = ?`,
    )
      .bind(ids.changing)
      .run();
    expect(await search('Renamed')).toEqual([]);
    expect(await search('91112223')).toEqual([]);
    await env.DB.prepare(`delete from booking_submissions where id = ?`).bind(ids.changing).run();
    expect(await search('HJ3KM8N')).toEqual([]);
    const left = await env.DB.prepare(`select count(*) as n from booking_search where rowid = ?`)
      .bind(ids.changing)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it('holds one index row per booking, the same text as the booking', async () => {
    const counts = await env.DB.prepare(
      `select (select count(*) from booking_submissions) as bookings, (select count(*) from booking_search) as indexed`,
    ).first<{ bookings: number; indexed: number }>();
    expect(counts?.indexed).toBe(counts?.bookings);
  });
});
