import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { addDays } from '@shared/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { day, markCheckedIn, staffCookie } from '@worker-test/builders';
import { call, ORIGIN, runWorker, workerFetch } from '@worker-test/helpers';
import {
  FAKE_CHANNEX,
  flaggedRevisions,
  installChannelDispatch,
  latestRevisions,
  pollChannelFeed,
} from './index';

/**
 * The channel's way in, driven through the fake channel manager's HTTP API and test controls: a
 * booking made at an "OTA" becomes one confirmed booking of ours, however its revision arrives
 * (the webhook and the feed poll at once: one booking); a modification moves the stay; a
 * cancellation frees its nights; a stay that cannot be held is kept flagged, and acknowledged.
 */

const send = (path: string, json?: unknown) =>
  call(path, { method: json === undefined ? 'GET' : 'POST', json });

/** Webhooks held back (not delivered) while `holding`, to deliver them when a test says. */
let holding = false;
const held: Request[] = [];
installChannelDispatch(async (request, workerEnv, ctx) => {
  if (holding && new URL(request.url).pathname === FAKE_CHANNEX.webhookPath) {
    held.push(request.clone());
    return new Response(JSON.stringify({ received: true }), { status: 200 });
  }
  return workerFetch(request, workerEnv, ctx);
});
beforeAll(async () => {
  // The link switched on (the test harness leaves it off).
  await env.DB.prepare('update channel_state set enabled = 1 where id = 1').run();
});
afterAll(() => {
  installChannelDispatch(workerFetch);
});

function otaBooking(code: string, over: Record<string, unknown> = {}) {
  return {
    otaName: 'booking.com',
    otaReservationCode: code,
    roomType: 'gold',
    ratePlan: 'standard:gold',
    checkInDate: '2027-05-04',
    checkOutDate: '2027-05-06',
    adults: 2,
    children: 1,
    guest: { name: 'Salim Al Harthy', phone: '+96891234567', email: `salim.${code}@guest.booking.com` },
    nights: [
      { date: '2027-05-04', priceBaisa: 52_000 },
      { date: '2027-05-05', priceBaisa: 48_500 },
    ],
    paymentCollect: 'ota',
    commissionBaisa: 15_075,
    ...over,
  };
}

