import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@shared/dates';
import { approvedBooking, day, roomIdOf, stayInRoom, staffAccount } from '@worker-test/builders';
import { call, signUp } from '@worker-test/helpers';
import { png } from '@worker-test/event-entries';

/**
 * Work orders (/api/admin/work-orders; docs/decisions/092): anyone on the staff reports a fault
 * with a photo; a technician takes and closes it. A fault may take its room out of order for some
 * nights (refused while a stay holds one, the stays named), closing them to sale and to the
 * channel in the report's batch and reopening them in the close's; or out of service (sold, passed
 * by when the desk assigns rooms). Guests are refused.
 */
type Order = {
  id: number;
  roomId: number | null;
  roomNumber: string | null;
  status: string;
  roomState: string;
  hasPhoto: boolean;
  takenBy: string | null;
  resolution: string | null;
};
type ErrorBody = {
  error: { code: string; message: string; stays?: { reference: string; fullName: string }[] };
};
const json = async <T>(res: Response) => (await res.json()) as T;

let housekeeper = '';
let technician = '';
let desk = '';
let manager = '';
beforeAll(async () => {
  const cookies = await Promise.all(
    (['housekeeper', 'maintenance', 'staff', 'manager'] as const).map((role) =>
      staffAccount({ role }).then((a) => a.cookie),
    ),
  );
  [housekeeper, technician, desk, manager] = cookies as [string, string, string, string];
});

const report = (cookie: string, body: Record<string, unknown>, lang: 'ar' | 'en' = 'en') =>
  call('/api/admin/work-orders', { method: 'POST', cookie, json: body, lang });
const act = (cookie: string, id: number, what: 'take' | 'close', body: Record<string, unknown> = {}) =>
  call(`/api/admin/work-orders/${id}/${what}`, { method: 'POST', cookie, json: body, lang: 'en' });
const putPhoto = (cookie: string, id: number, bytes: Uint8Array, type = 'image/png') =>
  call(`/api/admin/work-orders/${id}/photo`, {
    method: 'PUT',
    cookie,
    body: bytes,
    headers: { 'content-type': type },
    lang: 'en',
  });

async function deluxeCalendar(from: string, to: string) {
  const res = await call(`/api/availability?roomType=deluxe&from=${from}&to=${to}`);
  return (await json<{ nights: { date: string; available: number }[] }>(res)).nights.map((n) => n.available);
}
const blockNightsOf = async (roomId: number) =>
  (
    await env.DB.prepare(
      'select night from room_nights where room_id = ? and block_id is not null order by night',
    )
      .bind(roomId)
      .all<{ night: string }>()
  ).results.map((r) => r.night);

