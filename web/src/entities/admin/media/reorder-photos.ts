import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';
import { adminMediaKeys } from './media-keys';
import type { PhotoOwner } from './get-photos';

/** PUT /api/admin/media/order (staff, audited): every photo of the owner, in the new order. */
export function reorderPhotos({ owner, ids }: { owner: PhotoOwner; ids: number[] }) {
  return readJson(api.admin.media.order.$put({ query: owner, json: { ids } }));
}

export function useReorderPhotos(owner: PhotoOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderPhotos,
    networkMode: 'always',
    onSuccess: (result) =>
      queryClient.setQueryData(adminMediaKeys.owner(owner.ownerKind, owner.ownerId), result.photos),
    onError: () => queryClient.invalidateQueries({ queryKey: adminMediaKeys.all }),
  });
}
