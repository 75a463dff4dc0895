import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';

export const auditKeys = {
  all: ['admin', 'audit'] as const,
  list: (limit: number) => [...auditKeys.all, 'list', limit] as const,
};

/** GET /api/admin/audit-log?limit= (admins only): the latest entries, newest first. */
export async function getAuditLog(limit: number) {
  return (await readJson(api.admin['audit-log'].$get({ query: { limit: String(limit) } }))).entries;
}

export type AuditEntry = Awaited<ReturnType<typeof getAuditLog>>[number];

export const auditLogQueryOptions = (limit = 200) =>
  queryOptions({
    queryKey: auditKeys.list(limit),
    queryFn: () => getAuditLog(limit),
    staleTime: 30_000,
    refetchInterval: 30_000,
  });

export function useAuditLog(limit?: number) {
  return useQuery(auditLogQueryOptions(limit));
}
