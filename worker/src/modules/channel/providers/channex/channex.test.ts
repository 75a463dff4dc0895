import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_CHANNEX, installChannelDispatch } from '../../index';
import { ChannelProviderError } from '../channel-adapter';
import { day } from '@worker-test/builders';
import { appFetch, ORIGIN, workerFetch } from '@worker-test/helpers';
import { readReceipt } from './ari';
import { channexAdapter, type ChannexConfig } from './index';
import { timeOf } from './revisions';

/**
 * The Channex adapter against the fake channel manager's HTTP API (the same API v1 shapes): ranges
 * sent in decimal rials land per night, revisions read into the app's words, acknowledged ones
 * leave the feed, the webhook's header checked, and every failure a ChannelProviderError with its
 * status (and Retry-After on a 429).
 */

const config: ChannexConfig = {
  baseUrl: `${ORIGIN}${FAKE_CHANNEX.basePath}`,
  apiKey: FAKE_CHANNEX.apiKey,
  propertyId: FAKE_CHANNEX.propertyId,
  webhookSecret: FAKE_CHANNEX.webhookSecret,
  webhookHeader: FAKE_CHANNEX.webhookHeader,
};
const adapter = channexAdapter(config, appFetch);

const control = async (path: string, json?: unknown) => {
  const res = await appFetch(`${ORIGIN}/api/dev/channel${path}`, {
    method: json === undefined ? 'GET' : 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return res.json<Record<string, unknown>>();
};

/** The webhooks the fake sent, kept here (answered 202) so the app's own webhook leaves the feed alone. */
const webhooks: Request[] = [];
beforeAll(async () => {
  installChannelDispatch(async (request, workerEnv, ctx) => {
    if (new URL(request.url).pathname === FAKE_CHANNEX.webhookPath) {
      webhooks.push(request.clone() as Request);
      return new Response(null, { status: 202 });
    }
    return workerFetch(request, workerEnv, ctx);
  });
  // The app's own sender (after each write request) stays out of this file's fake.
  await env.DB.prepare('update channel_state set enabled = 0').run();
});
afterAll(() => {
  installChannelDispatch(workerFetch);
});
beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare('delete from fake_channex_calls'),
    env.DB.prepare('delete from fake_channex_faults'),
  ]);
});

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
};

