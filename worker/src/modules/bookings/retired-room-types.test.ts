import { beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, bookingRequest, day, json, staffCookie } from '@worker-test/builders';
import { call } from '@worker-test/helpers';
import { book, setAllotment } from '@worker-test/bookings';

/**
 * A room type the hotel retired: still named (GET /api/room-types?all=1, each type with
 * `active`), no longer offered (the public inventory counts leave its rows out; the staff's
 * screen asks for them with ?all=1), and before it is retired an admin sees which bookings of it
 * are still to come (GET /api/admin/room-types/:code/bookings: the next 20, and how many more).
 */

type View = { code: string; nameEn: string; nameAr: string; active: boolean };
type Row = { roomType: string };
type Upcoming = {
  total: number;
  more: number;
  bookings: { id: number; reference: string; fullName: string; checkInDate: string; checkOutDate: string }[];
};

const type = (code: string, nameEn: string, nameAr: string) => ({
  code,
  nameAr,
  nameEn,
  maxAdults: 2,
  maxChildren: 2,
  maxOccupancy: 4,
  bedTypes: ['double'],
  smokingOptions: ['non_smoking'],
  priceBaisa: 30_000,
  roomCount: 30,
});

let admin = '';
beforeAll(async () => {
  admin = await adminCookie();
  for (const body of [
    type('garden-room', 'Garden Room', 'غرفة الحديقة'),
    type('busy-suite', 'Busy Suite', 'جناح مزدحم'),
  ]) {
    const res = await call('/api/admin/room-types', { method: 'POST', cookie: admin, json: body });
    expect(res.status, await res.clone().text()).toBe(201);
  }
});

const retire = (code: string) =>
  call(`/api/admin/room-types/${code}`, { method: 'PATCH', cookie: admin, json: { active: false } });
const codes = async (path: string) => (await json<Row[]>(await call(path))).map((r) => r.roomType);

