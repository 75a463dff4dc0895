import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  book,
  json,
  roomIdOf,
  setBookingStatus,
  staffAccount,
  staffCookie,
  day,
} from '@worker-test/builders';
import { call, signUp, uniqueEmail } from '@worker-test/helpers';
import { deliverEmails } from '../messaging/email-delivery';
import type { Env } from '../../platform/env';

/**
 * Staff edit a stay (PATCH /api/admin/booking-submissions/:id): an in-house extension keeps its
 * room (or answers room_taken with the free rooms, and moves with `roomId`), a shortening frees
 * the nights, prices by hand are a manager's and survive a later change of dates, every change is
 * in the audit log and told to the guest in the same batch, bad input is a clear 4xx, and two
 * extensions racing for the last night sell it once.
 */

let staff: string;
let manager: string;

beforeAll(async () => {
  staff = await staffCookie();
  manager = (await staffAccount({ role: 'manager' })).cookie;
});

type Listed = {
  id: number;
  reference: string;
  status: string;
  checkInDate: string;
  checkOutDate: string;
  totalPriceBaisa: number;
  roomId: number | null;
  notes: string | null;
  priceOverrideBaisa: number | null;
  phoneNumber: string;
  fullName: string;
  numberOfGuests: number;
};

const edit = (
  id: number | string,
  body: unknown,
  cookie: string | undefined = staff,
  lang: 'ar' | 'en' = 'en',
) => call(`/api/admin/booking-submissions/${id}`, { method: 'PATCH', cookie, lang, json: body });

async function edited(id: number, body: unknown, cookie = staff) {
  const res = await edit(id, body, cookie);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json<{ booking: Listed; message: string }>(res)).booking;
}
const quote = (id: number | string, q: Record<string, string | number>, cookie: string | undefined = staff) =>
  call(
    `/api/admin/booking-submissions/${id}/quote?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`,
    { cookie },
  );
const errorOf = async (res: Response) =>
  (
    await json<{
      error: {
        code: string;
        message: string;
        fields?: Record<string, string>;
        rooms?: { id: number; number: string }[];
      };
    }>(res)
  ).error;

/** An approved booking of `roomType` from `from` days on, for `nights`. */
async function approved(roomType: string, from: number, nights: number, over: Record<string, unknown> = {}) {
  const b = await book<Listed>({
    roomType,
    checkInDate: day(from),
    checkOutDate: day(from + nights),
    ...over,
  });
  await setBookingStatus(b.id, 'approved');
  return b;
}

/** An approved stay from today, put in room `number` and checked in, through the desk's API. */
async function inHouse(roomType: string, number: string, nights: number, over: Record<string, unknown> = {}) {
  const b = await approved(roomType, 0, nights, over);
  const put = await call(`/api/booking-submissions/${b.id}/room`, {
    method: 'PUT',
    cookie: staff,
    json: { roomId: await roomIdOf(number) },
  });
  expect(put.status, await put.clone().text()).toBe(200);
  const inRes = await call(`/api/booking-submissions/${b.id}/check-in`, {
    method: 'POST',
    cookie: staff,
    json: { confirmNotClean: true },
  });
  expect(inRes.status, await inRes.clone().text()).toBe(200);
  return b;
}

const roomNightsOf = async (id: number) =>
  (
    await env.DB.prepare('select room_id, night from room_nights where booking_id = ? order by night')
      .bind(id)
      .all<{ room_id: number; night: string }>()
  ).results;
const holdsOf = async (id: number) =>
  (
    await env.DB.prepare('select night from booking_nights where booking_id = ? order by night')
      .bind(id)
      .all<{ night: string }>()
  ).results.map((r) => r.night);
const row = (id: number) =>
  env.DB.prepare('select * from booking_submissions where id = ?').bind(id).first<Record<string, unknown>>();
const auditLines = async (id: number) =>
  (
    await env.DB.prepare(
      "select action, before, after from audit_log where entity_type = 'booking' and entity_id = ? order by id",
    )
      .bind(String(id))
      .all<{ action: string; before: string; after: string }>()
  ).results;