describe('the Channex adapter', () => {
  it('sends ranges of availability, prices (baisa as decimal rials) and restrictions, the documented fields only', async () => {
    const [d1, d2, d3, d4] = [day(30), day(31), day(32), day(33)];
    const bodies: { path: string; values: Record<string, unknown>[] }[] = [];
    const recording = channexAdapter(config, async (input, init) => {
      const request = new Request(input instanceof URL ? input.toString() : input, init);
      if (request.method === 'POST') {
        bodies.push({
          path: new URL(request.url).pathname.split('/').pop()!,
          values: ((await request.clone().json()) as { values: Record<string, unknown>[] }).values,
        });
      }
      return appFetch(request);
    });
    const rooms = await recording.pushAvailability([
      { roomTypeId: 'gold', dateFrom: d1, dateTo: d3, availability: 6 },
      { roomTypeId: 'gold', dateFrom: d4, dateTo: d4, availability: 0 },
    ]);
    const prices = await recording.pushRestrictions([
      {
        roomTypeId: 'gold',
        ratePlanId: 'standard:gold',
        dateFrom: d1,
        dateTo: d2,
        rateBaisa: 52_345,
        minStay: 2,
        maxStay: 0,
        stopSell: false,
        closedToArrival: true,
        closedToDeparture: false,
      },
      { roomTypeId: 'gold', ratePlanId: 'standard:gold', dateFrom: d3, dateTo: d3, stopSell: true },
    ]);
    // Channex's receipt: its x-request-id header and the task id of its answer, no warning.
    for (const receipt of [rooms, prices]) {
      expect(receipt).toEqual({ requestId: expect.any(String), taskIds: [expect.any(String)], warnings: [] });
    }
    expect(rooms.requestId).not.toBe(prices.requestId);
    // On the wire: a restriction value names its rate plan, never a room type (not a documented
    // field), the rate as a decimal string; one night is `date`, a range `date_from`/`date_to`.
    expect(bodies[1]).toEqual({
      path: 'restrictions',
      values: [
        {
          property_id: FAKE_CHANNEX.propertyId,
          rate_plan_id: 'standard:gold',
          date_from: d1,
          date_to: d2,
          rate: '52.345',
          min_stay_arrival: 2,
          max_stay: 0,
          stop_sell: false,
          closed_to_arrival: true,
          closed_to_departure: false,
        },
        { property_id: FAKE_CHANNEX.propertyId, rate_plan_id: 'standard:gold', date: d3, stop_sell: true },
      ],
    });
    expect(bodies[0]!.values[1]).toEqual({
      property_id: FAKE_CHANNEX.propertyId,
      room_type_id: 'gold',
      date: d4,
      availability: 0,
    });
    // The size the adapter counts is the size it sends.
    const sent = JSON.stringify({ values: bodies[1]!.values });
    const counted = [
      recording.valueBytes('restrictions', {
        roomTypeId: 'gold',
        ratePlanId: 'standard:gold',
        dateFrom: d1,
        dateTo: d2,
        rateBaisa: 52_345,
        minStay: 2,
        maxStay: 0,
        stopSell: false,
        closedToArrival: true,
        closedToDeparture: false,
      }),
      recording.valueBytes('restrictions', {
        roomTypeId: 'gold',
        ratePlanId: 'standard:gold',
        dateFrom: d3,
        dateTo: d3,
        stopSell: true,
      }),
    ];
    expect(counted[0]! + counted[1]! + '{"values":[]}'.length - 1).toBe(
      new TextEncoder().encode(sent).length,
    );
    const nights = (await control(
      `/ari?roomType=gold&ratePlan=standard:gold&from=${d1}&to=${d4}`,
    )) as unknown as {
      availability: number;
      priceBaisa: number | null;
      minStay: number | null;
      stopSell: boolean | null;
      closedToArrival: boolean | null;
    }[];
    expect(nights.map((n) => n.availability)).toEqual([6, 6, 6, 0]);
    expect(nights.map((n) => n.priceBaisa)).toEqual([52_345, 52_345, null, null]);
    expect(nights[0]).toMatchObject({ minStay: 2, stopSell: false, closedToArrival: true });
    expect(nights[2]!.stopSell).toBe(true);
  });

  it("reads Channex's warnings (200, meta.warnings) into the values it ignored", async () => {
    const receipt = await adapter.pushRestrictions([
      { roomTypeId: 'gold', ratePlanId: 'standard:gold', dateFrom: day(34), dateTo: day(36), rateBaisa: 0 },
      {
        roomTypeId: 'gold',
        ratePlanId: 'standard:gold',
        dateFrom: day(37),
        dateTo: day(37),
        rateBaisa: 40_000,
      },
      { roomTypeId: 'gold', ratePlanId: 'nowhere', dateFrom: day(38), dateTo: day(38), stopSell: true },
    ]);
    expect(receipt.taskIds).toHaveLength(1);
    expect(receipt.warnings).toEqual([
      {
        ratePlanId: 'standard:gold',
        dateFrom: day(34),
        dateTo: day(36),
        reasons: { rate: ['must be greater than 0'] },
      },
      { ratePlanId: 'nowhere', dateFrom: day(38), dateTo: day(38), reasons: { rate_plan_id: ['not found'] } },
    ]);
    // Channex's own example (docs.channex.io, ARI, "Warning Notifications"), read the same way.
    expect(
      readReceipt(
        {
          data: [],
          meta: {
            message: 'Success',
            warnings: [
              {
                date_from: '2020-10-03',
                date_to: '2020-10-05',
                max_stay: -2,
                property_id: '954ee839-2598-431b-8c35-8aa68f7b127d',
                rate: '-2',
                rate_plan_id: '0db682fe-e86b-43c5-8f0c-d055737f8dd9',
                warning: {
                  max_stay: ['must be greater than or equal to 0'],
                  rate: ['must be greater than 0'],
                },
              },
            ],
          },
        },
        'req-1',
      ),
    ).toEqual({
      requestId: 'req-1',
      taskIds: [],
      warnings: [
        {
          ratePlanId: '0db682fe-e86b-43c5-8f0c-d055737f8dd9',
          dateFrom: '2020-10-03',
          dateTo: '2020-10-05',
          reasons: { max_stay: ['must be greater than or equal to 0'], rate: ['must be greater than 0'] },
        },
      ],
    });
  });

  it('reads a revision in the app\u2019s words, and an acknowledged one leaves the feed', async () => {
    const made = await control('/bookings', {
      otaName: 'booking.com',
      otaReservationCode: 'BDC-7781',
      roomType: 'gold',
      ratePlan: 'standard:gold',
      checkInDate: '2027-06-10',
      checkOutDate: '2027-06-12',
      adults: 2,
      children: 1,
      guest: { name: 'Aisha Al Said', phone: '+96899112233', email: 'aisha.7781@guest.booking.com' },
      nights: [
        { date: '2027-06-10', priceBaisa: 45_500 },
        { date: '2027-06-11', priceBaisa: 47_250 },
      ],
      paymentCollect: 'ota',
      commissionBaisa: 13_912,
    });
    const revisionId = made.revisionId as string;
    const expected = {
      id: revisionId,
      bookingId: made.channelBookingId,
      propertyId: FAKE_CHANNEX.propertyId,
      status: 'new',
      otaName: 'booking.com',
      otaReservationCode: 'BDC-7781',
      checkInDate: '2027-06-10',
      checkOutDate: '2027-06-12',
      rooms: [
        {
          roomId: `ota:${(made.otaUniqueIds as string[])[0]}`,
          legacyIds: [],
          roomTypeId: 'gold',
          ratePlanId: 'standard:gold',
          checkInDate: '2027-06-10',
          checkOutDate: '2027-06-12',
          adults: 2,
          children: 1,
          nights: [
            { date: '2027-06-10', priceBaisa: 45_500 },
            { date: '2027-06-11', priceBaisa: 47_250 },
          ],
        },
      ],
      guest: { name: 'Aisha Al Said', phone: '+96899112233', email: 'aisha.7781@guest.booking.com' },
      currency: 'OMR',
      amount: '92.750',
      paymentCollect: 'ota',
      commissionBaisa: 13_912,
      // Channex's inserted_at, read as ms.
      revisedAt: expect.any(Number),
    };
    expect((await adapter.readRevisions()).find((r) => r.id === revisionId)).toEqual(expected);
    expect(await adapter.readRevision(revisionId)).toEqual(expected);
    await adapter.ack(revisionId);
    expect((await adapter.readRevisions()).map((r) => r.id)).not.toContain(revisionId);

    // Its webhook names the revision; the same body without the header, or with another, is refused.
    const webhook = webhooks.find((w) => w.headers.get(FAKE_CHANNEX.webhookHeader));
    expect(webhook).toBeDefined();
    const body = await webhook!.clone().text();
    expect(await adapter.verifyWebhook(webhook!.clone() as Request)).toEqual([revisionId]);
    const forged = (secret?: string) =>
      new Request(`${ORIGIN}${FAKE_CHANNEX.webhookPath}`, {
        method: 'POST',
        headers: secret ? { [FAKE_CHANNEX.webhookHeader]: secret } : {},
        body,
      });
    expect(await adapter.verifyWebhook(forged())).toBeNull();
    expect(await adapter.verifyWebhook(forged('not-the-secret'))).toBeNull();
  });

  it('reads every page of the feed, oldest first, each room of a revision, and refuses another property\u2019s', async () => {
    const room = (roomType: string, date: string, adults: number) => ({
      roomType,
      ratePlan: `standard:${roomType}`,
      adults,
      nights: [{ date, priceBaisa: 40_000 }],
    });
    const made: { revisionId: string; otaUniqueIds: string[] }[] = [];
    for (let i = 0; i < 11; i += 1) {
      made.push(
        (await control('/bookings', {
          otaName: 'booking.com',
          otaReservationCode: `BDC-79${10 + i}`,
          guest: { name: 'Feed Guest', phone: null, email: null },
          rooms:
            i === 10
              ? [room('gold', '2027-07-01', 2), room('silver', '2027-07-02', 1)]
              : [room('gold', '2027-07-01', 2)],
        })) as unknown as { revisionId: string; otaUniqueIds: string[] },
      );
    }
    const foreign = (await control('/bookings', {
      otaName: 'booking.com',
      otaReservationCode: 'BDC-7999',
      guest: { name: 'Not Ours', phone: null, email: null },
      propertyId: 'another-property',
      rooms: [room('gold', '2027-07-01', 2)],
    })) as unknown as { revisionId: string };
    // Four a page: at least three pages for these eleven.
    const paged = channexAdapter(config, appFetch, 'channex', 4);
    const read = await paged.readRevisions();
    const ids = read.map((r) => r.id);
    const ours = made.map((m) => m.revisionId);
    expect(ids.filter((id) => ours.includes(id))).toEqual(ours);
    expect(ids).not.toContain(foreign.revisionId);
    const two = read.find((r) => r.id === made[10]!.revisionId)!;
    expect(two.rooms.map((r) => [r.roomId, r.roomTypeId, r.checkInDate, r.checkOutDate, r.adults])).toEqual([
      [`ota:${made[10]!.otaUniqueIds[0]}`, 'gold', '2027-07-01', '2027-07-02', 2],
      [`ota:${made[10]!.otaUniqueIds[1]}`, 'silver', '2027-07-02', '2027-07-03', 1],
    ]);
    expect(two).toMatchObject({ checkInDate: '2027-07-01', checkOutDate: '2027-07-03', currency: 'OMR' });
    expect(await failure(adapter.readRevision(foreign.revisionId))).toBeInstanceOf(ChannelProviderError);
  });

  it('answers no revision for a genuine webhook that names none (no send_data) or names another property', async () => {
    const genuine = (body: unknown) =>
      new Request(`${ORIGIN}${FAKE_CHANNEX.webhookPath}`, {
        method: 'POST',
        headers: { [FAKE_CHANNEX.webhookHeader]: FAKE_CHANNEX.webhookSecret },
        body: JSON.stringify(body),
      });
    expect(
      await adapter.verifyWebhook(
        genuine({ event: 'booking', property_id: FAKE_CHANNEX.propertyId, timestamp: 'now' }),
      ),
    ).toEqual([]);
    expect(
      await adapter.verifyWebhook(
        genuine({
          event: 'booking_new',
          property_id: 'another-property',
          payload: { revision_id: 'r-1', booking_id: 'b-1', property_id: 'another-property' },
        }),
      ),
    ).toEqual([]);
  });

  it("reads a revision's time (inserted_at) as ms, with or without a zone, its microseconds cut", () => {
    const at = Date.UTC(2026, 10, 26, 14, 3, 11, 123);
    expect(timeOf('2026-11-26T14:03:11.123456')).toBe(at);
    expect(timeOf('2026-11-26T14:03:11.123Z')).toBe(at);
    expect(timeOf('2026-11-26T18:03:11.123+04:00')).toBe(at);
    expect(timeOf('2026-11-26 14:03:11.123')).toBe(at);
    expect(timeOf('yesterday')).toBeNull();
    expect(timeOf(undefined)).toBeNull();
  });

  it('answers every failure as ChannelProviderError: a wrong key 401, a 429 with its wait, a 500', async () => {
    const wrongKey = channexAdapter({ ...config, apiKey: 'not-the-key' }, appFetch);
    const unauthorized = await failure(wrongKey.readRevisions());
    expect(unauthorized).toBeInstanceOf(ChannelProviderError);
    expect(unauthorized).toMatchObject({ status: 401 });
    expect(String((unauthorized as Error).message)).not.toContain('not-the-key');

    await control('/faults', { status: 429, count: 1 });
    const limited = await failure(
      adapter.pushAvailability([{ roomTypeId: 'gold', dateFrom: day(30), dateTo: day(30), availability: 1 }]),
    );
    expect(limited).toMatchObject({ status: 429, retryAfter: 1, requestId: expect.any(String) });

    await control('/faults', { status: 500, count: 1 });
    expect(await failure(adapter.readRevisions())).toMatchObject({ status: 500 });

    const down = channexAdapter(config, async () => {
      throw new TypeError('network down');
    });
    const unreachable = await failure(down.ack('x'));
    expect(unreachable).toBeInstanceOf(ChannelProviderError);
    expect((unreachable as ChannelProviderError).status).toBeUndefined();
  });
});
