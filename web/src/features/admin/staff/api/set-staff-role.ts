import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffRole } from '@shared/constants';
import { api, readJson } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

/**
 * PATCH /api/admin/staff/:id { role }: housekeeper, staff or manager. The account's open sessions
 * have the new role from their next request; an admin's role is not changed here (409).
 */
export function setStaffRole({ id, role }: { id: number; role: StaffRole }) {
  return readJson(api.admin.staff[':id'].$patch({ param: { id: String(id) }, json: { role } }));
}

export function useSetStaffRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStaffRole,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}
