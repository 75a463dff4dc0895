import { env } from 'cloudflare:workers';
import { addDays } from '@shared/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, workerFetch } from '@worker-test/helpers';
import { FAKE_CHANNEX, installChannelDispatch } from './index';

/**
 * The probe of the channel link's way in (decision 074): OTA bookings of two and three
 * rooms (Booking.com's, whose rooms carry the one room id Channex documents, `ota_unique_id`),
 * over occupancy, in another currency, changed and cancelled at the fake channel manager,
 * their revisions' webhooks held back and delivered in EVERY order, then the feed read. Each run
 * must end in the newest revision's state: every room held as sold, or kept flagged for staff,
 * or cancelled; every revision acknowledged; nothing silently wrong (a live room is held night by
 * night unless its flag says it has no room).
 */

const send = (path: string, json?: unknown, headers: Record<string, string> = {}) =>
  call(path, { method: json === undefined ? 'GET' : 'POST', json, headers });

async function control<T = Record<string, unknown>>(path: string, json: unknown = {}) {
  const res = await send(`/api/dev/channel${path}`, json);
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return res.json<T>();
}

type Made = { channelBookingId: string; revisionId: string; bookingRoomIds: string[] };
type Attributes = {
  status: 'new' | 'modified' | 'cancelled';
  currency: string;
  rooms: {
    ota_unique_id?: string;
    room_type_id: string;
    checkin_date: string;
    checkout_date: string;
    occupancy: { adults: number; children: number };
  }[];
};

const room = (roomType: string, from: string, count: number, over: Record<string, unknown> = {}) => ({
  roomType,
  ratePlan: `standard:${roomType}`,
  adults: 2,
  children: 0,
  nights: Array.from({ length: count }, (_, i) => ({
    date: addDays(from, i),
    priceBaisa: 45_000 + i * 1_000,
  })),
  ...over,
});

/** The provider's clock moves on between two revisions of one booking. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 3));

/**
 * A scenario: the revisions of one OTA booking, made at the fake in this order (oldest first),
 * and the flag each room of the newest revision must carry (by its place).
 */
type Scenario = {
  name: string;
  /** How many revisions it makes. */
  count: number;
  revisions: (run: number) => Promise<{ channelBookingId: string; revisionIds: string[] }>;
  flags: (string | null)[];
};

let code = 0;
const base = (run: number) => addDays('2029-01-01', run * 6);

const scenarios: Scenario[] = [
  {
    name: 'two rooms, a third added and the first moved, then cancelled',
    count: 3,
    flags: [],
    revisions: async (run) => {
      const from = base(run);
      const made = await control<Made>('/bookings', {
        otaName: 'booking.com',
        otaReservationCode: `BDC-P${(code += 1)}`,
        guest: { name: 'Probe Guest', phone: '+96890000001', email: `probe.${code}@example.com` },
        rooms: [room('gold', from, 2), room('silver', from, 2, { adults: 1, children: 1 })],
      });
      await tick();
      const changed = await control<Made>(`/bookings/${made.channelBookingId}/modify`, {
        rooms: [
          { bookingRoomId: made.bookingRoomIds[0], ...room('gold', addDays(from, 1), 2) },
          { bookingRoomId: made.bookingRoomIds[1], ...room('silver', from, 2, { adults: 1, children: 1 }) },
          room('diamond', from, 1),
        ],
      });
      await tick();
      const cancelled = await control<Made>(`/bookings/${made.channelBookingId}/cancel`);
      return {
        channelBookingId: made.channelBookingId,
        revisionIds: [made.revisionId, changed.revisionId, cancelled.revisionId],
      };
    },
  },
  {
    name: 'three rooms, one removed, then one over occupancy (6 adults and 3 children in gold)',
    count: 3,
    flags: ['over_occupancy', null],
    revisions: async (run) => {
      const from = base(run);
      const made = await control<Made>('/bookings', {
        // Booking.com: its rooms carry `ota_unique_id`, the one room id Channex documents (a
        // change of several rooms of another OTA is left to the desk: revision-rooms.test.ts).
        otaName: 'booking.com',
        otaReservationCode: `BDC-P${(code += 1)}`,
        guest: { name: 'Probe Family', phone: '+96890000002', email: null },
        rooms: [room('gold', from, 3), room('gold', from, 3), room('diamond', from, 3)],
      });
      await tick();
      const [a, , c] = made.bookingRoomIds;
      const first = await control<Made>(`/bookings/${made.channelBookingId}/modify`, {
        rooms: [
          { bookingRoomId: a, ...room('gold', from, 3) },
          { bookingRoomId: c, ...room('diamond', addDays(from, 1), 2) },
        ],
      });
      await tick();
      const second = await control<Made>(`/bookings/${made.channelBookingId}/modify`, {
        rooms: [
          { bookingRoomId: a, ...room('gold', from, 3, { adults: 6, children: 3 }) },
          { bookingRoomId: c, ...room('diamond', addDays(from, 1), 2) },
        ],
      });
      return {
        channelBookingId: made.channelBookingId,
        revisionIds: [made.revisionId, first.revisionId, second.revisionId],
      };
    },
  },
  {
    name: 'two rooms priced in another currency, one stay lengthened',
    count: 2,
    flags: ['currency_mismatch', 'currency_mismatch'],
    revisions: async (run) => {
      const from = base(run);
      const made = await control<Made>('/bookings', {
        otaName: 'Booking.com',
        otaReservationCode: `BDC-E${(code += 1)}`,
        guest: { name: 'Probe Visitor', phone: null, email: null },
        currency: 'EUR',
        commissionBaisa: 20_000,
        rooms: [room('silver', from, 1), room('silver', from, 1)],
      });
      await tick();
      const changed = await control<Made>(`/bookings/${made.channelBookingId}/modify`, {
        rooms: [
          { bookingRoomId: made.bookingRoomIds[0], ...room('silver', from, 2) },
          { bookingRoomId: made.bookingRoomIds[1], ...room('silver', from, 1) },
        ],
      });
      return { channelBookingId: made.channelBookingId, revisionIds: [made.revisionId, changed.revisionId] };
    },
  },
];

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

