import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserRole } from '../../../../../../shared/src/constants';
import { requestJson } from '../../../../lib/api-client';
import { staffKeys } from './staff-keys';

export type StaffAccount = {
  id: number;
  fullName: string;
  email: string;
  role: UserRole;
  isDisabled: boolean;
  createdAt: string | number;
};

/** GET /api/admin/staff (admins only): staff and admin accounts. Plain fetch: see lib/api-client.ts sendJson. */
export async function getStaff() {
  return (await requestJson<{ staff: StaffAccount[] }>('/admin/staff')).staff;
}

export const staffQueryOptions = () =>
  queryOptions({ queryKey: staffKeys.list(), queryFn: getStaff, staleTime: 30_000 });

export function useStaff() {
  return useQuery(staffQueryOptions());
}
