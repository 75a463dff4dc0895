import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChainManagers } from '@shared/chain-schemas';
import { api, readJson } from '@/lib/api-client';

export const chainManagerKeys = { all: ['admin', 'chain', 'managers'] as const };

/** GET /api/admin/chain/managers: the chain's managers, and whether this admin gives the role. */
export const chainManagersQueryOptions = () =>
  queryOptions({
    queryKey: chainManagerKeys.all,
    queryFn: (): Promise<ChainManagers> => readJson(() => api.admin.chain.managers.$get()),
    meta: { persist: false },
  });

export function useChainManagers() {
  return useQuery(chainManagersQueryOptions());
}

/** POST /api/admin/chain/managers {email} (the deployment's admin): gives an account of the chain the role. */
export function useGrantChainManager() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => readJson(api.admin.chain.managers.$post({ json: { email } })),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: chainManagerKeys.all }),
  });
}

/** DELETE /api/admin/chain/managers/:email (the deployment's admin): takes the role. */
export function useRevokeChainManager() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => readJson(api.admin.chain.managers[':email'].$delete({ param: { email } })),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: chainManagerKeys.all }),
  });
}
