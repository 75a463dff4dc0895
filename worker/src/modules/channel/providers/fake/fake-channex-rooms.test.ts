import { env } from 'cloudflare:workers';
import { afterAll, describe, expect, it } from 'vitest';
import { call, workerFetch, type CallInit } from '@worker-test/helpers';
import { FAKE_CHANNEX, installChannelDispatch } from '../../index';

/**
 * The fake channel manager as Channex documents what it answers (providers/fake/README.md): a
 * booking's rooms a list of Booking Rooms, each with its own id; the feed paged as Channex pages
 * it; webhooks held back and delivered on demand, with or without `send_data`.
 */

function send(path: string, init: CallInit & { key?: string | null } = {}) {
  const { key, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (key !== null) headers.set('user-api-key', key ?? FAKE_CHANNEX.apiKey);
  // The link itself off: the fake alone is under test.
  return call(path, { ...rest, headers, env: Object.assign({}, env, { CHANNEL_MANAGER: 'off' }) });
}

const api = (path: string) => send(`${FAKE_CHANNEX.basePath}${path}`);
const control = (path: string, json?: unknown) =>
  send(`/api/dev/channel${path}`, { method: json === undefined ? 'GET' : 'POST', json, key: null });

const property_id = FAKE_CHANNEX.propertyId;

type Revision = { id: string; type: string; attributes: Record<string, unknown> };

/** The webhooks the fake sent, kept here and answered 202 (the app's own webhook is not under test). */
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

describe('the fake channel manager, as Channex documents it', () => {
  it('takes a booking of several rooms: one Booking Room each, its type, plan, occupancy and days, no id but Booking.com’s', async () => {
    const res = await control('/bookings', {
      otaName: 'expedia',
      otaReservationCode: 'EXP-4413',
      guest: { name: 'Maha Al Kindi', phone: null, email: null },
      currency: 'USD',
      commissionBaisa: 30_000,
      rooms: [
        {
          roomType: 'gold',
          ratePlan: 'standard:gold',
          adults: 2,
          nights: [
            { date: '2027-03-10', priceBaisa: 110_000 },
            { date: '2027-03-11', priceBaisa: 120_500 },
          ],
        },
        {
          roomType: 'silver',
          ratePlan: 'standard:silver',
          adults: 1,
          children: 2,
          nights: [{ date: '2027-03-11', priceBaisa: 90_000 }],
        },
      ],
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const made = (await res.json()) as {
      channelBookingId: string;
      revisionId: string;
      bookingRoomIds: string[];
    };
    const [first, second] = made.bookingRoomIds;
    expect(new Set([first, second]).size).toBe(2);
    const one = ((await (await api(`/booking_revisions/${made.revisionId}`)).json()) as { data: Revision })
      .data;
    // Another OTA than Booking.com: its rooms carry no id at all (the documents name only
    // Booking.com's `ota_unique_id`, and no `booking_room_id`).
    for (const room of one.attributes.rooms as Record<string, unknown>[]) {
      expect(room).not.toHaveProperty('booking_room_id');
      expect(room).not.toHaveProperty('ota_unique_id');
    }
    expect(one.attributes).toMatchObject({
      status: 'new',
      arrival_date: '2027-03-10',
      departure_date: '2027-03-12',
      currency: 'USD',
      amount: '320.50',
      ota_commission: '30.00',
      occupancy: { adults: 3, children: 2, infants: 0 },
      rooms: [
        {
          room_type_id: 'gold',
          rate_plan_id: 'standard:gold',
          checkin_date: '2027-03-10',
          checkout_date: '2027-03-12',
          amount: '230.50',
          days: { '2027-03-10': '110.00', '2027-03-11': '120.50' },
          occupancy: { adults: 2, children: 0, infants: 0 },
        },
        {
          room_type_id: 'silver',
          checkin_date: '2027-03-11',
          checkout_date: '2027-03-12',
          occupancy: { adults: 1, children: 2, infants: 0 },
        },
      ],
    });
    // A change naming the second room keeps its id; the first, named by no entry, is removed;
    // an entry at a place another names is a new room.
    const changed = await control(`/bookings/${made.channelBookingId}/modify`, {
      rooms: [
        {
          bookingRoomId: second,
          roomType: 'silver',
          ratePlan: 'standard:silver',
          adults: 2,
          nights: [{ date: '2027-03-12', priceBaisa: 90_000 }],
        },
        {
          roomType: 'gold',
          ratePlan: 'standard:gold',
          adults: 1,
          nights: [{ date: '2027-03-12', priceBaisa: 100_000 }],
        },
      ],
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const change = (await changed.json()) as { bookingRoomIds: string[] };
    expect(change.bookingRoomIds[0]).toBe(second);
    expect(change.bookingRoomIds).not.toContain(first);
    expect(change.bookingRoomIds).toHaveLength(2);
    // Neither the rooms nor the single-room fields: refused.
    const none = await control('/bookings', { ...booking, roomType: undefined, nights: undefined });
    expect(none.status).toBe(400);
    const gap = await control('/bookings', {
      ...booking,
      rooms: [
        {
          roomType: 'gold',
          ratePlan: 'standard:gold',
          adults: 2,
          nights: [booking.nights[0], { date: '2027-03-09', priceBaisa: 1 }],
        },
      ],
    });
    expect(gap.status).toBe(400);
  });

  it('pages its feed as Channex does: 10 a page unless asked (at most 100), newest first unless asked, with its total', async () => {
    // Twelve unacknowledged revisions at least (this file acknowledges few).
    for (let i = 0; i < 12; i += 1) {
      expect((await control('/bookings', { ...booking, otaReservationCode: `BDC-46${10 + i}` })).status).toBe(
        201,
      );
    }
    type Page = { data: Revision[]; meta: { page: number; limit: number; total: number } };
    const page = async (query: string) =>
      (await (await api(`/booking_revisions/feed${query}`)).json()) as Page;
    const first = await page(`?filter[property_id]=${property_id}`);
    expect(first.data).toHaveLength(10);
    expect(first.meta).toMatchObject({ page: 1, limit: 10 });
    const total = first.meta.total;
    expect(total).toBeGreaterThanOrEqual(12);
    const all = await page(`?filter[property_id]=${property_id}&pagination[limit]=100`);
    expect(all.data).toHaveLength(Math.min(100, total));
    // Newest first unless asked oldest first.
    const oldest = await page(
      `?filter[property_id]=${property_id}&order[inserted_at]=asc&pagination[limit]=100`,
    );
    expect(oldest.data.map((r) => r.id)).toEqual([...all.data.map((r) => r.id)].reverse());
    const second = await page(`?order[inserted_at]=asc&pagination[page]=2&pagination[limit]=5`);
    expect(second.meta).toEqual({ page: 2, limit: 5, total });
    expect(second.data.map((r) => r.id)).toEqual(oldest.data.slice(5, 10).map((r) => r.id));
    expect((await page('?pagination[limit]=500')).meta.limit).toBe(100);
    expect((await page('?filter[property_id]=another-property')).data).toEqual([]);
  });

  it('holds its webhooks back while asked, and delivers any revision\u2019s webhook on demand, with or without send_data', async () => {
    webhooks.length = 0;
    expect((await control('/faults', { holdWebhooks: true })).status).toBe(200);
    try {
      const made = (await (
        await control('/bookings', { ...booking, otaReservationCode: 'BDC-4701' })
      ).json()) as {
        channelBookingId: string;
        revisionId: string;
        webhookStatus: number | null;
      };
      const cancelled = (await (await control(`/bookings/${made.channelBookingId}/cancel`, {})).json()) as {
        revisionId: string;
        webhookStatus: number | null;
      };
      expect([made.webhookStatus, cancelled.webhookStatus]).toEqual([null, null]);
      expect(webhooks).toHaveLength(0);
      // The cancellation's first, then the booking's; then one as a webhook without send_data.
      for (const id of [cancelled.revisionId, made.revisionId]) {
        const res = await control(`/revisions/${id}/deliver`, {});
        expect(res.status, await res.clone().text()).toBe(200);
        expect(await res.json()).toEqual({ revisionId: id, webhookStatus: 202 });
      }
      expect((await control(`/revisions/${made.revisionId}/deliver`, { sendData: false })).status).toBe(200);
      expect(
        webhooks.map((w) => [
          w.body.event,
          (w.body.payload as { revision_id?: string } | undefined)?.revision_id,
        ]),
      ).toEqual([
        ['booking_cancellation', cancelled.revisionId],
        ['booking_new', made.revisionId],
        ['booking_new', undefined],
      ]);
      expect(webhooks[2]!.body).not.toHaveProperty('payload');
      expect(webhooks[2]!.headers.get(FAKE_CHANNEX.webhookHeader)).toBe(FAKE_CHANNEX.webhookSecret);
      expect((await control('/revisions/no-such-revision/deliver', {})).status).toBe(404);
    } finally {
      await control('/faults', { holdWebhooks: false });
    }
    expect((await control('/bookings', { ...booking, otaReservationCode: 'BDC-4702' })).status).toBe(201);
    expect(webhooks).toHaveLength(4);
  });
});
