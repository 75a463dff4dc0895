import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readJson } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

/** POST /api/admin/staff: a verified staff account; 409 email_taken. */
export function createStaff(input: InferRequestType<typeof api.admin.staff.$post>['json']) {
  return readJson(api.admin.staff.$post({ json: input }));
}

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaff,
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}
