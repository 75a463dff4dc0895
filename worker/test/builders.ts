import { env } from 'cloudflare:workers';
import { ApiError } from '../src/platform/api-error';
import { expect } from 'vitest';
import { addDays, hotelToday, stayNights } from '@shared/dates';
import { hotelInstant } from '@shared/stay-policy';
import type { UserRole } from '@shared/constants';
import { addBookingGrant, endOfHotelDay } from '../src/modules/bookings/booking-grants';
import { hashPassword } from '../src/modules/accounts/passwords';
import { drizzle } from 'drizzle-orm/d1';
import { eq } from 'drizzle-orm';
import { departureOnCheckOut } from '@shared/early-departure';
import { bookingSubmissions } from '../src/modules/bookings/tables';
import {
  businessDateQuery,
  chargeLineValues,
  nightsToPost,
  postedNightSet,
  postedNightsQuery,
  readTaxSettings,
} from '../src/modules/folio';
import { call, logIn, signUp, someAddress, uniqueEmail } from './helpers';

/**
 * The one place the worker tests build their data: guests, staff, stays and bookings (a folio
 * will join them). Each is made through the real API where the app makes it, so test data
 * passes the checks a guest's does. The counters and sessions here are per test file: every
 * file runs in a workerd and a database of its own.
 */

/** A response's JSON body, typed as the test expects it. */
export const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T;

/** The refusal an answer carries: its code and its message. */
export const codeOf = async (res: Response) =>
  (await json<{ error: { code: string; message: string } }>(res)).error;

/** What a direct call of a module's function ends on: 'ok', or the ApiError's code it threw. */
export const errorCode = async (fn: () => Promise<unknown>) => {
  try {
    await fn();
    return 'ok';
  } catch (err) {
    return err instanceof ApiError ? err.code : String(err);
  }
};

// Reading the database and naming days

/** A day `offset` days from the hotel's today (Asia/Muscat), as YYYY-MM-DD. */
export const day = (offset: number) => addDays(hotelToday(), offset);

/** The rows a query returns, with `binds` bound. */
export async function rows<T = Record<string, unknown>>(query: string, ...binds: unknown[]) {
  return (
    await env.DB.prepare(query)
      .bind(...binds)
      .all<T>()
  ).results;
}

/** The first row a query returns (null when none), with `binds` bound. */
export const one = <T = Record<string, unknown>>(query: string, ...binds: unknown[]) =>
  env.DB.prepare(query)
    .bind(...binds)
    .first<T>();

/** The `n` of a `select count(*) as n ...` query, with `binds` bound. */
export const count = async (query: string, ...binds: unknown[]) =>
  (await env.DB.prepare(query)
    .bind(...binds)
    .first<{ n: number }>())!.n;

// Staff

/** The development accounts the seed makes (.env.example). */
export const SEEDED = {
  housekeeper: { email: 'housekeeper@example.com', password: 'change-me-housekeeper' },
  staff: { email: 'staff@example.com', password: 'change-me-staff' },
  manager: { email: 'manager@example.com', password: 'change-me-manager' },
  admin: { email: 'admin@example.com', password: 'change-me-admin' },
} as const;

const sessions = new Map<keyof typeof SEEDED, Promise<string>>();
function session(role: keyof typeof SEEDED) {
  let cookie = sessions.get(role);
  if (!cookie) {
    cookie = logIn(SEEDED[role].email, SEEDED[role].password).then((r) => r.cookie);
    sessions.set(role, cookie);
    cookie.catch(() => sessions.delete(role));
  }
  return cookie;
}
/**
 * Forgets the sessions signed in so far: the next test file starts from a new database
 * (worker/test/apply-migrations.ts), where they do not exist.
 */
export function forgetSessions() {
  sessions.clear();
  for (const forget of perFileForgets) forget();
}

const perFileForgets: (() => void)[] = [];
/**
 * `make` called once per test file: what it answered (a session of an account made for the file)
 * is forgotten with the sessions, as the modules of the test files are loaded once for them all.
 */
