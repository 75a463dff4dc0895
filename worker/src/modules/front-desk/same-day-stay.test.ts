import { beforeAll, describe, expect, it } from 'vitest';
import type { HousekeepingTasksAnswer } from '@shared/housekeeping-tasks';
import {
  assign,
  book,
  closedDay,
  day,
  json,
  roomIdOf,
  setBookingStatus,
  setRoomStatus,
  settleFolio,
  staffAccount,
} from '@worker-test/builders';
import { call } from '@worker-test/helpers';

/**
 * A stay checked in and out the same evening. Its check-out releases the room's nights
 * from today on, so the stay holds no night at all: the housekeeping tasks (what the room nights ask,
 * decision 091) asked no departure clean for its room, and an item found in the room that day (the
 * stays that had the room on the night before or that night) matched no one. Both must follow the
 * stay that left.
 */
let manager = '';
let desk = '';
beforeAll(async () => {
  manager = (await staffAccount({ role: 'manager' })).cookie;
  desk = (await staffAccount({ role: 'staff' })).cookie;
  // The close of yesterday makes today's tasks (the housekeeping day the check-out changes).
  await closedDay(day(-1), manager);
});

/** A guest who arrives today in room `number`, checked in and out again this evening at the desk. */
async function inAndOutToday(number: string, fullName: string) {
  const stay = await book({ fullName, roomType: 'silver', checkInDate: day(0), checkOutDate: day(1) });
  await setBookingStatus(stay.id, 'approved', { cookie: desk });
  await assign(stay.id, number);
  await setRoomStatus(number, 'clean');
  const move = (what: 'check-in' | 'check-out', body?: Record<string, unknown>) =>
    call(`/api/booking-submissions/${stay.id}/${what}`, { method: 'POST', cookie: desk, json: body });
  const inside = await move('check-in', {});
  expect(inside.status, await inside.clone().text()).toBe(200);
  await settleFolio(stay.id);
  const out = await move('check-out');
  expect(out.status, await out.clone().text()).toBe(200);
  return stay;
}

describe('a stay checked in and out the same evening', () => {
  it('leaves its room a departure clean and its inspection today, for the stay that left', async () => {
    const stay = await inAndOutToday('110', 'Evening Guest');
    const res = await call(`/api/housekeeping/tasks?date=${day(0)}`, { cookie: desk });
    expect(res.status, await res.clone().text()).toBe(200);
    const tasks = (await json<HousekeepingTasksAnswer>(res)).tasks.filter((t) => t.room.number === '110');
    expect(tasks.map((t) => t.kind).sort()).toEqual(['departure', 'inspection']);
    // The clean may start: its guest has checked out.
    const clean = tasks.find((t) => t.kind === 'departure')!;
    const started = await call(`/api/housekeeping/tasks/${clean.id}`, {
      method: 'PATCH',
      cookie: desk,
      json: { status: 'in_progress' },
    });
    expect(started.status, await started.clone().text()).toBe(200);
    expect(clean).toMatchObject({ checkedOut: true });
    expect(stay.id).toBeGreaterThan(0);
  });

  it('an item found in its room that day is matched to it', async () => {
    const stay = await inAndOutToday('111', 'Forgetful Guest');
    const made = await call('/api/admin/lost-found', {
      method: 'POST',
      cookie: desk,
      json: { roomId: await roomIdOf('111'), place: 'Bedside table', description: 'Reading glasses' },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const { item } = await json<{ item: { stay: { id: number } | null } }>(made);
    expect(item.stay).toMatchObject({ id: stay.id });
  });
});
