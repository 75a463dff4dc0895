import { describe, expect, it } from 'vitest';
import { hotelInstant } from '@shared/stay-policy';
import type { HousekeepingBoard, HousekeepingRoom } from '../api/get-housekeeping-board';
import { withRoomStatus } from './board-optimistic';

const DAY = '2031-03-10';
const yesterday = hotelInstant('2031-03-09', '15:00').toISOString();

function room(id: number, number: string, patch: Partial<HousekeepingRoom> = {}): HousekeepingRoom {
  return {
    id,
    number,
    roomType: 'silver',
    floor: Number(number[0]),
    status: 'clean',
    notes: null,
    statusChangedAt: yesterday,
    outOfOrder: null,
    departure: false,
    checkedOut: false,
    lateCheckOut: null,
    stayOver: false,
    arrival: false,
    arrived: false,
    vacant: true,
    ...patch,
  };
}

const board: HousekeepingBoard = {
  date: DAY,
  floors: [
    {
      floor: 1,
      rooms: [
        room(1, '101', { status: 'dirty', departure: true }),
        room(2, '102', { stayOver: true, vacant: false }),
        room(3, '103', { status: 'dirty' }),
        room(4, '104'),
        room(5, '105', {
          status: 'out_of_order',
          outOfOrder: { from: DAY, to: '2031-03-12', reason: 'Leak' },
        }),
      ],
    },
  ],
  toClean: [
    { roomId: 1, why: 'departure' },
    { roomId: 2, why: 'stay_over' },
    { roomId: 3, why: 'dirty' },
  ],
};

const now = hotelInstant(DAY, '10:00');

describe('the board after a tap (optimistic)', () => {
  it('a room marked clean leaves "To clean" and shows its new status', () => {
    const next = withRoomStatus(board, 1, 'clean', now);
    expect(next.toClean).toEqual([
      { roomId: 2, why: 'stay_over' },
      { roomId: 3, why: 'dirty' },
    ]);
    expect(next.floors[0]!.rooms[0]).toMatchObject({ status: 'clean', statusChangedAt: now.toISOString() });
    // The cached board is not changed in place (the rollback restores it).
    expect(board.floors[0]!.rooms[0]!.status).toBe('dirty');
  });

  it("a stay-over's daily service is done once marked clean or inspected that day", () => {
    expect(withRoomStatus(board, 2, 'inspected', now).toClean.map((e) => e.roomId)).toEqual([1, 3]);
  });

  it('a room marked dirty takes its place in the order', () => {
    const next = withRoomStatus(board, 4, 'dirty', now);
    expect(next.toClean).toEqual([
      { roomId: 1, why: 'departure' },
      { roomId: 2, why: 'stay_over' },
      { roomId: 3, why: 'dirty' },
      { roomId: 4, why: 'dirty' },
    ]);
    expect(withRoomStatus(next, 1, 'dirty', now).toClean[0]).toEqual({ roomId: 1, why: 'departure' });
  });

  it('a room out of order put back in service as dirty is to clean', () => {
    const next = withRoomStatus(board, 5, 'dirty', now);
    expect(next.floors[0]!.rooms[4]).toMatchObject({ status: 'dirty', outOfOrder: null });
    expect(next.toClean.at(-1)).toEqual({ roomId: 5, why: 'dirty' });
  });
});