const outboxKinds = async (id: number) =>
  (
    await env.DB.prepare(
      "select kind, channel, lang from email_outbox where entity_type = 'booking' and entity_id = ? order by id",
    )
      .bind(id)
      .all<{ kind: string; channel: string; lang: string }>()
  ).results;
const roomStatus = async (number: string) =>
  (await env.DB.prepare('select status from hotel_rooms where number = ? and retired_at is null')
    .bind(number)
    .first<{ status: string }>())!.status;

describe('the Edit stay dialog’s quote', () => {
  it('prices a stay on the booking’s own plan, night by night, without judging restrictions or the past', async () => {
    const b = await approved('gold', 150, 2, { ratePlan: 'non_refundable' });
    await env.DB.prepare(
      `insert into rate_nights (rate_plan, room_type, night, price_baisa, min_stay) values ('standard', 'gold', ?, 20000, 5)`,
    )
      .bind(day(151))
      .run();
    const q = { checkInDate: day(151), checkOutDate: day(153), roomType: 'gold', numberOfGuests: '٣' };
    const res = await quote(b.id, q);
    expect(res.status, await res.clone().text()).toBe(200);
    // Standard's 20.000 and the room type's 13.200, each with 2.000 for a third guest, less 10 %.
    expect(await json(res)).toEqual({
      ratePlan: 'non_refundable',
      nights: [
        { date: day(151), priceBaisa: 19_800 },
        { date: day(152), priceBaisa: 13_680 },
      ],
      totalPriceBaisa: 33_480,
    });
    // The guest's quote refuses that stay by its minimum; the desk's quote takes a past arrival.
    expect(
      (await call(`/api/quote?${new URLSearchParams({ ...q, ratePlan: 'non_refundable' })}`)).status,
    ).toBe(422);
    expect((await quote(b.id, { ...q, checkInDate: day(-2), checkOutDate: day(-1) })).status).toBe(200);

    expect((await errorOf(await quote(b.id, { ...q, numberOfGuests: 13 }))).fields).toEqual({
      numberOfGuests: 'عدد الضيوف من ١ إلى ١٢',
    });
    expect((await errorOf(await quote(b.id, { ...q, checkOutDate: day(151) }))).fields).toMatchObject({
      checkOutDate: expect.any(String),
    });
    expect((await quote(b.id, { checkInDate: day(151) })).status).toBe(400);
    expect((await quote(999_999, q)).status).toBe(404);
    expect((await quote(b.id, q, (await signUp('Quote Guest')).cookie)).status).toBe(403);
    expect((await quote(b.id, q, '')).status).toBe(401);
  });
});

