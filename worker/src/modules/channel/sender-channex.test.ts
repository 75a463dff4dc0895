import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCookie, count, day, one, SEEDED } from '@worker-test/builders';
import {
  ari,
  db,
  everythingSent,
  freshMinute,
  ORIGIN,
  outboxDepth,
  recordingFetch,
  send,
  type Pushed,
} from '@worker-test/channel-out';
import { logIn } from '@worker-test/helpers';
import type { Outgoing } from './ari-values';
import { sendChannelOutbox } from './index';
import type { PushWarning } from './providers/channel-adapter';
import { emptyRecord, takeReceipt } from './sent-values';

/**
 * The channel link, out, against Channex as its documents describe it (docs.channex.io: "Rate
 * limits", "PMS certification tests", "Availability and Rates"): a full sync of 500 days is one
 * call of availability and one of prices and restrictions (10 MB a call), each push kept with
 * Channex's x-request-id and task id; only the nights whose value changed since Channex accepted
 * it are sent; a value it ignores (200 with meta.warnings) is an error for staff and not taken as
 * sent; after an error the property's pushes pause for a minute.
 */

let manager: Promise<string>;
const putRates = async (body: Record<string, unknown>) => {
  const res = await send('/api/admin/rates', { method: 'PUT', json: body, cookie: await manager });
  expect(res.status, await res.clone().text()).toBe(200);
};

beforeAll(async () => {
  manager = logIn(SEEDED.manager.email, SEEDED.manager.password).then((r) => r.cookie);
  await everythingSent();
});

beforeEach(freshMinute);

type Mapped = {
  roomTypes: { code: string; channelId: string }[];
  ratePlans: { ratePlan: string; roomType: string; channelId: string }[];
};

/**
 * Every night of the next 500 priced apart from the night before on every type's standard plan
 * (no two nights merge into one range, as a real hotel's calendar), the fake's restrictions
 * emptied and a full sync queued: the mappings and the price of night i.
 */
async function hotelCalendar() {
  const mappings = (await (
    await send('/api/admin/channel/mappings', { cookie: await manager })
  ).json()) as Mapped;
  const types = mappings.roomTypes.map((m) => m.code);
  await env.DB.prepare(
    `insert into rate_nights (rate_plan, room_type, night, price_baisa)
     with recursive d(n) as (select 0 union all select n + 1 from d where n < 499)
     select 'standard', t.value, date(?, '+' || n || ' days'), 30000 + (n % 2) * 1000
     from d, json_each(?) t where true
     on conflict (rate_plan, room_type, night) do update set price_baisa = excluded.price_baisa`,
  )
    .bind(day(0), JSON.stringify(types))
    .run();
  await env.DB.batch([
    env.DB.prepare('delete from channel_outbox'),
    env.DB.prepare('delete from fake_channex_restrictions'),
    env.DB.prepare('delete from fake_channex_availability'),
    env.DB.prepare(
      `insert into channel_outbox (kind, room_type, night, full) values ('restrictions', '*', '*', 1), ('availability', '*', '*', 1)`,
    ),
  ]);
  return { mappings, priceOf: (n: number) => 30_000 + (n % 2) * 1_000 };
}

/** Every night of every plan the channel sells each type on is at the fake, standard at its own price. */
async function everyNightArrived(mappings: Mapped, priceOf: (n: number) => number) {
  for (const plan of mappings.ratePlans) {
    const typeId = mappings.roomTypes.find((m) => m.code === plan.roomType)!.channelId;
    const nights = [
      ...(await ari(typeId, plan.channelId, day(0), day(365))),
      ...(await ari(typeId, plan.channelId, day(366), day(499))),
    ];
    expect(nights).toHaveLength(500);
    const missing = nights.filter(
      (n) => (n.priceBaisa === null && n.stopSell !== true) || n.availability === null,
    );
    expect(missing.map((n) => `${plan.channelId} ${n.date}`)).toEqual([]);
    if (plan.ratePlan === 'standard') {
      const wrong = nights.filter((n, i) => !n.stopSell && n.priceBaisa !== priceOf(i));
      expect(wrong.map((n) => `${plan.channelId} ${n.date} ${n.priceBaisa}`)).toEqual([]);
    }
  }
}

