import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { hotelToday } from '@shared/dates';
import { ORDER_RULES } from '@shared/outlet-orders';
import { OUTLET_RULES, hotelClock } from '@shared/outlets';
import { call, signUp } from '@worker-test/helpers';
import { day, grantCookie, json, one, rows, staffCookie, stayInRoom } from '@worker-test/builders';
import { inHouse, manager } from '@worker-test/outlets';
import { pngBytes } from '@worker-test/image-bytes';
import {
  accept,
  appOutlet,
  folioLines,
  order,
  placed,
  refusal,
  refuse,
  stayWithLink,
  userIdOf,
  waiter,
  type Order,
  type TabletOrder,
} from '@worker-test/outlet-orders';

/**
 * A guest's orders from the app (decision 102): the menus, an order sent from the stay's page and
 * answered on the outlet's tablet (accepted: its check to the room, posted once; refused: with a
 * reason the guest reads in their language; cancelled by the guest while it waits), the rules each
 * holds (only the stay's own guest, in house, not flagged, within the room's credit, a treatment's
 * places at its time) and the races that must post once: the same Idempotency-Key sent again, an
 * accept tapped twice, two guests for the last place.
 */

describe('the menus', () => {
  it('lists, to anyone, the outlets that take app orders with their items in both languages, prices, treatments’ lengths and photos', async () => {
    const cafe = await appOutlet({}, [
      { nameEn: 'Flat white', nameAr: 'فلات وايت', priceBaisa: 1_700 },
      { nameEn: 'Staff meal', nameAr: 'وجبة الموظفين', priceBaisa: 900 },
    ]);
    const shut = await appOutlet({ nameEn: 'Bar', nameAr: 'البار', appOrders: false }, [
      { nameEn: 'Juice', nameAr: 'عصير', priceBaisa: 1_000 },
    ]);
    const cookie = await manager();
    // One item only at the outlet, not in the app.
    const staffMeal = await call(`/api/admin/outlets/${cafe.id}/items/${cafe.items[1]}`, {
      method: 'PUT',
      cookie,
      json: {
        nameEn: 'Staff meal',
        nameAr: 'وجبة الموظفين',
        priceBaisa: 900,
        department: 'restaurant',
        appOrderable: false,
      },
    });
    expect(staffMeal.status).toBe(200);
    // A photo: the request's body, checked by its bytes; served to anyone, kept a year.
    const photo = await call(`/api/admin/outlets/${cafe.id}/items/${cafe.items[0]}/photo`, {
      method: 'PUT',
      cookie,
      body: pngBytes(64, 64),
      headers: { 'content-type': 'image/png' },
    });
    expect(photo.status, await photo.clone().text()).toBe(200);
    const notAnImage = await call(`/api/admin/outlets/${cafe.id}/items/${cafe.items[0]}/photo`, {
      method: 'PUT',
      cookie,
      body: '<svg onload="alert(1)"/>',
    });
    expect(notAnImage.status).toBe(415);

    const res = await call('/api/outlets/menus', { lang: 'ar' });
    expect(res.status).toBe(200);
    const { outlets } = await json<{
      outlets: {
        id: number;
        nameAr: string;
        items: {
          id: number;
          nameAr: string;
          nameEn: string;
          priceBaisa: number;
          photoUrl: string | null;
          durationMinutes: number | null;
        }[];
      }[];
    }>(res);
    expect(outlets.map((o) => o.id)).toContain(cafe.id);
    expect(outlets.map((o) => o.id)).not.toContain(shut.id);
    const mine = outlets.find((o) => o.id === cafe.id)!;
    expect(mine.items.map((i) => [i.nameEn, i.nameAr, i.priceBaisa, i.durationMinutes])).toEqual([
      ['Flat white', 'فلات وايت', 1_700, null],
    ]);
    const served = await call(mine.items[0]!.photoUrl!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect((await call('/api/outlets/photos/..%2F..%2Fsecret')).status).toBe(404);
    // The demo's spa: its treatments with their lengths.
    const spa = outlets.find((o) => o.nameAr === 'سبا المعبيلة')!;
    expect(spa.items.every((i) => (i.durationMinutes ?? 0) > 0)).toBe(true);
  });
});

describe('a guest orders two coffees and a massage at 18:00; the café and the spa accept them', () => {
  it('lands on each tablet, posts to the bill once when accepted, and the guest sees each state', async () => {
    const cafeWaiter = await waiter();
    const spaWaiter = await waiter();
    const cafe = await appOutlet(
      {},
      [{ nameEn: 'Arabic coffee', nameAr: 'قهوة عربية', priceBaisa: 1_500 }],
      [cafeWaiter.id],
    );
    const spa = await appOutlet(
      { nameEn: 'Spa', nameAr: 'السبا', kind: 'spa', opensAt: '10:00', closesAt: '22:00', slotCapacity: 2 },
      [
        {
          nameEn: 'Omani massage',
          nameAr: 'تدليك عماني',
          priceBaisa: 35_000,
          department: 'spa',
          durationMinutes: 60,
        },
      ],
      [spaWaiter.id],
    );
    const guest = await signUp('Salim Al Harthy');
    const stay = await inHouse('310', 'Salim Al Harthy');
    await env.DB.prepare('update booking_submissions set user_id = ? where id = ?')
      .bind(await userIdOf(guest.email), stay)
      .run();

    const coffees = await placed(
      await order(
        stay,
        { outletId: cafe.id, items: [{ itemId: cafe.items[0], quantity: '٢' }] },
        guest.cookie,
        {
          key: crypto.randomUUID(),
          lang: 'ar',
        },
      ),
    );
    expect(coffees).toMatchObject({ status: 'sent', totalBaisa: 3_000, time: null });
    const at = `${day(1)}T18:00`;
    const massage = await placed(
      await order(
        stay,
        {
          outletId: spa.id,
          items: [{ itemId: spa.items[0], quantity: 1 }],
          time: at,
          note: 'Medium pressure',
        },
        guest.cookie,
        { key: crypto.randomUUID() },
      ),
    );
    expect(massage).toMatchObject({ status: 'sent', totalBaisa: 35_000, time: at });
    // Nothing on the bill while they wait.
    expect(await folioLines(stay)).toEqual([]);

    // The café's tablet sees its order only (the room and the surname), not the spa's.
    const cafeList = await json<{ open: TabletOrder[] }>(
      await call(`/api/outlets/${cafe.id}/orders`, { cookie: cafeWaiter.cookie }),
    );
    expect(cafeList.open.map((o) => [o.id, o.roomNumber, o.guestSurname])).toEqual([
      [coffees.id, '310', 'Harthy'],
    ]);
    // Another outlet's waiter may not see nor answer it; a guest or a signed-out caller neither.
    expect((await call(`/api/outlets/${cafe.id}/orders`, { cookie: spaWaiter.cookie })).status).toBe(403);
    expect((await accept(coffees.id, spaWaiter.cookie)).status).toBe(403);
    expect((await refuse(coffees.id, spaWaiter.cookie, { reason: 'other' })).status).toBe(403);
    expect((await accept(coffees.id, guest.cookie)).status).toBe(403);
    expect((await call(`/api/outlets/orders/${coffees.id}/accept`, { method: 'POST' })).status).toBe(401);
    // The desk's staff are not the café's staff either.
    expect((await accept(coffees.id, await staffCookie())).status).toBe(403);

    // Accepted, twice at once: one check, its lines on the folio once.
    const [first, second] = await Promise.all([
      accept(coffees.id, cafeWaiter.cookie),
      accept(coffees.id, cafeWaiter.cookie),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const answers = [
      await json<{ order: Order; check: { id: number } | null }>(first),
      await json<{ order: Order; check: { id: number } | null }>(second),
    ];
    expect(answers.map((a) => a.order.status)).toEqual(['accepted', 'accepted']);
    expect(answers.filter((a) => a.check !== null)).toHaveLength(1);
    // Tapped again later: answered again, nothing posted.
    expect((await accept(coffees.id, cafeWaiter.cookie)).status).toBe(200);
    expect(await accept(massage.id, spaWaiter.cookie).then((r) => r.status)).toBe(200);

    const lines = await folioLines(stay);
    expect(lines.map((l) => [l.department, l.amount_baisa])).toEqual([
      ['restaurant', 3_000],
      ['spa', 35_000],
    ]);
    expect(lines[0]!.description).toContain('Arabic coffee');
    const checks = await rows<{ id: number; booking_id: number; total_baisa: number }>(
      'select id, booking_id, total_baisa from outlet_checks where booking_id = ? order by id',
      stay,
    );
    expect(checks.map((c) => c.total_baisa)).toEqual([3_000, 35_000]);
    expect(lines.map((l) => l.outlet_check_id)).toEqual(checks.map((c) => c.id));

    // The guest's list and bill: both accepted, each once.
    const mine = await json<{ inHouse: boolean; orders: Order[] }>(
      await call(`/api/stays/${stay}/orders`, { cookie: guest.cookie }),
    );
    expect(mine.inHouse).toBe(true);
    expect(mine.orders.map((o) => [o.id, o.status, o.checkId])).toEqual([
      [massage.id, 'accepted', checks[1]!.id],
      [coffees.id, 'accepted', checks[0]!.id],
    ]);
    const bill = await json<{ balanceBaisa: number; lines: { amountBaisa: number }[] }>(
      await call(`/api/booking-submissions/${stay}/folio`, { cookie: guest.cookie }),
    );
    expect(bill.lines.map((l) => l.amountBaisa)).toEqual([3_000, 35_000]);
    expect(bill.balanceBaisa).toBe(38_000);

    // The day's figures count them: by department in the day report and the flash report, and per outlet.
    const cookie = await manager();
    const report = await json<{
      revenueBaisa: Record<string, number>;
      outlets: { outletId: number; checks: number; toRoomsBaisa: number }[];
    }>(await call(`/api/admin/day-close/${hotelToday()}`, { cookie }));
    const netOf = async (checkId: number) =>
      (await one<{ net_baisa: number }>('select net_baisa from outlet_checks where id = ?', checkId))!
        .net_baisa;
    expect(report.revenueBaisa.spa).toBe(await netOf(checks[1]!.id));
    expect(report.revenueBaisa.restaurant).toBeGreaterThanOrEqual(await netOf(checks[0]!.id));
    expect(report.outlets.find((o) => o.outletId === spa.id)).toMatchObject({
      checks: 1,
      toRoomsBaisa: 35_000,
    });
    expect(report.outlets.find((o) => o.outletId === cafe.id)).toMatchObject({
      checks: 1,
      toRoomsBaisa: 3_000,
    });
    const flash = await json<{ revenueBaisa: Record<string, number>; outlets: { outletId: number }[] }>(
      await call(`/api/admin/reports/flash?date=${hotelToday()}`, { cookie }),
    );
    expect(flash.revenueBaisa.spa).toBe(report.revenueBaisa.spa);
    expect(flash.outlets.map((o) => o.outletId)).toEqual(expect.arrayContaining([cafe.id, spa.id]));
  });
});

describe('sent again when the network drops', () => {
  it('the same Idempotency-Key is one order, raced or repeated; another body under it is refused', async () => {
    const cafe = await appOutlet({}, [{ nameEn: 'Karak', nameAr: 'كرك', priceBaisa: 800 }]);
    const { id, cookie } = await stayWithLink('311', 'Aisha Al Said');
    const key = crypto.randomUUID();
    const body = { outletId: cafe.id, items: [{ itemId: cafe.items[0], quantity: 1 }] };
    const all = await Promise.all(Array.from({ length: 6 }, () => order(id, body, cookie, { key })));
    const ok = all.filter((r) => r.status === 201);
    // Every twin hears the one order (or, while it is still being written, to try again).
    expect(ok.length + all.filter((r) => r.status === 409).length).toBe(6);
    const ids = new Set(await Promise.all(ok.map(async (r) => (await json<{ order: Order }>(r)).order.id)));
    expect(ids.size).toBe(1);
    const again = await order(id, body, cookie, { key });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await json<{ order: Order }>(again)).order.id).toBe([...ids][0]);
    expect(
      (await one<{ n: number }>('select count(*) as n from outlet_orders where booking_id = ?', id))!.n,
    ).toBe(1);
    const other = await order(id, { ...body, note: 'two sugars' }, cookie, { key });
    expect(other.status).toBe(422);
    expect((await order(id, body, cookie, { key: 'not a key!' })).status).toBe(400);
  });
});

describe('only the stay’s own guest orders', () => {
  it('another guest, a signed-out caller and another stay’s link get 404; the link’s holder (a companion) orders', async () => {
    const cafe = await appOutlet({}, [{ nameEn: 'Tea', nameAr: 'شاي', priceBaisa: 600 }]);
    const owner = await signUp('Owner Guest');
    const stay = await inHouse('312', 'Owner Guest');
    await env.DB.prepare('update booking_submissions set user_id = ? where id = ?')
      .bind(await userIdOf(owner.email), stay)
      .run();
    const otherStay = await stayWithLink('401', 'Other Guest');
    const stranger = await signUp('Stranger');
    const body = { outletId: cafe.id, items: [{ itemId: cafe.items[0], quantity: 1 }] };
    for (const cookie of [stranger.cookie, otherStay.cookie, undefined]) {
      const res = await order(stay, body, cookie, { lang: 'ar' });
      expect(res.status).toBe(404);
      expect((await refusal(res)).code).toBe('booking_not_found');
      expect((await call(`/api/stays/${stay}/orders`, { cookie })).status).toBe(404);
    }
    // A companion the guest shared the stay's link with.
    const companion = await grantCookie({ id: stay, checkOutDate: day(2) });
    const theirs = await placed(await order(stay, body, companion));
    // The owner sees it; another guest cannot cancel it.
    const list = await json<{ orders: Order[] }>(
      await call(`/api/stays/${stay}/orders`, { cookie: owner.cookie }),
    );
    expect(list.orders.map((o) => o.id)).toEqual([theirs.id]);
    const cancelByOther = await call(`/api/stays/${otherStay.id}/orders/${theirs.id}/cancel`, {
      method: 'POST',
      cookie: otherStay.cookie,
    });
    expect(cancelByOther.status).toBe(404);
    expect(
      (
        await call(`/api/stays/${stay}/orders/${theirs.id}/cancel`, {
          method: 'POST',
          cookie: stranger.cookie,
        })
      ).status,
    ).toBe(404);
  });
});

describe('refused with the reason, in the guest’s language', () => {
  it('a stay not in house or checked out, a flagged guest, the credit reached, a closed outlet, an item off the app', async () => {
    const cafe = await appOutlet({}, [
      { nameEn: 'Latte', nameAr: 'لاتيه', priceBaisa: 2_000 },
      { nameEn: 'Counter only', nameAr: 'عند المنضدة', priceBaisa: 500 },
    ]);
    const body = (quantity = 1) => ({ outletId: cafe.id, items: [{ itemId: cafe.items[0], quantity }] });
    const both = async (stay: number, cookie: string, payload: unknown) => {
      const en = await refusal(await order(stay, payload, cookie, { lang: 'en' }));
      const ar = await refusal(await order(stay, payload, cookie, { lang: 'ar' }));
      expect(ar.code).toBe(en.code);
      expect(ar.message).toMatch(/[\u0600-\u06ff]/);
      expect(en.message).toMatch(/^[\x20-\x7e’]+$/);
      return en;
    };
    // Booked, not arrived.
    const arriving = await stayInRoom('402', day(0), day(2), { fullName: 'Not Yet' });
    const arrivingCookie = await grantCookie({ id: arriving, checkOutDate: day(2) });
    expect(await both(arriving, arrivingCookie, body())).toMatchObject({
      status: 409,
      code: 'order_not_in_house',
    });
    // Checked out.
    const left = await stayInRoom('403', day(-2), day(0), { fullName: 'Left Guest', checkedOut: true });
    expect(await both(left, await grantCookie({ id: left, checkOutDate: day(0) }), body())).toMatchObject({
      status: 409,
      code: 'order_not_in_house',
    });
    // Flagged by the hotel.
    const flagged = await stayWithLink('404', 'Omar Flagged');
    await env.DB.prepare(
      `insert into guest_profiles (full_name, phone, name_key, do_not_rent) values ('Omar Flagged', '99887700', 'omar flagged', 1)`,
    ).run();
    await env.DB.prepare(
      'update booking_submissions set profile_id = (select max(id) from guest_profiles) where id = ?',
    )
      .bind(flagged.id)
      .run();
    expect(await both(flagged.id, flagged.cookie, body())).toMatchObject({
      status: 409,
      code: 'order_guest_flagged',
    });
    // The room's credit: what the stay owes with its open orders.
    const spender = await stayWithLink('405', 'Big Spender');
    await env.DB.prepare(
      `insert into folio_lines (booking_id, kind, department, description, amount_baisa, net_baisa, taxes, business_date)
       values (?, 'charge', 'other', 'earlier', ?, ?, '[]', ?)`,
    )
      .bind(
        spender.id,
        OUTLET_RULES.roomCreditBaisa - 5_000,
        OUTLET_RULES.roomCreditBaisa - 5_000,
        hotelToday(),
      )
      .run();
    await placed(await order(spender.id, body(2), spender.cookie));
    expect(await both(spender.id, spender.cookie, body(1))).toMatchObject({
      status: 409,
      code: 'order_credit_exceeded',
      leftBaisa: 1_000,
    });
    // An item the outlet serves only at its counter.
    const counter = await call(`/api/admin/outlets/${cafe.id}/items/${cafe.items[1]}`, {
      method: 'PUT',
      cookie: await manager(),
      json: {
        nameEn: 'Counter only',
        nameAr: 'عند المنضدة',
        priceBaisa: 500,
        department: 'restaurant',
        appOrderable: false,
      },
    });
    expect(counter.status).toBe(200);
    const guest = await stayWithLink('406', 'Huda Al Busaidi');
    expect(
      await both(guest.id, guest.cookie, {
        outletId: cafe.id,
        items: [{ itemId: cafe.items[1], quantity: 1 }],
      }),
    ).toMatchObject({ status: 409, code: 'order_item_unavailable' });
    // An outlet closed now (hours around the clock's other side), and one not taking app orders.
    const [h, m] = hotelClock().split(':').map(Number) as [number, number];
    const clock = (minutes: number) => {
      const t = (h * 60 + m + minutes + 1440) % 1440;
      return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
    };
    const shut = await appOutlet(
      { nameEn: 'Night bar', nameAr: 'بار الليل', opensAt: clock(60), closesAt: clock(120) },
      [{ nameEn: 'Mocktail', nameAr: 'موكتيل', priceBaisa: 2_500 }],
    );
    expect(
      await both(guest.id, guest.cookie, {
        outletId: shut.id,
        items: [{ itemId: shut.items[0], quantity: 1 }],
      }),
    ).toMatchObject({ status: 409, code: 'order_outlet_closed' });
    const off = await appOutlet({ nameEn: 'Off', nameAr: 'مغلق', appOrders: false }, [
      { nameEn: 'Water', nameAr: 'ماء', priceBaisa: 300 },
    ]);
    expect(
      await both(guest.id, guest.cookie, {
        outletId: off.id,
        items: [{ itemId: off.items[0], quantity: 1 }],
      }),
    ).toMatchObject({ status: 409, code: 'order_outlet_unavailable' });
    // The stay's cap of orders waiting for an answer.
    for (let i = 0; i < ORDER_RULES.openMax; i++) await placed(await order(guest.id, body(), guest.cookie));
    expect(await both(guest.id, guest.cookie, body())).toMatchObject({
      status: 429,
      code: 'too_many_orders',
    });
  });

  it('a bad body is a 400 with the field named, never a 500', async () => {
    const cafe = await appOutlet({}, [{ nameEn: 'Juice', nameAr: 'عصير', priceBaisa: 1_000 }]);
    const { id, cookie } = await stayWithLink('407', 'Form Tester');
    const item = cafe.items[0];
    for (const bad of [
      {},
      { outletId: 'x', items: [{ itemId: item, quantity: 1 }] },
      { outletId: cafe.id, items: [] },
      { outletId: cafe.id, items: [{ itemId: item, quantity: 0 }] },
      { outletId: cafe.id, items: [{ itemId: item, quantity: 1e9 }] },
      { outletId: cafe.id, items: Array.from({ length: 50 }, () => ({ itemId: item, quantity: 1 })) },
      { outletId: cafe.id, items: [{ itemId: item, quantity: 1 }], time: '25:00' },
      { outletId: cafe.id, items: [{ itemId: item, quantity: 1 }], time: '2027-02-30T10:00' },
      {
        outletId: cafe.id,
        items: [{ itemId: item, quantity: 1 }],
        note: 'x'.repeat(ORDER_RULES.noteMax + 1),
      },
      [1, 2, 3],
    ]) {
      const res = await order(id, bad, cookie, { lang: 'ar' });
      expect(res.status, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    const unknownOutlet = await order(
      id,
      { outletId: 999_999, items: [{ itemId: item, quantity: 1 }] },
      cookie,
    );
    expect(unknownOutlet.status).toBe(404);
    const notThisOutlets = await order(
      id,
      { outletId: cafe.id, items: [{ itemId: 999_999, quantity: 1 }] },
      cookie,
    );
    expect((await refusal(notThisOutlets)).code).toBe('order_item_unavailable');
    // A refusal whose reason is not one of the outlet's.
    const sent = await placed(
      await order(id, { outletId: cafe.id, items: [{ itemId: item, quantity: 1 }] }, cookie),
    );
    const bad = await refuse(sent.id, await manager(), { reason: 'because' });
    expect(bad.status).toBe(400);
    expect(
      (await call('/api/outlets/orders/999999/accept', { method: 'POST', cookie: await manager() })).status,
    ).toBe(404);
  });
});
