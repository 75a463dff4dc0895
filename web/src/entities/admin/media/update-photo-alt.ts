import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readJson } from '@/lib/api-client';
import { adminMediaKeys } from './media-keys';

export type PhotoAltBody = InferRequestType<(typeof api.admin.media)[':id']['$patch']>['json'];

/** PATCH /api/admin/media/:id (staff, audited): the alt text in both languages. */
export function updatePhotoAlt({ id, body }: { id: number; body: PhotoAltBody }) {
  return readJson(api.admin.media[':id'].$patch({ param: { id: String(id) }, json: body }));
}

export function useUpdatePhotoAlt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePhotoAlt,
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminMediaKeys.all }),
  });
}
