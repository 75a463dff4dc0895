import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCookie } from '@worker-test/builders';
import { call, ORIGIN, workerFetch } from '@worker-test/helpers';
import { channelAdapter } from './channel-config';
import { FAKE_CHANNEX, flaggedRevisions, installChannelDispatch } from './index';
import { applyRevision } from './revisions';

/**
 * The channel's way in as Channex documents it, through the fake channel manager's HTTP API and
 * test controls: a revision's rooms are a list (each room a booking of ours, held, or kept
 * flagged when it cannot be), revisions end in the newest one's state whatever order they come
 * in, the feed is read page after page, a webhook naming no revision reads it at once, another
 * property's revision is refused, and bookings the hotel cannot honour as sold are kept flagged
 * (over_occupancy, not_sellable, currency_mismatch).
 */

const send = (path: string, json?: unknown, headers: Record<string, string> = {}) =>
  call(path, { method: json === undefined ? 'GET' : 'POST', json, headers });

async function control<T = Record<string, unknown>>(path: string, json: unknown = {}, status = 200) {
  const res = await send(`/api/dev/channel${path}`, json);
  expect(res.status, await res.clone().text()).toBe(status);
  return res.json<T>();
}

type Made = {
  channelBookingId: string;
  revisionId: string;
  bookingRoomIds: string[];
  /** Booking.com's `ota_unique_id` of each room (null for another OTA's). */
  otaUniqueIds: (string | null)[];
  webhookStatus: number | null;
};
/** The key a Booking.com room's stay is kept under: its documented `ota_unique_id`. */
const keyOf = (made: Made, i: number) => `ota:${made.otaUniqueIds[i]}`;

const nights = (from: string, count: number, priceBaisa = 50_000) =>
  Array.from({ length: count }, (_, i) => ({ date: addDay(from, i), priceBaisa }));