describe('a full sync', () => {
  it('is 2 calls, one of availability and one of prices and restrictions, each under 10 MB, every value arriving', async () => {
    const { mappings, priceOf } = await hotelCalendar();
    const pushed: Pushed[] = [];
    const sent = await sendChannelOutbox(env, db(), ORIGIN, { fetchImpl: recordingFetch(pushed) });
    expect(sent).toMatchObject({ status: 'sent', calls: 2, rows: 2, rejected: 0 });
    expect(await outboxDepth()).toBe(0);
    // Channex's certification: "1 x 500 days for Availability (All Rooms), 1 x 500 days Rates &
    // restrictions (All Rates)"; at most 10 MB a call. Nights priced apart: thousands of values.
    expect(pushed.map((p) => p.kind)).toEqual(['availability', 'restrictions']);
    expect(pushed[1]!.values).toBeGreaterThan(2_000);
    for (const p of pushed) expect(p.bytes).toBeLessThanOrEqual(10_000_000);
    await everyNightArrived(mappings, priceOf);
    // Each push is in the send record with Channex's x-request-id and task id, read by the screen.
    const status = await (
      await send('/api/admin/channel', { cookie: await manager })
    ).json<{
      pushes: {
        kind: string;
        full: boolean;
        values: number;
        bytes: number;
        outcome: string;
        requestId: string | null;
        taskIds: string[];
      }[];
    }>();
    expect(status.pushes.slice(0, 2).reverse()).toEqual(
      pushed.map((p) => ({
        at: expect.any(String),
        kind: p.kind,
        full: true,
        values: p.values,
        bytes: expect.any(Number),
        outcome: 'accepted',
        warnings: 0,
        status: 200,
        requestId: expect.any(String),
        taskIds: [expect.any(String)],
      })),
    );
  });

  it('is split by size when it does not fit one call: every call within the limit, every value arriving', async () => {
    const { mappings, priceOf } = await hotelCalendar();
    const pushed: Pushed[] = [];
    const sent = await sendChannelOutbox(env, db(), ORIGIN, {
      fetchImpl: recordingFetch(pushed),
      maxCallBytes: 150_000,
    });
    expect(sent).toMatchObject({ status: 'sent', rows: 2 });
    const restrictions = pushed.filter((p) => p.kind === 'restrictions');
    const total = restrictions.reduce((sum, p) => sum + p.bytes, 0);
    expect(restrictions.length).toBeGreaterThan(1);
    expect(restrictions.length).toBeLessThanOrEqual(Math.ceil(total / 150_000) + 1);
    // The limit counts the values; the body's brackets (`{"values":[]}`) come on top.
    for (const p of pushed) expect(p.bytes).toBeLessThanOrEqual(150_000 + '{"values":[]}'.length);
    await everyNightArrived(mappings, priceOf);
  });
});

describe('only what changed', () => {
  it("is sent: a plan's name edit queues nothing, a night's new price sends that night alone, unchanged nights none", async () => {
    // Everything at the fake as the hotel has it, and accepted.
    const full = await send('/api/admin/channel/full-sync', { method: 'POST', cookie: await adminCookie() });
    expect(full.status).toBe(202);
    expect(await outboxDepth()).toBe(0);
    await env.DB.prepare('update channel_state set enabled = 0').run();
    const admin = await adminCookie();
    const renamed = await send('/api/admin/rate-plans/standard', {
      method: 'PATCH',
      cookie: admin,
      json: { nameEn: 'Best available rate', nameAr: 'أفضل سعر متاح' },
    });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    expect(await outboxDepth()).toBe(0);
    // A room type's new name or description neither.
    const type = await send('/api/admin/room-types/gold', {
      method: 'PATCH',
      cookie: admin,
      json: { nameEn: 'Gold room', descriptionEn: 'A golden room.' },
    });
    expect(type.status, await type.clone().text()).toBe(200);
    expect(await outboxDepth()).toBe(0);
    // Every type and night looked at again (as a plan added would): nothing differs, no call.
    await env.DB.prepare(
      `insert into channel_outbox (kind, room_type, night) values ('restrictions', '*', '*'), ('availability', '*', '*')`,
    ).run();
    await env.DB.prepare('update channel_state set enabled = 1').run();
    const pushed: Pushed[] = [];
    expect(await sendChannelOutbox(env, db(), ORIGIN, { fetchImpl: recordingFetch(pushed) })).toMatchObject({
      status: 'sent',
      calls: 0,
      rows: 2,
    });
    expect(pushed).toEqual([]);
    // One night's price on gold, with every gold night looked at again: that night alone goes, on
    // the three mapped plans that follow standard's price.
    const night = day(95);
    await env.DB.prepare('update channel_state set enabled = 0').run();
    await putRates({ ratePlan: 'standard', roomType: ['gold'], from: night, to: night, priceBaisa: 71_250 });
    await env.DB.prepare(
      `insert into channel_outbox (kind, room_type, night) values ('restrictions', 'gold', '*')`,
    ).run();
    await env.DB.prepare('update channel_state set enabled = 1').run();
    await sendChannelOutbox(env, db(), ORIGIN, { fetchImpl: recordingFetch(pushed) });
    expect(pushed).toEqual([{ kind: 'restrictions', values: 3, bytes: expect.any(Number) }]);
    expect((await ari('gold', 'standard:gold', night))[0]!.priceBaisa).toBe(71_250);
  });
});

