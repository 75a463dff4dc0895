import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { addDays } from '@shared/dates';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  adminCookie,
  bookingRequest,
  count,
  day,
  one,
  rows,
  SEEDED,
  staffCookie,
} from '@worker-test/builders';
import { logIn, someAddress } from '@worker-test/helpers';
import { ari, db, everythingSent, freshMinute, ORIGIN, outboxDepth, send } from '@worker-test/channel-out';
import { expectNoFullScans, recordingDb, type Recorded } from '@worker-test/query-plans';
import { FAKE_CHANNEX, sendChannelOutbox } from './index';

/**
 * The channel manager link, out: every change that moves what can be sold or its price queues
 * an outbox row in its own statement, and the sender (run after each write request, as here,
 * and on the cron) brings the fake channel manager's ARI to the hotel's values, within the
 * provider's limits, losing nothing on 429s. Each request below waits for what it left running
 * (the send after the write), as a worker's `waitUntil` does.
 */

const putRates = async (body: Record<string, unknown>) => {
  const res = await send('/api/admin/rates', { method: 'PUT', json: body, cookie: await manager });
  expect(res.status, await res.clone().text()).toBe(200);
};
/** The first Thursday `from` days ahead or later. */
const thursdayFrom = (from: number) => {
  let d = day(from);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 4) d = addDays(d, 1);
  return d;
};

let manager: Promise<string>;

beforeAll(async () => {
  manager = logIn(SEEDED.manager.email, SEEDED.manager.password).then((r) => r.cookie);
  await everythingSent();
});

beforeEach(freshMinute);

describe('the outbox', () => {
  it('is written by the change itself: a price kept queues its night, a price refused queues nothing', async () => {
    const night = day(40);
    await env.DB.prepare(
      `insert into rate_nights (rate_plan, room_type, night, price_baisa) values ('standard', 'silver', ?, 30000)`,
    )
      .bind(night)
      .run();
    expect(await rows('select kind, room_type, night from channel_outbox')).toEqual([
      { kind: 'restrictions', room_type: 'silver', night },
    ]);
    const refused = env.DB.prepare(
      `insert into rate_nights (rate_plan, room_type, night, price_baisa) values ('standard', 'silver', ?, -1)`,
    )
      .bind(day(41))
      .run();
    await expect(refused).rejects.toThrow();
    expect(await outboxDepth()).toBe(1);
    // The same night changed again is one row, its version moved on (the sender sends it again).
    await env.DB.prepare(
      `update rate_nights set price_baisa = 31000 where room_type = 'silver' and night = ?`,
    )
      .bind(night)
      .run();
    expect(await one('select night, version from channel_outbox')).toEqual({ night, version: 2 });
    await sendChannelOutbox(env, db(), ORIGIN);
    expect(await outboxDepth()).toBe(0);
    expect((await ari('silver', 'standard:silver', night))[0]!.priceBaisa).toBe(31_000);
  });
});

