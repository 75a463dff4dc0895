import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MediaOwnerKind } from '@shared/media-schemas';
import { api, readJson } from '@/lib/api-client';
import { adminMediaKeys } from './media-keys';

export type PhotoOwner = { ownerKind: MediaOwnerKind; ownerId: string };

/** GET /api/admin/media?ownerKind=&ownerId= (staff): one owner's photos, in order. */
export async function getPhotos(owner: PhotoOwner) {
  return (await readJson(api.admin.media.$get({ query: owner }))).photos;
}

export type AdminPhoto = Awaited<ReturnType<typeof getPhotos>>[number];

export const photosQueryOptions = (owner: PhotoOwner) =>
  queryOptions({
    queryKey: adminMediaKeys.owner(owner.ownerKind, owner.ownerId),
    queryFn: () => getPhotos(owner),
    staleTime: 30_000,
  });

export function usePhotos(owner: PhotoOwner) {
  return useQuery(photosQueryOptions(owner));
}
