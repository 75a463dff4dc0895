import { expect } from 'vitest';
import { call } from './helpers';
import { day, grantCookie, json, one, rows, staffAccount } from './builders';
import { inHouse, manager } from './outlets';

/*
 * The guests' app orders' tests' harness (decision 102; worker/src/modules/outlets/outlet-orders*.test.ts):
 * an outlet that takes app orders made through the admin API, a waiter, a stay in house with its
 * link, and the calls of the order's life.
 */

export type Body = { error?: { code: string; message: string; leftBaisa?: number; times?: string[] } };
export type Order = {
  id: number;
  status: string;
  outletId: number;
  bookingId: number;
  totalBaisa: number;
  time: string | null;
  refusal: { reason: string; note: string | null } | null;
  checkId: number | null;
  lines: { itemId: number; quantity: number; amountBaisa: number }[];
};
export type TabletOrder = Order & { roomNumber: string | null; guestSurname: string | null };

export const userIdOf = async (email: string) =>
  (await one<{ id: number }>('select id from users where email = ?', email))!.id;

/** An outlet that takes app orders (open all day unless told), with its items, made through the admin API. */
export async function appOutlet(
  over: Record<string, unknown>,
  items: {
    nameEn: string;
    nameAr: string;
    priceBaisa: number;
    department?: string;
    durationMinutes?: number;
  }[],
  staffIds: number[] = [],
) {
  const cookie = await manager();
  const made = await call('/api/admin/outlets', {
    method: 'POST',
    cookie,
    json: {
      nameAr: 'مقهى التطبيق',
      nameEn: 'App Café',
      kind: 'cafe',
      opensAt: '00:00',
      closesAt: '00:00',
      appOrders: true,
      staffIds,
      ...over,
    },
  });
  expect(made.status, await made.clone().text()).toBe(201);
  const { outlet } = await json<{ outlet: { id: number; appOrders: boolean; slotCapacity: number } }>(made);
  const ids: number[] = [];
  for (const item of items) {
    const res = await call(`/api/admin/outlets/${outlet.id}/items`, {
      method: 'POST',
      cookie,
      json: { department: 'restaurant', ...item },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    ids.push((await json<{ item: { id: number } }>(res)).item.id);
  }
  return { ...outlet, items: ids };
}

/** A waiter on an outlet's staff: their session and account id. */
export async function waiter() {
  const account = await staffAccount({ role: 'outlet' });
  return { cookie: account.cookie, id: await userIdOf(account.email) };
}

/** A stay in house in room `number`, and the cookie of the device holding its link. */
export async function stayWithLink(number: string, fullName: string) {
  const id = await inHouse(number, fullName);
  return { id, cookie: await grantCookie({ id, checkOutDate: day(2) }) };
}

export const order = (
  stayId: number,
  body: unknown,
  cookie: string | undefined,
  { key, lang = 'en' }: { key?: string; lang?: 'ar' | 'en' } = {},
) =>
  call(`/api/stays/${stayId}/orders`, {
    method: 'POST',
    cookie,
    lang,
    json: body,
    ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
  });

export const accept = (orderId: number, cookie: string) =>
  call(`/api/outlets/orders/${orderId}/accept`, { method: 'POST', cookie, lang: 'en' });

export const refuse = (orderId: number, cookie: string, body: unknown) =>
  call(`/api/outlets/orders/${orderId}/refuse`, { method: 'POST', cookie, lang: 'en', json: body });

export async function placed(res: Response): Promise<Order> {
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ order: Order }>(res)).order;
}

export async function refusal(res: Response) {
  const body = await json<Body>(res);
  return { status: res.status, ...body.error };
}

export const folioLines = (bookingId: number) =>
  rows<{ amount_baisa: number; department: string; outlet_check_id: number | null; description: string }>(
    'select amount_baisa, department, outlet_check_id, description from folio_lines where booking_id = ? order by id',
    bookingId,
  );
