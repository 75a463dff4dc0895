import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api-client';
import type { StaffAccount } from './get-staff';
import { staffKeys } from './staff-keys';

export type CreateStaffInput = { fullName: string; email: string; password: string };

/** POST /api/admin/staff: a verified staff account; 409 email_taken. */
export function createStaff(input: CreateStaffInput) {
  return requestJson<{ message: string; staff: StaffAccount }>('/admin/staff', {
    method: 'POST',
    body: input,
  });
}

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaff,
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}
