import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HousekeepingTasksAnswer } from '@shared/housekeeping-tasks';
import { closedDay, day, inHouseStay, json, staffAccount, stayInRoom } from '@worker-test/builders';
import { call, logIn } from '@worker-test/helpers';

/**
 * Housekeeping's day is the business day, not the calendar's (decision 091, amended): between
 * midnight and the day close (the cron at 03:00) the day before is still open, its tasks still to
 * do (a VIP rush clean among them), and the new day has none yet. GET /api/housekeeping/tasks
 * without a date answers the open day's tasks, for the board and the housekeeper's phone, until
 * the close makes the next day; then the next day's. Each task says what it waits for before it
 * may start (the guest's check-out, the room's departure clean), as the server refuses it.
 *
 * The file's state is "past midnight, before the close": the first close is of the day before
 * yesterday, which makes yesterday's tasks; yesterday is not closed.
 */
let staff: string;
let manager: string;
let maid: { cookie: string; id: number };

const yesterday = day(-1);

async function openDay(cookie: string) {
  const res = await call('/api/housekeeping/tasks', { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return json<HousekeepingTasksAnswer>(res);
}

const taskOf = (answer: HousekeepingTasksAnswer, number: string, kind: string) =>
  answer.tasks.find((t) => t.room.number === number && t.kind === kind)!;

const patch = (id: number, status: string, cookie: string, lang: 'ar' | 'en' = 'en') =>
  call(`/api/housekeeping/tasks/${id}`, { method: 'PATCH', cookie, lang, json: { status } });

beforeAll(async () => {
  staff = (await logIn('staff@example.com', 'change-me-staff')).cookie;
  manager = (await staffAccount({ role: 'manager' })).cookie;
  const account = await staffAccount({ role: 'housekeeper', fullName: 'Night Housekeeper' });
  const row = await env.DB.prepare('select id from users where email = ?')
    .bind(account.email)
    .first<{ id: number }>();
  maid = { cookie: account.cookie, id: row!.id };

  // Yesterday's departures: 101 still in house (the guest has not checked out), 102 checked out,
  // 103 checked out with a VIP arriving yesterday who has not checked in yet (a rush).
  await inHouseStay('101', day(-3), yesterday, { checkedInAt: Date.now() - 3 * 86_400_000 });
  await stayInRoom('102', day(-3), yesterday, { checkedOut: true });
  await stayInRoom('103', day(-2), yesterday, { checkedOut: true });
  const arriving = await stayInRoom('103', yesterday, day(1));
  const profile = await env.DB.prepare(
    `insert into guest_profiles (full_name, phone, name_key, vip) values ('Late Vip', '91111112', 'late vip', 1) returning id`,
  ).first<{ id: number }>();
  await env.DB.prepare('update booking_submissions set profile_id = ? where id = ?')
    .bind(profile!.id, arriving)
    .run();
  // The first close, of the day before yesterday, makes yesterday's tasks; yesterday stays open.
  await closedDay(day(-2), manager);
});

describe('past midnight, before the day close', () => {
  it('the board shows the open day’s tasks, the VIP rush clean among them', async () => {
    const board = await openDay(staff);
    expect(board).toMatchObject({ date: yesterday, made: true, supervisor: true });
    expect(taskOf(board, '103', 'departure')).toMatchObject({ rush: true, vip: true, status: 'pending' });
    // What each waits for, before anyone taps Start.
    expect(taskOf(board, '101', 'departure')).toMatchObject({ checkedOut: false, waitingFor: 'checkout' });
    expect(taskOf(board, '102', 'departure')).toMatchObject({ checkedOut: true, waitingFor: null });
    expect(taskOf(board, '102', 'inspection')).toMatchObject({ waitingFor: 'clean' });
    // A day named is still that day.
    const named = await call(`/api/housekeeping/tasks?date=${day(0)}`, { cookie: staff });
    expect(await json<HousekeepingTasksAnswer>(named)).toMatchObject({
      date: day(0),
      made: false,
      tasks: [],
    });
  });

  it('the housekeeper’s phone shows the rush clean given to them, and it can be done', async () => {
    const board = await openDay(staff);
    const room = taskOf(board, '103', 'departure').room.id;
    const given = await call('/api/housekeeping/assignments', {
      method: 'PUT',
      cookie: staff,
      json: { date: board.date, rooms: [{ roomId: room, assignedTo: maid.id }] },
    });
    expect(given.status, await given.clone().text()).toBe(200);
    const phone = await openDay(maid.cookie);
    expect(phone.date).toBe(yesterday);
    expect(phone.tasks.map((t) => [t.room.number, t.kind])).toEqual([['103', 'departure']]);
    const rush = phone.tasks[0]!;
    expect((await patch(rush.id, 'in_progress', maid.cookie)).status).toBe(200);
    expect((await patch(rush.id, 'done', maid.cookie)).status).toBe(200);
    expect(taskOf(await openDay(maid.cookie), '103', 'departure').status).toBe('done');
  });

  it('an inspection before its clean is refused in words, in both languages; after the clean it starts', async () => {
    const inspection = taskOf(await openDay(staff), '102', 'inspection');
    const ar = await patch(inspection.id, 'in_progress', staff, 'ar');
    expect(ar.status).toBe(409);
    expect(await ar.json()).toMatchObject({
      error: { code: 'task_clean_first', message: 'أنهِ تنظيف المغادرة قبل الفحص' },
    });
    const en = await patch(inspection.id, 'in_progress', staff, 'en');
    expect(await en.json()).toMatchObject({
      error: { code: 'task_clean_first', message: 'Finish the departure clean before the inspection' },
    });
    const clean = taskOf(await openDay(staff), '102', 'departure');
    expect((await patch(clean.id, 'in_progress', staff)).status).toBe(200);
    expect((await patch(clean.id, 'done', staff)).status).toBe(200);
    expect(taskOf(await openDay(staff), '102', 'inspection').waitingFor).toBeNull();
    expect((await patch(inspection.id, 'in_progress', staff)).status).toBe(200);
    expect((await patch(inspection.id, 'done', staff)).status).toBe(200);
  });
});

describe('the day close', () => {
  it('moves housekeeping to the new day', async () => {
    await closedDay(yesterday, manager);
    const board = await openDay(staff);
    expect(board).toMatchObject({ date: day(0), made: true });
  });
});
