import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

/** GET /api/admin/staff (admins only): the hotel's accounts of every role but guest. */
export async function getStaff() {
  return (await readJson(api.admin.staff.$get())).staff;
}

export type StaffAccount = Awaited<ReturnType<typeof getStaff>>[number];

export const staffQueryOptions = () =>
  queryOptions({ queryKey: staffKeys.list(), queryFn: getStaff, staleTime: 30_000 });

export function useStaff() {
  return useQuery(staffQueryOptions());
}
