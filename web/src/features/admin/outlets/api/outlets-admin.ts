import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readJson } from '@/lib/api-client';
import { downscaleImage } from '@/offline/downscale';

/**
 * /api/admin/outlets (managers; docs/decisions/090-outlets.md): the outlets with their hours and
 * staff, each one's menu and its outside systems' keys.
 */
export const outletAdminKeys = {
  all: ['admin', 'outlets'] as const,
  list: ['admin', 'outlets', 'list'] as const,
  items: (id: number) => ['admin', 'outlets', 'items', id] as const,
  keys: (id: number) => ['admin', 'outlets', 'keys', id] as const,
};

const admin = api.admin.outlets;
export type OutletBody = InferRequestType<(typeof admin)['$post']>['json'];
export type ItemBody = InferRequestType<(typeof admin)[':id']['items']['$post']>['json'];

export const outletsAdminQueryOptions = () =>
  queryOptions({
    queryKey: outletAdminKeys.list,
    queryFn: () => readJson(() => admin.$get()),
    staleTime: 5_000,
    meta: { persist: false },
  });
export type OutletsAdminData = Awaited<
  ReturnType<NonNullable<ReturnType<typeof outletsAdminQueryOptions>['queryFn']>>
>;
export type AdminOutlet = OutletsAdminData['outlets'][number];

export function useOutletsAdmin() {
  return useQuery(outletsAdminQueryOptions());
}

/** What the screen shows first: started with its code (app/more-routes.tsx). */
export const outletsAdminFirstQueries = () => [outletsAdminQueryOptions()];

export function useSaveOutlet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: OutletBody }) =>
      id === undefined
        ? readJson(admin.$post({ json: body }))
        : readJson(admin[':id'].$put({ param: { id: String(id) }, json: body })),
    networkMode: 'always',
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: outletAdminKeys.all }),
  });
}

export function useOutletItems(id: number) {
  return useQuery({
    queryKey: outletAdminKeys.items(id),
    queryFn: () => readJson(() => admin[':id'].items.$get({ param: { id: String(id) } })),
    meta: { persist: false },
  });
}
export type AdminItem = NonNullable<ReturnType<typeof useOutletItems>['data']>['items'][number];

export function useSaveItem(outletId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, body }: { itemId?: number; body: ItemBody }) =>
      itemId === undefined
        ? readJson(admin[':id'].items.$post({ param: { id: String(outletId) }, json: body }))
        : readJson(
            admin[':id'].items[':itemId'].$put({
              param: { id: String(outletId), itemId: String(itemId) },
              json: body,
            }),
          ),
    networkMode: 'always',
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: outletAdminKeys.items(outletId) }),
  });
}

export function useOutletKeys(id: number) {
  return useQuery({
    queryKey: outletAdminKeys.keys(id),
    queryFn: () => readJson(() => admin[':id'].keys.$get({ param: { id: String(id) } })),
    meta: { persist: false },
  });
}

export function useMakeKey(outletId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (label: string) =>
      readJson(admin[':id'].keys.$post({ param: { id: String(outletId) }, json: { label } })),
    networkMode: 'always',
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: outletAdminKeys.keys(outletId) }),
  });
}

export function useRevokeKey(outletId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: number) =>
      readJson(
        admin[':id'].keys[':keyId'].$delete({ param: { id: String(outletId), keyId: String(keyId) } }),
      ),
    networkMode: 'always',
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: outletAdminKeys.keys(outletId) }),
  });
}

/**
 * PUT /api/admin/outlets/:id/items/:itemId/photo (the image, downscaled on the device, as the body)
 * or DELETE it (`photo` null): the item's photo on the guests' menu (docs/decisions/102-outlet-orders.md).
 */
export function useItemPhoto(outletId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ itemId, photo }: { itemId: number; photo: Blob | null }) => {
      const param = { id: String(outletId), itemId: String(itemId) };
      const route = admin[':id'].items[':itemId'].photo;
      if (!photo) return readJson(route.$delete({ param }));
      const body = await downscaleImage(photo);
      return readJson(
        route.$put(
          { param },
          { init: { body, headers: { 'Content-Type': body.type || 'application/octet-stream' } } },
        ),
      );
    },
    networkMode: 'always',
    onSettled: () => void queryClient.invalidateQueries({ queryKey: outletAdminKeys.items(outletId) }),
  });
}
