import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';
import { adminMediaKeys } from './media-keys';

/** DELETE /api/admin/media/:id (staff, audited): the photo and its files. */
export function deletePhoto(id: number) {
  return readJson(api.admin.media[':id'].$delete({ param: { id: String(id) } }));
}

export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePhoto,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminMediaKeys.all }),
  });
}
