import type { RoomStatus } from '@shared/constants';
import { toCleanOrder } from '@shared/housekeeping';
import { hotelInstant } from '@shared/stay-policy';
import type { HousekeepingBoard } from '../api/get-housekeeping-board';

/**
 * The board as it will be once room `roomId` has `status` (set at `now`): the room's badge changes
 * and the "To clean" list is ordered again by the server's own rule (shared/src/housekeeping.ts),
 * so a room marked clean leaves the list at once and one marked dirty takes its place in it (a room
 * out of order put back in service as dirty too).
 */
export function withRoomStatus(
  board: HousekeepingBoard,
  roomId: number,
  status: RoomStatus,
  now: Date = new Date(),
): HousekeepingBoard {
  const floors = board.floors.map((floor) => ({
    ...floor,
    rooms: floor.rooms.map((room) =>
      // A status on a room out of order that day ends the period from today (the server's rule).
      room.id === roomId
        ? {
            ...room,
            status,
            statusChangedAt: now.toISOString(),
            outOfOrder: status === 'out_of_order' ? room.outOfOrder : null,
          }
        : room,
    ),
  }));
  const toClean = toCleanOrder(
    floors.flatMap((floor) =>
      floor.rooms.map((room) => ({
        ...room,
        statusChangedAt: room.statusChangedAt === null ? null : Date.parse(room.statusChangedAt),
        blocked: room.outOfOrder !== null,
      })),
    ),
    hotelInstant(board.date, '00:00').getTime(),
  );
  return { ...board, floors, toClean };
}
