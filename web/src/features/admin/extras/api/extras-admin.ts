import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readJson } from '@/lib/api-client';
import { downscaleImage } from '@/offline/downscale';

/**
 * /api/admin/extras (managers; docs/decisions/098-stay-extras.md): the offers a guest may add to a
 * stay before arriving, the room types and plans they may name, and each one's photo.
 */
export const extrasAdminKeys = {
  all: ['admin', 'extras'] as const,
  list: ['admin', 'extras', 'list'] as const,
};

const admin = api.admin.extras;
export type ExtraBody = InferRequestType<(typeof admin)['$post']>['json'];

export const extrasAdminQueryOptions = () =>
  queryOptions({
    queryKey: extrasAdminKeys.list,
    queryFn: () => readJson(() => admin.$get()),
    staleTime: 5_000,
    meta: { persist: false },
  });
export type ExtrasAdminData = Awaited<
  ReturnType<NonNullable<ReturnType<typeof extrasAdminQueryOptions>['queryFn']>>
>;
export type AdminExtra = ExtrasAdminData['extras'][number];

export function useExtrasAdmin() {
  return useQuery(extrasAdminQueryOptions());
}

/** What the screen shows first: started with its code (app/more-routes.tsx). */
export const extrasAdminFirstQueries = () => [extrasAdminQueryOptions()];

/** POST or PUT an offer, then its photo (downscaled on the device) when one was chosen. */
export function useSaveExtra() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, photo }: { id?: number; body: ExtraBody; photo?: Blob | null }) => {
      const saved =
        id === undefined
          ? await readJson(admin.$post({ json: body }))
          : await readJson(admin[':id'].$put({ param: { id: String(id) }, json: body }));
      if (photo) {
        const image = await downscaleImage(photo);
        await readJson(
          admin[':id'].photo.$put(
            { param: { id: String(saved.extra.id) } },
            { init: { body: image, headers: { 'Content-Type': image.type || 'application/octet-stream' } } },
          ),
        );
      }
      return saved;
    },
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: extrasAdminKeys.all }),
  });
}

/** DELETE an offer: offered no more (its purchases keep it). */
export function useDeleteExtra() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => readJson(admin[':id'].$delete({ param: { id: String(id) } })),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: extrasAdminKeys.all }),
  });
}
