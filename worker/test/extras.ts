import { expect } from 'vitest';
import { call } from './helpers';
import { json, oncePerFile, rows, staffAccount } from './builders';

/**
 * The extras' tests' shared parts (modules/extras, docs/decisions/098-stay-extras.md): a manager of
 * the file, an offer made through the admin API, a stay's offers and a purchase made as its guest
 * makes them (with an Idempotency-Key), and a stay's extras' folio lines as stored.
 */

export type Offer = {
  id: number;
  kind: string;
  available: boolean;
  reason?: string;
  totalBaisa: number;
  priceBaisa: number;
};
export type Purchase = {
  id: number;
  status: string;
  totalBaisa: number;
  kind: string;
  time: string | null;
  channel: string;
  payOnline: boolean;
};
export type Refusal = { error: { code: string; message: string; fields?: Record<string, string> } };

/** A manager's session, signed in once per file. */
export const manager = oncePerFile(() => staffAccount({ role: 'manager' }).then((a) => a.cookie));

/** The bodies of the offers the tests make, by kind (what a manager types). */
export const OFFERS = {
  upgrade: {
    kind: 'upgrade',
    nameAr: 'ترقية إلى الغرفة الذهبية',
    nameEn: 'Upgrade to the Gold room',
    priceBaisa: 7_000,
    department: 'room',
    fromRoomType: 'silver',
    toRoomType: 'gold',
    instant: true,
  },
  transfer: {
    kind: 'transfer',
    nameAr: 'توصيل من المطار',
    nameEn: 'Airport transfer',
    priceBaisa: 12_000,
    department: 'transfer',
    instant: true,
  },
  breakfast: {
    kind: 'breakfast',
    nameAr: 'إفطار',
    nameEn: 'Breakfast',
    priceBaisa: 4_500,
    department: 'breakfast',
    instant: true,
  },
  early: {
    kind: 'early_check_in',
    nameAr: 'تسجيل وصول مبكر',
    nameEn: 'Early check-in',
    priceBaisa: 15_000,
    department: 'room',
    instant: true,
    dailyCap: 2,
    tiers: [
      { time: '08:00', priceBaisa: 15_000 },
      { time: '11:00', priceBaisa: 8_000 },
    ],
  },
  late: {
    kind: 'late_check_out',
    nameAr: 'مغادرة متأخرة',
    nameEn: 'Late check-out',
    priceBaisa: 10_000,
    department: 'late_checkout',
    instant: false,
    dailyCap: 3,
    tiers: [
      { time: '15:00', priceBaisa: 5_000 },
      { time: '18:00', priceBaisa: 10_000 },
    ],
  },
} as const;

/** An offer made through the admin API (201, or the test fails with the answer). */
export async function makeOffer(
  body: Record<string, unknown>,
): Promise<{ id: number } & Record<string, unknown>> {
  const res = await call('/api/admin/extras', {
    method: 'POST',
    cookie: await manager(),
    lang: 'en',
    json: body,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ extra: { id: number } }>(res)).extra;
}

/** GET /api/booking-submissions/:id/extras as `cookie` (the stay's guest, or staff). */
export async function offersOf(bookingId: number, cookie: string, via?: string) {
  const res = await call(`/api/booking-submissions/${bookingId}/extras${via ? `?via=${via}` : ''}`, {
    cookie,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json<{ extras: Offer[] }>(res)).extras;
}

/** POST /api/booking-submissions/:id/extras as `cookie`, with `key` as its Idempotency-Key (a new one unless given). */
export const buy = (
  bookingId: number,
  body: Record<string, unknown>,
  cookie: string,
  { key = crypto.randomUUID(), lang = 'en' as 'ar' | 'en' } = {},
) =>
  call(`/api/booking-submissions/${bookingId}/extras`, {
    method: 'POST',
    cookie,
    lang,
    json: body,
    headers: { 'Idempotency-Key': key },
  });

/** A purchase that must go through (201), as its answer. */
export async function bought(bookingId: number, body: Record<string, unknown>, cookie: string) {
  const res = await buy(bookingId, body, cookie);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ purchase: Purchase }>(res)).purchase;
}

/** A stay's folio lines that name a purchase, in the order posted. */
export const extraLinesOf = (bookingId: number) =>
  rows<{
    kind: string;
    department: string;
    amount_baisa: number;
    net_baisa: number;
    extra_purchase_id: number;
    description: string;
  }>(
    `select kind, department, amount_baisa, net_baisa, extra_purchase_id, description from folio_lines
     where booking_id = ? and extra_purchase_id is not null order by id`,
    bookingId,
  );

/** The room types a stay's nights are held in, night by night. */
export const heldTypesOf = (bookingId: number) =>
  rows<{ night: string; room_type: string }>(
    'select night, room_type from booking_nights where booking_id = ? order by night',
    bookingId,
  );
