import { useMutation } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';

/** POST /api/admin/staff/:id/reset-password: a new password, and that account is signed out everywhere. */
export function resetStaffPassword({ id, password }: { id: number; password: string }) {
  return readJson(
    api.admin.staff[':id']['reset-password'].$post({ param: { id: String(id) }, json: { password } }),
  );
}

export function useResetStaffPassword() {
  // networkMode 'always': offline, a decision fails with a message instead of waiting.
  return useMutation({ mutationFn: resetStaffPassword, networkMode: 'always' });
}
