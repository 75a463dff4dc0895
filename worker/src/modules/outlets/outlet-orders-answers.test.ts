import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { day, json, one } from '@worker-test/builders';
import { call } from '@worker-test/helpers';
import { manager } from '@worker-test/outlets';
import {
  accept,
  appOutlet,
  folioLines,
  order,
  placed,
  refusal,
  refuse,
  stayWithLink,
  waiter,
  type Order,
} from '@worker-test/outlet-orders';

/**
 * A guest's orders from the app, answered (decision 102; outlet-orders.test.ts has the rest): the menus, an order sent from the stay's page and
 * answered on the outlet's tablet (accepted: its check to the room, posted once; refused: with a
 * reason the guest reads in their language; cancelled by the guest while it waits), the rules each
 * holds (only the stay's own guest, in house, not flagged, within the room's credit, a treatment's
 * places at its time) and the races that must post once: the same Idempotency-Key sent again, an
 * accept tapped twice, two guests for the last place.
 */

describe('a treatment at a time', () => {
  it('a time taken is refused with the next free times; two guests racing for the last place: one gets it', async () => {
    const spa = await appOutlet(
      {
        nameEn: 'Race Spa',
        nameAr: 'سبا السباق',
        kind: 'spa',
        opensAt: '10:00',
        closesAt: '22:00',
        slotCapacity: 1,
      },
      [{ nameEn: 'Massage', nameAr: 'تدليك', priceBaisa: 30_000, department: 'spa', durationMinutes: 60 }],
    );
    const treatment = (time?: string) => ({
      outletId: spa.id,
      items: [{ itemId: spa.items[0], quantity: 1 }],
      ...(time ? { time } : {}),
    });
    const a = await stayWithLink('408', 'First Guest');
    const b = await stayWithLink('409', 'Second Guest');
    const c = await stayWithLink('410', 'Third Guest');
    const tomorrow = day(1);
    // Its time is asked for, within the hours and the stay.
    expect((await refusal(await order(a.id, treatment(), a.cookie))).code).toBe('order_time_required');
    expect((await refusal(await order(a.id, treatment(`${tomorrow}T21:30`), a.cookie))).code).toBe(
      'order_time_outside_hours',
    );
    expect((await refusal(await order(a.id, treatment(`${day(-1)}T12:00`), a.cookie))).code).toBe(
      'order_time_past',
    );
    expect((await refusal(await order(a.id, treatment(`${day(5)}T12:00`), a.cookie))).code).toBe(
      'order_time_after_stay',
    );
    // Two guests at once for 18:00, the one place: one is booked, the other hears the next free times.
    const [ra, rb] = await Promise.all([
      order(a.id, treatment(`${tomorrow}T18:00`), a.cookie),
      order(b.id, treatment(`${tomorrow}T18:00`), b.cookie, { lang: 'ar' }),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([201, 409]);
    const lost = await refusal(ra.status === 409 ? ra : rb);
    expect(lost).toMatchObject({
      code: 'order_time_taken',
      times: [`${tomorrow}T19:00`, `${tomorrow}T19:30`, `${tomorrow}T20:00`],
    });
    // 18:30 overlaps the hour taken; 17:00 to 18:00 fits before it.
    expect((await refusal(await order(c.id, treatment(`${tomorrow}T18:30`), c.cookie))).code).toBe(
      'order_time_taken',
    );
    const before = await placed(await order(c.id, treatment(`${tomorrow}T17:00`), c.cookie));
    expect(before.time).toBe(`${tomorrow}T17:00`);
    // Cancelled, the place is free again; a cancelled order cannot be accepted.
    const winner = ra.status === 201 ? a : b;
    const booked = (
      await json<{ orders: Order[] }>(await call(`/api/stays/${winner.id}/orders`, { cookie: winner.cookie }))
    ).orders[0]!;
    const cancelled = await call(`/api/stays/${winner.id}/orders/${booked.id}/cancel`, {
      method: 'POST',
      cookie: winner.cookie,
      lang: 'ar',
    });
    expect(cancelled.status).toBe(200);
    expect((await json<{ order: Order }>(cancelled)).order.status).toBe('cancelled');
    expect((await refusal(await accept(booked.id, await manager()))).code).toBe('order_not_open');
    const loser = winner === a ? b : a;
    await placed(await order(loser.id, treatment(`${tomorrow}T18:00`), loser.cookie));
  });
});

describe('refused by the outlet', () => {
  it('keeps the reason the guest reads; an order answered is not answered again nor cancelled', async () => {
    const w = await waiter();
    const cafe = await appOutlet(
      { nameEn: 'Refusing Café', nameAr: 'مقهى يرفض' },
      [{ nameEn: 'Cake', nameAr: 'كيك', priceBaisa: 2_300 }],
      [w.id],
    );
    const { id, cookie } = await stayWithLink('411', 'Refused Guest');
    const sent = await placed(
      await order(id, { outletId: cafe.id, items: [{ itemId: cafe.items[0], quantity: 1 }] }, cookie),
    );
    const res = await refuse(sent.id, w.cookie, { reason: 'unavailable', note: 'Sold out today' });
    expect(res.status).toBe(200);
    expect((await json<{ order: Order }>(res)).order).toMatchObject({
      status: 'refused',
      refusal: { reason: 'unavailable', note: 'Sold out today' },
    });
    // The same refusal again (a tap sent twice) answers it again; another answer is refused.
    expect((await refuse(sent.id, w.cookie, { reason: 'unavailable', note: 'Sold out today' })).status).toBe(
      200,
    );
    expect((await refusal(await refuse(sent.id, w.cookie, { reason: 'too_busy' }))).code).toBe(
      'order_not_open',
    );
    expect((await refusal(await accept(sent.id, w.cookie))).code).toBe('order_not_open');
    const cancel = await call(`/api/stays/${id}/orders/${sent.id}/cancel`, {
      method: 'POST',
      cookie,
      lang: 'ar',
    });
    expect(cancel.status).toBe(409);
    expect((await refusal(cancel)).message).toMatch(/[\u0600-\u06ff]/);
    expect(await folioLines(id)).toEqual([]);
    const mine = await json<{ orders: Order[] }>(await call(`/api/stays/${id}/orders`, { cookie }));
    expect(mine.orders[0]).toMatchObject({ status: 'refused', refusal: { reason: 'unavailable' } });
    // The database keeps an answered order answered, whatever the statement.
    await expect(
      env.DB.prepare("update outlet_orders set status = 'sent' where id = ?").bind(sent.id).run(),
    ).rejects.toThrow(/order_not_open/);
  });

  it('a stay checked out meanwhile is not charged: the accept is refused and the order waits for a refusal', async () => {
    const cafe = await appOutlet({ nameEn: 'Late Café', nameAr: 'مقهى متأخر' }, [
      { nameEn: 'Tea', nameAr: 'شاي', priceBaisa: 600 },
    ]);
    const { id, cookie } = await stayWithLink('412', 'Gone Guest');
    const sent = await placed(
      await order(id, { outletId: cafe.id, items: [{ itemId: cafe.items[0], quantity: 1 }] }, cookie),
    );
    await env.DB.prepare(
      "update booking_submissions set status = 'completed', checked_out_at = ? where id = ?",
    )
      .bind(Date.now(), id)
      .run();
    const res = await accept(sent.id, await manager());
    expect((await refusal(res)).code).toBe('room_not_in_house');
    expect(
      await one<{ status: string; check_id: number | null }>(
        'select status, check_id from outlet_orders where id = ?',
        sent.id,
      ),
    ).toEqual({ status: 'sent', check_id: null });
    expect(await folioLines(id)).toEqual([]);
  });
});

describe('live', () => {
  it('the outlet’s tablet hears a new order at once, the guest’s app hears its answer; another outlet’s waiter cannot listen', async () => {
    const w = await waiter();
    const other = await waiter();
    const cafe = await appOutlet(
      { nameEn: 'Live Café', nameAr: 'مقهى مباشر' },
      [{ nameEn: 'Mocha', nameAr: 'موكا', priceBaisa: 2_100 }],
      [w.id],
    );
    const { id, cookie } = await stayWithLink('301', 'Live Guest');
    const listen = async (path: string, socketCookie: string) => {
      const res = await call(path, { cookie: socketCookie, headers: { upgrade: 'websocket' } });
      expect(res.status).toBe(101);
      const ws = res.webSocket!;
      ws.accept();
      const events: { type: string; orderId?: number; status?: string }[] = [];
      ws.addEventListener('message', (e) => events.push(JSON.parse(String(e.data))));
      return { ws, events };
    };
    expect(
      (
        await call(`/api/live?as=outlet&outletId=${cafe.id}`, {
          cookie: other.cookie,
          headers: { upgrade: 'websocket' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await call(`/api/live?as=outlet&outletId=${cafe.id}`, { cookie, headers: { upgrade: 'websocket' } }))
        .status,
    ).toBe(401);
    const tablet = await listen(`/api/live?as=outlet&outletId=${cafe.id}`, w.cookie);
    const phone = await listen(`/api/live?bookingId=${id}`, cookie);
    const sent = await placed(
      await order(id, { outletId: cafe.id, items: [{ itemId: cafe.items[0], quantity: 1 }] }, cookie),
    );
    const wait = (events: { type: string; status?: string }[], status: string) =>
      new Promise<void>((resolve) => {
        const t = setInterval(() => {
          if (events.some((e) => e.type === 'order' && e.status === status)) {
            clearInterval(t);
            resolve();
          }
        }, 20);
        setTimeout(() => (clearInterval(t), resolve()), 2000);
      });
    await wait(tablet.events, 'sent');
    expect(tablet.events.filter((e) => e.type === 'order')).toEqual([
      expect.objectContaining({ type: 'order', orderId: sent.id, status: 'sent' }),
    ]);
    await accept(sent.id, w.cookie);
    await wait(phone.events, 'accepted');
    expect(phone.events.filter((e) => e.type === 'order').map((e) => e.status)).toContain('accepted');
    tablet.ws.close();
    phone.ws.close();
  });
});
