import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoomStatus } from '@shared/constants';
import { api, readJson } from '@/lib/api-client';
import { withRoomStatus } from '../lib/board-optimistic';
import type { HousekeepingBoard } from './get-housekeeping-board';
import { housekeepingKeys } from './housekeeping-keys';

/** PUT /api/admin/rooms/:id { status } (staff): clean, inspected or dirty. */
export function setRoomStatus({ roomId, status }: { roomId: number; status: RoomStatus }) {
  return readJson(api.admin.rooms[':id'].$put({ param: { id: String(roomId) }, json: { status } }));
}

/** PUT /api/admin/rooms/:id with an out-of-order period (`to` exclusive: the day it is back). */
export function setOutOfOrder({
  roomId,
  from,
  to,
  reason,
}: {
  roomId: number;
  from: string;
  to: string;
  reason: string;
}) {
  return readJson(
    api.admin.rooms[':id'].$put({
      param: { id: String(roomId) },
      json: { outOfOrderFrom: from, outOfOrderTo: to, reason },
    }),
  );
}

const statusKey = ['admin', 'housekeeping', 'status'] as const;

/**
 * One tap: the board shows the new status at once (and the "To clean" list moves), and goes back
 * to what it was if the server refuses; the screen says why.
 */
export function useSetRoomStatus() {
  const queryClient = useQueryClient();
  const key = housekeepingKeys.day('today');
  return useMutation({
    mutationKey: statusKey,
    mutationFn: setRoomStatus,
    // Offline, a tap fails at once with a message instead of waiting.
    networkMode: 'always',
    onMutate: async ({ roomId, status }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<HousekeepingBoard>(key);
      if (previous) queryClient.setQueryData(key, withRoomStatus(previous, roomId, status));
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => {
      // Refetch once the last of a quick run of taps has settled, not in between.
      if (queryClient.isMutating({ mutationKey: statusKey }) === 1)
        return queryClient.invalidateQueries({ queryKey: housekeepingKeys.all });
    },
  });
}

export function useSetOutOfOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOutOfOrder,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: housekeepingKeys.all }),
  });
}
