import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';

/**
 * The integrity check (admin): GET /api/admin/integrity answers the open report
 * (violations nobody acknowledged) for the /admin banner; POST .../run checks now;
 * POST .../:id/acknowledge closes a report.
 */
export const integrityKeys = {
  all: ['integrity'] as const,
  open: () => [...integrityKeys.all, 'open'] as const,
};

export function getOpenIntegrityReport() {
  return readJson(api.admin.integrity.$get());
}
export type IntegrityReport = NonNullable<Awaited<ReturnType<typeof getOpenIntegrityReport>>['report']>;

export function useOpenIntegrityReport(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: integrityKeys.open(),
      queryFn: getOpenIntegrityReport,
      enabled,
      staleTime: 60_000,
    }),
  );
}

export function useRunIntegrityCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => readJson(api.admin.integrity.run.$post()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrityKeys.all }),
  });
}

export function useAcknowledgeIntegrityReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      readJson(api.admin.integrity[':id'].acknowledge.$post({ param: { id: String(id) } })),
    onSuccess: (result) => queryClient.setQueryData(integrityKeys.open(), result),
  });
}
