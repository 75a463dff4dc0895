import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

/**
 * POST /api/admin/staff/:id/disable (also ends that person's sessions) or
 * /enable. The server refuses to disable yourself or the main admin (409).
 */
export function setStaffDisabled({ id, disabled }: { id: number; disabled: boolean }) {
  const account = api.admin.staff[':id'];
  const args = { param: { id: String(id) } };
  return readJson(disabled ? account.disable.$post(args) : account.enable.$post(args));
}

export function useSetStaffDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStaffDisabled,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}
