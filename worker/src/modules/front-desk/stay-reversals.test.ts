import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@shared/auth-schemas';
import { hotelInstant } from '@shared/stay-policy';
import type { ApiError } from '../../platform/api-error';
import { checkIn, checkOut, noShow } from './front-desk-day';
import { reinstateBooking, undoCheckIn, undoCheckOut } from './stay-reversals';
import {
  assign,
  book,
  holdsOf,
  json,
  roomNightsOf,
  roomStatus,
  row,
  setBookingStatus,
  setRoomStatus,
  staffAccount,
  settleFolio,
  day,
  paidBooking,
  codeOf,
  errorCode,
} from '@worker-test/builders';
import { call, logIn, signUp } from '@worker-test/helpers';

/**
 * A manager's moves back along a stay's life: undo a check-in or a check-out the same business
 * day (the departure and total an early check-out rewrote back, the nights held again, 409
 * `room_taken` when one was taken), reinstate a cancelled or no-show booking while its nights are
 * free (one of two racing for the last room wins); each in the audit log, each impossible one
 * refused with its code, and staff below manager refused all three.
 */

const db = drizzle(env.DB);
const at = (offset: number, time: string) => hotelInstant(day(offset), time);
type RoomType = 'silver' | 'gold' | 'diamond' | 'deluxe';

let staff: string;
let staffUser: SessionUser;
let manager: string;
let managerUser: SessionUser;

const me = async (cookie: string) =>
  (await json<{ user: SessionUser }>(await call('/api/auth/me', { cookie }))).user;

beforeAll(async () => {
  staff = (await logIn('staff@example.com', 'change-me-staff')).cookie;
  staffUser = await me(staff);
  manager = (await staffAccount({ role: 'manager' })).cookie;
  managerUser = await me(manager);
});

async function booking({
  roomType = 'gold',
  from = 0,
  nights = 2,
  cookie,
  status = 'approved',
}: {
  roomType?: RoomType;
  from?: number;
  nights?: number;
  cookie?: string;
  status?: 'pending' | 'approved' | 'confirmed';
}) {
  const created = await book(
    { fullName: 'Salim Al Harthy', roomType, checkInDate: day(from), checkOutDate: day(from + nights) },
    { cookie },
  );
  if (status !== 'pending') await setBookingStatus(created.id, 'approved', { cookie: staff });
  if (status === 'confirmed') await setBookingStatus(created.id, 'confirmed', { cookie: staff });
  return created;
}

const auditOf = async (id: number, action: string) =>
  (
    await env.DB.prepare('select before, after from audit_log where action = ? and entity_id = ? order by id')
      .bind(action, String(id))
      .all<{ before: string; after: string }>()
  ).results.map((r) => ({ before: JSON.parse(r.before), after: JSON.parse(r.after) }));

type Move = 'undo-check-in' | 'undo-check-out' | 'reinstate' | 'check-in' | 'check-out' | 'no-show';
/** A move on a stay; a check-out pays the folio's balance first (settleFolio). */
const post = async (id: number | string, move: Move, cookie = manager, lang: 'en' | 'ar' = 'en') => {
  if (move === 'check-out' && typeof id === 'number') await settleFolio(id);
  return call(`/api/booking-submissions/${id}/${move}`, {
    method: 'POST',
    cookie,
    lang,
    json: move === 'check-in' ? {} : undefined,
  });
};

