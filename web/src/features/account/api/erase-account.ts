import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EraseAccountInput } from '@shared/account-schemas';
import { api, readJson } from '@/lib/api-client';
import { SIGNED_IN_ONLY } from '@/lib/query-client';
import { clearLocalData } from '@/entities/session/logout';

/** GET /api/account: how this account confirms its erasure (its password, or its typed e-mail). */
export function getErasureMethod() {
  return readJson(() => api.account.$get());
}

export const erasureMethodQuery = queryOptions({
  queryKey: ['account', 'erasure-method'],
  queryFn: getErasureMethod,
  meta: SIGNED_IN_ONLY,
  staleTime: 0,
});

export function useErasureMethod() {
  return useQuery(erasureMethodQuery);
}

/**
 * DELETE /api/account: the account is gone (docs/decisions/043). On success this device forgets
 * everything it held for the account, as a logout does (entities/session/logout.ts).
 */
export function eraseAccount(input: EraseAccountInput) {
  return readJson(api.account.$delete({ json: input }));
}

/**
 * The follow-up lives in the mutation's own options (as a logout's, entities/session/
 * use-sign-out.ts), so it runs though the dialog's screen unmounts: `done` first (the caller
 * leaves the account's page), then the device forgets the account.
 */
export function useEraseAccount(done: (message: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseAccount,
    networkMode: 'always',
    onSuccess: async ({ message }) => {
      done(message);
      await clearLocalData(queryClient);
    },
  });
}