describe('the sender', () => {
  it("brings Thursday's new price to the fake's ARI within the one send after the edit", async () => {
    const thursday = thursdayFrom(30);
    const friday = addDays(thursday, 1);
    const fridayBefore = (await ari('gold', 'standard:gold', friday))[0]!.priceBaisa;
    await putRates({
      ratePlan: 'standard',
      roomType: ['gold'],
      from: thursday,
      to: thursday,
      priceBaisa: 61_500,
    });
    const [thu, fri] = await ari('gold', 'standard:gold', thursday, friday);
    expect(thu).toMatchObject({ date: thursday, priceBaisa: 61_500, stopSell: false });
    expect(fri!.priceBaisa).toBe(fridayBefore);
    // One restrictions call, nothing left queued.
    expect(await count(`select count(*) as n from fake_channex_calls where kind = 'restrictions'`)).toBe(1);
    expect(await outboxDepth()).toBe(0);
  });

  it('20 concurrent bookings of the last room leave availability 0 at the fake, the next night untouched', async () => {
    const night = day(260);
    const { total } = (await one<{ total: number }>(
      `select total_count as total from room_inventory where room_type = 'deluxe'`,
    ))!;
    const stay = () => ({ checkInDate: night, checkOutDate: addDays(night, 1) });
    const bookDeluxe = () =>
      send('/api/booking-submissions', {
        json: bookingRequest({ roomType: 'deluxe', bedType: 'double' }, stay),
        headers: { 'cf-connecting-ip': someAddress() },
      });
    for (let i = 0; i < total - 1; i += 1) expect((await bookDeluxe()).status).toBe(201);
    expect((await ari('deluxe', 'standard:deluxe', night))[0]!.availability).toBe(1);
    const answers = await Promise.all(Array.from({ length: 20 }, bookDeluxe));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(await outboxDepth()).toBe(0);
    const [sold, next] = await ari('deluxe', 'standard:deluxe', night, addDays(night, 1));
    expect(sold!.availability).toBe(0);
    expect(next!.availability).toBe(total);
  });

  it('a 429 storm loses nothing: rows are kept through the backoff and the newest values arrive', async () => {
    const night = day(120);
    const fault = await send('/api/dev/channel/faults', { json: { status: 429, count: 4 } });
    expect(fault.status).toBe(200);
    await putRates({
      ratePlan: 'standard',
      roomType: ['silver'],
      from: night,
      to: night,
      priceBaisa: 33_000,
    });
    // The send after the edit was refused: the row is kept, the error kept for staff, a backoff set.
    expect(await outboxDepth()).toBe(1);
    const state = (await one<{ errors: string; backoff_until: number }>(
      'select errors, backoff_until from channel_state',
    ))!;
    expect(JSON.parse(state.errors)[0]).toMatchObject({ code: 'rate_limited' });
    expect(state.backoff_until).toBeGreaterThan(Date.now());
    // Changed again during the backoff, and a room sold that night: nothing is sent meanwhile.
    await putRates({
      ratePlan: 'standard',
      roomType: ['silver'],
      from: night,
      to: night,
      priceBaisa: 34_500,
    });
    const booked = await send('/api/booking-submissions', {
      json: bookingRequest({ roomType: 'silver' }, () => ({
        checkInDate: night,
        checkOutDate: addDays(night, 1),
      })),
      headers: { 'cf-connecting-ip': someAddress() },
    });
    expect(booked.status).toBe(201);
    expect(await outboxDepth()).toBe(2);
    // The cron's runs, each past the backoff the one before set, until the storm is over.
    let at = Date.now();
    for (let run = 0; run < 8 && (await outboxDepth()) > 0; run += 1) {
      at += 10 * 60_000;
      await sendChannelOutbox(env, db(), ORIGIN, { now: () => at });
    }
    expect(await outboxDepth()).toBe(0);
    const { total } = (await one<{ total: number }>(
      `select total_count as total from room_inventory where room_type = 'silver'`,
    ))!;
    const [sent] = await ari('silver', 'standard:silver', night);
    expect(sent).toMatchObject({ priceBaisa: 34_500, availability: total - 1 });
    expect(await count(`select count(*) as n from fake_channex_faults where remaining > 0`)).toBe(0);
  });

  it('switched off, keeps the queue and sends nothing; switched on, sends it', async () => {
    const admin = await adminCookie();
    const night = day(150);
    expect(
      (await send('/api/admin/channel', { method: 'PUT', json: { enabled: false }, cookie: admin })).status,
    ).toBe(200);
    await putRates({
      ratePlan: 'standard',
      roomType: ['diamond'],
      from: night,
      to: night,
      priceBaisa: 77_000,
    });
    expect(await outboxDepth()).toBe(1);
    const off = await (await send('/api/admin/channel', { cookie: admin })).json<Record<string, unknown>>();
    expect(off).toMatchObject({ provider: 'fake', enabled: false, connected: false, outboxDepth: 1 });
    expect((await ari('diamond', 'standard:diamond', night))[0]!.priceBaisa).not.toBe(77_000);
    expect(
      (await send('/api/admin/channel', { method: 'PUT', json: { enabled: true }, cookie: admin })).status,
    ).toBe(200);
    expect(await outboxDepth()).toBe(0);
    expect((await ari('diamond', 'standard:diamond', night))[0]!.priceBaisa).toBe(77_000);
    const on = await (await send('/api/admin/channel', { cookie: admin })).json<Record<string, unknown>>();
    expect(on).toMatchObject({
      provider: 'fake',
      enabled: true,
      connected: true,
      outboxDepth: 0,
      flagged: [],
    });
    expect(on.lastPushAt).toEqual(expect.any(String));
    // Staff do not read it; only admins switch it.
    expect((await send('/api/admin/channel', { cookie: await staffCookie() })).status).toBe(403);
    expect(
      (await send('/api/admin/channel', { method: 'PUT', json: { enabled: false }, cookie: await manager }))
        .status,
    ).toBe(403);
  });

  it('the send control sends what waits, inside its request, switching the link on', async () => {
    await env.DB.prepare('update channel_state set enabled = 0 where id = 1').run();
    const night = day(47);
    await putRates({
      ratePlan: 'standard',
      roomType: ['silver'],
      from: night,
      to: night,
      priceBaisa: 33_300,
    });
    expect(await outboxDepth()).toBe(1);
    const res = await send('/api/dev/channel/send', { json: {} });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ status: 'sent', calls: 1, rows: 1, rejected: 0 });
    expect((await ari('silver', 'standard:silver', night))[0]!.priceBaisa).toBe(33_300);
    expect(await one('select enabled from channel_state')).toEqual({ enabled: 1 });
  });

  it('a full sync sends every night of the next 500 days, and none after', async () => {
    await env.DB.prepare('delete from fake_channex_availability').run();
    const res = await send('/api/admin/channel/full-sync', { method: 'POST', cookie: await adminCookie() });
    expect(res.status).toBe(202);
    expect(await outboxDepth()).toBe(0);
    const [first] = await ari('gold', 'standard:gold', day(0));
    const [last, after] = await ari('gold', 'standard:gold', day(499), day(500));
    expect(first!.availability).toEqual(expect.any(Number));
    expect(last!.availability).toEqual(expect.any(Number));
    expect(last!.priceBaisa).toEqual(expect.any(Number));
    expect(after!.availability).toBeNull();
  });
});

