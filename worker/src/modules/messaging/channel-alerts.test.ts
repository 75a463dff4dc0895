import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffCookie } from '@worker-test/builders';
import { call, workerFetch } from '@worker-test/helpers';
import { installChannelDispatch } from '../channel';
import { pushMessageOf, type OutboxRow } from './push-messages';

/**
 * What the OTAs do, told to staff: a new OTA booking is on the bell as what it
 * is (confirmed, nothing to approve), never as a "new booking request"; one the hotel cannot place
 * is an alert that says why and opens the desk's list of bookings to place; the OTA's changes and
 * cancellations are on the bell and pushed to every staff device, in the batch that applies them.
 * Driven through the fake channel manager's test controls, as a revision comes in for real.
 */

const send = (path: string, json: unknown) => call(path, { method: 'POST', json });

installChannelDispatch(workerFetch);
let staff: string;
beforeAll(async () => {
  await env.DB.prepare('update channel_state set enabled = 1 where id = 1').run();
  staff = await staffCookie();
  // A staff device subscribed to pushes, and a manager's: both hear of what the OTAs do.
  await env.DB.prepare(
    `insert into push_subscriptions (endpoint, p256dh, auth, user_id, role, lang)
     select 'http://127.0.0.1:9/push/alerts-' || id, 'k', 'a', id, role, 'ar'
     from users where role in ('staff', 'manager')`,
  ).run();
});

function otaBooking(code: string, over: Record<string, unknown> = {}) {
  return {
    otaName: 'booking.com',
    otaReservationCode: code,
    roomType: 'gold',
    ratePlan: 'standard:gold',
    checkInDate: '2027-06-10',
    checkOutDate: '2027-06-12',
    adults: 2,
    children: 0,
    guest: { name: 'Nasser Al Kindi', phone: '+96891234567', email: `n.${code}@guest.booking.com` },
    nights: [
      { date: '2027-06-10', priceBaisa: 52_000 },
      { date: '2027-06-11', priceBaisa: 52_000 },
    ],
    paymentCollect: 'ota',
    commissionBaisa: 15_600,
    ...over,
  };
}

async function book(body: unknown): Promise<{ channelBookingId: string }> {
  const res = await send('/api/dev/channel/bookings', body);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}
const bookingIdOf = async (channelBookingId: string) =>
  (await env.DB.prepare('select id from booking_submissions where channel_booking_id = ?')
    .bind(channelBookingId)
    .first<{ id: number }>())!.id;

type Alert = {
  kind: string;
  bookingId: number;
  reason: string | null;
  channelFlag: string | null;
  source: string | null;
  channelReference: string | null;
  numberOfGuests: number;
  checkOutDate: string;
  status: string;
};
async function alertsOf(bookingId: number): Promise<Alert[]> {
  const res = await call('/api/notifications/staff', { cookie: staff, lang: 'en' });
  expect(res.status).toBe(200);
  const { items } = (await res.json()) as { items: Alert[] };
  return items.filter((a) => a.bookingId === bookingId).reverse();
}
const pushesOf = async (bookingId: number) =>
  (
    await env.DB.prepare(
      `select p.kind, u.role from push_outbox p join push_subscriptions s on s.id = p.subscription_id
       join users u on u.id = s.user_id where p.subject_id = ? order by p.id`,
    )
      .bind(bookingId)
      .all<{ kind: string; role: string }>()
  ).results;