describe('values Channex ignores', () => {
  type Status = {
    errors: { code?: string; message: string; rejected?: Record<string, unknown> }[];
    pushes: { outcome: string; warnings: number }[];
  };
  const status = async () => (await send('/api/admin/channel', { cookie: await manager })).json<Status>();

  it('a rate of 0 (200 with meta.warnings) is an error naming the type, plan and nights, not taken as sent, until a later push is accepted', async () => {
    const [from, to] = [day(140), day(142)];
    const before = await ari('diamond', 'standard:diamond', from, to);
    await putRates({ ratePlan: 'standard', roomType: ['diamond'], from, to, priceBaisa: 0 });
    // The push went (200) and its row is consumed; Channex kept its old prices.
    expect(await outboxDepth()).toBe(0);
    expect((await ari('diamond', 'standard:diamond', from, to)).map((n) => n.priceBaisa)).toEqual(
      before.map((n) => n.priceBaisa),
    );
    const warned = await status();
    const rejected = warned.errors.filter((e) => e.code === 'values_rejected');
    // The standard plan and the two that follow its price (10% under, 20% over 0 are 0 too).
    expect(rejected.map((e) => e.rejected)).toEqual(
      expect.arrayContaining(
        ['standard', 'non_refundable', 'bed_and_breakfast'].map((ratePlan) => ({
          kind: 'restrictions',
          roomType: 'diamond',
          ratePlan,
          from,
          to,
          fields: ['rate'],
        })),
      ),
    );
    expect(rejected[0]!.message).toBe('rate: must be greater than 0');
    expect(warned.pushes[0]).toMatchObject({ outcome: 'warned', warnings: 3 });
    expect(
      await count(
        `select count(*) as n from channel_sent where rate_plan_id = 'standard:diamond' and night between '${from}' and '${to}' and value like '0|%'`,
      ),
    ).toBe(0);
    // Not retried by itself: the next send has nothing to do.
    expect(await sendChannelOutbox(env, db(), ORIGIN)).toMatchObject({ status: 'idle', calls: 0 });
    // The price fixed: sent, accepted, the error gone.
    await putRates({ ratePlan: 'standard', roomType: ['diamond'], from, to, priceBaisa: 88_000 });
    expect((await ari('diamond', 'standard:diamond', from, to)).map((n) => n.priceBaisa)).toEqual([
      88_000, 88_000, 88_000,
    ]);
    expect((await status()).errors.filter((e) => e.code === 'values_rejected')).toEqual([]);
  });

  it('a value the fake warns ({warnings: 1}) is kept as rejected and sent again with the next look at its night', async () => {
    const night = day(150);
    expect((await send('/api/dev/channel/faults', { json: { warnings: 1 } })).status).toBe(200);
    await putRates({
      ratePlan: 'standard',
      roomType: ['silver'],
      from: night,
      to: night,
      priceBaisa: 36_600,
    });
    const first = await status();
    expect(first.errors.filter((e) => e.code === 'values_rejected').map((e) => e.rejected)).toEqual([
      {
        kind: 'restrictions',
        roomType: 'silver',
        ratePlan: 'standard',
        from: night,
        to: night,
        fields: ['base'],
      },
    ]);
    expect((await ari('silver', 'standard:silver', night))[0]!.priceBaisa).not.toBe(36_600);
    // Not counted as sent: the same value, looked at again, goes again (and is taken this time).
    await env.DB.prepare(
      `insert into channel_outbox (kind, room_type, night) values ('restrictions', 'silver', ?)`,
    )
      .bind(night)
      .run();
    expect(await sendChannelOutbox(env, db(), ORIGIN)).toMatchObject({
      status: 'sent',
      calls: 1,
      rejected: 0,
    });
    expect((await ari('silver', 'standard:silver', night))[0]!.priceBaisa).toBe(36_600);
    expect((await status()).errors.filter((e) => e.code === 'values_rejected')).toEqual([]);
  });
});

