import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { expect } from 'vitest';
import { OMAN_DEFAULT_TAXES } from '@shared/taxes';
import { businessDateQuery, roomNightStatements } from '../src/modules/folio';
import { call } from './helpers';
import { day, json, staffCookie, stayInRoom } from './builders';

/**
 * The folio's tests' shared parts (folio-posting and folio-check-out): a priced stay, its room
 * nights posted as a day close posts them, and the folio's API as the desk calls it.
 */

const db = drizzle(env.DB);
/** The taxes in force as the seed sets them: Oman's, prices including them. */
export const inclusive = { pricesIncludeTaxes: true, taxes: OMAN_DEFAULT_TAXES };

/** A stay in room `number` with its nightly prices (baisa), as a booking row. */
export async function pricedStay(number: string, from: number, nightPrices: number[], points = false) {
  const id = await stayInRoom(number, day(from), day(from + nightPrices.length));
  await env.DB.prepare(
    'update booking_submissions set total_price = ?, night_prices = ?, is_points_booking = ? where id = ?',
  )
    .bind(
      nightPrices.reduce((a, b) => a + b, 0),
      JSON.stringify(nightPrices),
      points ? 1 : 0,
      id,
    )
    .run();
  return id;
}

/** The booking's row as the folio's posting reads it, with its folio balance. */
export const bookingRow = async (id: number) => {
  const b = (await env.DB.prepare(
    `select id, check_in_date, check_out_date, total_price, night_prices, is_points_booking, folio_balance_baisa
     from booking_submissions where id = ?`,
  )
    .bind(id)
    .first<Record<string, unknown>>())!;
  return {
    id: b.id as number,
    checkInDate: b.check_in_date as string,
    checkOutDate: b.check_out_date as string,
    totalPrice: b.total_price as number | null,
    nightPrices: b.night_prices === null ? null : (JSON.parse(b.night_prices as string) as number[]),
    isPointsBooking: Boolean(b.is_points_booking),
    balance: b.folio_balance_baisa as number,
  };
};

/** Posts the stay's room nights through `throughNight`, as a day close does; answers how many statements. */
export async function postNights(id: number, throughNight: string) {
  const booking = await bookingRow(id);
  const statements = roomNightStatements(db, booking, {
    throughNight,
    businessDate: await businessDateQuery(db),
    user: null,
    settings: inclusive,
  });
  if (statements.length > 0) await db.batch(statements as [(typeof statements)[0]]);
  return statements.length;
}

export type Line = {
  id: number;
  kind: string;
  department: string | null;
  method: string | null;
  amountBaisa: number;
  netBaisa: number | null;
  taxes: { code: string; amountBaisa: number }[];
  businessDate: string;
  night: string | null;
  correctsLineId: number | null;
  refundsLineId: number | null;
  reason: string | null;
  approvalCode?: string | null;
  invoiceId: number | null;
};
export type Posted = { message: string; line: Line; balanceBaisa: number };
type Refusal = {
  error: { code: string; message: string; fields?: Record<string, string>; balanceBaisa?: number };
};

export const folioPath = (id: number, what = '') => `/api/booking-submissions/${id}/folio${what}`;
/** Posts a charge, payment, correction or refund to booking `id`'s folio, by the seeded front desk unless `cookie`. */
export const post = async (
  id: number,
  what: 'charges' | 'payments' | 'corrections' | 'refunds',
  body: unknown,
  { cookie, key, lang = 'en' }: { cookie?: string; key?: string; lang?: 'ar' | 'en' } = {},
) =>
  call(folioPath(id, `/${what}`), {
    method: 'POST',
    cookie: cookie ?? (await staffCookie()),
    json: body,
    lang,
    headers: key ? { 'idempotency-key': key } : undefined,
  });
/** The line a 201 posted, and the balance after it. */
export const posted = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(201);
  return json<Posted>(res);
};
/** A refusal's status and error (code, message, fields, balance). */
export const refusal = async (res: Response) => ({ status: res.status, ...(await json<Refusal>(res)).error });
/** Booking `id`'s folio, read by the seeded front desk unless `cookie`. */
export const readFolio = async (id: number, cookie?: string) => {
  const res = await call(folioPath(id), { cookie: cookie ?? (await staffCookie()) });
  expect(res.status).toBe(200);
  return json<{ balanceBaisa: number; lines: Line[] }>(res);
};
/** A breakfast charge of 5.250. */
export const breakfast = {
  department: 'breakfast',
  description: 'Breakfast for two',
  quantity: 2,
  amountBaisa: 5_250,
};