describe('a retired room type', () => {
  it('is still named by GET /api/room-types?all=1 (with active), not offered by GET /api/room-types', async () => {
    expect((await retire('garden-room')).status).toBe(200);
    const offered = await json<View[]>(await call('/api/room-types'));
    expect(offered.map((t) => t.code)).not.toContain('garden-room');
    const all = await json<View[]>(await call('/api/room-types?all=1'));
    expect(all.find((t) => t.code === 'garden-room')).toMatchObject({
      nameEn: 'Garden Room',
      nameAr: 'غرفة الحديقة',
      active: false,
    });
    expect(all.find((t) => t.code === 'gold')).toMatchObject({ active: true });
    // Every active type of the short list is in the long one, in the same order.
    expect(all.filter((t) => t.active).map((t) => t.code)).toEqual(offered.map((t) => t.code));
    expect((await call('/api/room-types?all=yes')).status).toBe(400);
  });

  it('leaves the public inventory counts; the staff screen reads them with ?all=1', async () => {
    for (const path of ['/api/room-inventory', '/api/room-bed-inventory', '/api/room-smoking-inventory']) {
      expect(await codes(path), path).not.toContain('garden-room');
      expect(await codes(`${path}?from=${day(3)}&to=${day(5)}`), path).not.toContain('garden-room');
      expect(await codes(path), path).toContain('gold');
      expect(await codes(`${path}?all=1`), path).toContain('garden-room');
    }
    // A type retired now leaves them at once (the answers name the content version too).
    expect(await codes('/api/room-inventory')).toContain('busy-suite');
    const res = await call('/api/room-inventory');
    const etag = res.headers.get('etag')!;
    await call('/api/admin/room-types/busy-suite', {
      method: 'PATCH',
      cookie: admin,
      json: { active: false },
    });
    const after = await call('/api/room-inventory', { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect((await json<Row[]>(after)).map((r) => r.roomType)).not.toContain('busy-suite');
    await call('/api/admin/room-types/busy-suite', {
      method: 'PATCH',
      cookie: admin,
      json: { active: true },
    });
  });
});

describe('before retiring a type: its bookings still to come', () => {
  it('names the next 20 by arrival (reference, dates, guest) and counts the rest; admins only', async () => {
    await setAllotment('room_inventory', "room_type = 'busy-suite'", 30);
    await setAllotment('room_bed_inventory', "room_type = 'busy-suite'", 30);
    await setAllotment('room_smoking_inventory', "room_type = 'busy-suite'", 30);
    const made: number[] = [];
    for (let i = 0; i < 22; i++) {
      // Arrivals spread over days 60..65, so the order is by arrival, not by booking.
      const from = 65 - (i % 6);
      const res = await book(
        bookingRequest(
          {
            fullName: `Upcoming Guest ${i}`,
            roomType: 'busy-suite',
            bedType: 'double',
            smokingPreference: 'non_smoking',
          },
          () => ({ checkInDate: day(from), checkOutDate: day(from + 1) }),
        ),
      );
      expect(res.status, await res.clone().text()).toBe(201);
      made.push((await json<{ booking: { id: number } }>(res)).booking.id);
    }
    const res = await call('/api/admin/room-types/busy-suite/bookings', { cookie: admin });
    expect(res.status).toBe(200);
    const body = await json<Upcoming>(res);
    expect(body.total).toBe(22);
    expect(body.more).toBe(2);
    expect(body.bookings).toHaveLength(20);
    const arrivals = body.bookings.map((b) => b.checkInDate);
    expect(arrivals).toEqual([...arrivals].sort());
    expect(arrivals[0]).toBe(day(60));
    expect(body.bookings[0]).toMatchObject({
      reference: expect.any(String),
      fullName: expect.stringMatching(/^Upcoming Guest /),
      checkOutDate: day(61),
    });
    expect(body.bookings.every((b) => made.includes(b.id))).toBe(true);

    // Retiring it is refused while they are to come.
    expect((await retire('busy-suite')).status).toBe(409);
    // None for a type without any; 404 for a code the hotel has none of; admins only.
    const quiet = await json<Upcoming>(
      await call('/api/admin/room-types/silver/bookings', { cookie: admin }),
    );
    expect(quiet.more).toBe(0);
    expect(quiet.bookings.length).toBe(quiet.total);
    expect((await call('/api/admin/room-types/no-such-type/bookings', { cookie: admin })).status).toBe(404);
    expect((await call('/api/admin/room-types/NOPE!/bookings', { cookie: admin })).status).toBe(400);
    expect(
      (await call('/api/admin/room-types/busy-suite/bookings', { cookie: await staffCookie() })).status,
    ).toBe(403);
    expect((await call('/api/admin/room-types/busy-suite/bookings')).status).toBe(401);
  });
});

describe('a retired type is sold to nobody', () => {
  type Refusal = { error: { code: string; message: string; fields: Record<string, string> } };
  const upcoming = async (code: string) =>
    (
      await json<{ roomTypes: { code: string; upcomingBookings: number }[] }>(
        await call('/api/admin/room-types', { cookie: admin }),
      )
    ).roomTypes.find((t) => t.code === code)!.upcomingBookings;

  beforeAll(async () => {
    const res = await call('/api/admin/room-types', {
      method: 'POST',
      cookie: admin,
      json: type('sunset-room', 'Sunset Room', 'غرفة الغروب'),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await retire('sunset-room')).status).toBe(200);
  });

  it("the desk's quick booking: 400 room_type_retired, in Arabic and English, nothing booked", async () => {
    const staff = await staffCookie();
    const desk = (lang: 'ar' | 'en') =>
      call('/api/booking-submissions', {
        method: 'POST',
        cookie: staff,
        lang,
        json: bookingRequest({
          bookingType: 'quick_management',
          fullName: 'Desk Walk-in',
          roomType: 'sunset-room',
          bedType: 'double',
          smokingPreference: 'non_smoking',
        }),
      });
    const en = await desk('en');
    expect(en.status).toBe(400);
    const body = await json<Refusal>(en);
    expect(body.error.code).toBe('room_type_retired');
    expect(body.error.message).toMatch(/retired/);
    expect(body.error.fields.roomType).toMatch(/no longer sold/);
    const ar = await json<Refusal>(await desk('ar'));
    expect(ar.error.code).toBe('room_type_retired');
    expect(ar.error.fields.roomType).toMatch(/متوقف/);
    expect(await upcoming('sunset-room')).toBe(0);
    // A guest is told what any unknown type gets, as before.
    const guest = await call('/api/booking-submissions', {
      method: 'POST',
      lang: 'en',
      json: bookingRequest({ roomType: 'sunset-room', bedType: 'double', smokingPreference: 'non_smoking' }),
    });
    expect(guest.status).toBe(400);
    expect((await json<Refusal>(guest)).error.fields.roomType).toBe('Invalid room type');
  });

  it("staff's edit does not move a stay into it (PATCH and the dialog's quote); a stay keeps its own type", async () => {
    const staff = await staffCookie();
    const made = await book(
      bookingRequest({ bookingType: 'quick_management', fullName: 'Moving Guest' }, () => ({
        checkInDate: day(70),
        checkOutDate: day(72),
      })),
      staff,
    );
    expect(made.status, await made.clone().text()).toBe(201);
    const booked = (await json<{ booking: { id: number } }>(made)).booking;
    const moved = await call(`/api/admin/booking-submissions/${booked.id}`, {
      method: 'PATCH',
      cookie: staff,
      lang: 'en',
      json: { roomType: 'sunset-room' },
    });
    expect(moved.status, await moved.clone().text()).toBe(400);
    expect((await json<Refusal>(moved)).error).toMatchObject({
      code: 'room_type_retired',
      fields: { roomType: expect.stringMatching(/no longer sold/) },
    });
    const quote = await call(
      `/api/admin/booking-submissions/${booked.id}/quote?roomType=sunset-room&checkInDate=${day(70)}&checkOutDate=${day(72)}&adults=2`,
      { cookie: staff, lang: 'en' },
    );
    expect(quote.status).toBe(400);
    expect((await json<Refusal>(quote)).error.code).toBe('room_type_retired');
    expect(await upcoming('sunset-room')).toBe(0);
    // The stay itself is unchanged, and another edit of it still works.
    const kept = await call(`/api/admin/booking-submissions/${booked.id}`, {
      method: 'PATCH',
      cookie: staff,
      json: { checkOutDate: day(73) },
    });
    expect(kept.status, await kept.clone().text()).toBe(200);
    expect((await json<{ booking: { roomType: string } }>(kept)).booking.roomType).toBe('gold');
  });
});