describe("a receipt's warnings", () => {
  const part: Outgoing[] = [
    {
      roomType: 'gold',
      ratePlan: 'standard',
      canon: '40000|1|0|0|0|0',
      value: {
        roomTypeId: 'gold',
        ratePlanId: 'standard:gold',
        dateFrom: day(10),
        dateTo: day(14),
        rateBaisa: 40_000,
      },
    },
    {
      roomType: 'silver',
      ratePlan: 'standard',
      canon: '30000|1|0|0|0|0',
      value: {
        roomTypeId: 'silver',
        ratePlanId: 'standard:silver',
        dateFrom: day(10),
        dateTo: day(10),
        rateBaisa: 30_000,
      },
    },
  ];
  const receipt = (warnings: PushWarning[]) => ({ requestId: 'r', taskIds: ['t'], warnings });

  it('refuse the nights they name and accept the rest of the value, and the other values', () => {
    const record = emptyRecord();
    const out = takeReceipt(
      record,
      'restrictions',
      part,
      receipt([
        {
          ratePlanId: 'standard:gold',
          dateFrom: day(12),
          dateTo: day(12),
          reasons: { rate: ['must be greater than 0'] },
        },
      ]),
    );
    expect(out).toEqual({ rejected: 1 });
    expect(record.rejected).toEqual([
      {
        t: 'gold',
        p: 'standard:gold',
        from: day(12),
        to: day(12),
        type: 'gold',
        plan: 'standard',
        reasons: { rate: ['must be greater than 0'] },
      },
    ]);
    expect(record.accepted.map((a) => [a.p, a.from, a.to])).toEqual([
      ['standard:gold', day(10), day(11)],
      ['standard:gold', day(13), day(14)],
      ['standard:silver', day(10), day(10)],
    ]);
  });

  it('that name no value sent leave nothing of the call taken as accepted', () => {
    const record = emptyRecord();
    const out = takeReceipt(record, 'restrictions', part, receipt([{ reasons: { base: ['unreadable'] } }]));
    expect(out).toEqual({ rejected: 2 });
    expect(record.accepted).toEqual([]);
    expect(record.unmatched).toHaveLength(1);
  });
});

describe('after an error', () => {
  it("pauses the property's pushes for a minute, as Channex asks, then sends", async () => {
    const night = day(160);
    expect((await send('/api/dev/channel/faults', { json: { status: 500, count: 1 } })).status).toBe(200);
    const start = Date.now();
    await putRates({ ratePlan: 'standard', roomType: ['gold'], from: night, to: night, priceBaisa: 44_400 });
    const { backoff_until } = (await one<{ backoff_until: number }>(
      'select backoff_until from channel_state',
    ))!;
    expect(backoff_until).toBeGreaterThanOrEqual(start + 60_000);
    expect(await outboxDepth()).toBe(1);
    const at = (ms: number) => () => backoff_until - 60_000 + ms;
    expect(await sendChannelOutbox(env, db(), ORIGIN, { now: at(59_000) })).toMatchObject({
      status: 'backoff',
      calls: 0,
    });
    expect(await sendChannelOutbox(env, db(), ORIGIN, { now: at(60_001) })).toMatchObject({
      status: 'sent',
      calls: 1,
    });
    expect((await ari('gold', 'standard:gold', night))[0]!.priceBaisa).toBe(44_400);
    const failed = await (
      await send('/api/admin/channel', { cookie: await manager })
    ).json<{
      pushes: { outcome: string; status: number | null; requestId: string | null }[];
    }>();
    expect(failed.pushes[1]).toMatchObject({ outcome: 'failed', status: 500, requestId: expect.any(String) });
  });
});
