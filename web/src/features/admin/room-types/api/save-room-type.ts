import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateRoomTypeInput, UpdateRoomTypeInput } from '@shared/room-type-schemas';
import {
  adminRoomTypeKeys,
  adminRoomTypesQueryOptions,
} from '@/entities/admin/room-types/get-admin-room-types';
import { roomKeys } from '@/entities/rooms/room-keys';
import { api, readJson } from '@/lib/api-client';

/** POST /api/admin/room-types (admins): a new type, sold on the standard plan at once. 409 room_type_taken. */
export function createRoomType(input: CreateRoomTypeInput) {
  return readJson(api.admin['room-types'].$post({ json: input }));
}

/**
 * PATCH /api/admin/room-types/:code (admins): any of its fields, or `active` (false retires it;
 * 409 room_type_in_use while bookings of it are still to come). The code never changes.
 */
export function updateRoomType({ code, ...patch }: UpdateRoomTypeInput & { code: string }) {
  return readJson(api.admin['room-types'][':code'].$patch({ param: { code }, json: patch }));
}

/**
 * After a change: the types (every screen that lists them), and what guests see of rooms (the
 * catalogue, the counts: a new type comes with its inventory).
 */
function useRefreshRoomTypes() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminRoomTypeKeys.all }),
      queryClient.invalidateQueries({ queryKey: roomKeys.all }),
    ]);
}

export function useCreateRoomType() {
  const refresh = useRefreshRoomTypes();
  return useMutation({ mutationFn: createRoomType, networkMode: 'always', onSettled: refresh });
}

export function useUpdateRoomType() {
  const refresh = useRefreshRoomTypes();
  return useMutation({ mutationFn: updateRoomType, networkMode: 'always', onSettled: refresh });
}

/** What the room types screen shows first: started with its code (app/more-routes.tsx). */
export const roomTypesFirstQueries = () => [adminRoomTypesQueryOptions()];
