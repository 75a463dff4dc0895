import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';
import { frontDeskKeys } from './front-desk';

/**
 * The desk's answer to an extra a guest asked for (docs/decisions/094-stay-extras.md): POST
 * /api/admin/extra-purchases/:id/approve (posted to the folio once; an upgrade moves the stay) or
 * /decline `{ reason }` (the guest reads it). The desk's day is read again either way.
 */
export function useAnswerExtraRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      decision,
      reason,
    }: {
      id: number;
      decision: 'approve' | 'decline';
      reason?: string;
    }) =>
      decision === 'approve'
        ? readJson(api.admin['extra-purchases'][':id'].approve.$post({ param: { id: String(id) } }))
        : readJson(
            api.admin['extra-purchases'][':id'].decline.$post({
              param: { id: String(id) },
              json: { reason: reason ?? '' },
            }),
          ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: frontDeskKeys.all }),
  });
}
