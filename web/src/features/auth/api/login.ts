import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readJson } from '@/lib/api-client';
import { emptyQueryCache } from '@/lib/query-client';
import { signedInAs } from '@/entities/session/use-current-user';
import { authKeys, isCurrentUserQuery } from '@/entities/session/auth-keys';

/**
 * POST /api/auth/login. Anything non-OK throws: 401 invalid_credentials (a wrong e-mail or
 * password), 403 verify_required (an account not verified yet: the server has sent it a new
 * code, and the screen goes on to enter it), 403 account_disabled, 429.
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
      queryClient.setQueryData(authKeys.me(), signedInAs(result.user, result.sessionExpiresAt));
    },
  });
}
