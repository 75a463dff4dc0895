import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api-client';
import { staffKeys } from './staff-keys';

/**
 * POST /api/admin/staff/:id/disable (also ends that person's sessions) or
 * /enable. The server refuses to disable yourself or the main admin (409).
 */
export function setStaffDisabled({ id, disabled }: { id: number; disabled: boolean }) {
  return requestJson<{ message: string }>(`/admin/staff/${id}/${disabled ? 'disable' : 'enable'}`, {
    method: 'POST',
  });
}

export function useSetStaffDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStaffDisabled,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}