describe('room types', () => {
  it('a type an admin adds is on sale at the fake right after; retired, it is 0 rooms and stop-sell', async () => {
    const admin = await adminCookie();
    const created = await send('/api/admin/room-types', {
      cookie: admin,
      json: {
        code: 'garden-villa',
        nameAr: 'فيلا الحديقة',
        nameEn: 'Garden Villa',
        descriptionAr: 'فيلا بحديقة خاصة',
        descriptionEn: 'A villa with its own garden',
        baseOccupancy: 2,
        maxAdults: 4,
        maxChildren: 2,
        maxOccupancy: 6,
        bedTypes: ['double'],
        smokingOptions: ['non_smoking'],
        priceBaisa: 60_000,
        pointsPerStay: 20,
        freeNightPoints: null,
        roomCount: 3,
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const night = day(45);
    expect((await ari('garden-villa', 'standard:garden-villa', night))[0]).toMatchObject({
      availability: 3,
      priceBaisa: 60_000,
      stopSell: false,
    });
    const retired = await send('/api/admin/room-types/garden-villa', {
      method: 'PATCH',
      cookie: admin,
      json: { active: false },
    });
    expect(retired.status, await retired.clone().text()).toBe(200);
    expect(await outboxDepth()).toBe(0);
    expect((await ari('garden-villa', 'standard:garden-villa', night))[0]).toMatchObject({
      availability: 0,
      stopSell: true,
    });
  });
});

describe('the sender reads', () => {
  it('no table that grows with history in full, and nothing when the outbox is empty', async () => {
    const night = day(70);
    await putRates({
      ratePlan: 'standard',
      roomType: ['gold'],
      from: night,
      to: addDays(night, 3),
      priceBaisa: 40_000,
    });
    await env.DB.prepare(`update rate_nights set price_baisa = 41000 where room_type = 'gold' and night = ?`)
      .bind(night)
      .run();
    const log: Recorded[] = [];
    const recorded = drizzle(recordingDb(log));
    const sent = await sendChannelOutbox(env, recorded, ORIGIN);
    expect(sent).toMatchObject({ status: 'sent', calls: 1 });
    await expectNoFullScans(log);
    // With nothing queued, one round trip (one batch: the state, whether anything waits, whether
    // any value is kept as rejected) and no call.
    log.length = 0;
    expect(await sendChannelOutbox(env, recorded, ORIGIN)).toMatchObject({ status: 'idle', calls: 0 });
    expect(log.length).toBe(3);
  });
});

describe('the mappings', () => {
  it("with the fake, every active type and plan is mapped to our codes; admins map them to the channel's ids", async () => {
    const admin = await adminCookie();
    const read = await send('/api/admin/channel/mappings', { cookie: await manager });
    expect(read.status).toBe(200);
    const mappings = await read.json<{
      roomTypes: { code: string; channelId: string }[];
      ratePlans: { ratePlan: string; roomType: string; channelId: string }[];
    }>();
    expect(mappings.roomTypes).toContainEqual({ code: 'gold', channelId: 'gold' });
    expect(mappings.ratePlans).toContainEqual({
      ratePlan: 'standard',
      roomType: 'gold',
      channelId: 'standard:gold',
    });

    const twice = await send('/api/admin/channel/mappings', {
      method: 'PUT',
      cookie: admin,
      json: {
        roomTypes: [
          { code: 'gold', channelId: 'X' },
          { code: 'silver', channelId: 'X' },
        ],
        ratePlans: [],
      },
    });
    expect(twice.status).toBe(400);
    expect(await twice.json()).toMatchObject({
      error: { code: 'validation_failed', fields: { 'roomTypes.1.channelId': expect.any(String) } },
    });
    const byManager = await send('/api/admin/channel/mappings', {
      method: 'PUT',
      cookie: await manager,
      json: mappings,
    });
    expect(byManager.status).toBe(403);

    const night = day(90);
    // The room type and its rate plan made at the channel manager first (their ids are its own).
    const channex = async (path: string, json: unknown) => {
      const res = await send(`${FAKE_CHANNEX.basePath}${path}`, {
        json,
        headers: { 'user-api-key': FAKE_CHANNEX.apiKey },
      });
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as { data: { id: string } }).data.id;
    };
    const property_id = FAKE_CHANNEX.propertyId;
    const goldId = await channex('/room_types', { room_type: { property_id, title: 'Gold', occupancy: 2 } });
    const barId = await channex('/rate_plans', {
      rate_plan: {
        property_id,
        title: 'BAR',
        room_type_id: goldId,
        options: [{ occupancy: 2, is_primary: true }],
      },
    });
    const saved = await send('/api/admin/channel/mappings', {
      method: 'PUT',
      cookie: admin,
      json: {
        roomTypes: [{ code: 'gold', channelId: goldId }],
        ratePlans: [{ ratePlan: 'standard', roomType: 'gold', channelId: barId }],
      },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    // Sent under the channel's ids right after (every night again: a mapping changed).
    const [mapped] = await ari(goldId, barId, night);
    expect(mapped!.availability).toEqual(expect.any(Number));
    expect(mapped!.priceBaisa).toEqual(expect.any(Number));
  });
});
