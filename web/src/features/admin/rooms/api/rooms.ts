import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { TIMING } from '@shared/constants';
import { api, readJson } from '@/lib/api-client';

/** Query keys of the rooms screen. */
export const roomsKeys = {
  all: ['admin', 'rooms'] as const,
  list: () => [...roomsKeys.all, 'list'] as const,
};

/** GET /api/admin/rooms (staff): the active rooms with their out-of-order periods. */
export function getRooms() {
  return readJson(api.admin.rooms.$get());
}
export type AdminRoom = Awaited<ReturnType<typeof getRooms>>['rooms'][number];

export const roomsQueryOptions = () =>
  queryOptions({
    queryKey: roomsKeys.list(),
    queryFn: getRooms,
    refetchInterval: TIMING.inventoryPoll,
    staleTime: 10_000,
  });

export function useRooms() {
  return useQuery(roomsQueryOptions());
}

type CreateInput = InferRequestType<typeof api.admin.rooms.$post>['json'];
type UpdateInput = InferRequestType<(typeof api.admin.rooms)[':id']['$put']>['json'];

/** POST /api/admin/rooms (admin): 409 room_number_taken. */
export function useCreateRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInput) => readJson(api.admin.rooms.$post({ json: input })),
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomsKeys.all }),
  });
}

/** PUT /api/admin/rooms/:id: renumber, floor, notes, retire, status, out of order (or its end). */
export function useUpdateRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...json }: UpdateInput & { id: number }) =>
      readJson(api.admin.rooms[':id'].$put({ param: { id: String(id) }, json })),
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomsKeys.all }),
  });
}

/** GET /api/admin/work-orders/rooms/:id: a room's work orders, newest first (a page). */
export function useRoomWorkOrders(roomId: number) {
  return useQuery({
    queryKey: [...roomsKeys.all, 'work-orders', roomId],
    queryFn: () =>
      readJson(api.admin['work-orders'].rooms[':id'].$get({ param: { id: String(roomId) }, query: {} })),
  });
}