async function book(body: unknown): Promise<{ channelBookingId: string; revisionId: string }> {
  const res = await send('/api/dev/channel/bookings', body);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

type Row = Record<string, unknown>;
const bookingsOf = async (channelBookingId: string) =>
  (
    await env.DB.prepare('select * from booking_submissions where channel_booking_id = ?')
      .bind(channelBookingId)
      .all<Row>()
  ).results;
const nightsOf = async (bookingId: unknown) =>
  (
    await env.DB.prepare('select night, room_type from booking_nights where booking_id = ? order by night')
      .bind(bookingId)
      .all<{ night: string; room_type: string }>()
  ).results;
const acked = async () => {
  const res = await send('/api/dev/channel/revisions');
  return (await res.json()) as { id: string; status: string; acked: boolean }[];
};

describe('booking revisions from the channel manager', () => {
  it('makes a new OTA booking a confirmed booking of ours, and acknowledges it', async () => {
    const { channelBookingId, revisionId } = await book(otaBooking('BDC-1001'));
    const [row, more] = await bookingsOf(channelBookingId);
    expect(more).toBeUndefined();
    expect(row).toMatchObject({
      status: 'confirmed',
      source: 'booking.com',
      segment: 'ota',
      channel_reference: 'BDC-1001',
      room_type: 'gold',
      rate_plan: 'standard',
      check_in_date: '2027-05-04',
      check_out_date: '2027-05-06',
      adults: 2,
      children: 1,
      number_of_guests: 3,
      total_price: 100_500,
      night_prices: '[52000,48500]',
      payment_collect: 'ota',
      commission_baisa: 15_075,
      channel_flag: null,
      full_name: 'Salim Al Harthy',
      // Stored in full, as every phone: the OTA sent it with its + and country code.
      phone_number: '96891234567',
      // The OTA's relay address is never written to.
      email: null,
    });
    expect(await nightsOf(row!.id)).toEqual([
      { night: '2027-05-04', room_type: 'gold' },
      { night: '2027-05-05', room_type: 'gold' },
    ]);
    expect((await acked()).find((r) => r.id === revisionId)).toMatchObject({ acked: true });
    // On the desk among the day's arrivals, with its OTA and reservation code.
    const desk = await call('/api/front-desk?date=2027-05-04', { cookie: await staffCookie(), lang: 'en' });
    expect(desk.status).toBe(200);
    const { arrivals } = (await desk.json()) as { arrivals: Row[] };
    expect(arrivals.find((a) => a.id === row!.id)).toMatchObject({
      source: 'booking.com',
      channelReference: 'BDC-1001',
      channelFlag: null,
      status: 'confirmed',
      // Its OTA collects the money: the desk shows it as the OTA's, not the guest's to pay.
      paymentCollect: 'ota',
    });
  });

  it('makes one booking of a revision delivered by the webhook and the feed at once', async () => {
    holding = true;
    const { channelBookingId, revisionId } = await book(otaBooking('BDC-1002'));
    holding = false;
    expect(held).toHaveLength(1);
    expect(await bookingsOf(channelBookingId)).toHaveLength(0);
    const db = drizzle(env.DB);
    const webhook = held.pop()!;
    const [res, polled] = await Promise.all([
      runWorker(webhook.clone()),
      pollChannelFeed(env, db, ORIGIN),
      pollChannelFeed(env, db, ORIGIN),
    ]);
    expect(res.status).toBe(200);
    expect(polled.applied).toBeGreaterThanOrEqual(0);
    // Again, later: the same revision is found applied.
    const again = await runWorker(webhook);
    expect(again.status).toBe(200);
    const rows = await bookingsOf(channelBookingId);
    expect(rows).toHaveLength(1);
    expect(await nightsOf(rows[0]!.id)).toHaveLength(2);
    const revisions = await env.DB.prepare('select id, outcome, acked_at from channel_revisions where id = ?')
      .bind(revisionId)
      .all<Row>();
    expect(revisions.results).toEqual([{ id: revisionId, outcome: 'applied', acked_at: expect.any(Number) }]);
    expect((await acked()).find((r) => r.id === revisionId)).toMatchObject({ acked: true });
  });

  it('moves the stay of a modified booking: new dates, type, guests and prices; the old nights freed', async () => {
    const { channelBookingId } = await book(
      otaBooking('BDC-1003', { guest: { name: 'Aisha', phone: '+96892223333', email: 'aisha@example.com' } }),
    );
    const [before] = await bookingsOf(channelBookingId);
    expect(before!.email).toBe('aisha@example.com');
    const res = await send(`/api/dev/channel/bookings/${channelBookingId}/modify`, {
      roomType: 'silver',
      ratePlan: 'standard:silver',
      checkInDate: '2027-05-10',
      checkOutDate: '2027-05-13',
      adults: 1,
      children: 0,
      nights: [
        { date: '2027-05-10', priceBaisa: 30_000 },
        { date: '2027-05-11', priceBaisa: 31_000 },
        { date: '2027-05-12', priceBaisa: 32_000 },
      ],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const [after, more] = await bookingsOf(channelBookingId);
    expect(more).toBeUndefined();
    expect(after).toMatchObject({
      id: before!.id,
      status: 'confirmed',
      room_type: 'silver',
      check_in_date: '2027-05-10',
      check_out_date: '2027-05-13',
      adults: 1,
      children: 0,
      total_price: 93_000,
      night_prices: '[30000,31000,32000]',
    });
    expect((await nightsOf(before!.id)).map((n) => `${n.room_type} ${n.night}`)).toEqual([
      'silver 2027-05-10',
      'silver 2027-05-11',
      'silver 2027-05-12',
    ]);
  });

  it('applies a change of the guests alone: the adults, then the children, each a change of the stay', async () => {
    const nights = [
      { date: '2027-07-04', priceBaisa: 52_000 },
      { date: '2027-07-05', priceBaisa: 48_500 },
    ];
    const { channelBookingId } = await book(
      otaBooking('BDC-1010', { checkInDate: '2027-07-04', checkOutDate: '2027-07-06', nights }),
    );
    const [before] = await bookingsOf(channelBookingId);
    expect(before).toMatchObject({ status: 'confirmed', adults: 2, children: 1 });
    const modify = (body: Record<string, unknown>) =>
      send(`/api/dev/channel/bookings/${channelBookingId}/modify`, body);
    const unchanged = {
      id: before!.id,
      status: 'confirmed',
      room_type: 'gold',
      check_in_date: '2027-07-04',
      check_out_date: '2027-07-06',
      night_prices: '[52000,48500]',
    };

    // The guest comes alone with the child: the OTA changes the adults and nothing else.
    const adults = await modify({ adults: 1 });
    expect(adults.status, await adults.clone().text()).toBe(200);
    const [afterAdults, more] = await bookingsOf(channelBookingId);
    expect(more).toBeUndefined();
    expect(afterAdults).toMatchObject({ ...unchanged, adults: 1, children: 1, number_of_guests: 2 });
    // Then the child stays home.
    const children = await modify({ children: 0 });
    expect(children.status, await children.clone().text()).toBe(200);
    const [afterChildren] = await bookingsOf(channelBookingId);
    expect(afterChildren).toMatchObject({ ...unchanged, adults: 1, children: 0, number_of_guests: 1 });
  });

  it('keeps the newer stay when an older modification arrives after it: the older one stale, still acknowledged', async () => {
    holding = true;
    const { channelBookingId, revisionId: made } = await book(otaBooking('BDC-1005'));
    const modify = async (checkInDate: string, checkOutDate: string, price: number) => {
      // The provider's clock moves on between the two changes.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const res = await send(`/api/dev/channel/bookings/${channelBookingId}/modify`, {
        checkInDate,
        checkOutDate,
        nights: [
          { date: checkInDate, priceBaisa: price },
          { date: addDays(checkInDate, 1), priceBaisa: price },
        ],
      });
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await res.json()) as { revisionId: string }).revisionId;
    };
    const older = await modify('2027-05-14', '2027-05-16', 41_000);
    const newer = await modify('2027-05-20', '2027-05-22', 44_000);
    holding = false;
    expect(held).toHaveLength(3);
    // Delivered out of order: the booking, the newer change, then the older one.
    const [first, second, third] = held.splice(0, 3);
    for (const webhook of [first!, third!, second!]) {
      const res = await runWorker(webhook);
      expect(res.status).toBe(200);
    }
    const [row, more] = await bookingsOf(channelBookingId);
    expect(more).toBeUndefined();
    expect(row).toMatchObject({
      check_in_date: '2027-05-20',
      check_out_date: '2027-05-22',
      total_price: 88_000,
    });
    expect((await nightsOf(row!.id)).map((n) => n.night)).toEqual(['2027-05-20', '2027-05-21']);
    const outcomes = await env.DB.prepare(
      'select id, outcome, acked_at is not null as acked from channel_revisions where channel_booking_id = ?',
    )
      .bind(channelBookingId)
      .all<Row>();
    expect(outcomes.results).toEqual(
      expect.arrayContaining([
        { id: made, outcome: 'applied', acked: 1 },
        { id: newer, outcome: 'applied', acked: 1 },
        { id: older, outcome: 'stale', acked: 1 },
      ]),
    );
    expect((await acked()).filter((r) => [made, older, newer].includes(r.id)).every((r) => r.acked)).toBe(
      true,
    );
    // The database itself refuses an older change's row once a newer one is applied.
    const late = env.DB.prepare(
      `insert into channel_revisions (id, channel_booking_id, status, ota_name, ota_reservation_code, outcome, via, body, revised_at)
       select 'late-' || ?, channel_booking_id, 'modified', ota_name, ota_reservation_code, 'applied', 'feed', '{}', revised_at - 1
       from channel_revisions where id = ?`,
    ).bind(newer, newer);
    await expect(late.run()).rejects.toThrow(/channel_revision_older/);
  });

  it('cancels a cancelled booking without a charge, its nights for sale again', async () => {
    const { channelBookingId } = await book(otaBooking('BDC-1004'));
    const [row] = await bookingsOf(channelBookingId);
    const res = await send(`/api/dev/channel/bookings/${channelBookingId}/cancel`, {});
    expect(res.status, await res.clone().text()).toBe(200);
    const [after] = await bookingsOf(channelBookingId);
    expect(after).toMatchObject({ status: 'cancelled', folio_balance_baisa: 0 });
    expect(await nightsOf(row!.id)).toEqual([]);
    const lines = await env.DB.prepare('select count(*) as n from folio_lines where booking_id = ?')
      .bind(row!.id)
      .first<{ n: number }>();
    expect(lines!.n).toBe(0);
  });

  it('sends the guest of an OTA booking no cancellation of ours, by e-mail or text, whoever cancels', async () => {
    const messages = async (id: unknown) =>
      (
        await env.DB.prepare(
          `select kind, channel from email_outbox where entity_type = 'booking' and entity_id = ? order by id`,
        )
          .bind(id)
          .all<Row>()
      ).results;
    // Cancelled by its OTA: an address of the guest's own (an e-mail would go), and one through
    // the OTA's relay (kept out: a text message to the phone would go instead).
    const own = await book(
      otaBooking('BDC-1007', {
        guest: { name: 'Maryam', phone: '+96893334444', email: 'maryam@example.com' },
      }),
    );
    const relay = await book(otaBooking('BDC-1008'));
    for (const { channelBookingId } of [own, relay]) {
      const res = await send(`/api/dev/channel/bookings/${channelBookingId}/cancel`, {});
      expect(res.status, await res.clone().text()).toBe(200);
    }
    const [ownRow] = await bookingsOf(own.channelBookingId);
    const [relayRow] = await bookingsOf(relay.channelBookingId);
    expect([ownRow!.status, relayRow!.status]).toEqual(['cancelled', 'cancelled']);
    // The confirmation went to the guest's own address; no cancellation to anyone.
    expect(await messages(ownRow!.id)).toEqual([{ kind: 'booking_confirmed', channel: 'email' }]);
    expect(await messages(relayRow!.id)).toEqual([]);
    // Cancelled by staff at the desk: still none.
    const desk = await book(
      otaBooking('BDC-1009', { guest: { name: 'Hamed', phone: '+96895556666', email: null } }),
    );
    const [deskRow] = await bookingsOf(desk.channelBookingId);
    const res = await call(`/api/booking-submissions/${deskRow!.id}/status`, {
      method: 'PATCH',
      cookie: await staffCookie(),
      json: { status: 'cancelled', reason: 'OTA asked by phone' },
      lang: 'en',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await messages(deskRow!.id)).toEqual([]);
  });

  it('keeps a booking it cannot hold, flagged overbooked, and one of a type not mapped, flagged unmapped; both acknowledged', async () => {
    await env.DB.prepare(`update room_inventory set total_count = 0 where room_type = 'diamond'`).run();
    const sold = await book(
      otaBooking('EXP-2001', { otaName: 'expedia', roomType: 'diamond', ratePlan: 'standard:diamond' }),
    );
    const unmapped = await book(
      otaBooking('EXP-2002', { otaName: 'expedia', roomType: 'penthouse', ratePlan: 'standard:penthouse' }),
    );
    const [over] = await bookingsOf(sold.channelBookingId);
    const [lost] = await bookingsOf(unmapped.channelBookingId);
    expect(over).toMatchObject({ status: 'confirmed', channel_flag: 'overbooked', source: 'expedia' });
    expect(lost).toMatchObject({ status: 'confirmed', channel_flag: 'unmapped', room_type: 'penthouse' });
    expect(await nightsOf(over!.id)).toEqual([]);
    const flagged = await flaggedRevisions(drizzle(env.DB));
    expect(flagged).toEqual(
      expect.arrayContaining([
        {
          revisionId: sold.revisionId,
          otaName: 'expedia',
          otaReservationCode: 'EXP-2001',
          reason: 'overbooked',
          bookingId: over!.id,
          bookingReference: over!.reference,
        },
        {
          revisionId: unmapped.revisionId,
          otaName: 'expedia',
          otaReservationCode: 'EXP-2002',
          reason: 'unmapped',
          bookingId: lost!.id,
          bookingReference: lost!.reference,
        },
      ]),
    );
    // The channel screen's latest revisions name each kept booking's own reference (its link).
    const latest = await latestRevisions(drizzle(env.DB));
    expect(latest.find((r) => r.id === sold.revisionId)).toMatchObject({
      bookingId: over!.id,
      bookingReference: over!.reference,
    });
    const states = await acked();
    expect(
      states.filter((r) => [sold.revisionId, unmapped.revisionId].includes(r.id)).map((r) => r.acked),
    ).toEqual([true, true]);
    // Staff's bell hears of both.
    const alerts = await env.DB.prepare(`select count(*) as n from staff_alerts where booking_id in (?, ?)`)
      .bind(over!.id, lost!.id)
      .first<{ n: number }>();
    expect(alerts!.n).toBe(2);
    // And every staff device subscribed to pushes: a push queued for each, none for the guest.
    await env.DB.prepare(
      `insert into push_subscriptions (endpoint, p256dh, auth, user_id, role, lang)
       select 'http://127.0.0.1:9/push/c3-' || id, 'k', 'a', id, role, 'en'
       from users where role in ('staff', 'admin') limit 1`,
    ).run();
    const third = await book(
      otaBooking('EXP-2003', { otaName: 'expedia', roomType: 'diamond', ratePlan: 'standard:diamond' }),
    );
    const [thirdRow] = await bookingsOf(third.channelBookingId);
    expect(thirdRow).toMatchObject({ channel_flag: 'overbooked' });
    const pushes = await env.DB.prepare(`select kind from push_outbox where subject_id = ?`)
      .bind(thirdRow!.id)
      .all<{ kind: string }>();
    expect(pushes.results.map((p) => p.kind)).toEqual(['channel_booking_flagged']);
  });

  it('leaves a revision in the feed while the link is off; the poll control applies it, the link on again', async () => {
    await env.DB.prepare('update channel_state set enabled = 0 where id = 1').run();
    const { channelBookingId, revisionId } = await book(otaBooking('BDC-1006'));
    expect(await bookingsOf(channelBookingId)).toHaveLength(0);
    expect((await acked()).find((r) => r.id === revisionId)).toMatchObject({ acked: false });
    const res = await send('/api/dev/channel/poll', {});
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ applied: 1 });
    expect(await bookingsOf(channelBookingId)).toHaveLength(1);
    expect((await acked()).find((r) => r.id === revisionId)).toMatchObject({ acked: true });
    const state = await env.DB.prepare('select enabled from channel_state where id = 1').first<Row>();
    expect(state).toEqual({ enabled: 1 });
  });

  it('refuses a webhook without the secret', async () => {
    const res = await call(FAKE_CHANNEX.webhookPath, {
      method: 'POST',
      headers: { [FAKE_CHANNEX.webhookHeader]: 'wrong' },
      json: { event: 'booking_new', payload: { revision_id: 'x' } },
    });
    expect(res.status).toBe(401);
  });

  it('moves the balance of a stay its OTA collects to the OTA city-ledger account at check-out', async () => {
    const { channelBookingId } = await book(
      otaBooking('AGD-3001', {
        otaName: 'agoda',
        checkInDate: day(-2),
        checkOutDate: day(0),
        nights: [
          { date: day(-2), priceBaisa: 40_000 },
          { date: day(-1), priceBaisa: 45_000 },
        ],
      }),
    );
    const [row] = await bookingsOf(channelBookingId);
    // The OTA's account was opened with its first booking whose money it collects.
    const account = await env.DB.prepare(
      `select id, balance_baisa from city_ledger_accounts where name = 'agoda'`,
    ).first<{
      id: number;
      balance_baisa: number;
    }>();
    expect(account).toMatchObject({ balance_baisa: 0 });
    await markCheckedIn(row!.id as number, Date.now() - 86_400_000);
    // Its folio says the balance is the OTA's to pay, not the guest's.
    const folio = await call(`/api/booking-submissions/${row!.id}/folio`, { cookie: await staffCookie() });
    expect(folio.status).toBe(200);
    expect(await folio.json()).toMatchObject({ paidByOta: true });
    const res = await call(`/api/booking-submissions/${row!.id}/check-out`, {
      method: 'POST',
      cookie: await staffCookie(),
      json: {},
      lang: 'en',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = await env.DB.prepare(
      'select status, folio_balance_baisa from booking_submissions where id = ?',
    )
      .bind(row!.id)
      .first<Row>();
    expect(after).toEqual({ status: 'completed', folio_balance_baisa: 0 });
    const moved = await env.DB.prepare(
      `select city_ledger_account_id as account, amount_baisa as amount from folio_lines where booking_id = ? and kind = 'transfer'`,
    )
      .bind(row!.id)
      .all<Row>();
    expect(moved.results).toHaveLength(1);
    expect(moved.results[0]!.account).toBe(account!.id);
    const ledger = await env.DB.prepare('select balance_baisa from city_ledger_accounts where id = ?')
      .bind(account!.id)
      .first<{ balance_baisa: number }>();
    // Both nights, as posted at check-out (with the taxes when prices exclude them).
    expect(ledger!.balance_baisa).toBe(Math.abs(moved.results[0]!.amount as number));
    expect(ledger!.balance_baisa).toBeGreaterThanOrEqual(85_000);
  });
});
