import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readJson } from '@/lib/api-client';
import { emptyQueryCache } from '@/lib/query-client';
import { authKeys, isCurrentUserQuery } from '@/entities/session/auth-keys';

/**
 * POST /api/auth/login. Anything non-OK throws: 401 invalid_credentials (a wrong e-mail or
 * password, or an address not verified yet: the server answers both alike and sends an
 * unverified one a new code), 403 account_disabled, 429.
 */
export async function login(input: InferRequestType<typeof api.auth.login.$post>['json']) {
  return readJson(api.auth.login.$post({ json: input }));
}

/** Spec: on a successful login the query cache is cleared (nothing of a previous user stays). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    networkMode: 'always',
    onSuccess: (result) => {
      // Queries only: queued offline work in the mutation cache is not thrown away.
      emptyQueryCache(queryClient, isCurrentUserQuery);
      queryClient.setQueryData(authKeys.me(), result.user);
    },
  });
}
