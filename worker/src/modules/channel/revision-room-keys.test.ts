import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffAccount } from '@worker-test/builders';
import { call, workerFetch } from '@worker-test/helpers';
import type { Db } from '../../platform/env';
import { installChannelDispatch } from './index';
import type { ChannelRevision } from './providers/channel-adapter';
import { applyRevision } from './revisions';

/**
 * Which room of a changed OTA booking is which. Channex documents one id of a
 * revision's room, Booking.com's `ota_unique_id` ("Unique room ID at OTA side. Available only for
 * limited count of OTAs (right now only Booking.com supported)"); the link keyed rooms by
 * `booking_room_id`, which no document names, and without it by their place in the list, so a
 * changed two-room booking of another OTA rewrote and cancelled the wrong stays. Rooms are matched
 * by the documented id; a room with none is trusted by its place only in a booking of one room;
 * anything else changes no stay and flags the booking's stays for the desk (`rooms_unmatched`).
 */
const send = (path: string, json?: unknown) =>
  call(path, { method: json === undefined ? 'GET' : 'POST', json });
async function control<T = Record<string, unknown>>(path: string, json: unknown = {}, status = 200) {
  const res = await send(`/api/dev/channel${path}`, json);
  expect(res.status, await res.clone().text()).toBe(status);
  return res.json<T>();
}
type Made = { channelBookingId: string; revisionId: string; bookingRoomIds: string[] };
type Row = Record<string, unknown>;

