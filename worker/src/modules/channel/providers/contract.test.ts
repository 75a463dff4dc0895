import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { day } from '@worker-test/builders';
import { appFetch, ORIGIN, workerFetch } from '@worker-test/helpers';
import { FAKE_CHANNEX, installChannelDispatch } from '../index';
import {
  ChannelProviderError,
  type AvailabilityValue,
  type ChannelAdapter,
  type ChannelRevision,
  type PushWarning,
  type RestrictionValue,
} from './channel-adapter';
import { channexAdapter, type ChannexConfig } from './channex';
import * as recorded from './channex/recorded-responses';

/**
 * The channel adapters' contract (channel-adapter.ts; README.md beside this file): every provider
 * in `providers` below runs through the same cases, as ChannelAdapter asks: a push taken answers
 * the provider's receipt; a value the provider ignores comes back as a warning with its ids,
 * nights and reasons; the waiting revisions read in the app's words (baisa, dates, rooms), one by
 * its id the same, an acknowledged one gone from the feed, another property's refused; a webhook's
 * secret checked before anything, the revision it names answered (none without `send_data`);
 * every failure a ChannelProviderError with its status. Two runs of the Channex adapter: against
 * the fake (the stand-in server inside the development worker, through the whole app), and against
 * Channex's own documented answers (channex/recorded-responses.ts, each quoted from
 * docs.channex.io). A new provider passes by adding one entry to `providers`.
 */

/** What the suite needs of a provider besides its adapter: its side of each case. */
type ProviderUnderTest = {
  name: string;
  adapter: ChannelAdapter;
  /** Values the provider takes (its ids). */
  availability: AvailabilityValue[];
  restrictions: RestrictionValue[];
  /** The provider's next push ignores a value with a warning; answers the warning expected. */
  nextPushWarns(): Promise<Partial<PushWarning>>;
  /** The provider's next call fails with this status. */
  nextCallFails(status: 429 | 500): Promise<void>;
  /** An adapter whose key the provider refuses. */
  wrongKey: ChannelAdapter;
  /** Whether a 429 carries the provider's wait (`Retry-After`). */
  saysRetryAfter: boolean;
  /** A revision waiting in the feed, and what the adapter must read of it. */
  waitingRevision(): Promise<Omit<ChannelRevision, 'commissionBaisa'>>;
  /** A revision of another property that the provider holds, and an adapter (of its own property) that must refuse it. */
  foreignRevision(): Promise<{ id: string; adapter: ChannelAdapter }>;
  /** Webhooks as the provider sends them, for `webhookAdapter` (the property they are for). */
  webhookAdapter: ChannelAdapter;
  webhooks(): {
    /** A genuine webhook naming a revision, and the ids it names. */
    naming: { request: Request; ids: string[] }[];
    /** A genuine webhook sent without `send_data`: it names no revision. */
    noData: Request;
    /** The same as `naming[0]` with another secret. */
    wrongSecret: Request;
  };
};

const webhookRequest = (url: string, header: string, secret: string, body: unknown) =>
  new Request(url, { method: 'POST', headers: { [header]: secret }, body: JSON.stringify(body) });

