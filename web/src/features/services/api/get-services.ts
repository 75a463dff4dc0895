import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';

/**
 * GET /api/services: the nearby services with their menus and contacts (restaurants and the
 * spa; the transport and shopping placeholders are listed inactive). Kept in the persisted
 * query cache, so the panel opens offline after one visit.
 */
export function getServices() {
  return readJson(api.services.$get());
}

export type Service = Awaited<ReturnType<typeof getServices>>[number];

export const serviceKeys = { all: ['services'] as const };

export const servicesQueryOptions = () =>
  queryOptions({ queryKey: serviceKeys.all, queryFn: getServices, staleTime: 10 * 60_000 });

export function useServices() {
  return useQuery(servicesQueryOptions());
}