type Row = Record<string, unknown>;

/** What our side holds of one channel booking, checked against the newest revision at the fake. */
async function checkEndState(
  scenario: Scenario,
  channelBookingId: string,
  revisionIds: string[],
  order: number[],
) {
  const label = `${scenario.name}, delivered in the order ${order.map((i) => i + 1).join(', ')}`;
  const newest = (
    (await (
      await send(
        `${FAKE_CHANNEX.basePath}/booking_revisions/${revisionIds[revisionIds.length - 1]}`,
        undefined,
        {
          'user-api-key': FAKE_CHANNEX.apiKey,
        },
      )
    ).json()) as { data: { attributes: Attributes } }
  ).data.attributes;
  const bookings = (
    await env.DB.prepare('select * from booking_submissions where channel_booking_id = ? order by id')
      .bind(channelBookingId)
      .all<Row>()
  ).results;
  const live = bookings.filter((b) => b.status !== 'cancelled');
  if (newest.status === 'cancelled') {
    expect(live, label).toEqual([]);
  } else {
    expect(
      live.map((b) => [
        b.channel_room_id,
        b.room_type,
        b.check_in_date,
        b.check_out_date,
        b.adults,
        b.children,
      ]),
      label,
    ).toEqual(
      newest.rooms.map((r) => [
        `ota:${r.ota_unique_id}`,
        r.room_type_id,
        r.checkin_date,
        r.checkout_date,
        r.occupancy.adults,
        r.occupancy.children,
      ]),
    );
    expect(
      live.map((b) => b.channel_flag),
      label,
    ).toEqual(scenario.flags);
    if (newest.currency !== 'OMR') {
      // Never taken as rials.
      expect(
        live.map((b) => b.total_price),
        label,
      ).toEqual(live.map(() => 0));
    }
  }
  // Nothing silently wrong: a live room is held for each of its nights, unless its flag says it
  // has no room; a cancelled one holds none.
  for (const b of bookings) {
    const held = (await env.DB.prepare('select count(*) as n from booking_nights where booking_id = ?')
      .bind(b.id)
      .first<{
        n: number;
      }>())!.n;
    const nights = Math.round(
      (Date.parse(`${b.check_out_date}T00:00:00Z`) - Date.parse(`${b.check_in_date}T00:00:00Z`)) / 86_400_000,
    );
    const roomless =
      b.status === 'cancelled' || b.channel_flag === 'overbooked' || b.channel_flag === 'unmapped';
    expect(held, `${label}: booking ${b.reference} (${b.status}, ${b.channel_flag})`).toBe(
      roomless ? 0 : nights,
    );
  }
  // Every revision received once and acknowledged, here and at the fake.
  const received = (
    await env.DB.prepare(
      'select id, acked_at is not null as acked from channel_revisions where channel_booking_id = ?',
    )
      .bind(channelBookingId)
      .all<{ id: string; acked: number }>()
  ).results;
  expect(received.map((r) => r.id).sort(), label).toEqual([...revisionIds].sort());
  expect(
    received.every((r) => r.acked === 1),
    label,
  ).toBe(true);
  const atFake = (await (await send('/api/dev/channel/revisions')).json()) as {
    id: string;
    acked: boolean;
  }[];
  expect(
    atFake.filter((r) => revisionIds.includes(r.id)).every((r) => r.acked),
    label,
  ).toBe(true);
}

beforeAll(async () => {
  installChannelDispatch(workerFetch);
  // The link on, its sender held back (a backoff for the file): the pushes the bookings queue are
  // sender.test's subject, and sent here they would only slow the probe down.
  await env.DB.prepare(
    'update channel_state set enabled = 1, backoff_until = ?, backoff_attempts = 0 where id = 1',
  )
    .bind(Date.now() + 3_600_000)
    .run();
  await control('/faults', { holdWebhooks: true });
});
afterAll(async () => {
  await control('/faults', { holdWebhooks: false });
  await env.DB.prepare('update channel_state set backoff_until = 0 where id = 1').run();
});

describe('the channel link delivering revisions in every order', () => {
  let run = 0;
  for (const scenario of scenarios) {
    describe(scenario.name, () => {
      for (const order of permutations(Array.from({ length: scenario.count }, (_, i) => i))) {
        it(`ends in the newest revision's state, delivered ${order.map((i) => i + 1).join(', ')}`, async () => {
          const { channelBookingId, revisionIds } = await scenario.revisions((run += 1));
          expect(revisionIds).toHaveLength(scenario.count);
          for (const i of order) {
            const delivered = await control<{ webhookStatus: number }>(
              `/revisions/${revisionIds[i]}/deliver`,
            );
            expect(delivered.webhookStatus).toBe(200);
          }
          // Then the feed, as the cron reads it: nothing left to apply.
          await control('/poll');
          await checkEndState(scenario, channelBookingId, revisionIds, order);
        });
      }
    });
  }
});
