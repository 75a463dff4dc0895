import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExtraBuyBody } from '@/entities/extras/extra-buy-form';
import { api, readJson } from '@/lib/api-client';
import { frontDeskKeys } from './front-desk';

/**
 * The desk's answer to an extra a guest asked for (docs/decisions/098-stay-extras.md): POST
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

/**
 * GET /api/booking-submissions/:id/extras as the desk (recorded as offered at the desk): the offers
 * the stay may buy, each priced for it and whether it can be had now.
 */
export function useDeskStayOffers(bookingId: number) {
  return useQuery({
    queryKey: [...frontDeskKeys.all, 'extras', bookingId] as const,
    queryFn: () =>
      readJson(
        api['booking-submissions'][':id'].extras.$get({ param: { id: String(bookingId) }, query: {} }),
      ),
    staleTime: 0,
    meta: { persist: false },
  });
}

/**
 * POST /api/booking-submissions/:id/extras as the desk (its channel): `key` is the Idempotency-Key,
 * kept by the dialog for its retries, so a second press or a retry after a dropped answer sells once.
 */
export function useSellExtra(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: ExtraBuyBody; key: string }) =>
      readJson(
        api['booking-submissions'][':id'].extras.$post(
          { param: { id: String(bookingId) }, json: body },
          { headers: { 'Idempotency-Key': key } },
        ),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: frontDeskKeys.all }),
  });
}
