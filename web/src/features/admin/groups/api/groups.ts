import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { CityLedgerAccount } from '@shared/day-close';
import type {
  CreateGroupInput,
  GroupDetail,
  GroupList,
  RoomingListGuest,
  UpdateGroupInput,
} from '@shared/group-schemas';
import { allRoomTypesQueryOptions, roomTypesQueryOptions } from '@/entities/rooms/get-room-types';
import { api, ApiRequestError, readJson } from '@/lib/api-client';

/** Query keys of the group blocks (managers). */
export const groupKeys = {
  all: ['admin', 'groups'] as const,
  list: () => [...groupKeys.all, 'list'] as const,
  detail: (id: number) => [...groupKeys.all, 'detail', id] as const,
  folio: (id: number) => [...groupKeys.all, 'folio', id] as const,
  companies: () => [...groupKeys.all, 'companies'] as const,
  plans: () => [...groupKeys.all, 'plans'] as const,
};

const groups = api.admin.groups;

/** GET /api/admin/groups: the blocks, newest first, each with its nights and totals, a page at a time. */
export const groupListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: groupKeys.list(),
    queryFn: ({ pageParam }): Promise<GroupList> =>
      readJson(() => groups.$get({ query: { page: String(pageParam) } })),
    initialPageParam: 1,
    getNextPageParam: (last: GroupList) => (last.hasMore ? last.page + 1 : undefined),
    staleTime: 5_000,
    meta: { persist: false },
  });

export function useGroupList() {
  return useInfiniteQuery(groupListQueryOptions());
}

/** GET /api/admin/groups/:id: the block, each night's held and picked up per type, its members. */
export const groupDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: groupKeys.detail(id),
    queryFn: (): Promise<GroupDetail> => readJson(() => groups[':id'].$get({ param: { id: String(id) } })),
    staleTime: 5_000,
    meta: { persist: false },
  });

export function useGroupDetail(id: number) {
  return useQuery(groupDetailQueryOptions(id));
}

/** The company accounts a block may belong to (the city ledger's, companies only). */
export const companiesQueryOptions = () =>
  queryOptions({
    queryKey: groupKeys.companies(),
    queryFn: async (): Promise<CityLedgerAccount[]> => {
      const { accounts } = (await readJson(() => api.admin['city-ledger'].$get())) as {
        accounts: CityLedgerAccount[];
      };
      return accounts.filter((a) => a.active && (a.kind ?? 'company') === 'company');
    },
    staleTime: 30_000,
    meta: { persist: false },
  });

export function useCompanies() {
  return useQuery(companiesQueryOptions());
}

/** Every plan the hotel sells, the private (company) ones too: a block may be at any. */
export const groupPlansQueryOptions = () =>
  queryOptions({
    queryKey: groupKeys.plans(),
    queryFn: async () => (await readJson(api.admin['rate-plans'].$get())).ratePlans,
    staleTime: 30_000,
    meta: { persist: false },
  });

export function useGroupPlans() {
  return useQuery(groupPlansQueryOptions());
}

/** What the list screen shows first: started with its code (app/more-routes.tsx). */
export const groupsFirstQueries = () => [groupListQueryOptions()];

/** What a block's screen shows first. */
export const groupFirstQueries = (id: number) => [
  groupDetailQueryOptions(id),
  // The nights and guests name their room types.
  roomTypesQueryOptions(),
  allRoomTypesQueryOptions(),
];

/** POST /api/admin/groups (new) or PATCH /api/admin/groups/:id: answers the block. */
export function useSaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CreateGroupInput | UpdateGroupInput }) =>
      id === undefined
        ? readJson(groups.$post({ json: body as CreateGroupInput }))
        : readJson(groups[':id'].$patch({ param: { id: String(id) }, json: body })),
    networkMode: 'always',
    onSuccess: (saved) => {
      queryClient.setQueryData(groupKeys.detail(saved.group.id), saved);
      void queryClient.invalidateQueries({ queryKey: groupKeys.list() });
    },
  });
}

/** POST /api/admin/groups/:id/release or /cancel: what is not picked up goes back on sale. */
export function useGroupAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'release' | 'cancel') =>
      action === 'release'
        ? readJson(groups[':id'].release.$post({ param: { id: String(id) } }))
        : readJson(groups[':id'].cancel.$post({ param: { id: String(id) }, json: {} })),
    networkMode: 'always',
    onSuccess: (saved) => {
      queryClient.setQueryData(groupKeys.detail(id), saved);
      void queryClient.invalidateQueries({ queryKey: groupKeys.list() });
    },
  });
}

/** A rooming list's line as sent (dates and children left out: the block's nights). */
export type RoomingLineBody = Pick<RoomingListGuest, 'fullName' | 'roomType' | 'adults'> & {
  phoneNumber?: string;
  children?: number;
  checkInDate?: string;
  checkOutDate?: string;
};

/** POST /api/admin/groups/:id/rooming-list: a booking per line, all or none. */
export function useBookRoomingList(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (guests: RoomingLineBody[]) =>
      readJson(groups[':id']['rooming-list'].$post({ param: { id: String(id) }, json: { guests } })),
    networkMode: 'always',
    onSuccess: (saved) => {
      queryClient.setQueryData(groupKeys.detail(id), saved);
      void queryClient.invalidateQueries({ queryKey: groupKeys.list() });
      void queryClient.invalidateQueries({ queryKey: groupKeys.folio(id) });
    },
  });
}

/**
 * The lines (0-based) a 409 `block_exceeded` names: `lines` in the error body, or the
 * per-field messages `guests.N`.
 */
export function exceededLines(error: unknown): number[] {
  if (!(error instanceof ApiRequestError) || !error.body) return [];
  const body = error.body.error as { lines?: unknown; details?: { lines?: unknown } };
  const listed = Array.isArray(body.lines)
    ? body.lines
    : Array.isArray(body.details?.lines)
      ? body.details.lines
      : [];
  const fromFields = Object.keys(error.body.error.fields ?? {})
    .map((key) => /^guests\.(\d+)/.exec(key)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number);
  return [...new Set([...listed.filter((n): n is number => typeof n === 'number'), ...fromFields])].sort(
    (a, b) => a - b,
  );
}

/**
 * The lines (0-based) the server refused with a reason of their own (`guests.N`, or a field of
 * the line `guests.N.fullName`): each line's sentences, already in the page's language.
 */
export function refusedLines(fields: Record<string, string>): Map<number, string> {
  const lines = new Map<number, string>();
  for (const [key, sentence] of Object.entries(fields)) {
    const line = /^guests\.(\d+)(?:\.|$)/.exec(key)?.[1];
    if (line === undefined) continue;
    const n = Number(line);
    const before = lines.get(n);
    lines.set(n, before && before !== sentence ? `${before} · ${sentence}` : sentence);
  }
  return lines;
}
