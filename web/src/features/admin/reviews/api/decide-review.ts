import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';
import { reviewAdminKeys } from './review-admin-keys';

/** PATCH /api/admin/reviews/:id {isApproved, adminNotes} (staff; audited on the server). */
export function decideReview({
  id,
  isApproved,
  adminNotes,
}: {
  id: number;
  isApproved: boolean;
  adminNotes: string;
}) {
  return readJson(
    api.admin.reviews[':id'].$patch({
      param: { id: String(id) },
      json: { isApproved, adminNotes: adminNotes || null },
    }),
  );
}

/** DELETE /api/admin/reviews/:id (admins). */
export function deleteReview(id: number) {
  return readJson(api.admin.reviews[':id'].$delete({ param: { id: String(id) } }));
}

export function useDecideReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideReview,
    // Offline, a decision fails at once with a message instead of waiting.
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewAdminKeys.all }),
  });
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewAdminKeys.all }),
  });
}
