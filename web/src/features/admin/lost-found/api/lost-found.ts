import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { currentUserQueryOptions, hasRole } from '@/entities/session/use-current-user';
import { api, readJson } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { downscaleImage } from '@/offline/downscale';

/**
 * /api/admin/lost-found: the items (held, due, returned, disposed; words; a page at a time), one
 * item's log and the stays it may be matched to, logging a found item and its photo, and the steps:
 * match, tell the guest, hand back, dispose. Every rule is the server's (modules/lost-found).
 */
export type LostFoundStatus = 'held' | 'due' | 'returned' | 'disposed';
export type LostFoundFilter = { status: LostFoundStatus; q: string };

export const lostFoundKeys = {
  all: ['admin', 'lost-found'] as const,
  list: (filter: LostFoundFilter) => [...lostFoundKeys.all, 'list', filter] as const,
  detail: (id: number) => [...lostFoundKeys.all, 'detail', id] as const,
};

export function getLostFound(filter: LostFoundFilter) {
  const q = filter.q.trim();
  return readJson(
    api.admin['lost-found'].$get({
      query: { ...(filter.status === 'held' ? {} : { status: filter.status }), ...(q ? { q } : {}) },
    }),
  );
}
export type LostFoundList = Awaited<ReturnType<typeof getLostFound>>;
export type LostItem = LostFoundList['items'][number];

export const lostFoundQueryOptions = (filter: LostFoundFilter) =>
  queryOptions({
    queryKey: lostFoundKeys.list(filter),
    queryFn: () => getLostFound(filter),
    staleTime: 10_000,
  });

export function useLostFound(filter: LostFoundFilter, enabled: boolean) {
  return useQuery({ ...lostFoundQueryOptions(filter), enabled });
}

/** The screen's first request: the items held, for the front desk and above (a housekeeper only logs one). */
export function lostFoundFirstQueries() {
  const user = queryClient.getQueryData(currentUserQueryOptions().queryKey);
  return user === undefined || hasRole(user, 'staff')
    ? [lostFoundQueryOptions({ status: 'held', q: '' })]
    : [];
}

export function useLostItem(id: number | null) {
  return useQuery({
    queryKey: lostFoundKeys.detail(id ?? 0),
    queryFn: () => readJson(api.admin['lost-found'][':id'].$get({ param: { id: String(id) } })),
    enabled: id !== null,
  });
}

type LogInput = InferRequestType<(typeof api.admin)['lost-found']['$post']>['json'];

/** POST /api/admin/lost-found, then its photo (downscaled on the device) when one was chosen. */
export function useLogItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ photo, ...json }: LogInput & { photo?: Blob | null }) => {
      const made = await readJson(api.admin['lost-found'].$post({ json }));
      if (photo) {
        const body = await downscaleImage(photo);
        await readJson(
          api.admin['lost-found'][':id'].photo.$put(
            { param: { id: String(made.item.id) } },
            { init: { body, headers: { 'Content-Type': body.type || 'application/octet-stream' } } },
          ),
        );
      }
      return made;
    },
    networkMode: 'always',
    onSettled: () => client.invalidateQueries({ queryKey: lostFoundKeys.all }),
  });
}

export type LostItemStep =
  | { step: 'match'; bookingId: number | null }
  | { step: 'notify' }
  | { step: 'return'; contactName: string; note?: string }
  | { step: 'dispose'; note?: string };

/** One step of an item: match, tell the guest, hand back, dispose. */
export function useLostItemStep(id: number) {
  const client = useQueryClient();
  const item = api.admin['lost-found'][':id'];
  const param = { id: String(id) };
  return useMutation({
    mutationFn: (input: LostItemStep) => {
      switch (input.step) {
        case 'match':
          return readJson(item.match.$post({ param, json: { bookingId: input.bookingId } }));
        case 'notify':
          return readJson(item.notify.$post({ param }));
        case 'return':
          return readJson(
            item.return.$post({ param, json: { contactName: input.contactName, note: input.note } }),
          );
        case 'dispose':
          return readJson(item.dispose.$post({ param, json: { note: input.note } }));
      }
    },
    networkMode: 'always',
    onSettled: () => client.invalidateQueries({ queryKey: lostFoundKeys.all }),
  });
}

/** The address of an item's photo (staff only; the browser sends the session cookie). */
export const lostItemPhotoUrl = (id: number) => `/api/admin/lost-found/${id}/photo`;

/** GET /api/admin/lost-found/rooms: the rooms to log an item in (anyone on the staff). */
export function useRoomsToLogIn() {
  return useQuery({
    queryKey: [...lostFoundKeys.all, 'rooms'],
    queryFn: () => readJson(api.admin['lost-found'].rooms.$get()),
    staleTime: 5 * 60_000,
  });
}