describe('reporting a fault', () => {
  it('a housekeeper reports a broken air conditioner with a photo; a technician takes it and closes it', async () => {
    const room = await roomIdOf('503');
    const made = await report(housekeeper, {
      roomId: room,
      note: 'The air conditioner blows warm air',
      priority: 'high',
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const { order, message } = await json<{ order: Order; message: string }>(made);
    expect(message).toBe('The fault is reported');
    expect(order).toMatchObject({ roomNumber: '503', status: 'open', roomState: 'none', hasPhoto: false });

    const photo = await putPhoto(housekeeper, order.id, png());
    expect(photo.status, await photo.clone().text()).toBe(200);
    const served = await call(`/api/admin/work-orders/${order.id}/photo`, { cookie: technician });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png());

    const mine = await json<{ orders: Order[] }>(
      await call('/api/admin/work-orders', { cookie: technician }),
    );
    expect(mine.orders.find((o) => o.id === order.id)).toMatchObject({ hasPhoto: true, status: 'open' });

    const taken = await act(technician, order.id, 'take');
    expect(taken.status).toBe(200);
    expect((await json<{ order: Order }>(taken)).order).toMatchObject({
      status: 'taken',
      takenBy: 'Test Maintenance',
    });
    const listed = await json<{ orders: Order[] }>(
      await call('/api/admin/work-orders?mine=1', { cookie: technician }),
    );
    expect(listed.orders.map((o) => o.id)).toContain(order.id);

    const closed = await act(technician, order.id, 'close', {
      resolution: 'Refilled the gas, cleaned the filter',
    });
    expect(closed.status).toBe(200);
    expect((await json<{ order: Order }>(closed)).order).toMatchObject({
      status: 'closed',
      resolution: 'Refilled the gas, cleaned the filter',
    });
    expect(await (await act(technician, order.id, 'close', { resolution: 'again' })).json()).toMatchObject({
      error: { code: 'work_order_closed' },
    });
    // The room's history, newest first.
    const history = await json<{ orders: Order[] }>(
      await call(`/api/admin/work-orders/rooms/${room}`, { cookie: desk }),
    );
    expect(history.orders[0]).toMatchObject({ id: order.id, status: 'closed' });
  });

  it('reports a public area; refuses a fault with no place or no note, in Arabic too', async () => {
    const area = await report(desk, { area: 'Lobby toilets', note: 'Tap leaking', priority: 'urgent' });
    expect(area.status).toBe(201);
    expect((await json<{ order: Order }>(area)).order).toMatchObject({ roomId: null, roomNumber: null });
    const nowhere = await report(desk, { note: 'Something' }, 'ar');
    expect(nowhere.status).toBe(400);
    expect(await json(nowhere)).toMatchObject({
      error: { code: 'validation_failed', fields: { area: 'اختر الغرفة أو اكتب مكان العطل' } },
    });
    const silent = await report(desk, { area: 'Pool', note: '   ' });
    expect(await json(silent)).toMatchObject({ error: { fields: { note: 'Write what is wrong' } } });
    const noRoom = await report(desk, { area: 'Pool', note: 'x', roomState: 'out_of_service' });
    expect(await json(noRoom)).toMatchObject({ error: { fields: { roomId: expect.any(String) } } });
    const gone = await report(desk, { roomId: 999999, note: 'x' });
    expect(gone.status).toBe(404);
  });

  it('refuses a photo that is not an image (415) or over 5 MB (413), keeping the order as it was', async () => {
    const { order } = await json<{ order: Order }>(
      await report(housekeeper, { area: 'Gym', note: 'Treadmill' }),
    );
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>');
    const refused = await putPhoto(housekeeper, order.id, svg, 'image/png');
    expect(refused.status).toBe(415);
    expect(await json(refused)).toMatchObject({ error: { code: 'image_type_invalid' } });
    const huge = new Uint8Array(5 * 1024 * 1024 + 10);
    huge.set(png());
    expect((await putPhoto(housekeeper, order.id, huge)).status).toBe(413);
    const row = await env.DB.prepare('select photo_key from work_orders where id = ?').bind(order.id).first();
    expect(row).toEqual({ photo_key: null });
  });
});

describe('who may do what', () => {
  it('refuses guests (403) and the signed out (401)', async () => {
    const guest = (await signUp()).cookie;
    expect((await call('/api/admin/work-orders', { cookie: guest })).status).toBe(403);
    expect((await report(guest, { area: 'Lobby', note: 'x' })).status).toBe(403);
    expect((await call('/api/admin/work-orders')).status).toBe(401);
  });

  it('taking and closing are a technician’s, a manager’s or an admin’s: not the desk’s nor a housekeeper’s', async () => {
    const { order } = await json<{ order: Order }>(await report(desk, { area: 'Kitchen', note: 'Fridge' }));
    expect((await act(desk, order.id, 'take')).status).toBe(403);
    expect((await act(housekeeper, order.id, 'take')).status).toBe(403);
    expect((await act(housekeeper, order.id, 'close', { resolution: 'x' })).status).toBe(403);
    expect((await act(technician, order.id, 'take')).status).toBe(200);
    // Another technician may not take it over; a manager may.
    const other = (await staffAccount({ role: 'maintenance' })).cookie;
    expect(await json(await act(other, order.id, 'take'))).toMatchObject({
      error: { code: 'work_order_taken_by_other' },
    });
    expect(await json(await act(other, order.id, 'close', { resolution: 'x' }))).toMatchObject({
      error: { code: 'work_order_taken_by_other' },
    });
    expect((await act(manager, order.id, 'close', { resolution: 'Replaced the seal' })).status).toBe(200);
  });

  it('a technician is refused the desk (a housekeeper’s rank for everything ranked)', async () => {
    for (const path of [
      '/api/front-desk',
      '/api/admin/rooms',
      '/api/booking-submissions/counts',
      '/api/admin/lost-found',
    ])
      expect((await call(path, { cookie: technician })).status, path).toBe(403);
    expect((await call('/api/admin/housekeeping', { cookie: technician })).status).toBe(200);
  });
});

describe('out of order for chosen nights', () => {
  it('is refused while a stay holds one of the nights, the stays named, and nothing is written', async () => {
    const room = await roomIdOf('602');
    const from = day(40);
    const stay = await stayInRoom('602', addDays(from, 1), addDays(from, 3), {
      fullName: 'Maryam Al Balushi',
    });
    const reference = (await env.DB.prepare('select reference from booking_submissions where id = ?')
      .bind(stay)
      .first<{ reference: string }>())!.reference;
    const orders = async () =>
      (await env.DB.prepare('select count(*) as n from work_orders').first<{ n: number }>())!.n;
    const before = await orders();
    const res = await report(manager, {
      roomId: room,
      note: 'Ceiling leak',
      roomState: 'out_of_order',
      outOfOrderFrom: from,
      outOfOrderTo: addDays(from, 4),
    });
    expect(res.status).toBe(409);
    const body = await json<ErrorBody>(res);
    expect(body.error.code).toBe('out_of_order_stays');
    expect(body.error.stays).toEqual([
      {
        reference,
        fullName: 'Maryam Al Balushi',
        checkInDate: addDays(from, 1),
        checkOutDate: addDays(from, 3),
      },
    ]);
    expect(await orders()).toBe(before);
    expect(await blockNightsOf(room)).toEqual([]);
  });

  it('closes the nights to sale and to the channel in the report’s batch, and reopens them when closed', async () => {
    const room = await roomIdOf('603');
    const from = day(60);
    const to = addDays(from, 2);
    const before = await deluxeCalendar(addDays(from, -1), addDays(to, 1));
    await env.DB.prepare('delete from channel_outbox').run();
    const res = await report(housekeeper, {
      roomId: room,
      note: 'Bathroom flooded',
      priority: 'urgent',
      roomState: 'out_of_order',
      outOfOrderFrom: from,
      outOfOrderTo: to,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { order } = await json<{ order: Order }>(res);
    expect(await blockNightsOf(room)).toEqual([from, addDays(from, 1)]);
    expect(await deluxeCalendar(addDays(from, -1), addDays(to, 1))).toEqual([
      before[0],
      before[1]! - 1,
      before[2]! - 1,
      before[3],
    ]);
    const queued = await env.DB.prepare(
      "select night from channel_outbox where kind = 'availability' and room_type = 'deluxe' order by night",
    ).all<{ night: string }>();
    expect(queued.results.map((r) => r.night)).toEqual([from, addDays(from, 1)]);
    // The rooms screen shows the period, with the fault as its reason.
    const rooms = await json<{ rooms: { id: number; outOfOrder: { from: string; reason: string }[] }[] }>(
      await call('/api/admin/rooms', { cookie: desk }),
    );
    expect(rooms.rooms.find((r) => r.id === room)!.outOfOrder).toMatchObject([
      { from, reason: 'Bathroom flooded' },
    ]);

    const closed = await act(technician, order.id, 'close', { resolution: 'Pipe replaced' });
    expect(closed.status).toBe(200);
    expect(await blockNightsOf(room)).toEqual([]);
    expect(await deluxeCalendar(addDays(from, -1), addDays(to, 1))).toEqual(before);
  });

  it('ends the morning the room is back: a stay arriving that day, and one leaving the first day, are no obstacle', async () => {
    const room = await roomIdOf('506');
    const from = day(90);
    const to = addDays(from, 2);
    const leaving = await stayInRoom('506', addDays(from, -2), from, { fullName: 'Leaving Guest' });
    const arriving = await stayInRoom('506', to, addDays(to, 2), { fullName: 'Arriving Guest' });
    const calendar = async () => {
      const res = await call(
        `/api/availability?roomType=diamond&from=${addDays(from, -1)}&to=${addDays(to, 1)}`,
      );
      return (await json<{ nights: { available: number }[] }>(res)).nights.map((n) => n.available);
    };
    const before = await calendar();
    const res = await report(manager, {
      roomId: room,
      note: 'Repainting',
      roomState: 'out_of_order',
      outOfOrderFrom: from,
      outOfOrderTo: to,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    // Out of order the nights from `from` to the night before `to`; the night of `to` is the arriving guest's.
    expect(await blockNightsOf(room)).toEqual([from, addDays(from, 1)]);
    const nightsOf = async (id: number) =>
      (
        await env.DB.prepare('select night from room_nights where booking_id = ? order by night')
          .bind(id)
          .all<{ night: string }>()
      ).results.map((r) => r.night);
    expect(await nightsOf(arriving)).toEqual([to, addDays(to, 1)]);
    expect(await nightsOf(leaving)).toEqual([addDays(from, -2), addDays(from, -1)]);
    // The type is down one room on the period's nights only.
    expect(await calendar()).toEqual([before[0], before[1]! - 1, before[2]! - 1, before[3]]);
  });

  it('out of order from tonight sets the room’s status; closing makes it to be cleaned', async () => {
    const room = await roomIdOf('604');
    const res = await report(desk, {
      roomId: room,
      note: 'No power',
      roomState: 'out_of_order',
      outOfOrderFrom: day(0),
      outOfOrderTo: day(1),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const status = async () =>
      (await env.DB.prepare('select status from hotel_rooms where id = ?')
        .bind(room)
        .first<{ status: string }>())!.status;
    expect(await status()).toBe('out_of_order');
    const { order } = await json<{ order: Order }>(res);
    expect((await act(technician, order.id, 'close', { resolution: 'Breaker reset' })).status).toBe(200);
    expect(await status()).toBe('dirty');
    expect(await blockNightsOf(room)).toEqual([]);
  });

  it('refuses nights in the past, and dates the wrong way round', async () => {
    const room = await roomIdOf('504');
    const past = await report(desk, {
      roomId: room,
      note: 'x',
      roomState: 'out_of_order',
      outOfOrderFrom: day(-1),
      outOfOrderTo: day(1),
    });
    expect(past.status).toBe(400);
    const backwards = await report(desk, {
      roomId: room,
      note: 'x',
      roomState: 'out_of_order',
      outOfOrderFrom: day(3),
      outOfOrderTo: day(2),
    });
    expect(backwards.status).toBe(400);
    expect(await blockNightsOf(room)).toEqual([]);
  });
});

describe('out of service', () => {
  it('keeps the room sold but out of the desk’s room suggestion until the order is closed', async () => {
    const date = day(80);
    const { id } = await approvedBooking(
      { fullName: 'Suggest Guest', idNumber: '7654321', roomType: 'deluxe' },
      { stay: () => ({ checkInDate: date, checkOutDate: addDays(date, 1) }) },
    );
    const room = await roomIdOf('601');
    const candidates = async () => {
      const res = await call(`/api/admin/room-assignments/suggestion?date=${date}`, { cookie: desk });
      const body = await json<{ assignments: { bookingId: number; candidates: { roomId: number }[] }[] }>(
        res,
      );
      return body.assignments.find((a) => a.bookingId === id)!.candidates.map((c) => c.roomId);
    };
    expect(await candidates()).toContain(room);
    const before = await deluxeCalendar(date, addDays(date, 1));
    const res = await report(technician, { roomId: room, note: 'TV broken', roomState: 'out_of_service' });
    expect(res.status).toBe(201);
    expect(await candidates()).not.toContain(room);
    // Still sold: availability does not move.
    expect(await deluxeCalendar(date, addDays(date, 1))).toEqual(before);
    const { order } = await json<{ order: Order }>(res);
    expect((await act(technician, order.id, 'close', { resolution: 'New TV' })).status).toBe(200);
    expect(await candidates()).toContain(room);
  });
});

describe('reads that do not grow with history', () => {
  it('the open list reads the same rows with many closed orders behind it', async () => {
    const rowsRead = async () => {
      const res = await call('/api/admin/work-orders', {
        cookie: technician,
        headers: { 'x-d1-meter': '1' },
      });
      expect(res.status).toBe(200);
      return Number(res.headers.get('x-d1-rows-read'));
    };
    const first = await rowsRead();
    await env.DB.batch(
      Array.from({ length: 200 }, (_, i) =>
        env.DB.prepare(
          `insert into work_orders (area, note, status, taken_at, closed_at, resolution) values ('Old', ?, 'closed', 1, 1, 'done')`,
        ).bind(`old ${i}`),
      ),
    );
    expect(await rowsRead()).toBe(first);
  });
});