describe("the staff's bell and pushes for what the OTAs do", () => {
  it('a new OTA booking is not a request; its change (3 guests, 3 nights) and its cancellation are announced', async () => {
    const { channelBookingId } = await book(otaBooking('BDC-7001'));
    const id = await bookingIdOf(channelBookingId);
    expect((await alertsOf(id)).map((a) => a.kind)).toEqual(['channel_booking']);
    expect((await alertsOf(id))[0]).toMatchObject({
      source: 'booking.com',
      channelReference: 'BDC-7001',
      status: 'confirmed',
      reason: null,
    });

    const modified = await send(`/api/dev/channel/bookings/${channelBookingId}/modify`, {
      adults: 3,
      checkOutDate: '2027-06-13',
      nights: [
        { date: '2027-06-10', priceBaisa: 54_000 },
        { date: '2027-06-11', priceBaisa: 54_000 },
        { date: '2027-06-12', priceBaisa: 54_000 },
      ],
    });
    expect(modified.status, await modified.clone().text()).toBe(200);
    const changed = await alertsOf(id);
    expect(changed.map((a) => a.kind)).toEqual(['channel_booking', 'channel_booking_changed']);
    // Listed with the stay as it is now.
    expect(changed[1]).toMatchObject({ numberOfGuests: 3, checkOutDate: '2027-06-13' });

    const cancelled = await send(`/api/dev/channel/bookings/${channelBookingId}/cancel`, {});
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    expect((await alertsOf(id)).map((a) => a.kind)).toEqual([
      'channel_booking',
      'channel_booking_changed',
      'channel_booking_cancelled',
    ]);
    // Every staff device heard of the change and the cancellation, the manager's included.
    const pushes = await pushesOf(id);
    for (const kind of ['channel_booking_changed', 'channel_booking_cancelled']) {
      expect(
        pushes
          .filter((p) => p.kind === kind)
          .map((p) => p.role)
          .sort(),
      ).toEqual(['manager', 'staff']);
    }
    // The guest is e-mailed nothing of ours for the OTA's change (the OTA tells its guest).
    const mails = await env.DB.prepare(
      `select count(*) as n from email_outbox where kind in ('channel_booking_changed', 'channel_booking_cancelled')`,
    ).first<{ n: number }>();
    expect(mails!.n).toBe(0);
  });

  it('a booking the hotel cannot place is an alert that says why, to the desk and the manager, and stays so once placed', async () => {
    await env.DB.prepare(`update room_inventory set total_count = 0 where room_type = 'diamond'`).run();
    const { channelBookingId } = await book(
      otaBooking('BDC-7002', { roomType: 'diamond', ratePlan: 'standard:diamond' }),
    );
    const id = await bookingIdOf(channelBookingId);
    const [alert] = await alertsOf(id);
    expect(alert).toMatchObject({
      kind: 'channel_booking_flagged',
      reason: 'overbooked',
      channelFlag: 'overbooked',
    });
    const pushes = await pushesOf(id);
    expect(pushes.map((p) => `${p.kind} ${p.role}`).sort()).toEqual([
      'channel_booking_flagged manager',
      'channel_booking_flagged staff',
    ]);

    // Placed by the desk once a room is free: the alert keeps why it was raised, the booking's flag is gone.
    await env.DB.prepare(`update room_inventory set total_count = 8 where room_type = 'diamond'`).run();
    const placed = await call(`/api/booking-submissions/${id}/place`, {
      method: 'POST',
      cookie: staff,
      json: {},
    });
    expect(placed.status, await placed.clone().text()).toBe(200);
    expect((await alertsOf(id))[0]).toMatchObject({ reason: 'overbooked', channelFlag: null });
  });
});

describe("the staff's push of a flagged booking", () => {
  const row = (over: Partial<OutboxRow> = {}): OutboxRow =>
    ({
      id: 1,
      subscriptionId: 1,
      kind: 'channel_booking_flagged',
      entryKind: null,
      subjectId: 42,
      reference: 'K7MQ4PX',
      details: {
        roomType: 'gold',
        checkIn: '2027-06-10',
        checkOut: '2027-06-12',
        reason: 'overbooked',
        roomNameAr: 'الغرفة الذهبية',
        roomNameEn: 'Gold Room',
      },
      state: 'pending',
      attempts: 0,
      ...over,
    }) as OutboxRow;

  it('says there is no room for the type on those dates, in both languages, and opens the desk', () => {
    const en = pushMessageOf(row(), 'en');
    expect(en.title).toMatch(/^No Gold room free on 10 June 2027 – 12 June 2027/);
    expect(en.url).toBe('/admin/front-desk?flagged=42');
    const ar = pushMessageOf(row(), 'ar');
    expect(ar.title).toContain('لا غرفة متاحة من');
    expect(ar.title).toContain('الغرفة الذهبية');
    // No "Reason: overbooked" code line in the body.
    expect(en.body).not.toContain('overbooked');
  });

  it('words every flag (any flag alike: one not worded yet still says it needs placing by hand)', () => {
    for (const flag of ['unmapped', 'over_occupancy', 'not_sellable', 'currency_mismatch']) {
      const row1 = row({ details: { ...row().details!, reason: flag } });
      expect(pushMessageOf(row1, 'en').title).not.toBe('An OTA booking to place by hand');
      expect(pushMessageOf(row1, 'ar').title).not.toMatch(/[a-z_]{6,}/);
    }
    const unknown = row({ details: { ...row().details!, reason: 'something_new' } });
    expect(pushMessageOf(unknown, 'en').title).toBe('An OTA booking to place by hand');
    expect(pushMessageOf(unknown, 'ar').title).toBe('حجز من وكالة الحجز بانتظار التسكين يدوياً');
  });

  it('a change and a cancellation open the booking in the bookings screen', () => {
    const changed = pushMessageOf(row({ kind: 'channel_booking_changed' }), 'en');
    expect(changed.title).toBe('An OTA changed a booking');
    expect(changed.url).toBe('/admin/bookings?tab=active&q=K7MQ4PX');
    const cancelled = pushMessageOf(row({ kind: 'channel_booking_cancelled' }), 'ar');
    expect(cancelled.title).toBe('ألغت وكالة الحجز حجزاً');
    expect(cancelled.url).toBe('/admin/bookings?tab=cancelled&q=K7MQ4PX');
  });
});