function addDay(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function booking(code: string, rooms: unknown[], over: Record<string, unknown> = {}) {
  return {
    otaName: 'booking.com',
    otaReservationCode: code,
    guest: { name: 'Hind Al Balushi', phone: '+96892345678', email: `hind.${code}@guest.booking.com` },
    rooms,
    paymentCollect: 'ota',
    commissionBaisa: 12_000,
    ...over,
  };
}
const room = (roomType: string, from: string, count: number, over: Record<string, unknown> = {}) => ({
  roomType,
  ratePlan: `standard:${roomType}`,
  adults: 2,
  children: 0,
  nights: nights(from, count),
  ...over,
});

const book = (body: unknown) => control<Made>('/bookings', body, 201);

type Row = Record<string, unknown>;
const bookingsOf = async (channelBookingId: string) =>
  (
    await env.DB.prepare('select * from booking_submissions where channel_booking_id = ? order by id')
      .bind(channelBookingId)
      .all<Row>()
  ).results;
const heldNights = async (bookingId: unknown) =>
  (await env.DB.prepare('select count(*) as n from booking_nights where booking_id = ?')
    .bind(bookingId)
    .first<{ n: number }>())!.n;
const revisionsOf = async (channelBookingId: string) =>
  (
    await env.DB.prepare(
      'select id, status, outcome, booking_id, acked_at is not null as acked from channel_revisions where channel_booking_id = ? order by received_at',
    )
      .bind(channelBookingId)
      .all<Row>()
  ).results;
const fakeRevisions = async () =>
  (await (await send('/api/dev/channel/revisions')).json()) as {
    id: string;
    status: string;
    acked: boolean;
  }[];
const linkOn = (on: boolean) =>
  env.DB.prepare('update channel_state set enabled = ? where id = 1')
    .bind(on ? 1 : 0)
    .run();
const roomsOf = async (roomType: string) =>
  (await env.DB.prepare('select total_count as n from room_inventory where room_type = ?')
    .bind(roomType)
    .first<{ n: number }>())!.n;
const setRooms = (roomType: string, count: number) =>
  env.DB.prepare('update room_inventory set total_count = ? where room_type = ?').bind(count, roomType).run();

beforeAll(async () => {
  installChannelDispatch(workerFetch);
  await linkOn(true);
});
beforeEach(async () => {
  await control('/faults', { holdWebhooks: false });
  await linkOn(true);
});
afterAll(async () => {
  await control('/faults', { holdWebhooks: false });
});

describe('a booking of several rooms', () => {
  it('holds every room, each a booking of its own; a change adds a room and removes one; its cancellation cancels them all', async () => {
    // Diamond at the fake, sent after the booking: two rooms fewer than the hotel has.
    const diamonds = await roomsOf('diamond');
    const ari = async () => {
      await control('/send');
      const res = await send('/api/dev/channel/ari?roomType=diamond&from=2027-08-02&to=2027-08-02');
      const [night] = (await res.json()) as { availability: number }[];
      return night!.availability;
    };
    const made = await book(
      booking('BDC-8101', [
        room('diamond', '2027-08-02', 2),
        room('diamond', '2027-08-02', 2, { adults: 1, children: 1, nights: nights('2027-08-02', 2, 61_000) }),
      ]),
    );
    expect(made.bookingRoomIds).toHaveLength(2);
    const rows = await bookingsOf(made.channelBookingId);
    expect(
      rows.map((r) => [r.channel_room_id, r.room_type, r.status, r.adults, r.children, r.total_price]),
    ).toEqual([
      [keyOf(made, 0), 'diamond', 'confirmed', 2, 0, 100_000],
      [keyOf(made, 1), 'diamond', 'confirmed', 1, 1, 122_000],
    ]);
    expect(rows.map((r) => r.channel_flag)).toEqual([null, null]);
    expect(await heldNights(rows[0]!.id)).toBe(2);
    expect(await heldNights(rows[1]!.id)).toBe(2);
    // The commission is shared out by the rooms' totals, to the baisa.
    expect(rows.map((r) => r.commission_baisa)).toEqual([5_406, 6_594]);
    expect(await ari()).toBe(diamonds - 2);
    expect(await revisionsOf(made.channelBookingId)).toEqual([
      { id: made.revisionId, status: 'new', outcome: 'applied', booking_id: rows[0]!.id, acked: 1 },
    ]);

    // The OTA drops the first room, moves the second a night on and adds a silver room.
    const changed = await control<Made>(`/bookings/${made.channelBookingId}/modify`, {
      rooms: [
        {
          bookingRoomId: made.bookingRoomIds[1],
          ...room('diamond', '2027-08-03', 2, { adults: 1, children: 1 }),
        },
        room('silver', '2027-08-02', 1),
      ],
    });
    expect(changed.bookingRoomIds[0]).toBe(made.bookingRoomIds[1]);
    const after = await bookingsOf(made.channelBookingId);
    expect(
      after.map((r) => [r.channel_room_id, r.room_type, r.status, r.check_in_date, r.check_out_date]),
    ).toEqual([
      [keyOf(made, 0), 'diamond', 'cancelled', '2027-08-02', '2027-08-04'],
      [keyOf(made, 1), 'diamond', 'confirmed', '2027-08-03', '2027-08-05'],
      [keyOf(changed, 1), 'silver', 'confirmed', '2027-08-02', '2027-08-03'],
    ]);
    expect(after[1]!.id).toBe(rows[1]!.id);
    expect(await heldNights(after[0]!.id)).toBe(0);
    expect(await heldNights(after[1]!.id)).toBe(2);
    expect(await heldNights(after[2]!.id)).toBe(1);

    // A change of the silver room alone leaves the diamond one as it is: nothing written of it.
    const modifiedLines = async (id: unknown) =>
      (await env.DB.prepare(
        `select count(*) as n from audit_log where action = 'booking.channel_modified' and entity_id = ?`,
      )
        .bind(String(id))
        .first<{ n: number }>())!.n;
    expect(await modifiedLines(after[1]!.id)).toBe(1);
    await control(`/bookings/${made.channelBookingId}/modify`, {
      rooms: [
        {
          bookingRoomId: made.bookingRoomIds[1],
          ...room('diamond', '2027-08-03', 2, { adults: 1, children: 1 }),
        },
        // Two nights for the price of the one before: the rooms' totals, so their commissions, unchanged.
        {
          bookingRoomId: changed.bookingRoomIds[1],
          ...room('silver', '2027-08-02', 2, { nights: nights('2027-08-02', 2, 25_000) }),
        },
      ],
    });
    expect(await modifiedLines(after[1]!.id)).toBe(1);
    expect(await modifiedLines(after[2]!.id)).toBe(1);
    expect(await heldNights(after[2]!.id)).toBe(2);

    await control(`/bookings/${made.channelBookingId}/cancel`);
    const cancelled = await bookingsOf(made.channelBookingId);
    expect(cancelled.map((r) => r.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    for (const r of cancelled) expect(await heldNights(r.id)).toBe(0);
    expect((await revisionsOf(made.channelBookingId)).map((r) => [r.status, r.outcome, r.acked])).toEqual([
      ['new', 'applied', 1],
      ['modified', 'applied', 1],
      ['modified', 'applied', 1],
      ['cancelled', 'applied', 1],
    ]);
  });

  it('holds the rooms that fit and keeps the one that does not, flagged overbooked, for staff', async () => {
    const diamonds = await roomsOf('diamond');
    await setRooms('diamond', 1);
    try {
      const made = await book(
        booking(
          'EXP-8102',
          [room('diamond', '2027-09-06', 2), room('diamond', '2027-09-06', 2), room('gold', '2027-09-06', 2)],
          {
            otaName: 'expedia',
          },
        ),
      );
      const rows = await bookingsOf(made.channelBookingId);
      expect(rows.map((r) => [r.room_type, r.status, r.channel_flag])).toEqual([
        ['diamond', 'confirmed', null],
        ['diamond', 'confirmed', 'overbooked'],
        ['gold', 'confirmed', null],
      ]);
      expect(await Promise.all(rows.map((r) => heldNights(r.id)))).toEqual([2, 0, 2]);
      expect((await revisionsOf(made.channelBookingId))[0]).toMatchObject({
        outcome: 'overbooked',
        acked: 1,
      });
      const alerts = await env.DB.prepare('select count(*) as n from staff_alerts where booking_id = ?')
        .bind(rows[1]!.id)
        .first<{ n: number }>();
      expect(alerts!.n).toBeGreaterThanOrEqual(1);
      const flagged = await flaggedRevisions(drizzle(env.DB));
      expect(flagged.filter((f) => f.otaReservationCode === 'EXP-8102')).toEqual([
        expect.objectContaining({
          reason: 'overbooked',
          bookingId: rows[1]!.id,
          bookingReference: rows[1]!.reference,
        }),
      ]);
    } finally {
      await setRooms('diamond', diamonds);
    }
  });
});

describe('revisions out of order', () => {
  it('never makes a booking whose cancellation came first: nothing held, nothing to the guest, the log says so', async () => {
    // The link off: the OTA booking made and cancelled, its webhooks answered but not applied.
    await linkOn(false);
    const made = await book(
      booking('BDC-8201', [room('gold', '2027-10-11', 2)], {
        guest: { name: 'Nasser Al Rawahi', phone: '+96893456789', email: 'nasser@example.com' },
      }),
    );
    const cancelled = await control<Made>(`/bookings/${made.channelBookingId}/cancel`);
    expect(await bookingsOf(made.channelBookingId)).toEqual([]);
    await linkOn(true);
    // The cancellation's webhook first, then the booking's.
    await control(`/revisions/${cancelled.revisionId}/deliver`);
    await control(`/revisions/${made.revisionId}/deliver`);
    expect(await bookingsOf(made.channelBookingId)).toEqual([]);
    const revisions = await revisionsOf(made.channelBookingId);
    expect(revisions.map((r) => [r.id, r.outcome, r.acked])).toEqual([
      [cancelled.revisionId, 'ignored', 1],
      [made.revisionId, 'stale', 1],
    ]);
    const mail = await env.DB.prepare(
      `select count(*) as n from email_outbox where recipient like 'nasser@%'`,
    ).first<{
      n: number;
    }>();
    expect(mail!.n).toBe(0);
    // The feed has nothing more of it.
    expect(
      (await fakeRevisions()).filter((r) => [made.revisionId, cancelled.revisionId].includes(r.id)),
    ).toEqual([expect.objectContaining({ acked: true }), expect.objectContaining({ acked: true })]);
  });

  it('changes nothing for a modification older than one applied: not even tried (no batch)', async () => {
    await control('/faults', { holdWebhooks: true });
    const made = await book(booking('BDC-8202', [room('gold', '2027-10-18', 2)]));
    const change = async (from: string, price: number) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const res = await control<Made>(`/bookings/${made.channelBookingId}/modify`, {
        rooms: [
          {
            bookingRoomId: made.bookingRoomIds[0],
            ...room('gold', from, 2, { nights: nights(from, 2, price) }),
          },
        ],
      });
      return res.revisionId;
    };
    const older = await change('2027-10-20', 41_000);
    const newer = await change('2027-10-24', 44_000);
    await control(`/revisions/${made.revisionId}/deliver`);
    await control(`/revisions/${newer}/deliver`);
    // The older one, applied through a database that counts its batches.
    let batches = 0;
    const counted = new Proxy(env.DB, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (prop === 'batch') {
          return (...args: unknown[]) => {
            batches += 1;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const adapter = channelAdapter(env, ORIGIN)!;
    const revision = await adapter.readRevision(older);
    const applied = await applyRevision(drizzle(counted), revision, 'feed', adapter.knowsOwnCodes);
    expect(applied.outcome).toBe('stale');
    expect(batches).toBe(0);
    const [row] = await bookingsOf(made.channelBookingId);
    expect(row).toMatchObject({ check_in_date: '2027-10-24', total_price: 88_000 });
    const audits = await env.DB.prepare(
      `select count(*) as n from audit_log where action = 'booking.channel_modified' and entity_id = ?`,
    )
      .bind(String(row!.id))
      .first<{ n: number }>();
    expect(audits!.n).toBe(1);
  });

  it('flags a modification to nights that are sold out, the old nights freed, the stay moved', async () => {
    const made = await book(booking('BDC-8203', [room('gold', '2027-11-01', 2)]));
    const [before] = await bookingsOf(made.channelBookingId);
    expect(await heldNights(before!.id)).toBe(2);
    const diamonds = await roomsOf('diamond');
    await setRooms('diamond', 0);
    try {
      await control(`/bookings/${made.channelBookingId}/modify`, {
        roomType: 'diamond',
        ratePlan: 'standard:diamond',
        checkInDate: '2027-11-03',
        checkOutDate: '2027-11-06',
      });
    } finally {
      await setRooms('diamond', diamonds);
    }
    const [after] = await bookingsOf(made.channelBookingId);
    expect(after).toMatchObject({
      id: before!.id,
      status: 'confirmed',
      room_type: 'diamond',
      check_in_date: '2027-11-03',
      check_out_date: '2027-11-06',
      channel_flag: 'overbooked',
    });
    expect(await heldNights(after!.id)).toBe(0);
    expect((await revisionsOf(made.channelBookingId)).map((r) => [r.status, r.outcome, r.acked])).toEqual([
      ['new', 'applied', 1],
      ['modified', 'overbooked', 1],
    ]);
  });
});

describe('what the hotel cannot honour as sold', () => {
  it('keeps a room of more guests than its type takes, held and flagged over_occupancy', async () => {
    const made = await book(booking('BDC-8301', [room('gold', '2027-12-01', 2, { adults: 6, children: 3 })]));
    const [row] = await bookingsOf(made.channelBookingId);
    expect(row).toMatchObject({
      adults: 6,
      children: 3,
      number_of_guests: 9,
      channel_flag: 'over_occupancy',
      status: 'confirmed',
    });
    expect(await heldNights(row!.id)).toBe(2);
    expect((await revisionsOf(made.channelBookingId))[0]).toMatchObject({
      outcome: 'over_occupancy',
      acked: 1,
    });
  });

  it('keeps a room on a private plan or a retired type, held and flagged not_sellable', async () => {
    const plan = await call('/api/admin/rate-plans', {
      method: 'POST',
      cookie: await adminCookie(),
      json: {
        code: 'corp_ota',
        nameAr: 'خطة شركات',
        nameEn: 'Corporate OTA test',
        roomTypes: ['gold'],
        cancellation: { kind: 'free_until', hours: 24 },
        parentCode: 'standard',
        parentAdjustmentPercent: -10,
        public: false,
      },
    });
    expect(plan.status, await plan.clone().text()).toBe(201);
    const privately = await book(
      booking('BDC-8302', [room('gold', '2027-12-08', 1, { ratePlan: 'corp_ota:gold' })]),
    );
    const [onPrivate] = await bookingsOf(privately.channelBookingId);
    expect(onPrivate).toMatchObject({ rate_plan: 'corp_ota', channel_flag: 'not_sellable' });
    expect(await heldNights(onPrivate!.id)).toBe(1);

    await env.DB.prepare(`update rooms set available = 0 where room_type = 'deluxe'`).run();
    try {
      const retired = await book(booking('BDC-8303', [room('deluxe', '2027-12-08', 1)]));
      const [onRetired] = await bookingsOf(retired.channelBookingId);
      expect(onRetired).toMatchObject({ room_type: 'deluxe', channel_flag: 'not_sellable' });
    } finally {
      await env.DB.prepare(`update rooms set available = 1 where room_type = 'deluxe'`).run();
    }
  });

  it('keeps a revision in another currency flagged currency_mismatch, its amounts never taken as rials', async () => {
    const made = await book(
      booking('BDC-8304', [room('gold', '2027-12-15', 2, { nights: nights('2027-12-15', 2, 120_000) })], {
        currency: 'USD',
        commissionBaisa: 36_000,
      }),
    );
    const [row] = await bookingsOf(made.channelBookingId);
    expect(row).toMatchObject({
      channel_flag: 'currency_mismatch',
      total_price: 0,
      night_prices: '[0,0]',
      commission_baisa: 0,
      status: 'confirmed',
    });
    expect(await heldNights(row!.id)).toBe(2);
    const flagged = await flaggedRevisions(drizzle(env.DB));
    expect(flagged.find((f) => f.bookingId === row!.id)).toMatchObject({
      reason: 'currency_mismatch',
      currency: 'USD',
      amount: '240.00',
      revisionId: made.revisionId,
    });
  });
});

describe('the feed and the webhook', () => {
  it('refuses a revision of another property: not applied, not acknowledged, even when a webhook names it', async () => {
    const made = await book(
      booking('BDC-8401', [room('gold', '2028-01-05', 1)], { propertyId: 'another-property' }),
    );
    // Its own webhook names another property: nothing of ours is read.
    expect(await bookingsOf(made.channelBookingId)).toEqual([]);
    // A webhook with our header naming it as ours: read from the API, refused.
    const forged = await send(
      FAKE_CHANNEX.webhookPath,
      {
        event: 'booking_new',
        property_id: FAKE_CHANNEX.propertyId,
        payload: {
          revision_id: made.revisionId,
          booking_id: made.channelBookingId,
          property_id: FAKE_CHANNEX.propertyId,
        },
      },
      { [FAKE_CHANNEX.webhookHeader]: FAKE_CHANNEX.webhookSecret },
    );
    expect(forged.status).toBe(200);
    await control('/poll');
    expect(await bookingsOf(made.channelBookingId)).toEqual([]);
    expect(await revisionsOf(made.channelBookingId)).toEqual([]);
    expect((await fakeRevisions()).find((r) => r.id === made.revisionId)).toMatchObject({ acked: false });
  });

  it('reads the feed at once for a webhook that names no revision (created without send_data)', async () => {
    await control('/faults', { holdWebhooks: true });
    const made = await book(booking('BDC-8402', [room('silver', '2028-01-12', 1)]));
    expect(made.webhookStatus).toBeNull();
    expect(await bookingsOf(made.channelBookingId)).toEqual([]);
    const delivered = await control<{ webhookStatus: number }>(`/revisions/${made.revisionId}/deliver`, {
      sendData: false,
    });
    expect(delivered.webhookStatus).toBe(200);
    expect(await bookingsOf(made.channelBookingId)).toHaveLength(1);
    expect(await revisionsOf(made.channelBookingId)).toEqual([
      expect.objectContaining({ id: made.revisionId, outcome: 'applied', acked: 1 }),
    ]);
    const via = await env.DB.prepare('select via from channel_revisions where id = ?')
      .bind(made.revisionId)
      .first<Row>();
    expect(via).toEqual({ via: 'feed' });
  });

  it('applies every revision the feed holds: 11 unread, the 11th not hidden behind a page of 10', async () => {
    await linkOn(false);
    const made: Made[] = [];
    for (let i = 0; i < 11; i += 1) {
      made.push(
        await book(
          booking(`BDC-85${String(i).padStart(2, '0')}`, [room('silver', addDay('2028-02-01', i), 1)]),
        ),
      );
    }
    const polled = await control<{ applied: number }>('/poll');
    expect(polled.applied).toBeGreaterThanOrEqual(11);
    for (const m of made) expect(await bookingsOf(m.channelBookingId)).toHaveLength(1);
  });
});