/** The Channex adapter against the fake: the fake's test controls play Channex's side. */
function againstTheFake(): ProviderUnderTest {
  const config: ChannexConfig = {
    baseUrl: `${ORIGIN}${FAKE_CHANNEX.basePath}`,
    apiKey: FAKE_CHANNEX.apiKey,
    propertyId: FAKE_CHANNEX.propertyId,
    webhookSecret: FAKE_CHANNEX.webhookSecret,
    webhookHeader: FAKE_CHANNEX.webhookHeader,
  };
  const adapter = channexAdapter(config, appFetch);
  const control = async (path: string, json: unknown) => {
    const res = await appFetch(`${ORIGIN}/api/dev/channel${path}`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify(json),
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return res.json<Record<string, unknown>>();
  };
  const booking = (code: string, propertyId?: string) =>
    control('/bookings', {
      otaName: 'booking.com',
      otaReservationCode: code,
      roomType: 'gold',
      ratePlan: 'standard:gold',
      checkInDate: '2027-08-10',
      checkOutDate: '2027-08-12',
      adults: 2,
      children: 0,
      guest: { name: 'Contract Guest', phone: '+96899110000', email: 'contract@example.com' },
      nights: [
        { date: '2027-08-10', priceBaisa: 45_500 },
        { date: '2027-08-11', priceBaisa: 47_250 },
      ],
      paymentCollect: 'property',
      commissionBaisa: 0,
      ...(propertyId && { propertyId }),
    });
  const url = `${ORIGIN}${FAKE_CHANNEX.webhookPath}`;
  const genuine = (body: unknown) =>
    webhookRequest(url, FAKE_CHANNEX.webhookHeader, FAKE_CHANNEX.webhookSecret, body);
  const booked = { event: 'booking', property_id: FAKE_CHANNEX.propertyId, timestamp: 'now' };
  return {
    name: 'channex, against the fake',
    adapter,
    availability: [
      { roomTypeId: 'gold', dateFrom: day(30), dateTo: day(32), availability: 6 },
      { roomTypeId: 'gold', dateFrom: day(33), dateTo: day(33), availability: 0 },
    ],
    restrictions: [
      {
        roomTypeId: 'gold',
        ratePlanId: 'standard:gold',
        dateFrom: day(30),
        dateTo: day(31),
        rateBaisa: 52_345,
      },
      { roomTypeId: 'gold', ratePlanId: 'standard:gold', dateFrom: day(32), dateTo: day(32), stopSell: true },
    ],
    async nextPushWarns() {
      await control('/faults', { warnings: 1 });
      // The fake ignores the push's first value.
      return { ratePlanId: 'standard:gold', dateFrom: day(30), dateTo: day(31) };
    },
    async nextCallFails(status) {
      await control('/faults', { status, count: 1 });
    },
    wrongKey: channexAdapter({ ...config, apiKey: 'not-the-key' }, appFetch),
    saysRetryAfter: true,
    async waitingRevision() {
      const made = await booking('BDC-CONTRACT-1');
      return {
        id: made.revisionId as string,
        bookingId: made.channelBookingId as string,
        propertyId: FAKE_CHANNEX.propertyId,
        status: 'new',
        otaName: 'booking.com',
        otaReservationCode: 'BDC-CONTRACT-1',
        checkInDate: '2027-08-10',
        checkOutDate: '2027-08-12',
        rooms: [
          {
            // Booking.com's room: its `ota_unique_id`, the one room id Channex documents.
            roomId: `ota:${(made.otaUniqueIds as string[])[0]!}`,
            legacyIds: [],
            roomTypeId: 'gold',
            ratePlanId: 'standard:gold',
            checkInDate: '2027-08-10',
            checkOutDate: '2027-08-12',
            adults: 2,
            children: 0,
            nights: [
              { date: '2027-08-10', priceBaisa: 45_500 },
              { date: '2027-08-11', priceBaisa: 47_250 },
            ],
          },
        ],
        guest: { name: 'Contract Guest', phone: '+96899110000', email: 'contract@example.com' },
        currency: 'OMR',
        amount: '92.750',
        paymentCollect: 'property',
        revisedAt: expect.any(Number) as number,
      };
    },
    async foreignRevision() {
      return { id: (await booking('BDC-CONTRACT-2', 'another-property')).revisionId as string, adapter };
    },
    webhookAdapter: adapter,
    webhooks: () => ({
      naming: [
        {
          request: genuine({
            ...booked,
            payload: { revision_id: 'rev-1', property_id: FAKE_CHANNEX.propertyId },
          }),
          ids: ['rev-1'],
        },
      ],
      noData: genuine(booked),
      wrongSecret: webhookRequest(url, FAKE_CHANNEX.webhookHeader, 'not-the-secret', {
        ...booked,
        payload: { revision_id: 'rev-1' },
      }),
    }),
  };
}

/**
 * The Channex adapter against Channex's documented answers: a fetch that answers each call as the
 * documents' examples do (an acknowledged revision leaves the feed, as the documents say), and
 * keeps what the adapter sent.
 */
function againstTheDocuments(): ProviderUnderTest {
  const base = 'https://staging.channex.io/api/v1';
  let fault: { status: number; body: unknown } | null = null;
  let warnNext = false;
  const acked = new Set<string>();
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const documented =
    (key: string): typeof fetch =>
    async (input, init) => {
      const request = new Request(input instanceof URL ? input.toString() : input, init);
      const path = new URL(request.url).pathname.replace('/api/v1', '');
      if (request.headers.get('user-api-key') !== key) return answer(401, recorded.UNAUTHORIZED);
      if (fault) {
        const { status, body } = fault;
        fault = null;
        return answer(status, body);
      }
      if (request.method === 'POST' && path === '/restrictions') {
        const warned = warnNext;
        warnNext = false;
        return answer(200, warned ? recorded.RESTRICTIONS_WARNING : recorded.RESTRICTIONS_SUCCESS);
      }
      if (request.method === 'POST' && path === '/availability')
        return answer(200, recorded.AVAILABILITY_SUCCESS);
      if (request.method === 'GET' && path === '/booking_revisions/feed') {
        const waiting = recorded.FEED.data.filter((r) => !acked.has(r.id));
        return answer(200, waiting.length ? recorded.FEED : recorded.FEED_EMPTY);
      }
      const revision = /^\/booking_revisions\/([^/]+)(\/ack)?$/.exec(path);
      if (revision && decodeURIComponent(revision[1]!) === recorded.REVISION.data.id) {
        if (request.method === 'POST' && revision[2]) {
          acked.add(recorded.REVISION.data.id);
          return answer(200, recorded.ACK_SUCCESS);
        }
        if (request.method === 'GET' && !revision[2]) return answer(200, recorded.REVISION);
      }
      return answer(404, recorded.NOT_FOUND);
    };
  const config: ChannexConfig = {
    baseUrl: base,
    apiKey: 'documented-key',
    propertyId: recorded.DOCS_PROPERTY_ID,
    webhookSecret: 'documented-secret',
    webhookHeader: 'x-channex-webhook-secret',
  };
  const adapter = channexAdapter(config, documented(config.apiKey));
  const webhookProperty = recorded.WEBHOOK_BOOKING.property_id;
  const webhookAdapter = channexAdapter(
    { ...config, propertyId: webhookProperty },
    documented(config.apiKey),
  );
  const url = 'https://hotel.example/api/channel/webhooks/channex';
  const doc = recorded.FEED.data[0]!.attributes;
  return {
    name: "channex, against Channex's documented answers",
    adapter,
    availability: [
      {
        roomTypeId: '994d1375-dbbd-4072-8724-b2ab32ce781b',
        dateFrom: day(30),
        dateTo: day(32),
        availability: 2,
      },
    ],
    restrictions: [
      {
        roomTypeId: '994d1375-dbbd-4072-8724-b2ab32ce781b',
        ratePlanId: doc.rooms[0]!.rate_plan_id,
        dateFrom: day(30),
        dateTo: day(31),
        rateBaisa: 30_000,
      },
    ],
    async nextPushWarns() {
      warnNext = true;
      const warned = recorded.RESTRICTIONS_WARNING.meta.warnings[0]!;
      return {
        ratePlanId: warned.rate_plan_id,
        dateFrom: warned.date_from,
        dateTo: warned.date_to,
        reasons: warned.warning,
      };
    },
    async nextCallFails(status) {
      fault = {
        status,
        body:
          status === 429
            ? recorded.TOO_MANY_REQUESTS
            : { errors: { code: 'internal_error', title: 'Internal Error' } },
      };
    },
    wrongKey: channexAdapter({ ...config, apiKey: 'not-the-key' }, documented(config.apiKey)),
    // "API Rate Limits" shows no Retry-After header.
    saysRetryAfter: false,
    async waitingRevision() {
      return {
        id: recorded.REVISION.data.id,
        bookingId: doc.booking_id,
        propertyId: doc.property_id,
        status: 'new',
        otaName: 'Booking.com',
        otaReservationCode: '9996013801',
        checkInDate: '2019-04-26',
        checkOutDate: '2019-04-27',
        rooms: [
          {
            // The documents' example names the room by Booking.com's `ota_unique_id`, and no
            // `booking_room_id` (which no document names).
            roomId: 'ota:49',
            legacyIds: [],
            roomTypeId: '994d1375-dbbd-4072-8724-b2ab32ce781b',
            ratePlanId: '445835fb-7956-42ac-9efc-3e6f331f0808',
            checkInDate: '2019-04-26',
            checkOutDate: '2019-04-27',
            adults: 2,
            children: 0,
            nights: [{ date: '2019-04-26', priceBaisa: 200_000 }],
          },
        ],
        guest: { name: 'User Channex', phone: '1234567890', email: 'user@channex.io' },
        currency: 'GBP',
        amount: '220.00',
        // The example gives no payment_collect: the property collects.
        paymentCollect: 'property',
        revisedAt: Date.UTC(2019, 3, 23, 10, 3, 29, 335),
      };
    },
    async foreignRevision() {
      // The documents' revision is of their property, not of the one their webhooks are for.
      return { id: recorded.REVISION.data.id, adapter: webhookAdapter };
    },
    webhookAdapter,
    webhooks: () => ({
      naming: [
        {
          request: webhookRequest(url, config.webhookHeader, config.webhookSecret, recorded.WEBHOOK_BOOKING),
          ids: [recorded.WEBHOOK_BOOKING.payload.revision_id],
        },
      ],
      noData: webhookRequest(url, config.webhookHeader, config.webhookSecret, {
        ...recorded.WEBHOOK_NO_DATA,
        property_id: webhookProperty,
      }),
      wrongSecret: webhookRequest(url, config.webhookHeader, 'not-the-secret', recorded.WEBHOOK_BOOKING),
    }),
  };
}

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
};

