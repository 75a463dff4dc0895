import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@shared/dates';
import { adminCookie, bookingRequest, count, day, json, postBooking, SEEDED } from '@worker-test/builders';
import { call, logIn, ORIGIN } from '@worker-test/helpers';
import { groupBlock } from '@worker-test/groups';
import { sendChannelOutbox } from '../channel';

/**
 * What can be sold never counts a group block's held rooms: a block of all the rooms of a type
 * makes the guest's calendar, the room counts, the numbered room list and the booking's refusal
 * say sold out, and the channel manager receive 0; the release gives back what is not picked up
 * to every one of them.
 */

const outboxDepth = () => count('select count(*) as n from channel_outbox');

async function channelAvailability(night: string) {
  for (let i = 0; i < 5 && (await outboxDepth()) > 0; i += 1)
    await sendChannelOutbox(env, drizzle(env.DB), ORIGIN);
  const query = new URLSearchParams({
    roomType: 'deluxe',
    ratePlan: 'standard:deluxe',
    from: night,
    to: night,
  });
  const res = await call(`/api/dev/channel/ari?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { availability: number | null }[])[0]!.availability;
}

let manager: string;

beforeAll(async () => {
  manager = (await logIn(SEEDED.manager.email, SEEDED.manager.password)).cookie;
  await env.DB.prepare('update channel_state set enabled = 1').run();
  const sync = await call('/api/admin/channel/full-sync', { method: 'POST', cookie: await adminCookie() });
  expect(sync.status).toBe(202);
});

describe('a block of all the rooms of a type', () => {
  it('is sold out for the guest and 0 at the channel, until released', async () => {
    const night = day(500 - 30);
    const next = addDays(night, 1);
    expect(await channelAvailability(night)).toBe(4);
    const created = await groupBlock(
      {
        name: 'Conference',
        status: 'tentative',
        releaseDate: night,
        billing: 'master',
        rooms: [{ roomType: 'deluxe', from: night, to: night, count: 4 }],
      },
      manager,
    );
    const id = created.group.id;

    const calendar = await call(`/api/availability?roomType=deluxe&from=${night}&to=${next}`);
    expect(calendar.status).toBe(200);
    expect((await json<{ nights: { available: number }[] }>(calendar)).nights[0]!.available).toBe(0);
    const counts = await json<{ roomType: string; availableCount: number }[]>(
      await call(`/api/room-inventory?from=${night}&to=${next}`),
    );
    expect(counts.find((r) => r.roomType === 'deluxe')!.availableCount).toBe(0);
    const list = await json<{ rooms: { available: boolean }[] }>(
      await call(`/api/room-list?roomType=deluxe&from=${night}&to=${next}`),
    );
    expect(list.rooms.length).toBeGreaterThan(0);
    expect(list.rooms.every((r) => !r.available)).toBe(true);
    expect(await channelAvailability(night)).toBe(0);
    // The desk's tape chart shows the rooms held for the group on that night.
    const chart = await json<{
      groupHolds: { groupId: number; roomType: string; night: string; held: number; pickedUp: number }[];
    }>(await call(`/api/admin/tape-chart?from=${night}&nights=1`, { cookie: manager }));
    expect(chart.groupHolds).toEqual([{ groupId: id, roomType: 'deluxe', night, held: 4, pickedUp: 0 }]);
    // The allotment cannot go below what is held.
    const lowered = await call('/api/room-inventory/deluxe', {
      method: 'PUT',
      cookie: manager,
      json: { availableCount: 3 },
    });
    expect(lowered.status).not.toBe(200);

    const released = await call(`/api/admin/groups/${id}/release`, { method: 'POST', cookie: manager });
    expect(released.status).toBe(200);
    const after = await call(`/api/availability?roomType=deluxe&from=${night}&to=${next}`);
    expect((await json<{ nights: { available: number }[] }>(after)).nights[0]!.available).toBe(4);
    expect(await channelAvailability(night)).toBe(4);
  });
});

describe("a refused stay's alternatives", () => {
  it('offer no night a block holds every room of the type on', async () => {
    const night = day(440);
    await groupBlock(
      {
        name: 'Wedding',
        releaseDate: night,
        rooms: [{ roomType: 'deluxe', from: night, to: addDays(night, 1), count: 4 }],
      },
      manager,
    );
    const refused = await postBooking(
      bookingRequest({ roomType: 'deluxe', checkInDate: night, checkOutDate: addDays(night, 1) }),
      { lang: 'en' },
    );
    expect(refused.status).toBe(409);
    const { error } = await json<{
      error: { code: string; alternatives: { dates: { checkInDate: string }[] } };
    }>(refused);
    expect(error.code).toBe('no_rooms_available');
    // The nearest free nights, the block's second night (one after the asked) left out.
    expect(error.alternatives.dates.map((d) => d.checkInDate)).toEqual([
      addDays(night, -2),
      addDays(night, -1),
      addDays(night, 2),
    ]);
  });
});

describe('the integrity check', () => {
  it('counts what blocks hold with the general nights against the allotment', async () => {
    const night = day(480);
    await groupBlock(
      {
        name: 'Tour',
        releaseDate: night,
        rooms: [{ roomType: 'diamond', from: night, to: night, count: 8 }],
      },
      manager,
    );
    // The count lowered behind the triggers' back: 8 held of 7 rooms.
    await env.DB.prepare(`update room_inventory set total_count = 7 where room_type = 'diamond'`).run();
    const run = await call('/api/admin/integrity/run', { method: 'POST', cookie: await adminCookie() });
    expect(run.status, await run.clone().text()).toBe(200);
    const { report } = await json<{
      report: { violations: { check: string; detail: Record<string, unknown> }[] };
    }>(run);
    expect(report.violations).toContainEqual({
      check: 'rooms_over_allotment',
      detail: expect.objectContaining({ roomType: 'diamond', night, held: 8, allotment: 7 }),
    });
    await env.DB.prepare(`update room_inventory set total_count = 8 where room_type = 'diamond'`).run();
  });
});
