import { env } from 'cloudflare:workers';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { day } from '@worker-test/builders';
import { call, workerFetch, type CallInit } from '@worker-test/helpers';
import { FAKE_CHANNEX, installChannelDispatch } from '../../index';

/**
 * The fake channel manager through its HTTP API, as the Channex adapter and the tests of the
 * channel link drive it: the key, ARI stored per night, the rate limit, faults, the booking
 * revisions' feed and acknowledgement, the test controls, and the webhook each revision sends
 * through the whole app.
 */

function send(path: string, init: CallInit & { key?: string | null; environment?: 'production' } = {}) {
  const { key, environment, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (key !== null) headers.set('user-api-key', key ?? FAKE_CHANNEX.apiKey);
  // The link itself off: the app's own sender (run after each write) would take calls of the
  // fake, and its faults, in the middle of a test's.
  const bindings = Object.assign(
    {},
    env,
    { CHANNEL_MANAGER: 'off' },
    environment && { ENVIRONMENT: environment },
  );
  return call(path, { ...rest, headers, env: bindings });
}

const api = (path: string, init: Parameters<typeof send>[1] = {}) =>
  send(`${FAKE_CHANNEX.basePath}${path}`, init);
const control = (path: string, json?: unknown) =>
  send(`/api/dev/channel${path}`, { method: json === undefined ? 'GET' : 'POST', json, key: null });

const property_id = FAKE_CHANNEX.propertyId;

type AriNight = {
  date: string;
  availability: number | null;
  priceBaisa: number | null;
  minStay: number | null;
  maxStay: number | null;
  stopSell: boolean | null;
  closedToArrival: boolean | null;
  closedToDeparture: boolean | null;
};

async function ari(query: string): Promise<AriNight[]> {
  const res = await control(`/ari?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

/**
 * The webhooks the fake sent: the app's dispatch wrapped to keep them, answered 202 here so the
 * app's own webhook (which applies and acknowledges the revision) leaves this file's feed alone.
 */
const webhooks: { headers: Headers; body: Record<string, unknown> }[] = [];
installChannelDispatch(async (request, workerEnv, ctx) => {
  if (new URL(request.url).pathname === FAKE_CHANNEX.webhookPath) {
    webhooks.push({ headers: request.headers, body: await request.clone().json() });
    return new Response(null, { status: 202 });
  }
  return workerFetch(request, workerEnv, ctx);
});
afterAll(() => {
  installChannelDispatch(workerFetch);
});

beforeEach(async () => {
  // A fresh minute for the rate limit, and no fault left from a test before.
  await env.DB.batch([
    env.DB.prepare('delete from fake_channex_calls'),
    env.DB.prepare('delete from fake_channex_faults'),
  ]);
});

const booking = {
  otaName: 'booking.com',
  otaReservationCode: 'BDC-4412',
  roomType: 'gold',
  ratePlan: 'standard:gold',
  checkInDate: '2027-03-04',
  checkOutDate: '2027-03-06',
  adults: 2,
  children: 1,
  guest: { name: 'Salim Al Harthy', phone: '+96891234567', email: 'salim.4412@guest.booking.com' },
  nights: [
    { date: '2027-03-04', priceBaisa: 52_000 },
    { date: '2027-03-05', priceBaisa: 48_500 },
  ],
  paymentCollect: 'ota',
  commissionBaisa: 15_075,
};

describe('the fake channel manager API', () => {
  it('answers only calls with its key', async () => {
    for (const key of [null, 'wrong-key']) {
      const res = await api('/booking_revisions/feed', { key });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ errors: { code: 'unauthorized', title: 'Unauthorized' } });
    }
    expect((await api('/booking_revisions/feed')).status).toBe(200);
  });

  it('stores availability per night from ranges, the newest value of a night winning', async () => {
    const post = (values: unknown[]) => api('/availability', { method: 'POST', json: { values } });
    const first = await post([
      { property_id, room_type_id: 'gold', date_from: '2027-01-10', date_to: '2027-01-13', availability: 4 },
      { property_id, room_type_id: 'silver', date: '2027-01-11', availability: 7 },
    ]);
    expect(first.status, await first.clone().text()).toBe(200);
    expect(await first.json()).toMatchObject({ data: [{ type: 'task' }], meta: { message: 'Success' } });
    // A later range over part of it, on Tuesdays and Wednesdays only (12 and 13 January 2027).
    await post([
      {
        property_id,
        room_type_id: 'gold',
        date_from: '2027-01-09',
        date_to: '2027-01-13',
        days: ['tu', 'we'],
        availability: 0,
      },
    ]);
    const nights = await ari('roomType=gold&from=2027-01-09&to=2027-01-14');
    expect(nights.map((n) => [n.date, n.availability])).toEqual([
      ['2027-01-09', null],
      ['2027-01-10', 4],
      ['2027-01-11', 4],
      ['2027-01-12', 0],
      ['2027-01-13', 0],
      ['2027-01-14', null],
    ]);
    expect((await ari('roomType=silver&from=2027-01-11&to=2027-01-11'))[0]!.availability).toBe(7);
  });

  it('stores rates (decimal rials or integer baisa) and restrictions per night; a field left out keeps its value', async () => {
    const post = (values: unknown[]) => api('/restrictions', { method: 'POST', json: { values } });
    const [d1, d2, d3] = [day(60), day(61), day(62)];
    // A restriction value names its rate plan only (a plan belongs to one room type).
    const first = await post([
      {
        property_id,
        rate_plan_id: 'corporate:silver',
        date_from: d1,
        date_to: d3,
        rate: '52.000',
        min_stay_arrival: 2,
        max_stay: 14,
        stop_sell: false,
        closed_to_arrival: false,
        closed_to_departure: 0,
      },
    ]);
    expect(first.status, await first.clone().text()).toBe(200);
    expect(await first.json()).toMatchObject({
      data: [{ type: 'task', id: expect.any(String) }],
      meta: { message: 'Success', warnings: [] },
    });
    expect(first.headers.get('x-request-id')).toEqual(expect.any(String));
    // An integer is the currency's smallest unit (Channex: 20000 for 200.00 USD): baisa here.
    await post([{ property_id, rate_plan_id: 'corporate:silver', date: d2, rate: 61_500, stop_sell: true }]);
    const nights = await ari(`roomType=silver&ratePlan=corporate:silver&from=${d1}&to=${d3}`);
    const night = (date: string, priceBaisa: number, stopSell: boolean) => ({
      date,
      availability: null,
      priceBaisa,
      minStay: 2,
      maxStay: 14,
      stopSell,
      closedToArrival: false,
      closedToDeparture: false,
    });
    expect(nights).toEqual([night(d1, 52_000, false), night(d2, 61_500, true), night(d3, 52_000, false)]);
    // Another plan of the same type holds its own values.
    expect(
      (await ari(`roomType=silver&ratePlan=non_refundable:silver&from=${d1}&to=${d1}`))[0]!.priceBaisa,
    ).toBeNull();
  });

  it('takes a full sync in one call: 500 nights of 12 plans, a price a night', async () => {
    const plans = ['standard', 'non_refundable', 'bed_and_breakfast'].flatMap((plan) =>
      ['silver', 'gold', 'diamond', 'deluxe'].map((type) => `${plan}:${type}`),
    );
    const values = plans.flatMap((plan, pair) =>
      Array.from({ length: 500 }, (_, i) => ({
        property_id,
        rate_plan_id: plan,
        date: day(i),
        rate: `${40 + (i % 7)}.${String(pair).padStart(3, '0')}`,
      })),
    );
    const res = await api('/restrictions', { method: 'POST', json: { values } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { meta: { warnings: unknown[] } }).meta.warnings).toEqual([]);
    const last = await ari(
      `roomType=deluxe&ratePlan=bed_and_breakfast:deluxe&from=${day(499)}&to=${day(499)}`,
    );
    expect(last[0]!.priceBaisa).toBe((40 + (499 % 7)) * 1000 + 11);
  });

  it('ignores the values Channex refuses (a rate of 0, a past date, an unknown id) with a warning each, 200, and takes the rest', async () => {
    const good = { property_id, rate_plan_id: 'corporate:gold', date: day(70), rate: '10.000' };
    const refused = [
      { property_id, rate_plan_id: 'corporate:gold', date: day(71), rate: '0.000' },
      { property_id, rate_plan_id: 'corporate:gold', date_from: day(-2), date_to: day(72), stop_sell: true },
      { property_id, rate_plan_id: 'no-such-plan', date: day(73), rate: '40.000' },
      { property_id: 'another', rate_plan_id: 'corporate:gold', date: day(74), rate: '40.000' },
      { property_id, rate_plan_id: 'corporate:gold', date_from: day(76), date_to: day(75), rate: '40' },
      { property_id, rate_plan_id: 'corporate:gold', date: day(77), rate: '1.2345', min_stay_arrival: 0 },
      { property_id, rate_plan_id: 'corporate:gold', date: day(78) },
    ];
    const res = await api('/restrictions', { method: 'POST', json: { values: [good, ...refused] } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      data: { id: string; type: string }[];
      meta: {
        message: string;
        warnings: (Record<string, unknown> & { warning: Record<string, string[]> })[];
      };
    };
    expect(body.data).toEqual([{ id: expect.any(String), type: 'task' }]);
    expect(body.meta.message).toBe('Success');
    // Each ignored value echoed with every field of the kind (null when not sent) and its warning.
    expect(body.meta.warnings).toHaveLength(refused.length);
    expect(body.meta.warnings[0]).toMatchObject({
      property_id,
      rate_plan_id: 'corporate:gold',
      date: day(71),
      date_from: null,
      rate: '0.000',
      stop_sell: null,
      warning: { rate: ['must be greater than 0'] },
    });
    expect(body.meta.warnings.map((w) => Object.keys(w.warning).sort())).toEqual([
      ['rate'],
      ['date_from'],
      ['rate_plan_id'],
      ['property_id'],
      ['date_to'],
      ['min_stay_arrival', 'rate'],
      ['restrictions'],
    ]);
    // The good value was stored; none of the others.
    const stored = await ari(`roomType=gold&ratePlan=corporate:gold&from=${day(70)}&to=${day(78)}`);
    expect(stored.map((n) => n.priceBaisa)).toEqual([10_000, null, null, null, null, null, null, null, null]);
    expect(stored.map((n) => n.stopSell)).toEqual([null, null, null, null, null, null, null, null, null]);
    // An availability value for a room type it does not know, or below 0, likewise.
    const rooms = await api('/availability', {
      method: 'POST',
      json: {
        values: [
          { property_id, room_type_id: 'gold', date: day(70), availability: 3 },
          { property_id, room_type_id: 'no-such-room', date: day(70), availability: 3 },
          { property_id, room_type_id: 'gold', date: day(71), availability: -1 },
        ],
      },
    });
    expect(rooms.status).toBe(200);
    const roomsBody = (await rooms.json()) as { meta: { warnings: { warning: Record<string, string[]> }[] } };
    expect(roomsBody.meta.warnings.map((w) => w.warning)).toEqual([
      { room_type_id: ['not found'] },
      { availability: ['must be greater than or equal to 0'] },
    ]);
    expect((await ari(`roomType=gold&from=${day(70)}&to=${day(71)}`)).map((n) => n.availability)).toEqual([
      3,
      null,
    ]);
    // A call with nothing it could take answers no task.
    const none = await api('/restrictions', { method: 'POST', json: { values: [refused[0]] } });
    expect(await none.json()).toMatchObject({ data: [], meta: { warnings: [{ rate: '0.000' }] } });
    // A body that is not a list of values is refused whole, in Channex's error shape.
    const shapeless = await api('/restrictions', { method: 'POST', json: { values: 'all' } });
    expect(shapeless.status).toBe(422);
    expect(await shapeless.json()).toMatchObject({ errors: { code: 'validation_error' } });
    const broken = await api('/availability', {
      method: 'POST',
      body: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
  });

  it('warns its next pushes as a test asks ({warnings: n}), each ignoring its first value', async () => {
    expect((await control('/faults', { warnings: 2 })).status).toBe(200);
    const value = (n: number, availability: number) => ({
      property_id,
      room_type_id: 'silver',
      date: day(n),
      availability,
    });
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const res = await api('/availability', {
        method: 'POST',
        json: { values: [value(80, i), value(81, i)] },
      });
      expect(res.status).toBe(200);
      answers.push(((await res.json()) as { meta: { warnings: object[] } }).meta.warnings);
    }
    expect(answers.map((w) => w.length)).toEqual([1, 1, 0]);
    expect(answers[0]![0]).toMatchObject({
      room_type_id: 'silver',
      date: day(80),
      warning: { base: expect.any(Array) },
    });
    // The first value of each warned push was ignored, the second taken; the third push took both.
    expect((await ari(`roomType=silver&from=${day(80)}&to=${day(81)}`)).map((n) => n.availability)).toEqual([
      2, 2,
    ]);
    expect((await control('/faults', { warnings: -1 })).status).toBe(400);
  });

  it('makes room types and rate plans as Channex does; a plan belongs to one room type', async () => {
    const type = await api('/room_types', {
      method: 'POST',
      json: { room_type: { property_id, title: 'Twin Room', count_of_rooms: 4, occupancy: 2 } },
    });
    expect(type.status, await type.clone().text()).toBe(201);
    const typeId = ((await type.json()) as { data: { id: string; type: string } }).data.id;
    const plan = await api('/rate_plans', {
      method: 'POST',
      json: {
        rate_plan: {
          property_id,
          title: 'Best Available Rate',
          room_type_id: typeId,
          options: [{ occupancy: 2, is_primary: true, rate: 0 }],
        },
      },
    });
    expect(plan.status, await plan.clone().text()).toBe(201);
    const made = (await plan.json()) as {
      data: { id: string; relationships: { room_type: { data: { id: string } } } };
    };
    expect(made.data.relationships.room_type.data.id).toBe(typeId);
    // The plan's values are stored under its room type.
    const pushed = await api('/restrictions', {
      method: 'POST',
      json: { values: [{ property_id, rate_plan_id: made.data.id, date: day(90), rate: '33.300' }] },
    });
    expect(((await pushed.json()) as { meta: { warnings: unknown[] } }).meta.warnings).toEqual([]);
    expect(
      (await ari(`roomType=${typeId}&ratePlan=${made.data.id}&from=${day(90)}&to=${day(90)}`))[0]!.priceBaisa,
    ).toBe(33_300);
    const orphan = await api('/rate_plans', {
      method: 'POST',
      json: {
        rate_plan: { property_id, title: 'Lost', room_type_id: 'no-such-room', options: [{ occupancy: 2 }] },
      },
    });
    expect(orphan.status).toBe(422);
    expect(await orphan.json()).toMatchObject({
      errors: { code: 'validation_error', details: { room_type_id: ['not found'] } },
    });
  });

  it('answers 429 past 10 availability calls a minute, counting restrictions apart', async () => {
    const value = { property_id, room_type_id: 'gold', date: day(100), availability: 3 };
    for (let i = 0; i < 10; i++) {
      expect((await api('/availability', { method: 'POST', json: { values: [value] } })).status).toBe(200);
    }
    const refused = await api('/availability', {
      method: 'POST',
      json: { values: [{ ...value, availability: 9 }] },
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      errors: { code: 'http_too_many_requests', title: 'Too Many Requests' },
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // The refused call stored nothing.
    expect((await ari(`roomType=gold&from=${day(100)}&to=${day(100)}`))[0]!.availability).toBe(3);
    const restriction = { property_id, rate_plan_id: 'standard:gold', date: day(100), rate: '40' };
    expect((await api('/restrictions', { method: 'POST', json: { values: [restriction] } })).status).toBe(
      200,
    );
    // A minute later there is room again.
    await env.DB.prepare('update fake_channex_calls set at = at - 60001').run();
    expect(
      (await api('/availability', { method: 'POST', json: { values: [{ ...value, availability: 9 }] } }))
        .status,
    ).toBe(200);
    expect((await ari(`roomType=gold&from=${day(100)}&to=${day(100)}`))[0]!.availability).toBe(9);
  });

  it('gives 10 places a minute to calls at once, never more', async () => {
    const value = { property_id, room_type_id: 'gold', date: day(101), availability: 1 };
    const statuses = await Promise.all(
      Array.from({ length: 15 }, () =>
        api('/availability', { method: 'POST', json: { values: [value] } }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it('does not exist outside development, nor do its test controls', async () => {
    const outside = await api('/booking_revisions/feed', { environment: 'production' });
    expect(outside.status).toBe(404);
    const controls = await send('/api/dev/channel/revisions', { key: null, environment: 'production' });
    expect(controls.status).toBe(404);
    expect(await controls.json()).toMatchObject({ error: { code: 'route_not_found' } });
  });

  it('fails its next calls as a test asks', async () => {
    expect((await control('/faults', { status: 500, count: 2 })).status).toBe(200);
    const value = { property_id, room_type_id: 'gold', date: day(102), availability: 2 };
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await api('/availability', { method: 'POST', json: { values: [value] } })).status);
    expect(statuses).toEqual([500, 500, 200]);
    await control('/faults', { status: 429, count: 1 });
    const limited = await api('/booking_revisions/feed');
    expect(limited.status).toBe(429);
    expect((await api('/booking_revisions/feed')).status).toBe(200);
    expect((await control('/faults', { status: 503, count: 1 })).status).toBe(400);
  });
});

type Revision = { id: string; type: string; attributes: Record<string, unknown> & { status: string } };

describe('the fake channel manager bookings', () => {
  it('puts a new booking in the feed as a Channex booking revision and sends its webhook', async () => {
    webhooks.length = 0;
    const res = await control('/bookings', booking);
    expect(res.status, await res.clone().text()).toBe(201);
    const made = (await res.json()) as {
      channelBookingId: string;
      revisionId: string;
      webhookStatus: number | null;
    };
    expect(made.webhookStatus).toBe(202);

    expect(webhooks).toHaveLength(1);
    expect(webhooks[0]!.headers.get(FAKE_CHANNEX.webhookHeader)).toBe(FAKE_CHANNEX.webhookSecret);
    expect(webhooks[0]!.body).toMatchObject({
      event: 'booking_new',
      property_id,
      user_id: null,
      payload: { booking_id: made.channelBookingId, revision_id: made.revisionId, property_id },
    });

    const feed = (await (await api('/booking_revisions/feed')).json()) as { data: Revision[] };
    const revision = feed.data.find((r) => r.id === made.revisionId)!;
    expect(revision).toEqual({
      id: made.revisionId,
      type: 'booking_revision',
      attributes: expect.objectContaining({
        id: made.revisionId,
        booking_id: made.channelBookingId,
        property_id,
        status: 'new',
        ota_name: 'booking.com',
        ota_reservation_code: 'BDC-4412',
        arrival_date: '2027-03-04',
        departure_date: '2027-03-06',
        currency: 'OMR',
        amount: '100.500',
        ota_commission: '15.075',
        payment_collect: 'ota',
        occupancy: { adults: 2, children: 1, infants: 0 },
        customer: {
          name: 'Salim',
          surname: 'Al Harthy',
          phone: '+96891234567',
          mail: 'salim.4412@guest.booking.com',
        },
        rooms: [
          {
            // Booking.com's room id at the OTA, the one room id the documents give.
            ota_unique_id: '1',
            room_type_id: 'gold',
            rate_plan_id: 'standard:gold',
            checkin_date: '2027-03-04',
            checkout_date: '2027-03-06',
            amount: '100.500',
            days: { '2027-03-04': '52.000', '2027-03-05': '48.500' },
            occupancy: { adults: 2, children: 1, infants: 0 },
          },
        ],
      }),
    });
    const one = await api(`/booking_revisions/${made.revisionId}`);
    expect(((await one.json()) as { data: Revision }).data).toEqual(revision);
  });

  it('modifies and cancels a booking as new revisions; an acknowledged one leaves the feed', async () => {
    const made = (await (
      await control('/bookings', { ...booking, otaReservationCode: 'BDC-5000' })
    ).json()) as {
      channelBookingId: string;
      revisionId: string;
    };
    webhooks.length = 0;
    // One more night and another type: the nights kept keep their prices, the new one takes the first's.
    const modified = await control(`/bookings/${made.channelBookingId}/modify`, {
      checkOutDate: '2027-03-07',
      roomType: 'silver',
      guest: { phone: '+96899887766' },
    });
    expect(modified.status, await modified.clone().text()).toBe(200);
    const change = (await modified.json()) as { channelBookingId: string; revisionId: string };
    expect(change.channelBookingId).toBe(made.channelBookingId);
    const changed = (
      (await (await api(`/booking_revisions/${change.revisionId}`)).json()) as { data: Revision }
    ).data;
    expect(changed.attributes).toMatchObject({
      status: 'modified',
      booking_id: made.channelBookingId,
      departure_date: '2027-03-07',
      amount: '152.500',
      customer: { name: 'Salim', phone: '+96899887766', mail: 'salim.4412@guest.booking.com' },
      rooms: [
        {
          room_type_id: 'silver',
          days: { '2027-03-04': '52.000', '2027-03-05': '48.500', '2027-03-06': '52.000' },
        },
      ],
    });

    const cancelled = await control(`/bookings/${made.channelBookingId}/cancel`, {});
    expect(cancelled.status).toBe(200);
    const cancellation = (await cancelled.json()) as { revisionId: string };
    expect(webhooks.map((w) => w.body.event)).toEqual(['booking_modification', 'booking_cancellation']);
    expect((await control(`/bookings/${made.channelBookingId}/modify`, { adults: 1 })).status).toBe(409);
    expect((await control(`/bookings/${made.channelBookingId}/cancel`, {})).status).toBe(409);
    expect((await control('/bookings/no-such-booking/cancel', {})).status).toBe(404);

    // Acknowledged (twice: the same answer), the revision leaves the feed but stays readable.
    for (let i = 0; i < 2; i++) {
      expect((await api(`/booking_revisions/${made.revisionId}/ack`, { method: 'POST' })).status).toBe(200);
    }
    expect((await api('/booking_revisions/no-such-revision/ack', { method: 'POST' })).status).toBe(404);
    const feed = (await (
      await api('/booking_revisions/feed?order[inserted_at]=asc&pagination[limit]=100')
    ).json()) as { data: Revision[] };
    const ours = feed.data.filter((r) => r.attributes.booking_id === made.channelBookingId);
    expect(ours.map((r) => [r.id, r.attributes.status])).toEqual([
      [change.revisionId, 'modified'],
      [cancellation.revisionId, 'cancelled'],
    ]);
    expect((await api(`/booking_revisions/${made.revisionId}`)).status).toBe(200);

    const listed = (await (await control('/revisions')).json()) as {
      id: string;
      status: string;
      acked: boolean;
    }[];
    expect(
      listed.filter((r) => [made.revisionId, change.revisionId, cancellation.revisionId].includes(r.id)),
    ).toEqual([
      { id: made.revisionId, status: 'new', acked: true, channelBookingId: made.channelBookingId },
      { id: change.revisionId, status: 'modified', acked: false, channelBookingId: made.channelBookingId },
      {
        id: cancellation.revisionId,
        status: 'cancelled',
        acked: false,
        channelBookingId: made.channelBookingId,
      },
    ]);
  });

  it('refuses a booking whose nights are not its stay, in the API error shape', async () => {
    const res = await control('/bookings', { ...booking, nights: booking.nights.slice(0, 1) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: 'validation_failed', fields: { nights: expect.any(String) } },
    });
    const reversed = await control('/bookings', { ...booking, checkOutDate: '2027-03-04' });
    expect(reversed.status).toBe(400);
  });
});
