import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readJson } from '@/lib/api-client';
import { adminServiceKeys } from './content-keys';

/** GET /api/admin/services (staff): every nearby service, on or off. */
export async function getAdminServices() {
  return (await readJson(api.admin.services.$get())).services;
}

export type AdminService = Awaited<ReturnType<typeof getAdminServices>>[number];

export function useAdminServices() {
  return useQuery(
    queryOptions({ queryKey: adminServiceKeys.all, queryFn: getAdminServices, staleTime: 30_000 }),
  );
}

export type ServiceBody = InferRequestType<(typeof api.admin.services)[':id']['$put']>['json'];

/** PUT /api/admin/services/:id (staff, audited). */
export function saveService({ id, body }: { id: number; body: ServiceBody }) {
  return readJson(api.admin.services[':id'].$put({ param: { id: String(id) }, json: body }));
}

export function useSaveService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveService,
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminServiceKeys.all }),
  });
}