describe('a stay in house', () => {
  it('is extended by a night in its own room: one batch re-prices, holds, places the night, audits and tells the guest', async () => {
    const b = await inHouse('deluxe', '601', 2, { email: 'guest-edit@example.com' });
    const before = (await row(b.id))!;
    const perNight = (before.total_price as number) / 2;
    const after = await edited(b.id, { checkOutDate: day(3) });
    expect(after).toMatchObject({
      reference: b.reference,
      status: 'approved',
      checkOutDate: day(3),
      totalPriceBaisa: perNight * 3,
      roomId: await roomIdOf('601'),
    });
    expect((await roomNightsOf(b.id)).map((n) => n.night)).toEqual([day(0), day(1), day(2)]);
    expect(new Set((await roomNightsOf(b.id)).map((n) => n.room_id))).toEqual(
      new Set([await roomIdOf('601')]),
    );
    expect(await holdsOf(b.id)).toEqual([day(0), day(1), day(2)]);
    const line = (await auditLines(b.id)).find((l) => l.action === 'booking.edited')!;
    expect(JSON.parse(line.before)).toMatchObject({ checkOutDate: day(2), totalPriceBaisa: perNight * 2 });
    expect(JSON.parse(line.after)).toMatchObject({ checkOutDate: day(3), totalPriceBaisa: perNight * 3 });
    expect(await outboxKinds(b.id)).toContainEqual(
      expect.objectContaining({ kind: 'booking_edited', channel: 'email' }),
    );
    const notice = await env.DB.prepare(
      "select title, title_ar from notifications where booking_id = ? and type = 'booking_changed'",
    )
      .bind(b.id)
      .first<{ title: string }>();
    expect(notice?.title).toBe('The hotel changed your booking');
  });

  it('is extended at the added night’s rate, the nights it was sold keeping their prices', async () => {
    const b = await inHouse('silver', '110', 2);
    expect((await row(b.id))!.night_prices).toBe('[12600,12600]');
    // The rates move after the booking: tonight dearer, the added night with its own price.
    const setPrice = (night: string, price: number) =>
      env.DB.prepare(
        `insert into rate_nights (rate_plan, room_type, night, price_baisa) values ('standard', 'silver', ?, ?)
         on conflict do update set price_baisa = excluded.price_baisa`,
      )
        .bind(night, price)
        .run();
    await setPrice(day(0), 30_000);
    await setPrice(day(2), 20_000);
    try {
      // The dialog's quote of the extension is what the edit then saves.
      const quoted = await json<{ nights: { date: string; priceBaisa: number }[]; totalPriceBaisa: number }>(
        await quote(b.id, {
          checkInDate: day(0),
          checkOutDate: day(3),
          roomType: 'silver',
          numberOfGuests: 2,
        }),
      );
      expect(quoted.nights.map((n) => n.priceBaisa)).toEqual([12_600, 12_600, 20_000]);
      expect(quoted.totalPriceBaisa).toBe(45_200);
      const longer = await edited(b.id, { checkOutDate: day(3) });
      expect(longer.totalPriceBaisa).toBe(12_600 + 12_600 + 20_000);
      expect((await row(b.id))!.night_prices).toBe('[12600,12600,20000]');
      // Shortened again: the nights left keep theirs.
      const shorter = await edited(b.id, { checkOutDate: day(1) });
      expect(shorter.totalPriceBaisa).toBe(12_600);
      expect((await row(b.id))!.night_prices).toBe('[12600]');
    } finally {
      await env.DB.prepare(
        `delete from rate_nights where rate_plan = 'standard' and room_type = 'silver' and night in (?, ?)`,
      )
        .bind(day(0), day(2))
        .run();
    }
  });

  it('is shortened to a day not before today, releasing the nights after it; its arrival and type stay', async () => {
    const b = await inHouse('deluxe', '602', 3);
    const moveArrival = await edit(b.id, { checkInDate: day(1) });
    expect(moveArrival.status).toBe(409);
    expect((await errorOf(moveArrival)).code).toBe('in_house_dates_fixed');
    const otherType = await edit(b.id, { roomType: 'gold' });
    expect((await errorOf(otherType)).code).toBe('in_house_dates_fixed');
    const past = await edit(b.id, { checkOutDate: day(-1) });
    expect(past.status).toBe(400);
    expect((await errorOf(past)).fields).toMatchObject({
      checkOutDate: 'The departure cannot be before today',
    });

    await edited(b.id, { checkOutDate: day(1) });
    expect((await roomNightsOf(b.id)).map((n) => n.night)).toEqual([day(0)]);
    expect(await holdsOf(b.id)).toEqual([day(0)]);
  });

  it('answers room_taken with the free rooms when its room is booked on the new night, and moves there with roomId', async () => {
    const b = await inHouse('deluxe', '603', 1);
    const next = await approved('deluxe', 1, 2, { fullName: 'Next Guest' });
    const put = await call(`/api/booking-submissions/${next.id}/room`, {
      method: 'PUT',
      cookie: staff,
      json: { roomId: await roomIdOf('603') },
    });
    expect(put.status).toBe(200);

    const taken = await edit(b.id, { checkOutDate: day(2) });
    expect(taken.status).toBe(409);
    const refusal = await errorOf(taken);
    expect(refusal.code).toBe('room_taken');
    expect(refusal.message).toBe('The room is taken on some nights of this stay');
    const offered = refusal.rooms!.map((r) => r.number);
    expect(offered).not.toContain('603');
    expect(offered).toContain('604');
    // Nothing changed.
    expect((await row(b.id))!.check_out_date).toBe(day(1));
    expect((await roomNightsOf(b.id)).map((n) => n.night)).toEqual([day(0)]);

    const moved = await edited(b.id, { checkOutDate: day(2), roomId: await roomIdOf('604') });
    expect(moved.roomId).toBe(await roomIdOf('604'));
    expect((await row(b.id))!.room_id).toBe(await roomIdOf('604'));
    expect(await roomNightsOf(b.id)).toEqual([
      { room_id: await roomIdOf('604'), night: day(0) },
      { room_id: await roomIdOf('604'), night: day(1) },
    ]);
    expect(await roomStatus('603')).toBe('dirty');
    expect(new Set((await roomNightsOf(next.id)).map((n) => n.room_id))).toEqual(
      new Set([await roomIdOf('603')]),
    );

    const wrongType = await edit(b.id, { checkOutDate: day(3), roomId: await roomIdOf('505') });
    expect(wrongType.status).toBe(422);
    const unknownRoom = await edit(b.id, { checkOutDate: day(3), roomId: 999_999 });
    expect(unknownRoom.status).toBe(404);
  });
});

