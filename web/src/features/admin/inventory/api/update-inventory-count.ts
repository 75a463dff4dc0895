import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BedType, SmokingType } from '@shared/constants';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { api, readJson } from '@/lib/api-client';
import type { BedInventoryRow } from '@/entities/rooms/get-bed-inventory';
import type { RoomInventoryRow } from '@/entities/rooms/get-room-inventory';
import type { SmokingInventoryRow } from '@/entities/rooms/get-smoking-inventory';
import { roomKeys } from '@/entities/rooms/room-keys';

/** One staff counter: the rooms of a type, or its beds of a kind, or its smoking rooms of a kind. */
export type CounterTarget =
  | { kind: 'rooms'; roomType: RoomTypeCode }
  | { kind: 'beds'; roomType: RoomTypeCode; bedType: BedType }
  | { kind: 'smoking'; roomType: RoomTypeCode; smokingType: SmokingType };

export type CounterChange = { target: CounterTarget; totalCount: number };

type AnyRow = RoomInventoryRow | BedInventoryRow | SmokingInventoryRow;

/**
 * The spec's PUT calls. Each sets the allotment (the sellable count); the
 * server refuses a value below 0 or above the row's cap (400, the message in
 * fields.availableCount) and answers the row with tonight's availability.
 */
export function updateInventoryCount({ target, totalCount }: CounterChange): Promise<{ row: AnyRow }> {
  switch (target.kind) {
    case 'rooms':
      return readJson(
        api['room-inventory'][':roomType'].$put({
          param: { roomType: target.roomType },
          json: { availableCount: totalCount },
        }),
      );
    case 'beds':
      return readJson(
        api['room-bed-inventory'][':roomType'][':bedType'].$put({
          param: { roomType: target.roomType, bedType: target.bedType },
          json: { totalCount, availableCount: totalCount },
        }),
      );
    case 'smoking':
      return readJson(
        api['room-smoking-inventory'][':roomType'][':smokingType'].$put({
          param: { roomType: target.roomType, smokingType: target.smokingType },
          json: { totalCount, availableCount: totalCount },
        }),
      );
  }
}

/**
 * Tonight's counts the staff screen shows (a retired type's rows too; the guests' room cards,
 * without them, are refreshed when the change settles).
 */
export function counterQueryKey(target: CounterTarget): QueryKey {
  return roomKeys.staffInventory(target.kind);
}

export function isTargetRow(target: CounterTarget, row: AnyRow): boolean {
  if (row.roomType !== target.roomType) return false;
  if (target.kind === 'beds') return 'bedType' in row && row.bedType === target.bedType;
  if (target.kind === 'smoking') return 'smokingType' in row && row.smokingType === target.smokingType;
  return true;
}

/**
 * The row as it will be once the allotment is `totalCount`: tonight's holds
 * (allotment minus available) stay as they are.
 */
export function withTotal<R extends AnyRow>(row: R, totalCount: number): R {
  const held = Math.max(0, row.totalCount - row.availableCount);
  return { ...row, totalCount, availableCount: Math.max(0, totalCount - held) };
}

const mutationKey = ['admin', 'inventory', 'update'] as const;

/** Optimistic: the counter moves at once and goes back if the server refuses. */
export function useUpdateInventoryCount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn: updateInventoryCount,
    networkMode: 'always',
    onMutate: async ({ target, totalCount }) => {
      const key = counterQueryKey(target);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<AnyRow[]>(key);
      queryClient.setQueryData<AnyRow[]>(key, (rows) =>
        rows?.map((row) => (isTargetRow(target, row) ? withTotal(row, totalCount) : row)),
      );
      return { previous };
    },
    onError: (_error, { target }, context) => {
      if (context?.previous) queryClient.setQueryData(counterQueryKey(target), context.previous);
    },
    onSuccess: ({ row }, { target }) => {
      queryClient.setQueryData<AnyRow[]>(counterQueryKey(target), (rows) =>
        rows?.map((r) => (isTargetRow(target, r) ? { ...r, ...row } : r)),
      );
    },
    onSettled: () => {
      // Refetch once the last of a quick run of presses has settled, not in between.
      if (queryClient.isMutating({ mutationKey }) === 1) {
        return queryClient.invalidateQueries({ queryKey: roomKeys.inventories() });
      }
    },
  });
}
