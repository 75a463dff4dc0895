import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '@worker-test/helpers';
import { day } from '@worker-test/builders';
import {
  expectNoFullScans,
  planReads,
  recordingDb,
  signInForPlans,
  through,
  type Recorded,
} from '@worker-test/query-plans';

/**
 * Costs that do not grow with history (docs/decisions/026), for the calls that change things:
 * erasing one's account, the rate calendar's bulk edit, a booking by chat and the desk's quote of
 * an edited stay, a manager's undo and a reinstatement, the folio's postings and a check-out, a
 * staff edit of a stay in house. Each statement they prepare, with the values it was bound to,
 * must not read a table that grows with history in full. The routine reads are query-plans.test.ts.
 */

beforeAll(async () => {
  await signInForPlans();
  // The channel link off: the sender the app runs after each write reads rates and holds too, and
  // the statements counted here are the calls' own (the sender's plans: channel/sender.test.ts).
  await env.DB.prepare('update channel_state set enabled = 0').run();
});

describe('the routine calls read growing tables by index only', () => {
  it("erasing one's account reads and writes the account's rows by index only", async () => {
    const guest = await signUp('Plan Erased Guest');
    const log: Recorded[] = [];
    const res = await call('/api/account', {
      method: 'DELETE',
      cookie: guest.cookie,
      json: { password: guest.password },
      env: { ...env, DB: recordingDb(log) },
    });
    expect(res.status).toBe(200);
    await expectNoFullScans(log);
  });

  it('the rate calendar and its bulk edit read and delete rate nights along the primary key', async () => {
    const log: Recorded[] = [];
    const calendar = `/api/admin/rates?ratePlan=non_refundable&from=${day(1)}&to=${day(28)}`;
    expect((await through(calendar, 'staff', {}, log)).status).toBe(200);
    expect((await through(`${calendar}&roomType=gold`, 'staff', {}, log)).status).toBe(200);
    const edit = { ratePlan: 'standard', roomType: ['gold', 'silver'], from: day(1), to: day(28) };
    for (const minStay of [2, null]) {
      const body = JSON.stringify({ ...edit, minStay });
      expect((await through('/api/admin/rates', 'admin', { method: 'PUT', body }, log)).status).toBe(200);
    }
    const statements = log.filter((s) => /(from|delete from) "?rate_nights"?\s/i.test(s.sql));
    // Two reads and the delete of the emptied rows.
    expect(statements.length).toBe(3);
    for (const statement of statements) {
      expect(await planReads(statement, /rate_nights/)).toEqual([
        expect.stringMatching(
          /^SEARCH rate_nights USING PRIMARY KEY \(rate_plan=\? AND room_type=\? AND night>\? AND night<\?\)$/,
        ),
      ]);
    }
  });

  it('the assistant and the desk’s quote of an edited stay read rate nights along the primary key', async () => {
    const log: Recorded[] = [];
    const chat = (message: string) =>
      through(
        '/api/chat',
        null,
        {
          method: 'POST',
          headers: { 'cf-connecting-ip': '10.77.0.1' },
          body: JSON.stringify({
            message,
            sessionId: 'plan-chat-0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d',
            language: 'en',
            context: 'hotel_assistant',
            isBot: false,
          }),
        },
        log,
      );
    // The draft's dates: read alongside the availability; the next message: in the first batch.
    expect((await chat(`I want to book a gold room from ${day(44)} to ${day(46)} for 2 guests`)).status).toBe(
      200,
    );
    expect((await chat('double bed')).status).toBe(200);
    const made = await through('/api/booking-submissions', null, {
      method: 'POST',
      headers: { 'cf-connecting-ip': '10.77.0.2' },
      body: JSON.stringify({
        fullName: 'Plan Quote',
        phoneNumber: '99001122',
        idNumber: '12345678',
        checkInDate: day(47),
        checkOutDate: day(49),
        roomType: 'gold',
        bedType: 'double',
        smokingPreference: 'non_smoking',
        numberOfGuests: 2,
      }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const { id } = ((await made.json()) as { booking: { id: number } }).booking;
    const quoted = await through(
      `/api/admin/booking-submissions/${id}/quote?checkInDate=${day(47)}&checkOutDate=${day(50)}&roomType=gold&numberOfGuests=2`,
      'staff',
      {},
      log,
    );
    expect(quoted.status, await quoted.clone().text()).toBe(200);
    const reads = log.filter((s) => /from "rate_nights"/.test(s.sql));
    expect(reads.length).toBeGreaterThanOrEqual(3);
    for (const read of reads) {
      expect(await planReads(read, /rate_nights/)).toEqual([
        expect.stringMatching(
          /^SEARCH rate_nights USING PRIMARY KEY \(rate_plan=\? AND room_type=\? AND night>\? AND night<\?\)$/,
        ),
      ]);
    }
  });

  it("a manager's undo of a check-in or a check-out and a reinstatement read and write by index only", async () => {
    const room = (await env.DB.prepare("select id from hotel_rooms where number = '110'").first<{
      id: number;
    }>())!.id;
    const now = Date.now();
    const stay = async (status: string, checkedIn: number | null, checkedOut: number | null, from: number) =>
      (await env.DB.prepare(
        `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date, check_out_date,
           room_type, status, room_id, checked_in_at, checked_out_at, closed_from)
         values (?, 'Plan Stay', '91234567', 'A1234567', ?, ?, 'silver', ?, ?, ?, ?, ?) returning id`,
      )
        .bind(
          `QP${crypto.randomUUID().slice(0, 6).toUpperCase()}`,
          day(from),
          day(from + 1),
          status,
          room,
          checkedIn,
          checkedOut,
          status === 'approved' ? null : JSON.stringify({ status: 'approved', roomStatus: 'clean' }),
        )
        .first<{ id: number }>())!.id;
    const inHouse = await stay('approved', now, null, 0);
    const departed = await stay('completed', now - 60_000, now, 0);
    const cancelled = await stay('cancelled', null, null, 20);
    for (const [id, move] of [
      [inHouse, 'undo-check-in'],
      [departed, 'undo-check-out'],
      [cancelled, 'reinstate'],
    ] as const) {
      const log: Recorded[] = [];
      const res = await through(`/api/booking-submissions/${id}/${move}`, 'admin', { method: 'POST' }, log);
      expect(res.status, await res.clone().text()).toBe(200);
      await expectNoFullScans(log);
    }
  });

  it('a folio, its four postings and a check-out that settles it read and write by index only', async () => {
    const room = (await env.DB.prepare("select id from hotel_rooms where number = '109'").first<{
      id: number;
    }>())!.id;
    const id = (await env.DB.prepare(
      `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date, check_out_date,
         room_type, status, room_id, checked_in_at, total_price, night_prices)
       values (?, 'Folio Stay', '91234567', 'A1234567', ?, ?, 'silver', 'approved', ?, ?, 12600, '[12600]') returning id`,
    )
      .bind(`QF${crypto.randomUUID().slice(0, 6).toUpperCase()}`, day(-1), day(0), room, Date.now() - 60_000)
      .first<{ id: number }>())!.id;
    const post = (what: string, body: unknown, log: Recorded[]) =>
      through(
        `/api/booking-submissions/${id}/${what}`,
        'staff',
        {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { 'idempotency-key': `qp-${id}-${what.replace('/', '-')}` },
        },
        log,
      );
    const log: Recorded[] = [];
    const charge = await post(
      'folio/charges',
      { department: 'minibar', description: 'Water', amountBaisa: 1_050 },
      log,
    );
    expect(charge.status, await charge.clone().text()).toBe(201);
    const chargeId = ((await charge.json()) as { line: { id: number } }).line.id;
    const payment = await post('folio/payments', { method: 'cash', amountBaisa: 13_650 }, log);
    expect(payment.status).toBe(201);
    const paymentId = ((await payment.json()) as { line: { id: number } }).line.id;
    expect((await post('folio/corrections', { lineId: chargeId, reason: 'Not taken' }, log)).status).toBe(
      201,
    );
    expect(
      (await post('folio/refunds', { paymentLineId: paymentId, amountBaisa: 1_050, reason: 'Change' }, log))
        .status,
    ).toBe(201);
    expect((await through(`/api/booking-submissions/${id}/folio`, 'staff', {}, log)).status).toBe(200);
    const out = await through(
      `/api/booking-submissions/${id}/check-out`,
      'staff',
      { method: 'POST', body: '{}' },
      log,
    );
    expect(out.status, await out.clone().text()).toBe(200);
    await expectNoFullScans(log);
  });

  it('a staff edit of a stay in house, its room_taken refusal and the move it offers read and write by index only', async () => {
    const roomOf = async (number: string) =>
      (await env.DB.prepare('select id from hotel_rooms where number = ?')
        .bind(number)
        .first<{ id: number }>())!.id;
    const [mine, free] = [await roomOf('111'), await roomOf('108')];
    const stay = async (room: number, from: number, checkedIn: number | null) => {
      const id = (await env.DB.prepare(
        `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date, check_out_date,
           room_type, bed_type, smoking_preference, status, room_id, checked_in_at, total_price)
         values (?, 'Plan Edit', '91234567', 'A1234567', ?, ?, 'silver', 'double', 'non_smoking', 'approved', ?, ?, 12600) returning id`,
      )
        .bind(`QE${crypto.randomUUID().slice(0, 6).toUpperCase()}`, day(from), day(from + 1), room, checkedIn)
        .first<{ id: number }>())!.id;
      await env.DB.batch([
        env.DB.prepare(
          "insert into room_nights (room_id, night, room_type, booking_id) values (?, ?, 'silver', ?)",
        ).bind(room, day(from), id),
        env.DB.prepare(
          "insert into booking_nights (booking_id, night, room_type, bed_type, smoking_type) values (?, ?, 'silver', 'double', 'non_smoking')",
        ).bind(id, day(from)),
      ]);
      return id;
    };
    const inHouse = await stay(mine, 0, Date.now());
    // The next night of the room is another stay's.
    await stay(mine, 1, null);
    for (const [body, status] of [
      [{ checkOutDate: day(2) }, 409],
      [{ checkOutDate: day(2), roomId: free }, 200],
      [{ notes: 'Late check-out asked' }, 200],
    ] as const) {
      const log: Recorded[] = [];
      const res = await through(
        `/api/admin/booking-submissions/${inHouse}`,
        'staff',
        { method: 'PATCH', body: JSON.stringify(body) },
        log,
      );
      expect(res.status, await res.clone().text()).toBe(status);
      await expectNoFullScans(log);
    }
  });

  it('the price suggestions’ settings, locks and approval read and write by index only', async () => {
    const log: Recorded[] = [];
    const put = (path: string, body: unknown) =>
      through(path, 'admin', { method: 'PUT', body: JSON.stringify(body) }, log);
    expect(
      (
        await put('/api/admin/revenue/settings', {
          limits: [{ roomType: 'gold', floorBaisa: 5_000, ceilingBaisa: 30_000 }],
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await put('/api/admin/revenue/locks', {
          from: day(80),
          to: day(82),
          roomTypes: ['silver'],
          locked: true,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await put('/api/admin/revenue/locks', {
          from: day(80),
          to: day(81),
          roomTypes: ['silver'],
          locked: false,
        })
      ).status,
    ).toBe(200);
    const listed = await through(
      `/api/admin/revenue/suggestions?from=${day(1)}&to=${day(30)}`,
      'admin',
      {},
      log,
    );
    const { suggestions } = (await listed.json()) as { suggestions: { id: string; kind: string }[] };
    const ids = suggestions
      .filter((x) => x.kind === 'price')
      .slice(0, 3)
      .map((x) => x.id);
    expect(ids.length).toBeGreaterThan(0);
    const applied = await through(
      '/api/admin/revenue/suggestions/apply',
      'admin',
      { method: 'POST', body: JSON.stringify({ ids }) },
      log,
    );
    expect(applied.status, await applied.clone().text()).toBe(200);
    // The nights written one by one: each rate_nights row found along its primary key.
    const writes = log.filter((x) => /update rate_nights set/i.test(x.sql));
    expect(writes.length).toBe(1);
    expect(await planReads(writes[0]!, /rate_nights/)).toEqual([
      expect.stringMatching(
        /^SEARCH rate_nights USING PRIMARY KEY \(rate_plan=\? AND room_type=\? AND night=\?\)$/,
      ),
    ]);
    await expectNoFullScans(log);
  });
});