describe('a booking not yet arrived', () => {
  it('changes dates, guests, name, phone and notes in one request; its status and reference stay, Arabic-Indic digits are read', async () => {
    const b = await approved('gold', 40, 2);
    const after = await edited(b.id, {
      checkInDate: day(41),
      checkOutDate: day(44),
      numberOfGuests: '٣',
      fullName: 'Aisha Al Said',
      phoneNumber: '٩١٢٣٤٥٦٧',
      notes: 'Late arrival, quiet room',
    });
    expect(after).toMatchObject({
      status: 'approved',
      reference: b.reference,
      checkInDate: day(41),
      checkOutDate: day(44),
      numberOfGuests: 3,
      fullName: 'Aisha Al Said',
      phoneNumber: '96891234567',
      notes: 'Late arrival, quiet room',
    });
    expect(await holdsOf(b.id)).toEqual([day(41), day(42), day(43)]);
    // Notes alone tell the guest nothing.
    const told = (await outboxKinds(b.id)).filter((k) => k.kind === 'booking_edited').length;
    await edited(b.id, { notes: 'Quiet room' });
    expect((await outboxKinds(b.id)).filter((k) => k.kind === 'booking_edited').length).toBe(told);
  });

  it('keeps its assigned room when the dates move and the room is free', async () => {
    const b = await approved('diamond', 50, 2);
    const put = await call(`/api/booking-submissions/${b.id}/room`, {
      method: 'PUT',
      cookie: staff,
      json: { roomId: await roomIdOf('507') },
    });
    expect(put.status).toBe(200);
    await edited(b.id, { checkInDate: day(51), checkOutDate: day(54) });
    expect(await roomNightsOf(b.id)).toEqual(
      [day(51), day(52), day(53)].map((night) => ({ room_id: expect.any(Number), night })),
    );
    expect((await row(b.id))!.room_id).toBe(await roomIdOf('507'));
  });
});

describe('the guest is told', () => {
  const db = drizzle(env.DB);
  /** What the dev outbox "sent" to `to` (mails or texts), once `done` says it is there. */
  async function sent<T>(path: string, done: (items: T[]) => boolean): Promise<T[]> {
    for (const end = Date.now() + 15_000; Date.now() < end;) {
      // The delivery started after an answer may be cut when the test's request ends, its row left
      // claimed (a busy machine): this test sends what is due itself.
      await env.DB.prepare(
        `update email_outbox set status = 'queued', claim_token = null where status = 'sending'`,
      ).run();
      await deliverEmails(env as unknown as Env, db);
      const items = (await (await call(path)).json()) as T[];
      if (done(items)) return items;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`nothing delivered at ${path}`);
  }

  it('by e-mail in the language the booking was made in, and by text message without an address', async () => {
    const email = uniqueEmail('edited');
    const english = await book<Listed>(
      { roomType: 'gold', checkInDate: day(100), checkOutDate: day(102), email },
      { lang: 'en' },
    );
    await setBookingStatus(english.id, 'approved');
    await edited(english.id, { checkOutDate: day(103) });
    const mails = await sent<{ subject: string }>(`/api/dev/mailbox?to=${encodeURIComponent(email)}`, (m) =>
      m.some((x) => x.subject.startsWith('The hotel changed your booking')),
    );
    expect(mails.map((m) => m.subject)).toContainEqual(
      expect.stringContaining('The hotel changed your booking'),
    );

    const phoneOnly = await approved('gold', 105, 2);
    await edited(phoneOnly.id, { numberOfGuests: 3 });
    const texts = await sent<{ text: string }>(`/api/dev/messages?to=${phoneOnly.phoneNumber}`, (t) =>
      t.some((x) => x.text.includes('عدّل الفندق حجزك')),
    );
    expect(texts.map((t) => t.text)).toContainEqual(expect.stringContaining('عدّل الفندق حجزك'));
  });
});