export function oncePerFile<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  perFileForgets.push(() => (made = undefined));
  return () => (made ??= make());
}
/** A session of the seeded front-desk account, signed in once per test file. */
export const staffCookie = () => session('staff');
/** A session of the seeded admin, signed in once per test file. */
export const adminCookie = () => session('admin');

/** The roles of the hotel's own people, from the housekeeper up to the admin. */
export type HotelRole = Exclude<UserRole, 'guest'>;

/**
 * An account of one of the hotel's roles (housekeeper, staff, manager or admin) of its own (its
 * own sessions and throttles), signed in; written directly, with its password hashed as the app
 * hashes it.
 */
export async function staffAccount({
  role = 'staff',
  fullName = `Test ${role[0]!.toUpperCase()}${role.slice(1)}`,
  email = uniqueEmail(role),
  password = `${role}-password-for-tests`,
}: { role?: HotelRole; fullName?: string; email?: string; password?: string } = {}) {
  await env.DB.prepare(
    `insert into users (full_name, email, password_hash, role, is_verified) values (?, ?, ?, ?, 1)`,
  )
    .bind(fullName, email, await hashPassword(password, env.PASSWORD_PEPPER), role)
    .run();
  const { cookie } = await logIn(email, password);
  return { email, password, cookie };
}

// Guests

/** A guest who registered and verified their e-mail: `{ email, password, cookie }`. */
export const guest = signUp;

let phone = 96_870_000;
/**
 * A mobile number no other guest of the file has (the caps count per phone): an Omani one, in the
 * form the app stores (full international digits, 968 9687xxxx), which the API takes as typed.
 */
export const uniquePhone = () => `968${(phone += 1)}`;

// Room types

/**
 * The room type the tests add at run time: a family suite (two adults, three children, two rooms,
 * 45.000 a night), with what a test sets of its own.
 */
export const familySuite = <T extends Record<string, unknown>>(over: T = {} as T) => ({
  code: 'family-suite',
  nameAr: 'جناح عائلي',
  nameEn: 'Family Suite',
  maxAdults: 2,
  maxChildren: 3,
  maxOccupancy: 5,
  bedTypes: ['double'],
  smokingOptions: ['non_smoking'],
  priceBaisa: 45_000,
  roomCount: 2,
  ...over,
});