// The fake's webhooks are kept here (answered 202), so the app's own webhook route leaves the
// fake's feed alone; and the app's own sender stays out of it.
beforeAll(async () => {
  installChannelDispatch(async (request, workerEnv, ctx) => {
    if (new URL(request.url).pathname === FAKE_CHANNEX.webhookPath)
      return new Response(null, { status: 202 });
    return workerFetch(request, workerEnv, ctx);
  });
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

const providers = [againstTheFake, againstTheDocuments];

describe.each(providers.map((make) => [make().name, make] as const))(
  'the channel adapter contract: %s',
  (_, make) => {
    it('answers the receipt of a push the provider takes: its task ids, no warning', async () => {
      const p = make();
      for (const receipt of [
        await p.adapter.pushAvailability(p.availability),
        await p.adapter.pushRestrictions(p.restrictions),
      ]) {
        expect(receipt.warnings).toEqual([]);
        expect(Array.isArray(receipt.taskIds)).toBe(true);
        for (const id of receipt.taskIds) expect(typeof id).toBe('string');
        expect(receipt.requestId === null || typeof receipt.requestId === 'string').toBe(true);
      }
      // Each push one call whatever its values, and an empty push none.
      expect(await p.adapter.pushAvailability([])).toEqual({ requestId: null, taskIds: [], warnings: [] });
    });

    it('answers a value the provider ignores as a warning with its ids, its nights and its reasons', async () => {
      const p = make();
      const expected = await p.nextPushWarns();
      const receipt = await p.adapter.pushRestrictions(p.restrictions);
      expect(receipt.warnings).toHaveLength(1);
      const [warning] = receipt.warnings;
      expect(warning).toMatchObject(expected);
      expect(Object.keys(warning!.reasons).length).toBeGreaterThan(0);
      for (const words of Object.values(warning!.reasons))
        expect(words.every((w) => typeof w === 'string')).toBe(true);
    });

    it("reads a waiting revision in the app's words, the same by its id, and an acknowledged one leaves the feed", async () => {
      const p = make();
      const expected = await p.waitingRevision();
      const feed = await p.adapter.readRevisions();
      const read = feed.find((r) => r.id === expected.id);
      expect(read).toMatchObject(expected);
      expect(Number.isSafeInteger(read!.commissionBaisa)).toBe(true);
      expect(await p.adapter.readRevision(expected.id)).toMatchObject(expected);
      await p.adapter.ack(expected.id);
      expect((await p.adapter.readRevisions()).map((r) => r.id)).not.toContain(expected.id);
    });

    it('refuses a revision of another property, as ChannelProviderError', async () => {
      const p = make();
      const { id, adapter } = await p.foreignRevision();
      expect(await failure(adapter.readRevision(id))).toBeInstanceOf(ChannelProviderError);
    });

    it('checks a webhook\u2019s secret first and answers the revisions it names, none without send_data', async () => {
      const p = make();
      const { naming, noData, wrongSecret } = p.webhooks();
      for (const { request, ids } of naming)
        expect(await p.webhookAdapter.verifyWebhook(request)).toEqual(ids);
      expect(await p.webhookAdapter.verifyWebhook(noData)).toEqual([]);
      expect(await p.webhookAdapter.verifyWebhook(wrongSecret)).toBeNull();
    });

    it('answers every failure as ChannelProviderError with its status: a refused key, a 429, a 500', async () => {
      const p = make();
      const refused = await failure(p.wrongKey.readRevisions());
      expect(refused).toBeInstanceOf(ChannelProviderError);
      expect(refused).toMatchObject({ status: 401 });
      expect(String((refused as Error).message)).not.toContain('not-the-key');
      await p.nextCallFails(429);
      const limited = await failure(p.adapter.pushAvailability(p.availability));
      expect(limited).toBeInstanceOf(ChannelProviderError);
      expect(limited).toMatchObject({ status: 429 });
      expect((limited as ChannelProviderError).retryAfter === undefined).toBe(!p.saysRetryAfter);
      await p.nextCallFails(500);
      expect(await failure(p.adapter.readRevisions())).toMatchObject({ status: 500 });
    });
  },
);
