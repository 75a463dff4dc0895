import { expect } from 'vitest';
import { call } from './helpers';
import { day, inHouseStay, json, oncePerFile, rows, staffAccount } from './builders';

/** The outlets' tests' harness (modules/outlets): an outlet with items, a stay in house, a check. */

export { rows };
export type Body = Record<string, unknown> & { error?: { code: string; leftBaisa?: number } };
export type Check = {
  id: number;
  checkNumber: string;
  totalBaisa: number;
  netBaisa: number;
  taxBaisa: number;
  invoiceNumber: string | null;
  settlement: string;
  lines: { nameEn: string; quantity: number; amountBaisa: number; taxes: { code: string }[] }[];
  voided: { reason: string; creditNoteNumber: string | null } | null;
};

/** A manager's session of its own, made once per test file. */
export const manager = oncePerFile(() => staffAccount({ role: 'manager' }).then((a) => a.cookie));

/** An outlet made through the admin API (open all day unless told), with two items. */
export async function outletWithItems(over: Record<string, unknown> = {}, staffIds: number[] = []) {
  const cookie = await manager();
  const made = await call('/api/admin/outlets', {
    method: 'POST',
    cookie,
    lang: 'en',
    json: {
      nameAr: 'مقهى الواحة',
      nameEn: 'Oasis Café',
      kind: 'cafe',
      opensAt: '00:00',
      closesAt: '00:00',
      staffIds,
      ...over,
    },
  });
  expect(made.status, await made.clone().text()).toBe(201);
  const { outlet } = await json<{ outlet: { id: number } }>(made);
  const item = async (
    nameEn: string,
    nameAr: string,
    priceBaisa: number | string,
    department = 'restaurant',
  ) => {
    const res = await call(`/api/admin/outlets/${outlet.id}/items`, {
      method: 'POST',
      cookie,
      json: { nameAr, nameEn, priceBaisa, department },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await json<{ item: { id: number; priceBaisa: number } }>(res)).item;
  };
  // A price typed with Arabic-Indic digits is the same number.
  const coffee = await item('Arabic coffee', 'قهوة عربية', '١٥٠٠');
  const cake = await item('Date cake', 'كيكة التمر', 2_300);
  return { id: outlet.id, coffee, cake };
}

/** A stay in house in room `number`, its guest named `fullName`. */
export const inHouse = (number: string, fullName: string) =>
  inHouseStay(number, day(0), day(2), { fullName });

export const check = (outletId: number, body: unknown, cookie: string, key?: string) =>
  call(`/api/outlets/${outletId}/checks`, {
    method: 'POST',
    cookie,
    lang: 'en',
    json: body,
    ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
  });

export const toRoom = (itemId: number, quantity: number, roomNumber: string, guestSurname: string) => ({
  items: [{ itemId, quantity }],
  settle: { kind: 'room', roomNumber, guestSurname },
});

export const folioLinesOf = (bookingId: number) =>
  rows<{
    kind: string;
    amount_baisa: number;
    description: string;
    outlet_check_id: number | null;
    department: string;
  }>(
    'select kind, amount_baisa, description, outlet_check_id, department from folio_lines where booking_id = ? order by id',
    bookingId,
  );