/** Adds a room type as an admin (201, or the test fails with the answer). */
export async function addRoomType(type: Record<string, unknown>, cookie?: string) {
  const res = await call('/api/admin/room-types', {
    method: 'POST',
    cookie: cookie ?? (await adminCookie()),
    json: type,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res;
}

// Stays

/**
 * Stays of `nights` (unless asked for another length) on nights no other stay of the same maker
 * uses: the first `from` days after today, each next one `every` days later. A file picks its
 * own `from` when its tests also book fixed days.
 */
export function stays({
  from = 200,
  every = 3,
  nights = 2,
}: { from?: number; every?: number; nights?: number } = {}) {
  let offset = from - every;
  return (length = nights) => {
    const checkInDate = addDays(hotelToday(), (offset += every));
    return { checkInDate, checkOutDate: addDays(checkInDate, length) };
  };
}

/**
 * Stays arriving today (one night unless asked), all on the same nights. A stay is completed only
 * from its arrival day (decision 059): a test that completes a booking to stand for a stay that
 * happened (its points, its review, its e-mails) books it on these. A completed or cancelled one
 * frees its night, so a test books the next after closing the last.
 */
export const arrivingToday = stays({ from: 0, every: 0, nights: 1 });

// Bookings

export type BookingRequest = {
  fullName: string;
  phoneNumber: string;
  idNumber: string;
  roomType: string;
  bedType: string;
  smokingPreference: string;
  numberOfGuests: number;
  checkInDate: string;
  checkOutDate: string;
  [field: string]: unknown;
};

const defaultStay = stays();
/**
 * A valid booking request from its own phone (so the pending-per-phone cap applies only where a
 * test means it), on nights no other request of the same `stay` maker uses; `over` replaces any
 * field, also with a wrong value.
 */
export function bookingRequest(over: Record<string, unknown> = {}, stay = defaultStay): BookingRequest {
  return {
    fullName: 'Khalid Al Balushi',
    phoneNumber: uniquePhone(),
    idNumber: '12345678',
    roomType: 'gold',
    bedType: 'double',
    smokingPreference: 'non_smoking',
    numberOfGuests: 2,
    ...stay(),
    ...over,
  } as BookingRequest;
}

/** A booking as the API answers it (the fields tests read; the rest is there too). */
export type Booking = {
  id: number;
  reference: string;
  status: string;
  checkInDate: string;
  checkOutDate: string;
  [field: string]: unknown;
};

/** Posts a booking request, signed out or with `cookie`, from an address of its own. */
export function postBooking(
  body: Record<string, unknown>,
  {
    cookie,
    lang,
    address = someAddress(),
    headers,
  }: { cookie?: string; lang?: 'ar' | 'en'; address?: string; headers?: Record<string, string> } = {},
) {
  return call('/api/booking-submissions', {
    method: 'POST',
    json: body,
    cookie,
    lang,
    headers: { 'cf-connecting-ip': address, ...headers },
  });
}

/**
 * A booking request made through the API (`bookingRequest` with `over`); fails the test unless
 * created. Answers the booking as the API does (typed as the test reads it).
 */
export async function book<T extends object = Booking>(
  over: Record<string, unknown> = {},
  opts: Parameters<typeof postBooking>[1] & { stay?: ReturnType<typeof stays> } = {},
): Promise<T & Booking> {
  const res = await postBooking(bookingRequest(over, opts.stay), opts);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ booking: T & Booking }>(res)).booking;
}

