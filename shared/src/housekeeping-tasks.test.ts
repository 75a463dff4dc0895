import { describe, expect, it } from 'vitest';
import { balanceRooms, canMoveTask, housekeepingDay, taskMoves, taskPatchSchema } from './housekeeping-tasks';

describe('the day housekeeping works on', () => {
  it('is the business day not yet closed: the day before until the close, never before yesterday', () => {
    // 00:30 on the 11th, the cron not run yet: the 10th is still open.
    expect(housekeepingDay('2026-03-11', '2026-03-09')).toBe('2026-03-10');
    // After the 03:00 close of the 10th.
    expect(housekeepingDay('2026-03-11', '2026-03-10')).toBe('2026-03-11');
    // The 11th closed early, before its midnight (the night audit at 23:00): the 12th is open.
    expect(housekeepingDay('2026-03-11', '2026-03-11')).toBe('2026-03-12');
    // Closes stopped a week ago: no further back than yesterday.
    expect(housekeepingDay('2026-03-11', '2026-03-02')).toBe('2026-03-10');
    // No day ever closed (days made by hand): the calendar's.
    expect(housekeepingDay('2026-03-11', null)).toBe('2026-03-11');
    // Across a month's end.
    expect(housekeepingDay('2026-03-01', '2026-02-27')).toBe('2026-02-28');
  });
});

describe('what a person may do with a task now', () => {
  it('its rules and what it waits for: no start before the check-out or the clean', () => {
    expect(taskMoves({ kind: 'stay_over', status: 'pending', waitingFor: null })).toEqual([
      'in_progress',
      'dnd',
      'refused',
    ]);
    expect(taskMoves({ kind: 'departure', status: 'pending', waitingFor: 'checkout' })).toEqual([]);
    expect(taskMoves({ kind: 'departure', status: 'pending', waitingFor: null })).toEqual(['in_progress']);
    expect(taskMoves({ kind: 'inspection', status: 'pending', waitingFor: 'clean' })).toEqual([]);
    expect(taskMoves({ kind: 'inspection', status: 'in_progress', waitingFor: null })).toEqual([
      'pending',
      'done',
    ]);
    expect(taskMoves({ kind: 'stay_over', status: 'done', waitingFor: null })).toEqual([]);
  });
});

describe('a task’s moves', () => {
  it('starts, finishes, waits on a sign; done and refused are final; an empty room has no guest to refuse', () => {
    expect(canMoveTask('stay_over', 'pending', 'in_progress')).toBe(true);
    expect(canMoveTask('stay_over', 'in_progress', 'done')).toBe(true);
    expect(canMoveTask('stay_over', 'pending', 'dnd')).toBe(true);
    expect(canMoveTask('turndown', 'dnd', 'refused')).toBe(true);
    expect(canMoveTask('stay_over', 'done', 'in_progress')).toBe(false);
    expect(canMoveTask('stay_over', 'refused', 'pending')).toBe(false);
    expect(canMoveTask('stay_over', 'pending', 'done')).toBe(false);
    expect(canMoveTask('departure', 'pending', 'dnd')).toBe(false);
    expect(canMoveTask('inspection', 'pending', 'refused')).toBe(false);
  });

  it('a status must be one of the five, said by its code', () => {
    expect(taskPatchSchema.safeParse({ status: 'done' }).success).toBe(true);
    expect(taskPatchSchema.safeParse({ status: 'pending', assignedTo: null }).success).toBe(true);
    const bad = taskPatchSchema.safeParse({ status: 'asleep' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('task_status_invalid');
  });
});

describe('balancing rooms by credits', () => {
  const room = (roomId: number, floor: number, credits: number) => ({
    roomId,
    number: String(floor * 100 + (roomId % 100)),
    floor,
    credits,
  });

  it('spreads the credits evenly, floors kept together, in floor and number order', () => {
    // Floor 1: four departures (4 each); floor 2: four stay-overs (2 each): 24 credits, 12 each.
    const rooms = [
      room(101, 1, 4),
      room(102, 1, 4),
      room(103, 1, 4),
      room(104, 1, 4),
      room(201, 2, 2),
      room(202, 2, 2),
      room(203, 2, 2),
      room(204, 2, 2),
    ];
    const given = balanceRooms(rooms, [7, 9]);
    const load = (person: number) =>
      rooms.filter((r) => given.get(r.roomId) === person).reduce((sum, r) => sum + r.credits, 0);
    expect(load(7)).toBe(12);
    expect(load(9)).toBe(12);
    expect([101, 102, 103].map((id) => given.get(id))).toEqual([7, 7, 7]);
    expect([104, 201, 202, 203, 204].map((id) => given.get(id))).toEqual([9, 9, 9, 9, 9]);
  });

  it('one housekeeper takes everything; nobody on duty, nothing is given', () => {
    const rooms = [room(101, 1, 4), room(301, 3, 2)];
    expect([...balanceRooms(rooms, [5]).values()]).toEqual([5, 5]);
    expect(balanceRooms(rooms, []).size).toBe(0);
  });

  it('three people over uneven rooms: nobody more than one room’s credits from the share', () => {
    const rooms = Array.from({ length: 11 }, (_, i) =>
      room(100 + i, 1 + Math.floor(i / 4), i % 3 === 0 ? 4 : 2),
    );
    const given = balanceRooms(rooms, [1, 2, 3]);
    const total = rooms.reduce((sum, r) => sum + r.credits, 0);
    for (const person of [1, 2, 3]) {
      const load = rooms.filter((r) => given.get(r.roomId) === person).reduce((sum, r) => sum + r.credits, 0);
      expect(Math.abs(load - total / 3)).toBeLessThanOrEqual(4);
    }
  });
});