const nights = (from: string, count: number, priceBaisa = 50_000) =>
  Array.from({ length: count }, (_, i) => {
    const d = new Date(`${from}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    return { date: d.toISOString().slice(0, 10), priceBaisa };
  });
const room = (roomType: string, from: string, count: number, over: Record<string, unknown> = {}) => ({
  roomType,
  ratePlan: `standard:${roomType}`,
  adults: 2,
  children: 0,
  nights: nights(from, count),
  ...over,
});
const book = (otaName: string, code: string, rooms: unknown[]) =>
  control<Made>(
    '/bookings',
    {
      otaName,
      otaReservationCode: code,
      guest: { name: 'Rooms Guest', phone: '+96892345600', email: null },
      rooms,
      paymentCollect: 'ota',
      commissionBaisa: 10_000,
    },
    201,
  );
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
const outcomes = async (channelBookingId: string) =>
  (
    await env.DB.prepare(
      'select outcome, acked_at is not null as acked from channel_revisions where channel_booking_id = ? order by received_at',
    )
      .bind(channelBookingId)
      .all<Row>()
  ).results;
const stayOf = (rows: Row[]) =>
  rows.map((r) => [r.room_type, r.status, r.check_in_date, r.check_out_date, r.channel_flag]);

beforeAll(async () => {
  installChannelDispatch(workerFetch);
  await env.DB.prepare('update channel_state set enabled = 1 where id = 1').run();
});

describe('a changed booking of several rooms that name no documented id (not Booking.com)', () => {
  it('changes no stay: its stays are flagged for the desk, the revision kept and acknowledged', async () => {
    const made = await book('expedia', 'EXP-KEYS-1', [
      room('gold', '2028-02-01', 2),
      room('silver', '2028-02-01', 2, { adults: 1 }),
    ]);
    const before = await bookingsOf(made.channelBookingId);
    expect(stayOf(before)).toEqual([
      ['gold', 'confirmed', '2028-02-01', '2028-02-03', null],
      ['silver', 'confirmed', '2028-02-01', '2028-02-03', null],
    ]);
    // The OTA drops the gold room and moves the silver one a night on: the revision lists one room,
    // named no way. By its place it would be the gold stay, rewritten as silver, and the silver
    // stay cancelled.
    await control(`/bookings/${made.channelBookingId}/modify`, {
      rooms: [{ bookingRoomId: made.bookingRoomIds[1], ...room('silver', '2028-02-02', 2, { adults: 1 }) }],
    });
    const after = await bookingsOf(made.channelBookingId);
    expect(stayOf(after)).toEqual([
      ['gold', 'confirmed', '2028-02-01', '2028-02-03', 'rooms_unmatched'],
      ['silver', 'confirmed', '2028-02-01', '2028-02-03', 'rooms_unmatched'],
    ]);
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
    // Held as they were.
    expect([await heldNights(after[0]!.id), await heldNights(after[1]!.id)]).toEqual([2, 2]);
    expect(await outcomes(made.channelBookingId)).toEqual([
      { outcome: 'applied', acked: 1 },
      { outcome: 'rooms_unmatched', acked: 1 },
    ]);
    // The desk lists them among the OTA bookings to place, with the flag's words, and the bell says so.
    const desk = (await staffAccount({ role: 'staff' })).cookie;
    const day = (await (await call('/api/front-desk', { cookie: desk })).json()) as {
      flagged: { id: number; channelFlag: string }[];
    };
    expect(day.flagged.filter((b) => after.some((r) => r.id === b.id)).map((b) => b.channelFlag)).toEqual([
      'rooms_unmatched',
      'rooms_unmatched',
    ]);
    const alerts = await env.DB.prepare(
      "select count(*) as n from staff_alerts where kind = 'channel_booking_flagged' and reason = 'rooms_unmatched' and booking_id in (?, ?)",
    )
      .bind(after[0]!.id, after[1]!.id)
      .first<{ n: number }>();
    expect(alerts!.n).toBe(2);
  });

  it('a booking of one room is still followed by its place', async () => {
    const made = await book('agoda', 'AGD-KEYS-2', [room('gold', '2028-03-01', 2)]);
    await control(`/bookings/${made.channelBookingId}/modify`, {
      checkInDate: '2028-03-02',
      checkOutDate: '2028-03-05',
    });
    const [stay] = await bookingsOf(made.channelBookingId);
    expect(stayOf([stay!])).toEqual([['gold', 'confirmed', '2028-03-02', '2028-03-05', null]]);
    expect(stay!.channel_room_id).toBe('place:1');
    expect(await heldNights(stay!.id)).toBe(3);
  });
});

describe('stays a link of before keyed by `booking_room_id`', () => {
  it('are found by it when a revision still writes it, and never by place', async () => {
    const made = await book('expedia', 'EXP-KEYS-3', [
      room('gold', '2028-04-01', 2),
      room('silver', '2028-04-01', 2, { adults: 1 }),
    ]);
    const [a, b] = await bookingsOf(made.channelBookingId);
    // As the link kept them before: each room under Channex's booking_room_id.
    await env.DB.batch([
      env.DB.prepare("update booking_submissions set channel_room_id = 'bri-a' where id = ?").bind(a!.id),
      env.DB.prepare("update booking_submissions set channel_room_id = 'bri-b' where id = ?").bind(b!.id),
    ]);
    // A revision (as Channex could send it) that drops the first room and moves the second.
    const revision: ChannelRevision = {
      id: `legacy-${crypto.randomUUID()}`,
      bookingId: made.channelBookingId,
      propertyId: 'fake-property',
      status: 'modified',
      otaName: 'expedia',
      otaReservationCode: 'EXP-KEYS-3',
      checkInDate: '2028-04-02',
      checkOutDate: '2028-04-04',
      rooms: [
        {
          roomId: null,
          legacyIds: ['bri-b'],
          roomTypeId: 'silver',
          ratePlanId: 'standard:silver',
          checkInDate: '2028-04-02',
          checkOutDate: '2028-04-04',
          adults: 1,
          children: 0,
          nights: nights('2028-04-02', 2),
        },
      ],
      guest: { name: 'Rooms Guest', phone: '+96892345600', email: null },
      currency: 'OMR',
      amount: '100.000',
      paymentCollect: 'ota',
      commissionBaisa: 5_000,
      revisedAt: Date.now(),
    };
    const applied = await applyRevision(drizzle(env.DB) as unknown as Db, revision, 'feed', true);
    expect(applied.outcome).toBe('applied');
    const after = await bookingsOf(made.channelBookingId);
    expect(stayOf(after)).toEqual([
      ['gold', 'cancelled', '2028-04-01', '2028-04-03', null],
      ['silver', 'confirmed', '2028-04-02', '2028-04-04', null],
    ]);
    expect(after[1]!.channel_room_id).toBe('bri-b');
  });
});