/** Staff move a booking to `status` (approve, reject with a reason, cancel …); fails the test unless it is done. */
export async function setBookingStatus(
  id: number,
  status: string,
  { cookie, reason }: { cookie?: string; reason?: string } = {},
) {
  const res = await call(`/api/booking-submissions/${id}/status`, {
    method: 'PATCH',
    cookie: cookie ?? (await staffCookie()),
    json: reason === undefined ? { status } : { status, reason },
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** A booking made through the API and approved by the seeded staff. */
export async function approvedBooking<T extends object = Booking>(
  over: Record<string, unknown> = {},
  opts: Parameters<typeof book>[1] = {},
): Promise<T & Booking> {
  const booking = await book<T>(over, opts);
  await setBookingStatus(booking.id, 'approved');
  return booking;
}

/** The `booking_grants=…` cookie a lookup or a signed link would set for these bookings. */
export async function grantCookie(...bookings: { id: number; checkOutDate: string }[]) {
  let grants = new Map<number, number>();
  let token = '';
  for (const b of bookings) {
    ({ token } = await addBookingGrant(
      grants,
      b.id,
      endOfHotelDay(b.checkOutDate).getTime(),
      env.PASSWORD_PEPPER,
    ));
    grants = new Map([...grants, [b.id, endOfHotelDay(b.checkOutDate).getTime()]]);
  }
  return `booking_grants=${token}`;
}

// Online payments

/**
 * A booking's online payment made as its guest makes it: a checkout at the fake provider (POST
 * /api/booking-submissions/:id/payments with `body`, the deposit by default) and the provider
 * page's Pay, whose signed webhook posts the payment through the whole app. Fails the test unless
 * both succeed.
 */
export async function payOnline(
  bookingId: number,
  cookie: string,
  body: Record<string, unknown> = { purpose: 'deposit' },
) {
  const opened = await call(`/api/booking-submissions/${bookingId}/payments`, {
    method: 'POST',
    json: body,
    cookie,
  });
  expect(opened.status, await opened.clone().text()).toBe(201);
  const { sessionId, checkoutUrl, amountBaisa } = await json<{
    sessionId: number;
    checkoutUrl: string;
    amountBaisa: number;
  }>(opened);
  const providerSessionId = new URL(checkoutUrl).pathname.split('/').pop()!;
  const paid = await call(`/api/dev/payments/${providerSessionId}/complete`, {
    method: 'POST',
    json: { outcome: 'paid' },
  });
  expect(paid.status, await paid.clone().text()).toBe(200);
  return { sessionId, providerSessionId, amountBaisa };
}

/**
 * A paid booking: a new guest's booking (`over` on the default request), approved by staff unless
 * `pending`, its deposit paid online through the fake provider (payOnline).
 */
export async function paidBooking(
  over: Record<string, unknown> = {},
  { pending = false, guestName = 'Paying Guest' }: { pending?: boolean; guestName?: string } = {},
) {
  const guest = await signUp(guestName);
  const booking = await book(over, { cookie: guest.cookie });
  if (!pending) await setBookingStatus(booking.id, 'approved');
  const payment = await payOnline(booking.id, guest.cookie);
  return { booking, cookie: guest.cookie, email: guest.email, ...payment };
}

// The day close

/**
 * A business date closed through the API by `cookie` (a manager's), as the day close screen
 * closes it; fails the test unless it is closed. Answers the stored report of that date.
 */
export async function closedDay<T = Record<string, unknown>>(date: string, cookie: string) {
  const res = await call('/api/admin/day-close', { method: 'POST', cookie, lang: 'en', json: { date } });
  expect(res.status, await res.clone().text()).toBe(200);
  return json<T>(await call(`/api/admin/day-close/${date}`, { cookie }));
}

// Stays in the hotel's numbered rooms

/** The id of the numbered room `number` (one of the seed's, unless retired). */
export async function roomIdOf(number: string): Promise<number> {
  const row = await env.DB.prepare('select id from hotel_rooms where number = ? and retired_at is null')
    .bind(number)
    .first<{ id: number }>();
  return row!.id;
}

/**
 * An approved stay in room `number` from `checkIn` to `checkOut`, assigned: the booking, its room
 * and its room nights written in SQL the way an assignment leaves them (and a check-out, with
 * `checkedOut`). For tests of what the desk and housekeeping read, not of how a stay is made.
 */
export async function stayInRoom(
  number: string,
  checkIn: string,
  checkOut: string,
  extra: { fullName?: string; checkedOut?: boolean; departureTime?: string } = {},
): Promise<number> {
  const room = await roomIdOf(number);
  const booking = await env.DB.prepare(
    `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date, check_out_date, room_type,
       status, room_id, checked_in_at, checked_out_at, departure_time)
     values (?, ?, '91234567', 'A1234567', ?, ?, 'silver', ?, ?, ?, ?, ?) returning id`,
  )
    .bind(
      `HK${crypto.randomUUID().slice(0, 6).toUpperCase()}`,
      extra.fullName ?? 'Stay Guest',
      checkIn,
      checkOut,
      // A stay checked out has departed: checked in on its arrival day, and completed.
      extra.checkedOut ? 'completed' : 'approved',
      room,
      extra.checkedOut ? hotelInstant(checkIn, '14:00').getTime() : null,
      extra.checkedOut ? hotelInstant(checkOut, '11:00').getTime() : null,
      extra.departureTime ?? null,
    )
    .first<{ id: number }>();
  await env.DB.batch(
    stayNights(checkIn, checkOut).map((night) =>
      env.DB.prepare(
        `insert into room_nights (room_id, night, room_type, booking_id)
         select id, ?, room_type, ? from hotel_rooms where id = ?`,
      ).bind(night, booking!.id, room),
    ),
  );
  return booking!.id;
}

/**
 * Booking `id` checked in at `at` (now by default), written as the desk's check-in leaves it (SQL
 * here): for tests of what follows a check-in, not of the check-in.
 */
export const markCheckedIn = (id: number, at = Date.now()) =>
  env.DB.prepare('update booking_submissions set checked_in_at = ? where id = ?').bind(at, id).run();

/** A stay in house: `stayInRoom` in room `number`, checked in at `checkedInAt` (now by default). */
export async function inHouseStay(
  number: string,
  checkIn: string,
  checkOut: string,
  {
    checkedInAt = Date.now(),
    ...extra
  }: { fullName?: string; departureTime?: string; checkedInAt?: number } = {},
): Promise<number> {
  const id = await stayInRoom(number, checkIn, checkOut, extra);
  await markCheckedIn(id, checkedInAt);
  return id;
}

// Rooms of a stay, as the desk tests set and read them (SQL, not the API)

/** Assigns room `number` to the booking for its whole stay, as the assignment does (SQL here). */
export async function assign(id: number, number: string) {
  const room = (await env.DB.prepare('select id, room_type from hotel_rooms where number = ?')
    .bind(number)
    .first<{ id: number; room_type: string }>())!;
  const b = (await env.DB.prepare(
    'select check_in_date, check_out_date from booking_submissions where id = ?',
  )
    .bind(id)
    .first<{ check_in_date: string; check_out_date: string }>())!;
  await env.DB.batch([
    ...stayNights(b.check_in_date, b.check_out_date).map((night) =>
      env.DB.prepare(
        'insert into room_nights (room_id, night, room_type, booking_id) values (?, ?, ?, ?)',
      ).bind(room.id, night, room.room_type, id),
    ),
    env.DB.prepare('update booking_submissions set room_id = ? where id = ?').bind(room.id, id),
  ]);
  return room.id;
}

export const setRoomStatus = (number: string, status: string) =>
  env.DB.prepare('update hotel_rooms set status = ? where number = ?').bind(status, number).run();
export const roomStatus = async (number: string) =>
  (await env.DB.prepare('select status from hotel_rooms where number = ?')
    .bind(number)
    .first<{ status: string }>())!.status;
export const roomNightsOf = async (id: number) =>
  (
    await env.DB.prepare('select night from room_nights where booking_id = ? order by night')
      .bind(id)
      .all<{ night: string }>()
  ).results.map((r) => r.night);
export const holdsOf = async (id: number) =>
  (await env.DB.prepare('select count(*) as n from booking_nights where booking_id = ?')
    .bind(id)
    .first<{ n: number }>())!.n;
/** A booking's row as the database holds it. */
export const row = (id: number) =>
  env.DB.prepare('select * from booking_submissions where id = ?').bind(id).first<Record<string, unknown>>();

// The folio

/**
 * Pays at the desk what a check-out today would ask of booking `id`: its folio's balance and the
 * nights stayed not yet posted (the check-out posts them), through the API, by cash; `now`: a
 * check-out at another instant than now. Its
 * Idempotency-Key names the booking and the amount, so two check-outs racing in a test pay once.
 */
export async function settleFolio(
  id: number,
  { cookie, now = new Date() }: { cookie?: string; now?: Date } = {},
) {
  const db = drizzle(env.DB);
  const booking = await db.select().from(bookingSubmissions).where(eq(bookingSubmissions.id, id)).get();
  if (!booking || booking.checkedOutAt || !booking.checkedInAt) return;
  const stay = { ...booking, ...departureOnCheckOut(booking, hotelToday(now)) };
  const [settings, posted, businessDate] = await Promise.all([
    readTaxSettings(db),
    postedNightsQuery(db, id),
    businessDateQuery(db, now),
  ]);
  const nights = nightsToPost(stay, addDays(stay.checkOutDate, -1), postedNightSet(posted));
  const due =
    booking.folioBalanceBaisa +
    nights.reduce(
      (sum, n) => sum + chargeLineValues(settings, 'room', businessDate, n.priceBaisa).amountBaisa,
      0,
    );
  if (due <= 0) return;
  const res = await call(`/api/booking-submissions/${id}/folio/payments`, {
    method: 'POST',
    cookie: cookie ?? (await staffCookie()),
    json: { method: 'cash', amountBaisa: due },
    headers: { 'idempotency-key': `settle-${id}-${due}` },
  });
  expect(res.status, await res.clone().text()).toBe(201);
}