describe('a price set by hand', () => {
  it('is a manager’s, needs a reason, and keeps its price per night when the dates change later', async () => {
    const b = await approved('silver', 60, 2);
    const byStaff = await edit(b.id, { priceOverrideBaisa: 0, overrideReason: 'Complaint' });
    expect(byStaff.status).toBe(403);
    expect((await errorOf(byStaff)).code).toBe('override_needs_manager');
    const noReason = await edit(b.id, { priceOverrideBaisa: 0 }, manager);
    expect(noReason.status).toBe(400);
    expect((await errorOf(noReason)).fields).toMatchObject({
      overrideReason: 'Give the reason for the price',
    });

    const priced = await edited(
      b.id,
      { priceOverrideBaisa: '٣٠٠٠٠', overrideReason: 'Corporate rate' },
      manager,
    );
    expect(priced).toMatchObject({ totalPriceBaisa: 30_000, priceOverrideBaisa: 30_000 });
    // Staff extend it by a night afterwards: 15.000 a night, kept.
    const longer = await edited(b.id, { checkOutDate: day(63) });
    expect(longer).toMatchObject({ totalPriceBaisa: 45_000, priceOverrideBaisa: 45_000 });
    const line = (await auditLines(b.id)).find(
      (l) => JSON.parse(l.after).priceOverrideReason === 'Corporate rate',
    )!;
    expect(JSON.parse(line.after)).toMatchObject({ priceOverrideBaisa: 30_000, totalPriceBaisa: 30_000 });

    const free = await edited(
      b.id,
      { priceOverrideBaisa: 0, overrideReason: 'Complimentary: anniversary' },
      manager,
    );
    expect(free.totalPriceBaisa).toBe(0);
    expect((await edited(b.id, { checkOutDate: day(61) })).totalPriceBaisa).toBe(0);
    const back = await edited(b.id, { priceOverrideBaisa: null }, manager);
    expect(back.priceOverrideBaisa).toBeNull();
    expect(back.totalPriceBaisa).toBeGreaterThan(0);
  });

  it('is kept per night when the guest changes their own booking later', async () => {
    const guest = await signUp();
    const b = await book<Listed>(
      { roomType: 'silver', checkInDate: day(80), checkOutDate: day(82) },
      { cookie: guest.cookie },
    );
    await edited(
      b.id,
      { priceOverrideBaisa: 20_000, overrideReason: 'Loyal guest', notes: 'Upgrade if free' },
      manager,
    );
    const res = await call(`/api/booking-submissions/${b.id}`, {
      method: 'PATCH',
      cookie: guest.cookie,
      json: { checkOutDate: day(83) },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    // The guest's own view: the price, but neither the desk's notes nor the reason for the price.
    expect(
      (await json<{ booking: Listed & { priceOverrideReason: string | null } }>(res)).booking,
    ).toMatchObject({
      totalPriceBaisa: 30_000,
      notes: null,
      priceOverrideReason: null,
    });
    expect(await row(b.id)).toMatchObject({ total_price: 30_000, price_override_baisa: 30_000 });
  });
});

describe('refusals', () => {
  it('answers clear 4xx codes for bad input, other roles, unknown and closed bookings', async () => {
    const b = await approved('gold', 70, 2);
    const cases: [unknown, number, string][] = [
      [{ checkInDate: '2030-02-30' }, 400, 'validation_failed'],
      [{ checkInDate: day(72), checkOutDate: day(72) }, 400, 'validation_failed'],
      [{ checkOutDate: day(69) }, 400, 'validation_failed'],
      [{ checkInDate: day(-3), checkOutDate: day(-1) }, 400, 'validation_failed'],
      [{ checkOutDate: day(120) }, 400, 'validation_failed'],
      [{ numberOfGuests: 5 }, 422, 'over_occupancy'],
      [{ phoneNumber: 'call me' }, 400, 'validation_failed'],
      [{ fullName: '' }, 400, 'validation_failed'],
      [{ notes: 'x'.repeat(1001) }, 400, 'validation_failed'],
      [{ priceOverrideBaisa: -1, overrideReason: 'x' }, 400, 'validation_failed'],
      [{ status: 'completed' }, 400, 'validation_failed'],
      [{}, 400, 'validation_failed'],
      [{ notes: null }, 400, 'validation_failed'],
      [[1, 2], 400, 'validation_failed'],
    ];
    for (const [body, status, code] of cases) {
      const res = await edit(b.id, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((await errorOf(res)).code).toBe(code);
    }
    const huge = await call(`/api/admin/booking-submissions/${b.id}`, {
      method: 'PATCH',
      cookie: staff,
      json: { notes: 'x'.repeat(2_000_000) },
    });
    expect([400, 413]).toContain(huge.status);
    expect((await edit(999_999, { notes: 'hi' })).status).toBe(404);
    expect((await edit('abc', { notes: 'hi' })).status).toBe(400);

    const guestCookie = (await signUp()).cookie;
    expect((await edit(b.id, { notes: 'hi' }, guestCookie)).status).toBe(403);
    expect(
      (await call(`/api/admin/booking-submissions/${b.id}`, { method: 'PATCH', json: { notes: 'hi' } }))
        .status,
    ).toBe(401);

    await setBookingStatus(b.id, 'cancelled');
    const closed = await edit(b.id, { notes: 'hi' }, staff, 'ar');
    expect(closed.status).toBe(409);
    expect(await errorOf(closed)).toMatchObject({
      code: 'booking_not_editable',
      message: 'هذا الحجز مغلق (غادر الضيف أو أُلغي الحجز) ولا يمكن تعديله',
    });
  });
});

describe('two identical edits at once', () => {
  it('change the booking once: one is saved, the other refused, the nights held once', async () => {
    const b = await approved('diamond', 110, 1);
    const answers = await Promise.all([1, 2].map(() => edit(b.id, { checkOutDate: day(112) })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([400, 409]).toContain(statuses[1]);
    expect(await holdsOf(b.id)).toEqual([day(110), day(111)]);
    expect((await auditLines(b.id)).filter((l) => l.action === 'booking.edited')).toHaveLength(1);
  });
});

describe('two extensions at once into the last free night', () => {
  it('sell it once: one is saved, the other refused, and the night is held once', async () => {
    // Deluxe sells 4 rooms; the far nights of this test are its own.
    const from = 90;
    const a = await approved('deluxe', from, 1, { fullName: 'First Guest' });
    const b = await approved('deluxe', from, 1, { fullName: 'Second Guest' });
    // The night after: three rooms of four already held.
    for (const name of ['Third Guest', 'Fourth Guest', 'Fifth Guest'])
      await approved('deluxe', from + 1, 1, { fullName: name });
    const answers = await Promise.all([a, b].map((x) => edit(x.id, { checkOutDate: day(from + 2) })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect((await errorOf(refused)).code).toBe('no_rooms_available');
    const held = await env.DB.prepare(
      "select count(*) as n from booking_nights where room_type = 'deluxe' and night = ?",
    )
      .bind(day(from + 1))
      .first<{ n: number }>();
    expect(held!.n).toBe(4);
  });
});
