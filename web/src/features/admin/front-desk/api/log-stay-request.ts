import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StayRequestCreateInput } from '@shared/front-desk-schemas';
import { stayRequestQueueKeys } from '@/entities/admin/stay-requests/stay-request-queue-api';
import { api, readJson } from '@/lib/api-client';

/**
 * POST /api/admin/stay-requests (staff): a request logged for a guest in house who phoned the desk,
 * with an `Idempotency-Key` made for this one ask (a double tap is one request). The queue below
 * the desk's tabs shows it at once.
 */
export function logStayRequest({ key, ...json }: StayRequestCreateInput & { key: string }) {
  return readJson(api.admin['stay-requests'].$post({ json }, { headers: { 'Idempotency-Key': key } }));
}

export function useLogStayRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logStayRequest,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: stayRequestQueueKeys.all }),
  });
}
