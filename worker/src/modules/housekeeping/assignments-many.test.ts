import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HousekeepingTasksAnswer } from '@shared/housekeeping-tasks';
import { codeOf, day, json, rows, staffAccount, stayInRoom } from '@worker-test/builders';
import { call, logIn } from '@worker-test/helpers';

/**
 * The supervisor's board sent whole (PUT /api/housekeeping/assignments takes up to 500 rooms): a
 * hotel of 120 rooms given to one housekeeper, or taken back from everyone, at once. D1 binds at most
 * 100 values in a statement; the attack of docs/security/attack-2026-11-27.md found the board's
 * update refused past that (a 500), and one past 100 people too.
 */
const D = day(60);
let staff: string;
let maid: { cookie: string; id: number };

beforeAll(async () => {
  staff = (await logIn('staff@example.com', 'change-me-staff')).cookie;
  const account = await staffAccount({ role: 'housekeeper', fullName: 'Board Housekeeper' });
  const row = await env.DB.prepare('select id from users where email = ?')
    .bind(account.email)
    .first<{ id: number }>();
  maid = { cookie: account.cookie, id: row!.id };
  // Two stays over that night, and the day's tasks made.
  await stayInRoom('101', day(59), day(62));
  await stayInRoom('102', day(59), day(62));
  const made = await call('/api/housekeeping/days', { method: 'POST', cookie: staff, json: { date: D } });
  expect(made.status, await made.clone().text()).toBe(201);
});

/** Every room of the hotel, then ids past them up to 150 (a bigger hotel's board). */
async function board(assignedTo: number | null) {
  const ids = (await rows<{ id: number }>('select id from hotel_rooms order by id')).map((r) => r.id);
  for (let next = Math.max(...ids) + 1; ids.length < 150; next++) ids.push(next);
  return ids.map((roomId) => ({ roomId, assignedTo }));
}

const mine = async (cookie: string) => {
  const res = await call(`/api/housekeeping/tasks?date=${D}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json<HousekeepingTasksAnswer>(res)).tasks.map((t) => t.room.number).sort();
};

describe('the whole board at once', () => {
  it('150 rooms given to one housekeeper, then taken back from everyone', async () => {
    const given = await call('/api/housekeeping/assignments', {
      method: 'PUT',
      cookie: staff,
      json: { date: D, rooms: await board(maid.id) },
    });
    expect(given.status, await given.clone().text()).toBe(200);
    expect(await mine(maid.cookie)).toEqual(['101', '102']);

    const back = await call('/api/housekeeping/assignments', {
      method: 'PUT',
      cookie: staff,
      json: { date: D, rooms: await board(null) },
    });
    expect(back.status, await back.clone().text()).toBe(200);
    expect(await mine(maid.cookie)).toEqual([]);
  });

  it('more than 100 people named: 400, as for anyone who is no housekeeper', async () => {
    const rooms = Array.from({ length: 120 }, (_, i) => ({ roomId: i + 1, assignedTo: maid.id + 1000 + i }));
    const res = await call('/api/housekeeping/assignments', {
      method: 'PUT',
      cookie: staff,
      lang: 'en',
      json: { date: D, rooms },
    });
    expect(res.status, await res.clone().text()).toBe(400);
    expect((await codeOf(res)).code).toBe('task_assignee_invalid');
  });
});