describe('undo a check-in', () => {
  it('a manager undoes a check-in made today: booked again in the same room, audited; staff cannot', async () => {
    const b = await booking({ from: 0, nights: 2, roomType: 'silver' });
    const roomId = await assign(b.id, '101');
    await setRoomStatus('101', 'clean');
    expect((await post(b.id, 'check-in', staff)).status).toBe(200);

    const refused = await post(b.id, 'undo-check-in', staff);
    expect(refused.status).toBe(403);
    expect((await row(b.id))!.checked_in_at).not.toBeNull();

    const res = await post(b.id, 'undo-check-in', manager, 'ar');
    expect(res.status).toBe(200);
    expect((await json<{ message: string }>(res)).message).toBe('تم التراجع عن تسجيل الوصول');
    const after = (await row(b.id))!;
    expect(after).toMatchObject({
      status: 'approved',
      room_id: roomId,
      checked_in_at: null,
      checked_in_by: null,
    });
    expect(await roomNightsOf(b.id)).toEqual([day(0), day(1)]);
    expect(await roomStatus('101')).toBe('clean');
    const [line] = await auditOf(b.id, 'booking.undo_check_in');
    expect(line!.before.checkedInAt).toEqual(expect.any(String));
    expect(line!.after).toMatchObject({ checkedInAt: null, roomId });

    // Nothing left to undo; the guest can be checked in again.
    const again = await post(b.id, 'undo-check-in');
    expect(again.status).toBe(409);
    expect((await codeOf(again)).code).toBe('not_checked_in');
    expect((await post(b.id, 'check-in', staff)).status).toBe(200);
  });

  it('refuses a check-in of an earlier day, a departed stay, an unknown booking; one of two racing wins', async () => {
    const b = await booking({ from: 20, nights: 3, roomType: 'silver' });
    await assign(b.id, '102');
    await setRoomStatus('102', 'clean');
    await checkIn(db, staffUser, b.id, {}, at(20, '15:00'));
    // The next business day (Muscat), even a minute after midnight: too late.
    expect(await errorCode(() => undoCheckIn(db, managerUser, b.id, at(21, '00:01')))).toBe('undo_not_today');
    // Late the same evening: in time. Two identical requests: one undoes it, the other is told.
    const both = await Promise.allSettled([
      undoCheckIn(db, managerUser, b.id, at(20, '23:50')),
      undoCheckIn(db, managerUser, b.id, at(20, '23:50')),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = both.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(['check_in_changed', 'not_checked_in']).toContain((lost.reason as ApiError).code);
    expect(await auditOf(b.id, 'booking.undo_check_in')).toHaveLength(1);

    const departed = await booking({ from: 24, nights: 1, roomType: 'silver' });
    await assign(departed.id, '102');
    await setRoomStatus('102', 'clean');
    await checkIn(db, staffUser, departed.id, {}, at(24, '15:00'));
    await settleFolio(departed.id, { now: at(25, '10:00') });
    await checkOut(db, staffUser, departed.id, {}, at(25, '10:00'));
    expect(await errorCode(() => undoCheckIn(db, managerUser, departed.id, at(25, '10:05')))).toBe(
      'already_checked_out',
    );

    expect((await post(999999, 'undo-check-in')).status).toBe(404);
    expect((await post('abc', 'undo-check-in')).status).toBe(400);
    expect((await post(b.id, 'undo-check-in', '')).status).toBe(401);
  });
});

describe('undo a check-out', () => {
  it('an early check-out undone the same day: the booked departure and total back, the nights held, the room as it was', async () => {
    const b = await booking({ from: 30, nights: 3, roomType: 'diamond' });
    const roomId = await assign(b.id, '507');
    await setRoomStatus('507', 'inspected');
    const booked = (await row(b.id))!.total_price as number;
    await checkIn(db, staffUser, b.id, {}, at(30, '15:00'));
    await settleFolio(b.id, { now: at(31, '09:00') });
    await checkOut(db, staffUser, b.id, {}, at(31, '09:00'));
    expect(await row(b.id)).toMatchObject({
      check_out_date: day(31),
      total_price: booked / 3,
      status: 'completed',
    });
    expect(await roomStatus('507')).toBe('dirty');

    const undone = await undoCheckOut(db, managerUser, b.id, at(31, '09:30'));
    expect(undone).toMatchObject({
      status: 'approved',
      checkOutDate: day(33),
      totalPrice: booked,
      checkedOutAt: null,
    });
    expect(undone.checkedInAt).not.toBeNull();
    expect(undone.closedFrom).toBeNull();
    expect(await holdsOf(b.id)).toBe(3);
    expect(await roomNightsOf(b.id)).toEqual([day(30), day(31), day(32)]);
    // Left dirty by the check-out and untouched since: back to what it was, occupied again.
    expect(await roomStatus('507')).toBe('inspected');
    const [line] = await auditOf(b.id, 'booking.undo_check_out');
    expect(line!.before).toMatchObject({
      status: 'completed',
      checkOutDate: day(31),
      totalPrice: booked / 3,
    });
    expect(line!.after).toMatchObject({
      status: 'approved',
      checkOutDate: day(33),
      totalPrice: booked,
      roomId,
    });

    // The guest leaves on the booked day after all: an ordinary check-out.
    await settleFolio(b.id, { now: at(33, '10:00') });
    await checkOut(db, staffUser, b.id, {}, at(33, '10:00'));
    expect(await row(b.id)).toMatchObject({
      check_out_date: day(33),
      total_price: booked,
      status: 'completed',
    });
  });

  it('a non-refundable stay paid in full, checked out early, keeps its unused nights as a charge; the undo corrects that charge, and the booked departure owes nothing more', async () => {
    const b = await booking({ from: 140, nights: 3, roomType: 'diamond' });
    await env.DB.prepare(
      `update booking_submissions set cancellation_rule = '{"kind":"non_refundable"}' where id = ?`,
    )
      .bind(b.id)
      .run();
    await assign(b.id, '503');
    await setRoomStatus('503', 'inspected');
    const booked = (await row(b.id))!.total_price as number;
    const paid = await call(`/api/booking-submissions/${b.id}/folio/payments`, {
      method: 'POST',
      cookie: staff,
      json: { method: 'card', amountBaisa: booked },
    });
    expect(paid.status).toBe(201);
    await checkIn(db, staffUser, b.id, {}, at(140, '15:00'));
    await checkOut(db, staffUser, b.id, {}, at(141, '09:00'));
    const balance = async () => (await row(b.id))!.folio_balance_baisa as number;
    expect(await balance()).toBe(0);
    const kept = await env.DB.prepare(
      "select id, amount_baisa as amount from folio_lines where booking_id = ? and kind = 'charge' and department = 'other'",
    )
      .bind(b.id)
      .first<{ id: number; amount: number }>();
    expect(kept!.amount).toBe(booked - booked / 3);

    await undoCheckOut(db, managerUser, b.id, at(141, '09:30'));
    const correction = await env.DB.prepare(
      "select amount_baisa as amount from folio_lines where booking_id = ? and kind = 'correction' and corrects_line_id = ?",
    )
      .bind(b.id, kept!.id)
      .first<{ amount: number }>();
    expect(correction!.amount).toBe(-kept!.amount);
    // The kept charge was on the check-out's invoice: its correction is on a credit note of it.
    expect(
      await env.DB.prepare(
        `select i.kind from folio_lines c join invoice_lines il on il.folio_line_id = c.id
         join invoices i on i.id = il.invoice_id where c.corrects_line_id = ?`,
      )
        .bind(kept!.id)
        .first<{ kind: string }>(),
    ).toEqual({ kind: 'credit_note' });
    // The guest stays as booked: the nights still to come are paid already.
    await checkOut(db, staffUser, b.id, {}, at(143, '10:00'));
    expect(await balance()).toBe(0);
    expect((await row(b.id))!.status).toBe('completed');
  });

  it('an early check-out keeps the nights stayed at their own prices; its undo puts back the departure, total and nightly prices', async () => {
    // A 20.000 night either side of a weekday night at the room type's 12.600.
    const setPrice = (night: string, price: number) =>
      env.DB.prepare(
        `insert into rate_nights (rate_plan, room_type, night, price_baisa) values ('standard', 'silver', ?, ?)
         on conflict do update set price_baisa = excluded.price_baisa`,
      )
        .bind(night, price)
        .run();
    await setPrice(day(40), 20_000);
    await setPrice(day(42), 20_000);
    const b = await booking({ from: 40, nights: 3, roomType: 'silver' });
    await assign(b.id, '111');
    expect(await row(b.id)).toMatchObject({ total_price: 52_600, night_prices: '[20000,12600,20000]' });
    await checkIn(db, staffUser, b.id, {}, at(40, '15:00'));
    await settleFolio(b.id, { now: at(42, '09:00') });
    await checkOut(db, staffUser, b.id, {}, at(42, '09:00'));
    // The two nights stayed at their prices (not two thirds of the total: 35.067).
    expect(await row(b.id)).toMatchObject({
      check_out_date: day(42),
      total_price: 32_600,
      night_prices: '[20000,12600]',
    });
    const undone = await undoCheckOut(db, managerUser, b.id, at(42, '09:30'));
    expect(undone).toMatchObject({
      checkOutDate: day(43),
      totalPrice: 52_600,
      nightPrices: [20_000, 12_600, 20_000],
    });
    expect(await row(b.id)).toMatchObject({ total_price: 52_600, night_prices: '[20000,12600,20000]' });
  });

  it('refuses when a released night of the room was taken meanwhile, and changes nothing', async () => {
    const b = await booking({ from: 40, nights: 3, roomType: 'diamond' });
    await assign(b.id, '508');
    await setRoomStatus('508', 'clean');
    await checkIn(db, staffUser, b.id, {}, at(40, '15:00'));
    await settleFolio(b.id, { now: at(41, '09:00') });
    await checkOut(db, staffUser, b.id, {}, at(41, '09:00'));
    const next = await booking({ from: 42, nights: 1, roomType: 'diamond' });
    await assign(next.id, '508');
    const before = await row(b.id);
    expect(await errorCode(() => undoCheckOut(db, managerUser, b.id, at(41, '10:00')))).toBe('room_taken');
    expect(await row(b.id)).toEqual(before);
    expect(await holdsOf(b.id)).toBe(0);
    expect(await roomNightsOf(b.id)).toEqual([day(40)]);
    expect(await auditOf(b.id, 'booking.undo_check_out')).toEqual([]);
  });

  it('refuses a check-out of an earlier day, a no-show, a stay in house; staff cannot; the points earned go back', async () => {
    const account = await signUp('Maryam Al Said');
    const b = await booking({ from: 0, nights: 1, roomType: 'silver', cookie: account.cookie });
    await assign(b.id, '103');
    await setRoomStatus('103', 'clean');
    expect((await post(b.id, 'check-in', staff)).status).toBe(200);

    const inHouse = await post(b.id, 'undo-check-out');
    expect(inHouse.status).toBe(409);
    expect((await codeOf(inHouse)).code).toBe('not_checked_out');

    expect((await post(b.id, 'check-out', staff)).status).toBe(200);
    const points = async () =>
      (
        await json<{ totalPoints: number }>(
          await call(`/api/user-points/${encodeURIComponent(account.email)}`, { cookie: account.cookie }),
        )
      ).totalPoints;
    const earned = await points();
    expect(earned).toBeGreaterThan(0);
    expect((await post(b.id, 'undo-check-out', staff)).status).toBe(403);
    const res = await post(b.id, 'undo-check-out');
    expect(res.status).toBe(200);
    expect((await json<{ booking: { status: string } }>(res)).booking.status).toBe('approved');
    expect(await points()).toBe(0);
    // Checked out again, it earns again, once.
    expect((await post(b.id, 'check-out', staff)).status).toBe(200);
    expect(await points()).toBe(earned);

    // A check-out of yesterday (Muscat time) is kept.
    const yesterday = await booking({ from: 50, nights: 2, roomType: 'silver' });
    await assign(yesterday.id, '104');
    await setRoomStatus('104', 'clean');
    await checkIn(db, staffUser, yesterday.id, {}, at(50, '15:00'));
    await settleFolio(yesterday.id, { now: at(52, '10:00') });
    await checkOut(db, staffUser, yesterday.id, {}, at(52, '10:00'));
    expect(await errorCode(() => undoCheckOut(db, managerUser, yesterday.id, at(53, '08:00')))).toBe(
      'undo_not_today',
    );

    const noShowed = await booking({ from: 55, nights: 2, roomType: 'silver' });
    await noShow(db, staffUser, noShowed.id, at(56, '01:00'));
    expect(await errorCode(() => undoCheckOut(db, managerUser, noShowed.id, at(56, '02:00')))).toBe(
      'not_checked_out',
    );
  });
});

describe('reinstate', () => {
  it('a no-show reinstated: approved again, its nights and its free room held, the guest told, audited', async () => {
    const b = await booking({ from: 60, nights: 3, roomType: 'gold', status: 'confirmed' });
    const roomId = await assign(b.id, '201');
    await noShow(db, staffUser, b.id, at(61, '01:00'));
    expect(await holdsOf(b.id)).toBe(0);
    expect(await roomNightsOf(b.id)).toEqual([]);

    const back = await reinstateBooking(db, managerUser, b.id, at(61, '09:00'));
    // It was confirmed: confirmed again, with its room, not checked in.
    expect(back).toMatchObject({ status: 'confirmed', statusReason: null, roomId, checkedInAt: null });
    expect(await holdsOf(b.id)).toBe(3);
    expect(await roomNightsOf(b.id)).toEqual([day(60), day(61), day(62)]);
    const [line] = await auditOf(b.id, 'booking.reinstate');
    expect(line!.before).toMatchObject({ status: 'cancelled', statusReason: 'no_show' });
    expect(line!.after).toMatchObject({ status: 'confirmed', roomId });
    const notice = await env.DB.prepare(
      "select count(*) as n from notifications where booking_id = ? and type = 'booking_confirmed'",
    )
      .bind(b.id)
      .first<{ n: number }>();
    expect(notice!.n).toBe(2);
    // The late guest arrives and checks in.
    await setRoomStatus('201', 'clean');
    expect((await checkIn(db, staffUser, b.id, {}, at(61, '10:00'))).booking.checkedInAt).not.toBeNull();
  });

  it("a cancellation reinstated loses a room someone took meanwhile, and keeps the room type's nights", async () => {
    const b = await booking({ from: 64, nights: 2, roomType: 'gold' });
    await assign(b.id, '202');
    await setBookingStatus(b.id, 'cancelled', { cookie: staff });
    const other = await booking({ from: 65, nights: 1, roomType: 'gold' });
    await assign(other.id, '202');
    const res = await post(b.id, 'reinstate');
    expect(res.status).toBe(200);
    expect((await json<{ booking: { status: string } }>(res)).booking.status).toBe('approved');
    expect(await row(b.id)).toMatchObject({ status: 'approved', room_id: null });
    expect(await holdsOf(b.id)).toBe(2);
    expect(await roomNightsOf(b.id)).toEqual([]);
  });

  it('refuses when a night is sold out, and of two racing for the last room exactly one wins', async () => {
    await env.DB.prepare(`update room_inventory set total_count = 1 where room_type = 'deluxe'`).run();
    try {
      const a = await booking({ from: 70, nights: 2, roomType: 'deluxe' });
      await setBookingStatus(a.id, 'cancelled', { cookie: staff });
      const taker = await booking({ from: 71, nights: 1, roomType: 'deluxe' });
      const sold = await post(a.id, 'reinstate', manager, 'ar');
      expect(sold.status).toBe(409);
      expect((await codeOf(sold)).code).toBe('no_rooms_available');
      expect(await row(a.id)).toMatchObject({ status: 'cancelled' });
      expect(await holdsOf(a.id)).toBe(0);
      await setBookingStatus(taker.id, 'cancelled', { cookie: staff });

      // Now a and taker are both cancelled, and the one room can hold one of them.
      const both = await Promise.all([post(a.id, 'reinstate'), post(taker.id, 'reinstate')]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      const statuses = [(await row(a.id))!.status, (await row(taker.id))!.status].sort();
      expect(statuses).toEqual(['approved', 'cancelled']);
      const held = await env.DB.prepare(
        `select count(*) as n from booking_nights where room_type = 'deluxe' and night = ?`,
      )
        .bind(day(71))
        .first<{ n: number }>();
      expect(held!.n).toBe(1);

      // The same booking reinstated twice at once: one wins, one audit line.
      const c = await booking({ from: 74, nights: 1, roomType: 'deluxe' });
      await setBookingStatus(c.id, 'cancelled', { cookie: staff });
      const twice = await Promise.all([post(c.id, 'reinstate'), post(c.id, 'reinstate')]);
      expect(twice.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await auditOf(c.id, 'booking.reinstate')).toHaveLength(1);
      expect(await holdsOf(c.id)).toBe(1);
    } finally {
      await env.DB.prepare(`update room_inventory set total_count = 4 where room_type = 'deluxe'`).run();
    }
  });

  it('refuses a completed stay, an open booking, a stay already over, and staff', async () => {
    // Arriving today: a stay is completed only once it has begun.
    const open = await booking({ from: 0, nights: 1 });
    const notCancelled = await post(open.id, 'reinstate');
    expect(notCancelled.status).toBe(409);
    expect((await codeOf(notCancelled)).code).toBe('reinstate_not_cancelled');
    await setBookingStatus(open.id, 'completed', { cookie: staff });
    expect((await codeOf(await post(open.id, 'reinstate'))).code).toBe('reinstate_not_cancelled');

    const over = await booking({ from: 82, nights: 1 });
    await noShow(db, staffUser, over.id, at(83, '01:00'));
    expect(await errorCode(() => reinstateBooking(db, managerUser, over.id, at(83, '09:00')))).toBe(
      'reinstate_stay_over',
    );
    const cancelled = await booking({ from: 84, nights: 1 });
    await setBookingStatus(cancelled.id, 'cancelled', { cookie: staff });
    expect((await post(cancelled.id, 'reinstate', staff)).status).toBe(403);
    const housekeeper = (await staffAccount({ role: 'housekeeper' })).cookie;
    expect((await post(cancelled.id, 'reinstate', housekeeper)).status).toBe(403);
    expect((await row(cancelled.id))!.status).toBe('cancelled');
  });
});

describe('the database keeps the reopenings', () => {
  it('refuses a cancellation reopened without its holds, a completed stay never checked out reopened, a reopening as pending', async () => {
    const raw = (id: number, set: string) =>
      errorCode(() => env.DB.prepare(`update booking_submissions set ${set} where id = ?`).bind(id).run());
    const cancelled = await booking({ from: 90, nights: 2 });
    await setBookingStatus(cancelled.id, 'cancelled', { cookie: staff });
    expect(await raw(cancelled.id, "status = 'approved'")).toContain('reopened_without_holds');
    expect(await raw(cancelled.id, "status = 'pending'")).toContain('stay_state_invalid');
    // Arriving today: a stay is completed only once it has begun.
    const completed = await booking({ from: 0, nights: 1 });
    await setBookingStatus(completed.id, 'completed', { cookie: staff });
    expect(await raw(completed.id, "status = 'approved'")).toContain('stay_state_invalid');
  });
});

describe('reinstating a stay whose prepayment was kept', () => {
  type Line = {
    id: number;
    kind: string;
    department: string | null;
    amountBaisa: number;
    invoiceId: number | null;
    correctsLineId: number | null;
  };
  const folioOf = async (id: number) =>
    json<{ balanceBaisa: number; lines: Line[] }>(
      await call(`/api/booking-submissions/${id}/folio`, { cookie: staff }),
    );

  it('a non-refundable stay paid in full, cancelled (its payment kept as a cancellation charge, invoiced) and reinstated owes nothing more: the charge is corrected in the same move and credited', async () => {
    const {
      booking: b,
      cookie: guestCookie,
      amountBaisa,
    } = await paidBooking(
      {
        fullName: 'Reinstated Guest',
        roomType: 'gold',
        checkInDate: day(120),
        checkOutDate: day(122),
        ratePlan: 'non_refundable',
      },
      { guestName: 'Reinstated Guest' },
    );
    const cancelled = await call(`/api/booking-submissions/${b.id}/status`, {
      method: 'PATCH',
      json: { status: 'cancelled' },
      cookie: guestCookie,
    });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    // The payment kept as a cancellation charge, invoiced after the cancellation's answer.
    const charge = await vi.waitFor(
      async () => {
        const f = await folioOf(b.id);
        const c = f.lines.find((l) => l.kind === 'charge');
        expect(c?.invoiceId).toBeTypeOf('number');
        return c!;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(charge.amountBaisa).toBe(amountBaisa);

    const res = await post(b.id, 'reinstate');
    expect(res.status, await res.clone().text()).toBe(200);
    const f = await folioOf(b.id);
    const correction = f.lines.find((l) => l.kind === 'correction');
    expect(correction).toMatchObject({ correctsLineId: charge.id, amountBaisa: -amountBaisa });
    // What the guest paid now stands against the stay: nothing more is owed for it.
    expect(f.balanceBaisa).toBe(-amountBaisa);
    const summary = await json<{ outstandingBaisa: number; dueNowBaisa: number }>(
      await call(`/api/booking-submissions/${b.id}/payments`, { cookie: guestCookie }),
    );
    expect(summary).toMatchObject({ outstandingBaisa: 0, dueNowBaisa: 0 });
    // The invoiced charge's correction ends on a credit note of that invoice.
    const credit = await env.DB.prepare(
      'select i.kind, i.credits_invoice_id as credits from invoice_lines il join invoices i on i.id = il.invoice_id where il.folio_line_id = ?',
    )
      .bind(correction!.id)
      .first<{ kind: string; credits: number }>();
    expect(credit).toMatchObject({ kind: 'credit_note', credits: charge.invoiceId });
    // One correction of the one charge.
    expect(f.lines.filter((l) => l.kind === 'correction')).toHaveLength(1);
  });
});
